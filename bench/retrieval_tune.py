"""Choose the calibrated fusion's floors and weights on the TUNING split of the retrieval eval.

    .venv/bin/python bench/retrieval_tune.py [--out PATH]

Runs every leg once per tuning question (the same data and loading as bench/retrieval_eval.py), then
fuses the captured legs offline for each point of a small grid. The test split is not read here.

Each point is scored on the captured legs and again with the vector legs' cosines perturbed (Gaussian
noise of sd 0.1, 0.15 and 0.2, re-ranked; seeded): the generated questions favour vectors, while on
real long chats the lexical leg is the stronger one (issue #11: BM25 over turns R@1 .280 against
MiniLM .155), and a fusion tuned on one regime alone can fall far under the better leg in the other.
Points are ranked by their worst margin over the four regimes (hybrid minus the best single kind of
leg, in R@1, plus the same in R@10: the issue's target is both), then by the unperturbed R@1 + R@10.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import pickle
import sys
import tempfile
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _plain(outcomes: dict) -> dict:
    """The legs' hits with their rows as plain dicts (asyncpg records do not pickle)."""
    from dataclasses import replace

    return {
        name: hits if isinstance(hits, Exception) else [replace(h, row=dict(h.row)) for h in hits]
        for name, hits in outcomes.items()
    }


async def capture_legs(database_url: str, split: str) -> list[dict]:
    from bench.retrieval_conversations import generate
    from bench.retrieval_eval import load
    from shared.providers.offline.minilm import OfflineEmbeddingProvider
    from shared.service_layer.search import QueryEmbedder, SearchTuning, hybrid_search
    from shared.storage.db import create_pool

    conversations, questions = generate()
    conversations = [c for c in conversations if c.split == split]
    questions = [q for q in questions if q.split == split]
    provider = OfflineEmbeddingProvider()
    embedder = QueryEmbedder(provider)
    pool = await create_pool(database_url, max_size=4)
    tenant_id = f"tune-{uuid.uuid4().hex[:8]}"
    out = []
    try:
        await load(pool, provider, tenant_id, conversations)
        for q in questions:
            capture: dict = {}
            await hybrid_search(
                pool,
                embedder,
                tenant_id,
                q.user_id,
                q.question,
                k=10,
                tuning=SearchTuning(leg_timeout_s=30.0),
                capture=capture,
            )
            capture["outcomes"] = _plain(capture["outcomes"])
            out.append({"q": q, **capture})
    finally:
        await pool.close()
    return out


def score(captured: list[dict], calibration, ks=(1, 5, 10)) -> dict:
    from shared.service_layer.search import fuse

    sums: dict = {}
    counts: dict = {}
    for c in captured:
        q = c["q"]
        result = fuse(
            c["names"],
            c["outcomes"],
            k=10,
            fusion="weighted",
            stems=c["stems"],
            calibration=calibration,
            query=c["query"],
        )
        answers = set(q.answers)
        for cat in (q.category, "all"):
            counts[cat] = counts.get(cat, 0) + 1
            for k in ks:
                got = set().union(*(i.evidence_ids for i in result.items[:k])) if result.items else set()
                sums[(cat, k)] = sums.get((cat, k), 0.0) + len(answers & got) / len(answers)
    return {f"{cat} R@{k}": round(v / counts[cat], 3) for (cat, k), v in sums.items()}


def load_captured(path: Path | None, split: str, embedded_postgres, migrate) -> list[dict]:
    """The split's captured legs: from `path` when it holds them, else run (and written to `path`)."""
    if path is not None and path.exists():
        return pickle.loads(path.read_bytes())
    postgres = embedded_postgres(Path(tempfile.mkdtemp(prefix="memstream-tune-")))
    database_url = postgres.start()
    try:
        migrate(database_url)
        captured = asyncio.run(capture_legs(database_url, split))
    finally:
        postgres.stop()
    if path is not None:
        path.write_bytes(pickle.dumps(captured))
    return captured


NOISE = (0.0, 0.1, 0.15, 0.2)  # sd of the noise added to the vector legs' cosines


