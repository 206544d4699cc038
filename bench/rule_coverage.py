"""Which of the offline extractor's specific rules the general layer already covers.

    .venv/bin/python bench/rule_coverage.py            # capture the unit tests' requests, then measure
    .venv/bin/python bench/rule_coverage.py --snapshot A   # only write the outputs (to compare two trees)
    .venv/bin/python bench/rule_coverage.py --compare A    # compare this tree's outputs with snapshot A

Each *rule* is one entry of ``extraction_rules.RULES``, one specific frame of ``extraction_rules`` (a
``_*_drafts`` function and the few sentence frames that return None when they do not apply), or one
entry of ``frames``' foreign statement and ending tables. A rule is switched off in-process (the table
without the entry, the function answering nothing) and every request is extracted again; the rule is
*covered* when no output changes, fact for fact (text, slot, value, dates, flags).

The requests: every user turn of the **tune** split of the eval sets (with the 6 messages before it as
context, as the extractor stage sends it; the blind set ``eval_conversations_v3.jsonl`` is never read,
and of ``v4`` only the tune lines are kept), and every request the unit tests under ``tests/unit/`` give
the extractor (captured by running them with this module as a pytest plugin).

Rules are switched off cumulatively, in table order: a rule is kept off only when, with every rule kept
off before it, no output changes, so the final set can be removed together (two rules that read the
same sentence are not both counted as covered). Results go to ``.memstream/rule_coverage.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

OUT = ROOT / ".memstream" / "rule_coverage"
CAPTURE_ENV = "MEMSTREAM_RULE_COVERAGE_CAPTURE"
# Only the tune-split sets: v3 is blind (never read) and v4's test lines are dropped as they are parsed.
TUNE_SETS = ("eval_conversations.jsonl", "eval_conversations_v2.jsonl", "eval_conversations_v4.jsonl")
CONTEXT_MESSAGES = 6
# The unit tests that give the extractor sentences.
UNIT_TESTS = (
    "tests/unit/test_adversarial_text.py",
    "tests/unit/test_context_setting.py",
    "tests/unit/test_end_state_classes.py",
    "tests/unit/test_english_classes.py",
    "tests/unit/test_eval_set.py",
    "tests/unit/test_extraction_classes.py",
    "tests/unit/test_extraction_context.py",
    "tests/unit/test_extraction_defects.py",
    "tests/unit/test_extraction_rules.py",
    "tests/unit/test_foreign_classes.py",
    "tests/unit/test_general_clauses.py",
    "tests/unit/test_probe_set.py",
    "tests/unit/test_valid_time_and_scope.py",
)


# --------------------------------------------------------------------------------------------
# Capturing the unit tests' requests (this module as a pytest plugin)
# --------------------------------------------------------------------------------------------


def pytest_configure(config: Any) -> None:
    """Wrap ``extract_facts`` before the test modules import it, and record every request."""
    target = os.environ.get(CAPTURE_ENV)
    if not target:
        return
    from shared.providers.offline import extraction_rules

    original = extraction_rules.extract_facts
    seen: list[Any] = []

    def recording(request: Any) -> Any:
        seen.append(request)
        return original(request)

    extraction_rules.extract_facts = recording
    config._rule_coverage = (target, seen)


def pytest_unconfigure(config: Any) -> None:
    captured = getattr(config, "_rule_coverage", None)
    if captured is not None:
        target, seen = captured
        Path(target).write_bytes(pickle.dumps(seen))


def capture_unit_requests(path: Path) -> None:
    env = {**os.environ, CAPTURE_ENV: str(path)}
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "bench.rule_coverage",
        "-p",
        "no:cacheprovider",
        f"--basetemp=/tmp/pt-rule-coverage-{os.getpid()}",
        *UNIT_TESTS,
    ]
    print("capturing the unit tests' requests:", " ".join(command[3:]), flush=True)
    subprocess.run(command, cwd=ROOT, env=env, check=False, timeout=900)


# --------------------------------------------------------------------------------------------
# The requests and their outputs
# --------------------------------------------------------------------------------------------


def tune_requests() -> list[Any]:
    from shared.domain.models import ExtractionInput

    sys.path.insert(0, str(ROOT / "bench"))
    from eval import load, turns_of  # the eval's own reading of a conversation

    requests = []
    for name in TUNE_SETS:
        for conversation in load(ROOT / "bench" / "data" / name):
            if conversation["split"] != "tune":
                continue
            turns = turns_of(conversation)
            for i, turn in enumerate(turns):
                if turn.role == "user":
                    context = tuple(turns[max(0, i - CONTEXT_MESSAGES) : i])
                    requests.append(ExtractionInput(new_turns=(turn,), context_turns=context))
    return requests


def unit_requests(path: Path) -> list[Any]:
    if not path.exists():
        return []
    unique: dict[bytes, Any] = {}
    for request in pickle.loads(path.read_bytes()):
        unique.setdefault(pickle.dumps(request), request)
    return list(unique.values())


def outputs(requests: list[Any]) -> list[Any]:
    from shared.providers.offline import extraction_rules

    extraction_rules._cached_turn_facts.cache_clear()  # the rules changed: nothing cached still holds
    return [tuple(extraction_rules.extract_facts(r)) for r in requests]


# --------------------------------------------------------------------------------------------
# Rules and how to switch one off
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleRef:
    kind: str  # "RULES", "frame", "foreign-frame", "foreign-ending"
    name: str  # what to report: the rule's group and pattern, or the function's name
    key: tuple[Any, ...]  # what to switch off


# Specific frames of extraction_rules that answer [] (or None) when they read nothing; the general layer
# (``_general_drafts``, ``_general_foreign``, ``_used_to_drafts``) and the pipeline itself are not rules.
_NONE_WHEN_OFF = frozenset(("_introduction_card", "_gapped_contrast", "_ended_then_now"))
_NOT_RULES = frozenset(
    (
        "_general_drafts",
        "_rule_drafts",
        "_statement_drafts",
        "_foreign_clause_drafts",
        "_used_to_drafts",
    )
)


def rules() -> list[RuleRef]:
    from shared.providers.offline import extraction_rules as er
    from shared.providers.offline import frames

    found = [RuleRef("RULES", f"{rule.group}: {rule.pattern.pattern[:90]}", (i,)) for i, rule in enumerate(er.RULES)]
    functions = [
        name
        for name, value in vars(er).items()
        if callable(value)
        and getattr(value, "__module__", "") == er.__name__
        and (name.endswith("_drafts") and not name.startswith("_drafts") or name in _NONE_WHEN_OFF)
        and name not in _NOT_RULES
    ]
    found += [RuleRef("frame", name, (name,)) for name in functions]
    for language, table in frames._COMPILED_FRAMES.items():
        found += [
            RuleRef("foreign-frame", f"{language} {slot}: {pattern.pattern[:80]}", (language, i))
            for i, (pattern, slot, _template) in enumerate(table)
        ]
    for language, table in frames._COMPILED_ENDINGS.items():
        found += [
            RuleRef("foreign-ending", f"{language}: {pattern.pattern[:80]}", (language, i))
            for i, pattern in enumerate(table)
        ]
    return found


@contextmanager
def switched_off(refs: list[RuleRef]) -> Iterator[None]:
    from shared.providers.offline import extraction_rules as er
    from shared.providers.offline import frames

    saved_rules = er.RULES
    saved_frames = dict(frames._COMPILED_FRAMES)
    saved_endings = dict(frames._COMPILED_ENDINGS)
    saved_functions: dict[str, Callable[..., Any]] = {}
    try:
        off_rules = {r.key[0] for r in refs if r.kind == "RULES"}
        er.RULES = tuple(rule for i, rule in enumerate(saved_rules) if i not in off_rules)
        for kind, table, saved in (
            ("foreign-frame", frames._COMPILED_FRAMES, saved_frames),
            ("foreign-ending", frames._COMPILED_ENDINGS, saved_endings),
        ):
            for language, entries in saved.items():
                off = {r.key[1] for r in refs if r.kind == kind and r.key[0] == language}
                table[language] = tuple(e for i, e in enumerate(entries) if i not in off)
        for ref in refs:
            if ref.kind == "frame":
                name = ref.key[0]
                saved_functions[name] = getattr(er, name)
                answer = None if name in _NONE_WHEN_OFF else []
                setattr(er, name, lambda *_a, _answer=answer, **_k: _answer if _answer is None else list(_answer))
        yield
    finally:
        er.RULES = saved_rules
        frames._COMPILED_FRAMES.update(saved_frames)
        frames._COMPILED_ENDINGS.update(saved_endings)
        for name, function in saved_functions.items():
            setattr(er, name, function)


def changed(before: list[Any], after: list[Any]) -> int:
    return sum(a != b for a, b in zip(before, after, strict=True))


def measure(requests: list[Any], split_at: int, candidates: list[RuleRef]) -> dict[str, Any]:
    baseline = outputs(requests)
    off: list[RuleRef] = []
    rows = []
    started = time.monotonic()
    for n, ref in enumerate(candidates, 1):
        with switched_off([*off, ref]):
            now = outputs(requests)
        tune_changed = changed(baseline[:split_at], now[:split_at])
        unit_changed = changed(baseline[split_at:], now[split_at:])
        covered = tune_changed == 0 and unit_changed == 0
        if covered:
            off.append(ref)
        rows.append({"kind": ref.kind, "rule": ref.name, "key": list(ref.key), "covered": covered,
                     "tune_changed": tune_changed, "unit_changed": unit_changed})  # fmt: skip
        elapsed = time.monotonic() - started
        print(
            f"[{n}/{len(candidates)} {elapsed:6.0f}s] {'covered' if covered else 'needed '} "
            f"tune {tune_changed:3d} unit {unit_changed:3d}  {ref.kind} {ref.name}",
            flush=True,
        )
    return {
        "requests": {"tune": split_at, "unit": len(requests) - split_at},
        "rules": len(candidates),
        "covered": len(off),
        "rows": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-capture", action="store_true", help="reuse the unit requests captured before")
    parser.add_argument("--snapshot", metavar="NAME", help="only write this tree's outputs under that name")
    parser.add_argument("--compare", metavar="NAME", help="compare this tree's outputs with a snapshot")
    parser.add_argument("--kind", action="append", help="only rules of this kind (repeatable)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    captured = OUT / "unit_requests.pickle"
    if not args.no_capture and not (args.compare and captured.exists()):
        capture_unit_requests(captured)
    tune = tune_requests()
    unit = unit_requests(captured)
    requests = tune + unit
    print(f"{len(tune)} tune requests, {len(unit)} unit-test requests", flush=True)
    if args.snapshot or args.compare:
        started = time.monotonic()
        result = outputs(requests)
        print(f"extracted in {time.monotonic() - started:.1f}s", flush=True)
        if args.snapshot:
            (OUT / f"{args.snapshot}.pickle").write_bytes(pickle.dumps((requests, result)))
            return
        old_requests, old = pickle.loads((OUT / f"{args.compare}.pickle").read_bytes())
        now = outputs(old_requests)
        print(f"{changed(old, now)} of {len(old)} requests changed against {args.compare}")
        sys.exit(1 if changed(old, now) else 0)
    candidates = [r for r in rules() if not args.kind or r.kind in args.kind]
    report = measure(requests, len(tune), candidates)
    (OUT / "rule_coverage.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    print(f"{report['covered']} of {report['rules']} rules covered; written to {OUT / 'rule_coverage.json'}")


if __name__ == "__main__":
    main()
