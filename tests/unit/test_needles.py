"""The needle prefilter never skips a pattern that would have matched.

shared.domain.needles derives from a pattern the words every match contains; the offline rules skip a
RULES entry whose needles a clause lacks (extraction_rules._NeedleIndex), and triage skips the phrase
pattern for a clause with a word no pleasantry has. Both must give exactly what running the patterns
gives: checked over every clause the rules read in the tune split of the eval sets and the bench
workload, and over strings generated from each rule's own pattern (random walks of its parse tree).
"""

from __future__ import annotations

import random
import re

import pytest

import bench.eval as bench_eval
from shared.domain import triage
from shared.domain.needles import lowered_ascii, may_match, needles
from shared.providers.offline import extraction_rules as er

try:
    from re import _constants as sre
    from re import _parser as sre_parse
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as sre  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]


def _tune_texts() -> list[str]:
    texts: list[str] = []
    for path in bench_eval.TUNE_SETS:
        if not path.exists():
            continue
        for conversation in bench_eval.load(path):
            if conversation["split"] == "tune":
                texts.extend(t.content for t in bench_eval.turns_of(conversation) if t.role == "user")
    from bench.workload import conversations

    texts.extend(e["content"] for e in conversations("t", users=20, messages_per_user=50) if e["role"] == "user")
    return list(dict.fromkeys(texts))


@pytest.fixture(scope="module")
def rule_clauses() -> list[str]:
    """Every clause text the rules are asked about while the tune texts are extracted, with case variants."""
    from datetime import UTC, datetime

    from shared.domain.models import ExtractionInput, Turn

    seen: list[str] = []
    original = er._rule_drafts

    def recording(c: er.Clause) -> list[er.Draft]:
        seen.append(c.text)
        return original(c)

    er._rule_drafts = recording
    try:
        # a text read before (by an earlier test) would come from the caches without reaching the recorder
        er._cached_turn_facts.cache_clear()
        er._drafts_from_text_cached.cache_clear()
        at = datetime(2026, 3, 9, 12, tzinfo=UTC)
        for i, text in enumerate(_tune_texts()):
            er.extract_facts(ExtractionInput(new_turns=(Turn(f"n{i}", "user", text, at),)))
    finally:
        er._rule_drafts = original
        er._cached_turn_facts.cache_clear()
        er._drafts_from_text_cached.cache_clear()
    texts = list(dict.fromkeys(seen))
    assert len(texts) > 500, "the tune split should give the rules many clauses"
    return texts + [t.upper() for t in texts] + [t.title() for t in texts]


def _tried(text: str) -> list[er.Rule]:
    return list(er._needle_index(er.RULES).candidates(text))


def _matches(rule: er.Rule, text: str) -> bool:
    return bool(rule.pattern.search(text) if rule.anywhere else rule.pattern.match(text))


def test_every_rule_has_needles() -> None:
    """Not required for soundness, but a rule without needles is tried on every clause: worth knowing."""
    assert all(rule.needles for rule in er.RULES)


def test_the_index_keeps_every_rule_that_matches_a_tune_clause(rule_clauses: list[str]) -> None:
    missed = []
    for text in rule_clauses:
        tried = {id(rule) for rule in _tried(text)}
        missed.extend((rule.group, text) for rule in er.RULES if id(rule) not in tried and _matches(rule, text))
    assert missed == []


def _walk(items: list, rnd: random.Random, depth: int = 0) -> str:
    """A random string along the pattern's parse tree (may not match: the caller checks)."""
    out = []
    for op, av in items:
        if op is sre.LITERAL:
            out.append(chr(av))
        elif op is sre.NOT_LITERAL:
            out.append("x" if chr(av) != "x" else "y")
        elif op is sre.ANY:
            out.append(rnd.choice("aZ 1'"))
        elif op is sre.IN:
            out.append(_class_char(av, rnd))
        elif op is sre.BRANCH:
            out.append(_walk(rnd.choice(av[1]), rnd, depth + 1))
        elif op is sre.SUBPATTERN:
            out.append(_walk(av[-1], rnd, depth + 1))
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            low, high, body = av
            count = rnd.randint(low, min(high, low + 2)) if depth < 8 else low
            out.extend(_walk(body, rnd, depth + 1) for _ in range(count))
        elif op is sre.CATEGORY:
            out.append(_category_char(av, rnd))
    return "".join(out)


def _category_char(category, rnd: random.Random) -> str:
    if category in (sre.CATEGORY_SPACE, sre.CATEGORY_UNI_SPACE):
        return " "
    if category in (sre.CATEGORY_DIGIT, sre.CATEGORY_UNI_DIGIT):
        return rnd.choice("0123456789")
    if category in (sre.CATEGORY_WORD, sre.CATEGORY_UNI_WORD):
        return rnd.choice("abcXYZ9_é")
    return rnd.choice(".,!- ")