def perturbed(captured: list[dict], sd: float, seed: int = 0) -> list[dict]:
    """The captured legs with Gaussian noise of `sd` on each vector hit's cosine, re-ranked."""
    import random
    from dataclasses import replace

    if sd == 0:
        return captured
    rnd = random.Random(seed)
    out = []
    for c in captured:
        outcomes = dict(c["outcomes"])
        for name in ("vector_messages", "vector_facts"):
            hits = outcomes.get(name)
            if hits and not isinstance(hits, Exception):
                noisy = sorted((replace(h, score=h.score + rnd.gauss(0, sd)) for h in hits), key=lambda h: -h.score)
                outcomes[name] = [replace(h, rank=i) for i, h in enumerate(noisy, 1)]
        out.append({**c, "outcomes": outcomes})
    return out


def best_single_kind(captured: list[dict], calibration) -> tuple[float, float]:
    """The best R@1 and the best R@10 of a kind of leg alone (the vector legs, or the full-text legs)."""
    best = (0.0, 0.0)
    for kind in ("vector", "fulltext"):
        alone = [{**c, "names": [n for n in c["names"] if n.startswith(kind)]} for c in captured]
        r = score(alone, calibration)
        best = (max(best[0], r["all R@1"]), max(best[1], r["all R@10"]))
    return best


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "--captured", type=Path, default=None, help="pickle of the captured legs: read if there, else written"
    )
    args = parser.parse_args()
    os.environ.setdefault("MEMSTREAM_LOG_LEVEL", "WARNING")
    from shared.domain.ranking import Calibration
    from shared.embedded import EmbeddedPostgres
    from shared.settings import get_settings
    from shared.storage.migrate import migrate
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    captured = load_captured(args.captured, "tuning", EmbeddedPostgres, migrate)
    rows = []
    regimes = {sd: perturbed(captured, sd) for sd in NOISE}
    baseline = {sd: best_single_kind(c, Calibration()) for sd, c in regimes.items()}
    grid = itertools.product(
        (0.15,),  # vector floor
        (0.6,),  # vector top
        (0.05, 0.2),  # lexical floor
        (1.0, 1.25, 1.5, 2.0),  # full-text weight (vector legs: 1.5)
        (0.0, 0.1, 0.25, 0.5, 0.75, 1.0),  # agreement: share of the other kind's score added
        (0.5, 1.0),  # speaker named in the query
        (0.5,),  # month (and year) named in the query
    )
    for vf, vt, lf, wl, agreement, ws, ww in grid:
        cal = Calibration(
            vector_floor=vf,
            vector_top=vt,
            lexical_floor=lf,
            weights={
                "vector_facts": 1.5,
                "fulltext_facts": wl,
                "vector_messages": 1.5,
                "fulltext_messages": wl,
                "speaker": ws,
                "when": ww,
            },
            agreement=agreement,
        )
        r = score(captured, cal)
        worst_1, worst_10 = r["all R@1"] - baseline[0.0][0], r["all R@10"] - baseline[0.0][1]
        for sd in NOISE[1:]:
            noisy = score(regimes[sd], cal)
            r[f"noise {sd} R@1"], r[f"noise {sd} R@10"] = noisy["all R@1"], noisy["all R@10"]
            worst_1 = min(worst_1, noisy["all R@1"] - baseline[sd][0])
            worst_10 = min(worst_10, noisy["all R@10"] - baseline[sd][1])
        r["worst margin"] = round(worst_1 + worst_10, 3)  # each against the best single kind at that metric
        params = {"vector_floor": vf, "vector_top": vt, "lexical_floor": lf, "w_fulltext": wl, "agreement": agreement}
        rows.append(({**params, "w_speaker": ws, "w_when": ww}, r))
    rows.sort(key=lambda row: (-row[1]["worst margin"], -(row[1]["all R@1"] + row[1]["all R@10"])))
    print("best single kind of leg, (R@1, R@10) by noise sd:", baseline)
    for params, r in rows[:15]:
        print(params, {k: v for k, v in r.items() if k.startswith(("all R@1", "all R@10", "noise", "worst"))})
    out = args.out or get_settings().data_dir / "eval" / "retrieval-tuning-grid.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps([{"params": p, "recall": r} for p, r in rows], indent=1))
    print(f"grid of {len(rows)} points in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
