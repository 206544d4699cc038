"""The extractor on a probe set of short chatty messages written for issue 12's classes (see
tests/unit/probes/gen6_probes.py): non-facts stay silent, and precision and recall hold their level."""

from __future__ import annotations

import pytest

from tests.unit.probes import score
from tests.unit.probes.gen6_probes import PROBES


@pytest.mark.parametrize("messages", [m for cls, m, e in PROBES if cls == "nonfact"])
def test_non_facts_on_the_probe_set_stay_silent(messages):
    assert score.run(messages) == []


def test_probe_set_precision_and_recall():
    result = score.score()
    assert result["precision"] >= 0.95 and result["recall"] >= 0.85, result


def test_holdout_probes_hold(monkeypatch):
    from tests.unit.probes.gen6_holdout import HOLDOUT

    monkeypatch.setattr(score, "PROBES", HOLDOUT)
    result = score.score()
    assert result["precision"] >= 0.95 and result["recall"] >= 0.9, result
