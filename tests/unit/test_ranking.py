"""Pure parts of search: message windows, BM25, calibrated fusion, folding, ties, the date hint."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.domain.ranking import (
    Calibration,
    Hit,
    bm25_scores,
    calibrated_fusion,
    reciprocal_rank_fusion,
    stem_terms,
    time_hint,
)
from shared.domain.windows import windows


def test_long_messages_are_cut_into_overlapping_windows():
    assert windows("a short message") == ["a short message"]
    words = [f"w{i}" for i in range(250)]
    cut = windows(" ".join(words), size=120, overlap=30)
    assert [c.split()[0] for c in cut] == ["w0", "w90", "w180"]
    assert cut[-1].split()[-1] == "w249" and all(len(c.split()) <= 120 for c in cut)


def test_stem_terms_drop_question_words_and_stem():
    assert stem_terms("When did Maya adopt the dogs?") == ["maya", "adopt", "dog"]
    assert stem_terms("what did you say?") == []


def test_bm25_prefers_rare_terms_and_short_documents():
    docs = [{"greyhound": 1}, {"dog": 1}, {"dog": 1, "greyhound": 1}, {"dog": 2}]
    scores = bm25_scores(
        docs, [5, 5, 5, 50], ["dog", "greyhound"], total_docs=100, avg_length=10, doc_freqs={"dog": 40, "greyhound": 2}
    )
    assert scores[2] > scores[0] > scores[1] and scores[1] > scores[3] * 0.5
    assert scores[0] > scores[3]  # the rare word alone beats the common one twice in a long text


def test_calibrated_fusion_drops_rows_under_the_floor_and_folds_a_fact_into_its_message():
    cal = Calibration()
    fact = Hit("fact", "f1", 1, 0.7, {"source_message_ids": ["m1"]}, calibrated=cal.vector(0.7), sources=("m1",))
    weak_fact = Hit("fact", "f2", 2, 0.1, {}, calibrated=cal.vector(0.1))
    message = Hit("message", "m1", 1, 9.0, {}, calibrated=0.9)
    other = Hit("message", "m2", 2, 3.0, {}, calibrated=0.5)
    fused = calibrated_fusion({"vector_facts": [fact, weak_fact], "fulltext_messages": [message, other]}, cal)
    assert [f.id for f in fused] == ["f1", "m2"]  # f2 is under the vector floor
    assert fused[0].evidence_ids == ["m1"] and {m.id for m in fused[0].members} == {"f1", "m1"}
    weights = cal.weights
    # the strongest kind counts; the other (lexical) adds `agreement` x its score
    semantic, lexical = weights["vector_facts"] * 1.0, weights["fulltext_messages"] * 0.9
    assert fused[0].score == pytest.approx(semantic + cal.agreement * lexical)
    summed = calibrated_fusion(
        {"vector_facts": [fact, weak_fact], "fulltext_messages": [message, other]}, Calibration(agreement=1.0)
    )
    assert summed[0].score == pytest.approx(semantic + lexical)


def test_a_fact_and_its_message_found_by_the_same_kind_of_leg_count_once():
    """A fact and the message it came from, both found by vectors, are one semantic match, not two
    votes: a message that matches better on its own ranks above them."""
    cal = Calibration(agreement=0.5)
    fact = Hit("fact", "f1", 2, 0.5, {}, calibrated=0.8, sources=("m1",))
    message = Hit("message", "m1", 2, 0.5, {}, calibrated=0.8)
    better = Hit("message", "m2", 1, 0.55, {}, calibrated=0.9)
    better_words = Hit("message", "m2", 1, 5.0, {}, calibrated=0.6)
    fused = calibrated_fusion(
        {"vector_facts": [fact], "vector_messages": [better, message], "fulltext_messages": [better_words]}, cal
    )
    w = cal.weights
    assert [f.evidence_ids for f in fused] == [["m2"], ["m1"]]
    assert fused[0].score == pytest.approx(w["vector_messages"] * 0.9 + 0.5 * w["fulltext_messages"] * 0.6)
    assert fused[1].score == pytest.approx(w["vector_messages"] * 0.8)  # once, not fact + message


def test_with_no_agreement_weight_the_other_kind_breaks_ties():
    cal = Calibration(weights={"vector_messages": 1.0, "fulltext_messages": 1.0}, agreement=0.0)
    a = Hit("message", "a", 1, 0.9, {}, calibrated=1.0)
    b = Hit("message", "b", 2, 0.9, {}, calibrated=1.0)
    b_words = Hit("message", "b", 1, 3.0, {}, calibrated=0.4)
    fused = calibrated_fusion({"vector_messages": [a, b], "fulltext_messages": [b_words]}, cal)
    assert [f.id for f in fused] == ["b", "a"] and fused[0].score == fused[1].score == 1.0


def test_ties_go_to_relevance_then_id_never_to_kind():
    a = Hit("fact", "b-fact", 1, 0.5, {}, calibrated=0.5)
    b = Hit("message", "a-message", 1, 0.5, {}, calibrated=0.5)
    fused = calibrated_fusion({"vector_facts": [a], "vector_messages": [b]}, Calibration(weights={}))
    assert [f.id for f in fused] == ["a-message", "b-fact"]
    rrf = reciprocal_rank_fusion({"vector_facts": [a], "vector_messages": [b]})
    assert [f.id for f in rrf] == ["a-message", "b-fact"]


def test_time_hint_reads_explicit_months_and_years_only():
    hint = time_hint("What did Clara say in November 2023 about travelling?")
    assert hint is not None and hint.months == {11} and hint.year == 2023
    assert hint.matches(datetime(2023, 11, 30, tzinfo=UTC)) and not hint.matches(datetime(2024, 11, 1, tzinfo=UTC))
    assert time_hint("May I ask where you went?") is None
    assert time_hint("what did I say in spring 2024").months == {3, 4, 5}
    assert time_hint("When did Oskar finish the book?") is None


def test_the_message_query_leaves_out_the_speakers_names():
    from shared.domain.ranking import without_speakers

    speakers = ["Noor", "Anna Maria"]
    assert without_speakers("What happened to Noor's back recently?", speakers) == "What happened to back recently?"
    assert without_speakers("Where did anna maria travel?", speakers) == "Where did travel?"
    assert without_speakers("Noorish cooking?", speakers) == "Noorish cooking?"  # whole words only
    assert without_speakers("Noor", speakers) == "Noor"  # nothing left: the query is kept whole
    assert without_speakers("What did Keiko say?", []) == "What did Keiko say?"