def _class_char(items: list, rnd: random.Random) -> str:
    choices = []
    for op, av in items:
        if op is sre.NEGATE:
            return rnd.choice("qQ7 ,")  # the caller keeps only strings that match
        if op is sre.LITERAL:
            choices.append(chr(av))
        elif op is sre.RANGE:
            choices.append(chr(rnd.randint(av[0], av[1])))
        elif op is sre.CATEGORY:
            choices.append(_category_char(av, rnd))
    return rnd.choice(choices) if choices else "a"


def test_the_index_keeps_every_rule_on_strings_made_from_its_own_pattern() -> None:
    rnd = random.Random(12)
    checked = 0
    for rule in er.RULES:
        tree = list(sre_parse.parse(rule.pattern.pattern, rule.pattern.flags))
        for _ in range(150):
            text = _walk(tree, rnd)
            for variant in (text, text.upper(), text.capitalize()):
                if _matches(rule, variant):
                    checked += 1
                    assert rule in _tried(variant), (rule.group, rule.pattern.pattern[:60], variant)
    assert checked > 3 * len(er.RULES)


@pytest.mark.parametrize(
    ("pattern", "text", "expected"),
    [
        (r"^i\s+work\s+at\s+(?P<v>.+)", "I work at Acme", True),
        (r"^i\s+work\s+at\s+(?P<v>.+)", "I am at Acme", False),
        (r"(?:moved|relocated)\s+to", "we relocated to Oslo", True),
        (r"(?:moved|relocated)?\s+to", "to", True),  # an optional group needs nothing
        (r"(?-i:[A-Z])\w+\s+(?-i:and)", "Tom or", False),  # case-sensitive parts need their words too
        (r"my\s+(?:dog|cat)(?=\s+is)", "my cat is", True),
        (r"\bkeen\s+on", "ſomething keen on", True),  # not ASCII: never skipped
    ],
)
def test_needles_are_a_necessary_condition(pattern: str, text: str, expected: bool) -> None:
    compiled = re.compile(pattern, re.IGNORECASE)
    assert may_match(needles(compiled), lowered_ascii(text)) is expected
    if not expected:
        assert compiled.search(text) is None


def test_an_unreadable_or_optional_pattern_has_no_needles() -> None:
    assert needles(r"(?:abc)?") is None
    assert needles(r"a|.*") is None
    assert needles(r"(?P<x>ab)(?P=x)") == frozenset({"ab"})


def test_the_pleasantry_shortcut_gives_what_the_phrase_pattern_gives() -> None:
    def by_pattern(clause: str) -> bool:
        return not re.sub(r"[\W_]+", "", triage._PLEASANTRY.sub(" ", clause.replace("’", "'")))

    rnd = random.Random(3)
    words = [*sorted(triage._PLEASANTRY_WORDS), "I", "moved", "Porto", "_", "x_y", "ok_", "ſure", "K", "don't", "’s"]
    clauses = {c for text in _tune_texts() for c in [text, *triage._clauses(text)]}
    for _ in range(20000):
        glue = rnd.choice([" ", ", ", "! ", "'", "-", ""])
        clauses.add(glue.join(rnd.choice(words) for _ in range(rnd.randint(1, 4))))
    assert [c for c in clauses if triage._pleasantry(c) != by_pattern(c)] == []


def _guarded_patterns(rule_clauses: list[str]) -> list[re.Pattern[str]]:
    """Every pattern the extractor and triage ran through needles.sub_if_possible / search_if_possible /
    sub_each while the tune texts were read (the fixture read them all)."""
    from shared.domain import needles as needles_module

    for text in _tune_texts():
        triage.triage(text)
    patterns = [pattern for pattern, _ in needles_module._OF_PATTERN.values() if isinstance(pattern, re.Pattern)]
    assert len(patterns) > 20
    return patterns


def test_a_guarded_pattern_is_never_skipped_on_a_text_it_matches(rule_clauses: list[str]) -> None:
    from shared.domain.needles import of_pattern

    texts = rule_clauses + _tune_texts()
    missed = [
        (pattern.pattern[:60], text)
        for pattern in _guarded_patterns(rule_clauses)
        for text in texts
        if not may_match(of_pattern(pattern), lowered_ascii(text)) and pattern.search(text)
    ]
    assert missed == []


def test_a_guarded_pattern_is_never_skipped_on_strings_made_from_it(rule_clauses: list[str]) -> None:
    from shared.domain.needles import of_pattern

    rnd = random.Random(5)
    checked = 0
    for pattern in _guarded_patterns(rule_clauses):
        tree = list(sre_parse.parse(pattern.pattern, pattern.flags))
        for _ in range(100):
            made = _walk(tree, rnd)
            for text in (made, f"so {made} ok", made.upper()):
                if pattern.search(text):
                    checked += 1
                    assert may_match(of_pattern(pattern), lowered_ascii(text)), (pattern.pattern[:60], text)
    assert checked > 100
