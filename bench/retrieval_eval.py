"""Retrieval evaluation: recall@5 and recall@10 of vector-only, full-text-only and hybrid search.

    make eval                                        # or: .venv/bin/python bench/retrieval_eval.py
    .venv/bin/python bench/retrieval_eval.py --json  # the figures as JSON on stdout

The set, ``bench/data/retrieval_eval.jsonl``, was written for this project: 10 users, each with
12-15 facts (as the pipeline stores them: third-person, with a category and an importance) and 7-8
chat messages holding details that were never extracted as facts (a flight number, a price, a
date), and 80 questions, each naming the facts and/or messages that hold its answer. Some questions
paraphrase a fact ("Can the user have milk?" -> lactose intolerant), some ask for a detail only a
message has, some need both.

Everything runs for real: an embedded Postgres (or ``MEMSTREAM_DATABASE_URL``), the migrations, the
offline MiniLM embeddings, and ``shared.service_layer.memory.hybrid_search`` in its three modes:

- vector:   cosine similarity over the user's active facts;
- fulltext: full text over the user's facts and messages (two legs, fused by RRF);
- hybrid:   all three legs fused by Reciprocal Rank Fusion (k=60).

recall@k = |answers in the top k| / |answers|, averaged over questions. The script fails (exit 1)
unless hybrid beats both single kinds at k=5 and k=10.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DATA = ROOT / "bench" / "data" / "retrieval_eval.jsonl"
MODES = ("vector", "fulltext", "hybrid")
KS = (5, 10)


async def load(pool, embedder, tenant_id: str, cases: list[dict]) -> dict[str, dict[str, str]]:
    """Store every case; returns, per user, row id (fact uuid / message event id) -> local id (f1, m2)."""
    import numpy as np

    from shared.contracts.events import ChatMessage
    from shared.domain.consolidation import normalize_text
    from shared.storage.messages import store_messages

    ids: dict[str, dict[str, str]] = {}
    start = datetime.now(UTC) - timedelta(days=30)
    async with pool.acquire() as conn:
        for case in cases:
            user = case["user_id"]
            local: dict[str, str] = {}
            vectors = await embedder.embed([f["text"] for f in case["facts"]])
            for i, (fact, vector) in enumerate(zip(case["facts"], vectors, strict=True)):
                fact_id = uuid.uuid4()
                await conn.execute(
                    """
                    INSERT INTO facts (fact_id, tenant_id, user_id, text, normalized_text, category, importance,
                                       embedding, embedding_model, valid_from, source)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'conversation')
                    """,
                    fact_id,
                    tenant_id,
                    user,
                    fact["text"],
                    normalize_text(fact["text"]),
                    fact["category"],
                    fact["importance"],
                    np.asarray(vector, dtype=np.float32),
                    embedder.model,
                    start + timedelta(hours=i),
                )
                local[str(fact_id)] = fact["id"]
            messages = [
                ChatMessage(
                    event_id=f"{user}-{m['id']}-{uuid.uuid4().hex[:6]}",
                    tenant_id=tenant_id,
                    user_id=user,
                    session_id=f"{user}-s1",
                    role="user",
                    content=m["content"],
                    created_at=start + timedelta(days=1, minutes=i),
                )
                for i, m in enumerate(case["messages"])
            ]
            await store_messages(conn, messages)
            local.update({msg.event_id: m["id"] for msg, m in zip(messages, case["messages"], strict=True)})
            ids[user] = local
        await conn.execute("ANALYZE facts; ANALYZE messages")
    return ids


async def evaluate(database_url: str) -> dict:
    from shared.providers.offline.minilm import OfflineEmbeddingProvider
    from shared.service_layer.memory import QueryEmbedder, SearchTuning, hybrid_search
    from shared.storage.db import create_pool

    cases = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    provider = OfflineEmbeddingProvider()
    embedder = QueryEmbedder(provider)
    pool = await create_pool(database_url, max_size=4)
    tenant_id = f"eval-{uuid.uuid4().hex[:8]}"
    try:
        ids = await load(pool, provider, tenant_id, cases)
        hits = {mode: {k: 0.0 for k in KS} for mode in MODES}
        per_question = []
        questions = 0
        for case in cases:
            user = case["user_id"]
            for item in case["questions"]:
                questions += 1
                answers = set(item["answers"])
                row = {"user": user, "question": item["question"], "answers": sorted(answers)}
                for mode in MODES:
                    found = await hybrid_search(
                        pool,
                        embedder,
                        tenant_id,
                        user,
                        item["question"],
                        k=max(KS),
                        mode=mode,
                        include_messages=True,
                        tuning=SearchTuning(leg_timeout_s=10.0),
                    )
                    ranked = [ids[user].get(hit.id, "?") for hit in found.items]
                    for k in KS:
                        hits[mode][k] += len(answers & set(ranked[:k])) / len(answers)
                    row[mode] = ranked[:5]
                per_question.append(row)
        recall = {mode: {f"recall@{k}": round(hits[mode][k] / questions, 4) for k in KS} for mode in MODES}
        return {"questions": questions, "users": len(cases), "recall": recall, "per_question": per_question}
    finally:
        async with pool.acquire() as conn:
            for table in ("facts", "messages", "sessions"):
                await conn.execute(f"DELETE FROM {table} WHERE tenant_id = $1", tenant_id)
        await pool.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--details", action="store_true", help="print every question's top 5 per mode")
    args = parser.parse_args()
    os.environ.setdefault("MEMSTREAM_LOG_LEVEL", "WARNING")
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    started = time.perf_counter()
    database_url = os.environ.get("MEMSTREAM_DATABASE_URL")
    postgres = None
    scratch = None
    if not database_url:
        from shared.embedded import EmbeddedPostgres

        scratch = Path(tempfile.mkdtemp(prefix="memstream-eval-"))
        postgres = EmbeddedPostgres(scratch)
        database_url = postgres.start()
    try:
        from shared.storage.migrate import migrate

        migrate(database_url)
        result = asyncio.run(evaluate(database_url))
    finally:
        if postgres is not None:
            postgres.stop()
    result["seconds"] = round(time.perf_counter() - started, 1)
    recall = result["recall"]
    beats = all(
        recall["hybrid"][f"recall@{k}"] > max(recall["vector"][f"recall@{k}"], recall["fulltext"][f"recall@{k}"])
        for k in KS
    )
    result["hybrid_beats_both"] = beats
    if args.json:
        print(json.dumps(result if args.details else {k: v for k, v in result.items() if k != "per_question"}))
    else:
        print(f"retrieval eval: {result['questions']} questions over {result['users']} users ({DATA.name})")
        print(f"{'mode':<10}{'recall@5':>10}{'recall@10':>11}")
        for mode in MODES:
            print(f"{mode:<10}{recall[mode]['recall@5']:>10.3f}{recall[mode]['recall@10']:>11.3f}")
        if args.details:
            for row in result["per_question"]:
                print(json.dumps(row, ensure_ascii=False))
        print(f"hybrid beats both legs: {'yes' if beats else 'NO'}  ({result['seconds']} s)")
    return 0 if beats else 1


if __name__ == "__main__":
    raise SystemExit(main())
