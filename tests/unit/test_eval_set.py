"""The evaluation set is well-formed, covers what it claims to, and the offline rules stay at the
figures the README publishes (minus a small margin)."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest

import bench.eval as bench_eval
from shared.domain.models import Category, ExtractedFact

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
MARGIN = 0.03


@pytest.fixture(scope="module")
def conversations() -> list[dict]:
    return [c for path in bench_eval.DATASETS if path.exists() for c in bench_eval.load(path)]


def test_the_set_is_well_formed(conversations):
    assert len(conversations) >= 60
    assert len({c["id"] for c in conversations}) == len(conversations)
    for c in conversations:
        messages = c["messages"]
        assert messages and all(m["role"] in ("user", "assistant") and m["content"].strip() for m in messages)
        times = [datetime.fromisoformat(m["created_at"]) for m in messages]
        assert all(t.tzinfo is not None for t in times), c["id"]
        assert times == sorted(times), c["id"]
        for fact in c["expected_facts"]:
            assert messages[fact["msg"]]["role"] == "user", c["id"]
            assert fact["text"].strip() and fact["keywords"] and all(k.strip() for k in fact["keywords"]), c["id"]
            assert fact["language"] == c["language"]
            # A keyword is something the expected text itself says.
            assert all(bench_eval.keyword_hit(k, fact["text"]) for k in fact["keywords"]), (c["id"], fact["text"])
        for i in c["expected_active"]:
            assert not c["expected_facts"][i]["negated"], c["id"]  # a negation never stays active
        assert len(set(c["expected_active"])) == len(c["expected_active"])


def test_the_set_covers_what_the_issue_asks_for(conversations):
    tags = Counter(tag for c in conversations for tag in c["tags"])
    assert tags["change"] >= 10 and tags["negation"] >= 10 and tags["relative_date"] >= 10
    assert tags["nothing"] >= 5 and tags["confirmation"] >= 3
    languages = {c["language"] for c in conversations} - {"en"}
    assert len(languages) >= 3 and sum(c["language"] != "en" for c in conversations) >= 8


def test_matching_is_by_whole_keywords_negation_and_language():
    expected = {"negated": False, "language": "en", "keywords": ["tom"]}

    def fact(text: str, negated: bool = False, language: str = "en") -> ExtractedFact:
        return ExtractedFact(text, Category.FACT, 5, datetime.now(), ("m",), language, negated=negated)

    assert bench_eval.fact_matches(fact("The user's husband is Tom"), expected)
    assert not bench_eval.fact_matches(fact("The user is flying tomorrow"), expected)  # whole words only
    assert not bench_eval.fact_matches(fact("The user no longer sees Tom", negated=True), expected)
    assert not bench_eval.fact_matches(fact("Der Nutzer kennt Tom", language="de"), expected)
    assert bench_eval.fact_matches(fact("The user is single"), {**expected, "keywords": ["emma|single"]})
    assert bench_eval.matched_pairs([fact("Tom"), fact("Tom")], [expected]) == 1  # one-to-one


def _readme_figure(label: str) -> float:
    section = README.split("## Evaluation", 1)[1].split("\n## ", 1)[0]
    match = re.search(r"\|\s*" + re.escape(label) + r"\s*\|\s*([0-9.]+)\s*\|", section)
    assert match, f"README 'Evaluation' has no row '{label}'"
    return float(match.group(1))


def test_the_offline_rules_stay_at_the_readme_figures(conversations):
    from shared.providers.offline.providers import OfflineDecisionProvider, OfflineExtractionProvider

    similarity = bench_eval.Similarity()
    quality, _ = asyncio.run(
        bench_eval.evaluate_quality(conversations, OfflineExtractionProvider(), OfflineDecisionProvider(), similarity)
    )
    results = quality.as_dict()["splits"]["tune"]
    assert results["extraction"]["precision"] >= _readme_figure("extraction precision") - MARGIN
    assert results["extraction"]["recall"] >= _readme_figure("extraction recall") - MARGIN
    assert results["end_state_accuracy"] >= _readme_figure("end-state accuracy") - MARGIN
    assert results["gold_end_state_accuracy"] >= _readme_figure("end-state accuracy from expected facts") - MARGIN
