"""A/B of search latency between two checkouts on a shared machine: one API process per checkout (each
with its own .venv), one Postgres (the cached 1M dataset of `bench/run.py --only search`), requests
interleaved A B B A ... so both see the same load. Prints each side's p50/p95 and API CPU per request,
and the paired median difference B - A. Run an A/A (the same checkout twice) for the noise floor.

    .venv/bin/python bench/search_paired.py --a /tmp/wt-old --b . --data-dir /tmp/retr-bench-data --tag run1
"""

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import numpy as np  # noqa: E402
import psutil  # noqa: E402

from bench.run import SEARCH_PREFIX  # noqa: E402
from bench.search_data import KEY, query_text, session_id, user_id  # noqa: E402
from bench.stack import BenchStack, free_port, wait_ready  # noqa: E402

p = argparse.ArgumentParser()
p.add_argument("--tag", required=True)
p.add_argument("--requests", type=int, default=300)
p.add_argument("--warmup", type=int, default=30)
p.add_argument("--seed", type=int, default=7)
p.add_argument("--a", required=True, help="checkout A (with its .venv)")
p.add_argument("--b", required=True, help="checkout B (with its .venv)")
p.add_argument("--data-dir", type=Path, required=True, help="a bench data dir holding the 1M search dataset")
p.add_argument("--out-dir", type=Path, default=Path("/tmp"))
args = p.parse_args()
USERS = 100_000
log_dir = args.out_dir / f"search-paired-{args.tag}"
log_dir.mkdir(parents=True, exist_ok=True)


def plans(n, seed):
    rng = np.random.default_rng(seed)
    s = [
        {
            "user_id": user_id(int(rng.integers(USERS))),
            "query": query_text(rng, i) + f" {seed}",
            "k": 10,
            "include_faded": True,
        }
        for i in range(n)
    ]
    c = []
    for i in range(n):
        u = int(rng.integers(USERS))
        c.append(
            {
                "user_id": user_id(u),
                "query": query_text(rng, i) + f" {seed} context",
                "session_id": session_id(u),
                "max_tokens": 800,
                "detail": True,
            }
        )
    return {"search": ("search", s), "context": ("context", c), "search_cached_query": ("search", s)}


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q / 100 * (len(xs) - 1)))]


def answer_ids(endpoint, payload):
    """What must not change between A and B: a search's result ids in order, a context's facts, excerpts,
    text and token count."""
    if endpoint == "search":
        return [(r["kind"], r["id"]) for r in payload["results"]]
    return (
        [f["fact_id"] for f in payload["facts"]],
        [e["event_id"] for e in payload["excerpts"]],
        payload["context"],
        payload["tokens"],
    )


def cpu(pr):
    t = pr.cpu_times()
    return t.user + t.system


with BenchStack(args.data_dir, log_dir) as stack:
    settings = stack.settings("bench_search_1m", SEARCH_PREFIX)
    apis = {}
    for side, root in (("A", args.a), ("B", args.b)):
        port = free_port()
        env = stack.env(settings, MEMSTREAM_API_PORT=str(port), MEMSTREAM_METRICS_PORT=str(free_port()))
        proc = subprocess.Popen(
            [f"{root}/.venv/bin/python", "-m", "services.cli", "api"],
            env=env,
            cwd=root,
            stdout=(log_dir / f"api-{side}.log").open("ab"),
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        apis[side] = (proc, port)
    try:
        for proc, port in apis.values():

            class S:
                def assert_alive(self, proc=proc):
                    if proc.poll() is not None:
                        raise RuntimeError("api died")

            wait_ready(f"http://127.0.0.1:{port}", S())
        clients = {
            s: httpx.Client(base_url=f"http://127.0.0.1:{port}", headers={"X-API-Key": KEY}, timeout=30)
            for s, (_, port) in apis.items()
        }
        ps = {s: psutil.Process(proc.pid) for s, (proc, _) in apis.items()}
        out = {"tag": args.tag, "load": os.getloadavg(), "a": args.a, "b": args.b}
        n = args.warmup + args.requests
        for name, (endpoint, bodies) in plans(n, args.seed).items():
            lat = {"A": [], "B": []}
            cpu_spent = {"A": 0.0, "B": 0.0}
            differing = 0
            for i, body in enumerate(bodies):
                order = ("A", "B") if i % 2 == 0 else ("B", "A")
                answers = {}
                for s in order:
                    c0 = cpu(ps[s])
                    t = time.perf_counter()
                    response = clients[s].post(f"/v1/{endpoint}", json=body)
                    dt = (time.perf_counter() - t) * 1000
                    response.raise_for_status()
                    answers[s] = answer_ids(endpoint, response.json())
                    time.sleep(0.005)  # lets the API's background work (recall publish) land in its own CPU
                    if i >= args.warmup:
                        lat[s].append(dt)
                        cpu_spent[s] += cpu(ps[s]) - c0
                differing += answers["A"] != answers["B"]
            diffs = [b - a for a, b in zip(lat["A"], lat["B"], strict=True)]
            out[name] = {
                s: {
                    "p50_ms": round(pct(lat[s], 50), 2),
                    "p95_ms": round(pct(lat[s], 95), 2),
                    "mean_ms": round(statistics.fmean(lat[s]), 2),
                    "api_cpu_ms": round(cpu_spent[s] * 1000 / len(lat[s]), 2),
                }
                for s in lat
            }
            out[name]["paired_median_diff_ms"] = round(statistics.median(diffs), 3)
            out[name]["differing_answers"] = differing  # of all requests, warm-up included
        out["load_end"] = os.getloadavg()
        for c in clients.values():
            c.close()
    finally:
        for proc, _ in apis.values():
            proc.send_signal(signal.SIGTERM)
        for proc, _ in apis.values():
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
(log_dir / "result.json").write_text(json.dumps(out))
print(f"{args.tag} load {out['load'][0]:.1f}->{out['load_end'][0]:.1f}")
for name in ("search", "context", "search_cached_query"):
    r = out[name]
    sides = " | ".join(
        f"{s} p50 {r[s]['p50_ms']:6.2f} p95 {r[s]['p95_ms']:6.2f} cpu {r[s]['api_cpu_ms']:5.2f}" for s in ("A", "B")
    )
    print(
        f"  {name:20s} {sides} | median(B-A) {r['paired_median_diff_ms']:+.3f} ms"
        f" | {r['differing_answers']} answers differ"
    )
