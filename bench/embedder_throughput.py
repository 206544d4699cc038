"""Throughput of the offline MiniLM embedder (pure numpy forward pass).

Encodes ~1,000 deterministic, realistic short "memory" sentences (5-15 words,
"The user lives in Berlin"-like) with ``MiniLMRunner.encode`` and prints
sentences/s plus the model load time.

    python bench/embedder_throughput.py                 # table
    python bench/embedder_throughput.py --json          # one JSON object
    python bench/embedder_throughput.py --repeats 5 --batch-size 64 -n 1000

``make_sentences`` is importable on its own so a reference implementation can
be timed on exactly the same inputs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

_SUBJECTS = ["The user", "She", "He", "My sister", "Their manager", "The customer", "Her partner"]
_CITIES = [
    "Berlin",
    "Lisbon",
    "Toronto",
    "Osaka",
    "Nairobi",
    "Buenos Aires",
    "Melbourne",
    "Oslo",
    "Seattle",
    "Kraków",
    "Istanbul",
    "Mumbai",
]
_FOODS = ["sushi", "spicy ramen", "dark chocolate", "vegan pizza", "falafel wraps", "lentil soup"]
_DRINKS = ["oat milk lattes", "green tea", "black coffee", "sparkling water", "chai"]
_ACTIVITIES = [
    "trail running",
    "playing the cello",
    "rock climbing",
    "baking sourdough bread",
    "birdwatching",
    "learning Japanese",
    "cycling to work",
    "painting watercolours",
]
_JOBS = ["software engineer", "nurse", "data analyst", "high school teacher", "product manager", "civil engineer"]
_COMPANIES = ["a small startup", "the city hospital", "a logistics company", "a design studio", "a large bank"]
_PEOPLE = ["Anna", "Marco", "Priya", "Tom", "Yuki", "Fatima", "Lukas", "Chen"]
_PETS = ["a golden retriever", "two cats", "a parrot", "an old beagle", "a rabbit"]
_DAYS = ["Monday", "Tuesday", "Friday", "the weekend", "Sunday mornings"]

_TEMPLATES = [
    "{s} lives in {city}",
    "{s} recently moved to {city} for a new job",
    "{s} prefers {food} over anything else for lunch",
    "{s} is allergic to peanuts and avoids {food}",
    "{s} enjoys {act} on {day}",
    "{s} started {act} last year and loves it",
    "{s} works as a {job} at {company}",
    "{s} has been a {job} for almost ten years",
    "{s} has {pet} named {person}",
    "{s} is planning a trip to {city} next spring",
    "{s} wants to be reminded about the dentist appointment on {day}",
    "{s} does not like meetings before ten in the morning",
    "{s} is married to {person} and they live near {city}",
    "{s} speaks three languages and is learning another one",
    "{s} usually drinks {drink} while working from home",
    "{s} grew up in {city} but now lives abroad",
    "{s} asked to keep responses short and to the point",
    "{s} is training for a marathon in {city} this autumn",
    "{s} prefers email over phone calls for work topics",
    "{s} will visit {person} in {city} on {day}",
]


def make_sentences(n: int = 1000, seed: int = 1234) -> list[str]:
    """``n`` deterministic short sentences (5-15 words each)."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        text = rng.choice(_TEMPLATES).format(
            s=rng.choice(_SUBJECTS),
            city=rng.choice(_CITIES),
            food=rng.choice(_FOODS),
            drink=rng.choice(_DRINKS),
            act=rng.choice(_ACTIVITIES),
            day=rng.choice(_DAYS),
            job=rng.choice(_JOBS),
            company=rng.choice(_COMPANIES),
            person=rng.choice(_PEOPLE),
            pet=rng.choice(_PETS),
        )
        if rng.random() < 0.3:
            text += "."
        if 5 <= len(text.split()) <= 15:
            out.append(text)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--sentences", type=int, default=1000)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=3, help="timed passes; the best one is reported")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--runtime", default="numpy", help="numpy, onnx or onnx-int8 (embedding_runtime)")
    args = parser.parse_args(argv)

    repo_root = Path(__file__).resolve().parents[1]
    if str(repo_root) not in sys.path:
        sys.path.insert(0, str(repo_root))
    from shared.providers.offline.minilm import MiniLMRunner
    from shared.providers.offline.runtimes import load_runner

    sentences = make_sentences(args.sentences)

    t0 = time.perf_counter()
    runner = MiniLMRunner() if args.runtime == "numpy" else load_runner(args.runtime)
    load_s = time.perf_counter() - t0

    t0 = time.perf_counter()
    runner.encode(sentences[: args.batch_size], batch_size=args.batch_size)  # warm-up
    warmup_s = time.perf_counter() - t0

    times = []
    for _ in range(max(1, args.repeats)):
        t0 = time.perf_counter()
        vecs = runner.encode(sentences, batch_size=args.batch_size)
        times.append(time.perf_counter() - t0)
    assert vecs.shape == (len(sentences), runner.dimensions)

    best = min(times)
    result = {
        "model": runner.model,
        "runtime": args.runtime,
        "sentences": len(sentences),
        "batch_size": args.batch_size,
        "repeats": len(times),
        "load_s": round(load_s, 4),
        "first_batch_s": round(warmup_s, 4),
        "best_s": round(best, 4),
        "median_s": round(statistics.median(times), 4),
        "sentences_per_s": round(len(sentences) / best, 1),
        "median_sentences_per_s": round(len(sentences) / statistics.median(times), 1),
        "cpu_count": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(result))
    else:
        rows = [
            ("model", result["model"]),
            ("sentences", result["sentences"]),
            ("batch size", result["batch_size"]),
            ("load time (s)", f"{load_s:.3f}"),
            ("first batch (s)", f"{warmup_s:.3f}"),
            (f"best of {len(times)} (s)", f"{best:.3f}"),
            ("sentences/s (best)", f"{result['sentences_per_s']:.1f}"),
            ("sentences/s (median)", f"{result['median_sentences_per_s']:.1f}"),
        ]
        width = max(len(k) for k, _ in rows)
        for key, value in rows:
            print(f"{key:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
