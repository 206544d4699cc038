"""Which of the offline extractor's specific rules the general layer already covers.

    .venv/bin/python bench/rule_coverage.py            # capture the unit tests' requests, then measure
    .venv/bin/python bench/rule_coverage.py --snapshot A   # only write the outputs (to compare two trees)
    .venv/bin/python bench/rule_coverage.py --compare A    # compare this tree's outputs with snapshot A

Each *rule* is one entry of ``extraction_rules.RULES``, one specific frame of ``extraction_rules`` (a
``_*_drafts`` function and the few sentence frames that return None when they do not apply), one of its
clause rewrites (which then give back what they were given), one entry of a pattern table read entry by
entry (dates, event forms, questions, foreign statements and endings, subject contexts), or one
language's pattern of frames' deaths and break-ups. A rule is switched off in-process (the table without
the entry, the function answering nothing) and every request is extracted again; the rule is *covered*
when no output changes, fact for fact (text, slot, value, dates, flags).

The requests: every user turn of the **tune** split of the eval sets (with the 6 messages before it as
context, as the extractor stage sends it; the blind set ``eval_conversations_v3.jsonl`` is never read,
and of the other sets only the tune lines are kept), and every request the unit tests under ``tests/unit/`` give
the extractor (captured by running them with this module as a pytest plugin).

A verdict per rule: *needed* (switched off, some output changes), *covered* (it spoke on some request,
yet switched off nothing changes: what it says, the rest says too) or *untested* (it never spoke on these
requests, so switching it off cannot show anything; such a rule is kept, since the requests hold no
sentence of its class). Covered rules are switched off cumulatively, in table order: a rule is covered
only when, with every covered rule before it off, no output changes, so the covered set can be removed
together. Results go to ``.memstream/rule_coverage/rule_coverage.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

OUT = ROOT / ".memstream" / "rule_coverage"
CAPTURE_ENV = "MEMSTREAM_RULE_COVERAGE_CAPTURE"
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
    "tests/unit/test_rule_classes.py",
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
    # the eval's own reading of a conversation, over its tune-split sets (v3 is blind, never read; the other
    # sets' test lines are dropped as they are parsed)
    from eval import TUNE_SETS, load, turns_of

    requests = []
    for path in TUNE_SETS:
        for conversation in load(path):
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
    from shared.providers.offline import extraction_rules, frames

    extraction_rules._cached_turn_facts.cache_clear()  # the rules changed: nothing cached still holds
    extraction_rules._last_clauses.cache_clear()
    extraction_rules._drafts_from_text_cached.cache_clear()
    frames.find_context.cache_clear()
    return [tuple(extraction_rules.extract_facts(r)) for r in requests]


# --------------------------------------------------------------------------------------------
# Rules and how to switch one off
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleRef:
    kind: str  # RULES, frame, rewrite, table, foreign-frame, foreign-ending, language-table, language-key
    name: str  # what to report: the rule's group and pattern, or the function's or table's name
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
# Rewrites of a clause before the frames read it; switched off, each gives back what it was given
# ("text") or that alone ("list": a splitter that splits nothing).
_REWRITES = {
    "_as_we": "text",
    "_kept_up": "text",
    "_begun": "text",
    "_appositions": "list",
    "_had_items": "list",
    "_traded_belonging": "empty",
}
# Tables read entry by entry at call time: (module, table); and per-language tables of frames.
_TABLES = (
    ("extraction_rules", "_DATE_PATTERNS"),
    ("extraction_rules", "_NOUN_NEWS"),
    ("extraction_rules", "_EVENT_FORMS"),
    ("extraction_rules", "_Q_FORMS"),
)
_LANGUAGE_TABLES = (("frames", "_SUBJECT_CONTEXTS"),)
_LANGUAGE_KEYS = (("frames", "_DEATH"), ("frames", "_BREAKUP"))
_TABLE_KINDS = frozenset(("table", "language-table", "language-key"))


def _module(name: str) -> Any:
    import importlib

    return importlib.import_module(f"shared.providers.offline.{name}")


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
    found += [RuleRef("rewrite", name, (name,)) for name in _REWRITES if hasattr(er, name)]
    for module, table in _TABLES:
        entries = getattr(_module(module), table)
        found += [RuleRef("table", f"{module}.{table}[{i}]", (module, table, i)) for i in range(len(entries))]
    for module, table in _LANGUAGE_TABLES:
        for language, entries in getattr(_module(module), table).items():
            found += [
                RuleRef("language-table", f"{module}.{table}[{language}][{i}]", (module, table, language, i))
                for i in range(len(entries))
            ]
    for module, table in _LANGUAGE_KEYS:
        found += [
            RuleRef("language-key", f"{module}.{table}[{language}]", (module, table, language))
            for language in getattr(_module(module), table)
        ]
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


def _answer_nothing(name: str) -> Callable[..., Any]:
    mode = _REWRITES.get(name, "none" if name in _NONE_WHEN_OFF else "empty")
    if mode == "text":
        return lambda first, *_a, **_k: first
    if mode == "list":
        return lambda first, *_a, **_k: [first]
    if mode == "none":
        return lambda *_a, **_k: None
    return lambda *_a, **_k: []


@contextmanager
def switched_off(refs: list[RuleRef]) -> Iterator[None]:
    from shared.providers.offline import extraction_rules as er
    from shared.providers.offline import frames

    saved_rules = er.RULES
    saved_frames = dict(frames._COMPILED_FRAMES)
    saved_endings = dict(frames._COMPILED_ENDINGS)
    saved_functions: dict[str, Callable[..., Any]] = {}
    saved_tables: dict[tuple[str, str], Any] = {}
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
            if ref.kind in ("frame", "rewrite"):
                name = ref.key[0]
                saved_functions[name] = getattr(er, name)
                setattr(er, name, _answer_nothing(name))
        for ref in refs:
            if ref.kind in _TABLE_KINDS:
                module, table = ref.key[0], ref.key[1]
                saved_tables.setdefault((module, table), getattr(_module(module), table))
        for (module, table), original in saved_tables.items():
            mine = [r for r in refs if r.kind in _TABLE_KINDS and r.key[:2] == (module, table)]
            if isinstance(original, tuple):
                off = {r.key[2] for r in mine}
                value: Any = tuple(e for i, e in enumerate(original) if i not in off)
            elif mine[0].kind == "language-key":
                value = {k: v for k, v in original.items() if k not in {r.key[2] for r in mine}}
            else:
                value = {
                    language: tuple(
                        e for i, e in enumerate(entries) if (language, i) not in {(r.key[2], r.key[3]) for r in mine}
                    )
                    for language, entries in original.items()
                }
            setattr(_module(module), table, value)
        yield
    finally:
        er.RULES = saved_rules
        frames._COMPILED_FRAMES.update(saved_frames)
        frames._COMPILED_ENDINGS.update(saved_endings)
        for name, function in saved_functions.items():
            setattr(er, name, function)
        for (module, table), original in saved_tables.items():
            setattr(_module(module), table, original)


class _Watched:
    """A compiled pattern that says when it matched (for the tables and foreign frames)."""

    def __init__(self, pattern: re.Pattern[str], hit: Callable[[], None]) -> None:
        self._pattern, self._hit, self.pattern, self.flags = pattern, hit, pattern.pattern, pattern.flags

    def _seen(self, found: Any) -> Any:
        if found:
            self._hit()
        return found

    def match(self, *args: Any, **kwargs: Any) -> Any:
        return self._seen(self._pattern.match(*args, **kwargs))

    def search(self, *args: Any, **kwargs: Any) -> Any:
        return self._seen(self._pattern.search(*args, **kwargs))

    def fullmatch(self, *args: Any, **kwargs: Any) -> Any:
        return self._seen(self._pattern.fullmatch(*args, **kwargs))

    def finditer(self, *args: Any, **kwargs: Any) -> Iterator[Any]:
        for found in self._pattern.finditer(*args, **kwargs):
            self._hit()
            yield found

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pattern, name)


def fired(requests: list[Any], candidates: list[RuleRef]) -> Counter[tuple[Any, ...]]:
    """How often each rule *spoke* on the requests, every rule on: a RULES entry or frame that built
    facts, a rewrite that changed its clause, a foreign frame or ending that gave the clause's facts, a
    table entry that matched. A rule that never spoke is untested here, not covered: switching it off
    cannot change an output whatever the general layer reads."""
    from shared.providers.offline import extraction_rules as er
    from shared.providers.offline import frames

    hits: Counter[tuple[Any, ...]] = Counter()
    last: dict[str, tuple[Any, ...] | None] = {}
    saved: list[tuple[Any, str, Any]] = []

    def put(owner: Any, name: str, value: Any) -> None:
        saved.append((owner, name, getattr(owner, name)))
        setattr(owner, name, value)

    def count(key: tuple[Any, ...]) -> Callable[[], None]:
        return lambda: hits.update([key])

    def remember(slot: str, key: tuple[Any, ...]) -> Callable[[], None]:
        return lambda: last.__setitem__(slot, key)

    def built(key: tuple[Any, ...], build: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            made = build(*args, **kwargs)
            if made:
                hits.update([key])
            return made

        return run

    def rewrote(key: tuple[Any, ...], mode: str, rewrite: Callable[..., Any]) -> Callable[..., Any]:
        def run(first: Any, *args: Any, **kwargs: Any) -> Any:
            out = rewrite(first, *args, **kwargs)
            if out != (first if mode == "text" else [first]):
                hits.update([key])
            return out

        return run

    def gave(slot: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            last[slot] = None
            out = function(*args, **kwargs)
            if out and last.get(slot) is not None and (slot != "foreign-ending" or out[0].negated):
                hits.update([last[slot]])
            return out

        return run

    try:
        put(er, "RULES", tuple(replace(r, build=built(("RULES", i), r.build)) for i, r in enumerate(er.RULES)))
        for ref in candidates:
            if ref.kind == "frame":
                put(er, ref.key[0], built(("frame", ref.key[0]), getattr(er, ref.key[0])))
            elif ref.kind == "rewrite":
                put(er, ref.key[0], rewrote(("rewrite", ref.key[0]), _REWRITES[ref.key[0]], getattr(er, ref.key[0])))
        for module, table in _TABLES:
            entries = getattr(_module(module), table)
            at = 1 if isinstance(entries[0][0], str) else 0
            watched = tuple(
                (*e[:at], _Watched(e[at], count(("table", module, table, i))), *e[at + 1 :])
                for i, e in enumerate(entries)
            )
            put(_module(module), table, watched)
        for module, table in _LANGUAGE_TABLES:
            put(_module(module), table, {
                language: tuple(
                    (e[0], _Watched(e[1], count(("language-table", module, table, language, i))), *e[2:])
                    for i, e in enumerate(entries)
                )
                for language, entries in getattr(_module(module), table).items()
            })  # fmt: skip
        frames_before = dict(frames._COMPILED_FRAMES)
        endings_before = dict(frames._COMPILED_ENDINGS)
        for language, entries in frames_before.items():
            frames._COMPILED_FRAMES[language] = tuple(
                (_Watched(e[0], remember("foreign-frame", ("foreign-frame", language, i))), *e[1:])
                for i, e in enumerate(entries)
            )
        for language, entries in endings_before.items():
            frames._COMPILED_ENDINGS[language] = tuple(
                _Watched(e, remember("foreign-ending", ("foreign-ending", language, i))) for i, e in enumerate(entries)
            )
        put(frames, "_positive_frames", gave("foreign-frame", frames._positive_frames))
        put(frames, "_one_clause", gave("foreign-ending", frames._one_clause))
        outputs(requests)
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)
        if "frames_before" in locals():
            frames._COMPILED_FRAMES.update(frames_before)
            frames._COMPILED_ENDINGS.update(endings_before)
    return hits


def spoke(ref: RuleRef, hits: Counter[tuple[Any, ...]]) -> int:
    # A language-key pattern is text compiled at the call, so it is not watched: never taken for covered.
    return 0 if ref.kind == "language-key" else hits[(ref.kind, *ref.key)]


def changed(before: list[Any], after: list[Any]) -> int:
    return sum(a != b for a, b in zip(before, after, strict=True))


def measure(requests: list[Any], split_at: int, candidates: list[RuleRef]) -> dict[str, Any]:
    baseline = outputs(requests)
    hits = fired(requests, candidates)
    if outputs(requests) != baseline:
        raise RuntimeError("the instrumentation changed an output")
    off: list[RuleRef] = []
    rows = []
    started = time.monotonic()
    for n, ref in enumerate(candidates, 1):
        with switched_off([*off, ref]):
            now = outputs(requests)
        tune_changed = changed(baseline[:split_at], now[:split_at])
        unit_changed = changed(baseline[split_at:], now[split_at:])
        times = spoke(ref, hits)
        # Covered: it spoke, and what it said the rest says too. Silent everywhere: untested, kept.
        verdict = "needed" if tune_changed or unit_changed else ("covered" if times else "untested")
        if verdict == "covered":
            off.append(ref)
        rows.append({"kind": ref.kind, "rule": ref.name, "key": list(ref.key), "verdict": verdict, "spoke": times,
                     "tune_changed": tune_changed, "unit_changed": unit_changed})  # fmt: skip
        elapsed = time.monotonic() - started
        print(
            f"[{n}/{len(candidates)} {elapsed:6.0f}s] {verdict:8s} spoke {times:4d} "
            f"tune {tune_changed:3d} unit {unit_changed:3d}  {ref.kind} {ref.name}",
            flush=True,
        )
    verdicts = Counter(row["verdict"] for row in rows)
    return {
        "requests": {"tune": split_at, "unit": len(requests) - split_at},
        "rules": len(candidates),
        "verdicts": dict(verdicts),
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
    print(f"{report['verdicts']} of {report['rules']} rules; written to {OUT / 'rule_coverage.json'}")


if __name__ == "__main__":
    main()
