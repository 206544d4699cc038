"""Retrieval evaluation: does search find the turns that hold the answer?

    make eval                                               # or: .venv/bin/python bench/retrieval_eval.py
    .venv/bin/python bench/retrieval_eval.py --out /tmp/r.json --label after

The data (``bench/retrieval_conversations.py``, generated for a seed): 20 two-speaker chat logs of
300 turns over about 15 sessions each, and 372 questions in five categories (single-hop, multi-hop,
temporal, paraphrase, adversarial), each labelled with the turns that answer it. Half the users
form the tuning split, the other half the test split; the split is fixed in the generator, before
any tuning, and only the tuning split was looked at while choosing floors and weights.

Everything runs for real: an embedded Postgres (or ``MEMSTREAM_DATABASE_URL``), the migrations,
the messages stored as the extractor stores them, facts made by the offline extraction rules from
the owner's turns (as the offline pipeline would: they cover some turns, not all), the embedder
stage's own handler embedding facts and messages, and the search service in each mode.

recall@k = |evidence turns among the top k results| / |evidence turns|, averaged over questions.
A message result counts as its own turn; a fact result counts as the turns it was extracted from.
The figures are written as JSON to ``--out`` (default: under the data dir), never into the repo.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import os
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KS = (1, 5, 10)
CATEGORIES = ("single-hop", "multi-hop", "temporal", "paraphrase", "adversarial")


def _supports(name: str) -> bool:
    from shared.service_layer import memory

    search = getattr(memory, "hybrid_search", None)
    if search is None:
        from shared.service_layer import search as search_module

        search = search_module.hybrid_search
    return name in inspect.signature(search).parameters


def search_function():
    try:
        from shared.service_layer.search import hybrid_search
    except ImportError:  # before search had its own module
        from shared.service_layer.memory import hybrid_search
    return hybrid_search


ONLY: set[str] = set()  # --methods: run these only


def methods() -> dict[str, dict]:
    """The requests compared (all, or those --methods names)."""
    every = _methods()
    return {k: v for k, v in every.items() if not ONLY or k in ONLY}


def _methods() -> dict[str, dict]:
    """The default request, and each leg or scope alone."""
    if not _supports("scope"):  # the code before this work: three modes, RRF over three legs
        return {
            "hybrid (default)": {},
            "vector": {"mode": "vector"},
            "fulltext": {"mode": "fulltext"},
        }
    return {
        "hybrid (default)": {},
        "hybrid rrf": {"fusion": "rrf"},
        "facts only": {"scope": "facts"},
        "messages only": {"scope": "messages"},
        "vector": {"mode": "vector"},
        "fulltext": {"mode": "fulltext"},
        "vector messages": {"mode": "vector", "scope": "messages"},
        "bm25 messages": {"mode": "fulltext", "scope": "messages"},
        "ts_rank_cd msgs": {"mode": "fulltext", "scope": "messages", "lexical": "ts_rank_cd"},
        "hybrid ts_rank_cd": {"lexical": "ts_rank_cd"},
        "vector facts": {"mode": "vector", "scope": "facts"},
        "fulltext facts": {"mode": "fulltext", "scope": "facts"},
    }


async def load(pool, provider, tenant_id: str, conversations) -> None:
    """Store every message, extract facts with the offline rules, and embed both with the embedder stage."""
    import numpy as np

    from shared.contracts.events import ChatMessage
    from shared.domain.consolidation import normalize_text
    from shared.domain.models import ExtractionInput, Turn
    from shared.providers.offline import extraction_rules
    from shared.storage.messages import store_messages

    named = "name" in ChatMessage.model_fields
    stored: list = []
    async with pool.acquire() as conn:
        for conv in conversations:
            batch = [
                ChatMessage(
                    event_id=m.id,
                    tenant_id=tenant_id,
                    user_id=conv.user_id,
                    session_id=m.session_id,
                    role=m.role,
                    content=m.content,
                    created_at=m.created_at,
                    **({"name": m.name} if named else {}),
                )
                for m in conv.messages
            ]
            await store_messages(conn, batch)
            stored += batch
    facts = []  # (user, text, category, importance, valid_from, sources)
    for conv in conversations:
        seen = set()
        for m in conv.messages:
            if m.role != "user":
                continue
            for fact in extraction_rules.extract_facts(
                ExtractionInput(new_turns=(Turn(m.id, "user", m.content, m.created_at),))
            ):
                key = normalize_text(fact.text)
                if key not in seen:
                    seen.add(key)
                    facts.append((conv.user_id, fact))
    vectors = await provider.embed([f.text for _, f in facts]) if facts else []
    async with pool.acquire() as conn:
        await conn.executemany(
            """
            INSERT INTO facts (fact_id, tenant_id, user_id, text, normalized_text, category, importance,
                               embedding, embedding_model, valid_from, source, source_message_ids)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'conversation', $11)
            """,
            [
                (
                    uuid.uuid4(),
                    tenant_id,
                    user,
                    f.text,
                    normalize_text(f.text),
                    f.category.value,
                    max(1, min(10, f.importance)),
                    np.asarray(v, dtype=np.float32),
                    provider.model,
                    f.valid_from,
                    list(f.source_event_ids),
                )
                for (user, f), v in zip(facts, vectors, strict=True)
            ],
        )
    try:
        from services.message_embedder.stage import embed_stored_messages
    except ImportError:
        try:  # before the message-embedder had a stage of its own
            from services.embedder.stage import embed_stored_messages
        except ImportError:
            embed_stored_messages = None  # before messages had embeddings
    if embed_stored_messages is not None:
        await embed_stored_messages(pool, provider, stored)
    async with pool.acquire() as conn:
        await conn.execute("ANALYZE facts; ANALYZE messages")
    return len(facts)


def evidence_of(item) -> set[str]:
    ids = getattr(item, "evidence_ids", None)
    if ids is not None:
        return set(ids)
    if item.kind == "message":
        return {item.id}
    return set(item.row["source_message_ids"])


async def evaluate(database_url: str, n_users: int, turns: int, seed: int, runtime: str = "numpy") -> dict:
    from bench.retrieval_conversations import generate
    from shared.providers.offline.runtimes import offline_embedding_provider
    from shared.storage.db import create_pool

    try:
        from shared.service_layer.search import QueryEmbedder, SearchTuning
    except ImportError:
        from shared.service_layer.memory import QueryEmbedder, SearchTuning

    hybrid_search = search_function()
    conversations, questions = generate(n_users, turns, seed)
    provider = offline_embedding_provider(runtime)
    embedder = QueryEmbedder(provider)
    pool = await create_pool(database_url, max_size=4)
    tenant_id = f"eval-{uuid.uuid4().hex[:8]}"
    started = time.perf_counter()
    try:
        n_facts = await load(pool, provider, tenant_id, conversations)
        load_s = time.perf_counter() - started
        # sums[method][split][category][k]
        sums: dict = defaultdict(lambda: defaultdict(lambda: defaultdict(lambda: defaultdict(float))))
        counts: dict = defaultdict(lambda: defaultdict(int))
        for q in questions:
            counts[q.split][q.category] += 1
            counts[q.split]["all"] += 1
            answers = set(q.answers)
            for name, request in methods().items():
                found = await hybrid_search(
                    pool,
                    embedder,
                    tenant_id,
                    q.user_id,
                    q.question,
                    k=max(KS),
                    tuning=SearchTuning(leg_timeout_s=30.0),
                    **request,
                )
                for k in KS:
                    got = set().union(*(evidence_of(i) for i in found.items[:k])) if found.items else set()
                    r = len(answers & got) / len(answers)
                    sums[name][q.split][q.category][k] += r
                    sums[name][q.split]["all"][k] += r
        table = {
            name: {
                split: {
                    cat: {f"R@{k}": round(sums[name][split][cat][k] / counts[split][cat], 3) for k in KS}
                    for cat in (*CATEGORIES, "all")
                    if counts[split][cat]
                }
                for split in ("tuning", "test")
            }
            for name in methods()
        }
        return {
            "users": len(conversations),
            "turns": sum(len(c.messages) for c in conversations),
            "facts": n_facts,
            "questions": {split: dict(c) for split, c in counts.items()},
            "load_seconds": round(load_s, 1),
            "recall": table,
        }
    finally:
        async with pool.acquire() as conn:
            for table in ("facts", "messages", "sessions"):
                await conn.execute(f"DELETE FROM {table} WHERE tenant_id = $1", tenant_id)
        await pool.close()


def render(result: dict) -> str:
    lines = [
        f"retrieval eval: {result['users']} users, {result['turns']} turns, {result['facts']} facts; "
        f"questions {result['questions']}"
    ]
    for split in ("tuning", "test"):
        lines.append(f"\n[{split}] R@1 / R@5 / R@10")
        header = f"{'method':<18}" + "".join(f"{c:>20}" for c in (*CATEGORIES, "all"))
        lines.append(header)
        for name, by_split in result["recall"].items():
            row = by_split[split]
            cells = "".join(
                f"{'{:.2f}/{:.2f}/{:.2f}'.format(*(row[c][f'R@{k}'] for k in KS)):>20}" if c in row else f"{'-':>20}"
                for c in (*CATEGORIES, "all")
            )
            lines.append(f"{name:<18}{cells}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--label", default="current")
    parser.add_argument("--out", type=Path, default=None, help="JSON results (default: <data dir>/eval/)")
    parser.add_argument("--methods", default="", help="comma-separated method names to run (default: all)")
    parser.add_argument(
        "--runtime", default="numpy", help="offline model runtime: numpy, onnx or onnx-int8 (embedding_runtime)"
    )
    args = parser.parse_args()
    ONLY.update(m for m in args.methods.split(",") if m)
    os.environ.setdefault("MEMSTREAM_LOG_LEVEL", "WARNING")
    from shared.settings import get_settings
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    started = time.perf_counter()
    database_url = os.environ.get("MEMSTREAM_DATABASE_URL")
    postgres = None
    if not database_url:
        from shared.embedded import EmbeddedPostgres

        postgres = EmbeddedPostgres(Path(tempfile.mkdtemp(prefix="memstream-eval-")))
        database_url = postgres.start()
    try:
        from shared.storage.migrate import migrate

        migrate(database_url)
        result = asyncio.run(evaluate(database_url, args.users, args.turns, args.seed, args.runtime))
    finally:
        if postgres is not None:
            postgres.stop()
    result["label"] = args.label
    result["runtime"] = args.runtime
    result["seconds"] = round(time.perf_counter() - started, 1)
    out = args.out or get_settings().data_dir / "eval" / f"retrieval-{args.label}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1))
    print(render(result))
    print(f"\n({result['seconds']} s; JSON in {out})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
