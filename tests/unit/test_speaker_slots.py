"""Speakers' slots at their edges: a slotless fact keeps its speaker, facts stored before slots named
speakers still count as the speaker's, identity slots are read through the speaker, and the openai
provider never shows or keeps another speaker's mark."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from shared.domain.consolidation import ActiveFact, CandidateView, decide_by_rule, same_speakers, speakers_own
from shared.domain.models import ExtractionInput, Op, Turn
from shared.domain.slots import with_speaker, without_speaker, written_as_speakers
from shared.domain.strength import is_identity, seed
from shared.providers.openai_provider import facts_from_reply
from shared.providers.prompts import render_extraction

DAY = datetime(2026, 5, 20, 18, 0, tzinfo=UTC)


def fact(text: str, slot: str | None) -> ActiveFact:
    return ActiveFact(uuid.uuid4(), text, text.lower(), slot, DAY, 0.9, "en")


def test_a_slotless_fact_keeps_its_speaker_and_meets_only_its_speakers_facts():
    assert with_speaker(None, "Anna Maria") == "~anna-maria" and without_speaker("~anna-maria") is None
    assert with_speaker("~jonas", "Maya") == "~maya" and with_speaker(None, None) is None
    near = [
        fact("Jonas is learning the banjo", "~jonas"),
        fact("Maya is learning the banjo", "~maya"),
        fact("The user is learning the banjo", None),
        fact("Maya has a banjo teacher", None),  # stored before slots named speakers
    ]
    assert [n.text for n in same_speakers("~maya", near)] == ["Maya is learning the banjo", "Maya has a banjo teacher"]
    assert all(n.slot is None for n in same_speakers("~maya", near))
    assert [n.text for n in same_speakers(None, near)] == ["The user is learning the banjo", "Maya has a banjo teacher"]
    view, own = speakers_own(CandidateView("Maya is learning the banjo", "~maya", False, DAY), near[:1])
    assert view.slot is None and own == []


def test_a_plain_slot_fact_written_as_the_speakers_is_theirs_after_an_upgrade():
    assert written_as_speakers("Maya lives in Edinburgh", "maya")
    assert written_as_speakers("Maya's cat is called Oscar", "maya")
    assert written_as_speakers("Anna Maria works at the bakery", "anna-maria")
    assert not written_as_speakers("Mayans built pyramids", "maya")
    assert not written_as_speakers("Jonas visits Maya", "maya")
    near = [
        fact("Maya lives in Edinburgh", "location"),
        fact("Jonas lives in Hamburg", "location"),
        fact("The user lives in Oslo", "location"),
    ]
    view, own = speakers_own(CandidateView("Maya lives in Leith", "location~maya", False, DAY), near)
    assert [n.text for n in own] == ["Maya lives in Edinburgh"] and own[0].slot == "location"
    decision = decide_by_rule(view, own)
    assert decision is not None and decision.op is Op.UPDATE and own[decision.target].text == "Maya lives in Edinburgh"


def test_a_named_speakers_identity_slots_are_identity_slots():
    for slot in ("name~maya", "age~anna-maria@work", "birthday~maya:self", "name"):
        assert is_identity(slot) and seed("fact", 5, slot) == 0.97
    for slot in ("location~maya", "~maya", None):
        assert not is_identity(slot)


def _reply(*facts: dict) -> dict:
    return {"facts": [{"category": "fact", "importance": 7, **f} for f in facts]}


def test_the_prompt_shows_known_slots_without_speakers_once_each():
    turn = Turn("m1", "user", "I live in Leeds", DAY, "Maya")
    request = ExtractionInput(
        new_turns=(turn,), context_turns=(), known_slots=("location~maya", "location~jonas", "location", "~maya")
    )
    assert render_extraction(request).splitlines()[0] == 'Slots: ["location"]'


def test_an_unnamed_turn_never_gets_another_speakers_mark():
    request = ExtractionInput(
        new_turns=(Turn("m1", "user", "I live in Leeds", DAY),), context_turns=(), known_slots=("location~maya",)
    )
    reply = _reply({"msg": 1, "text": "The user lives in Leeds", "slot": "location~maya"})
    assert [f.slot for f in facts_from_reply(reply, request)] == ["location"]


def test_the_turns_speaker_replaces_the_models_and_a_missing_slot_keeps_the_speaker():
    turns = (Turn("m1", "user", "I live in Leeds", DAY, "Maya"), Turn("m2", "user", "I knit", DAY, "Jonas"))
    request = ExtractionInput(new_turns=turns, context_turns=(), known_slots=("Location~jonas@Family",))
    reply = _reply(
        # another speaker's mark, and a spelling that folds onto a known slot once the mark is gone
        {"msg": 1, "text": "Maya lives in Leeds", "slot": "location~jonas@family"},
        {"msg": 2, "text": "Jonas knits"},
        {"msg": 2, "text": "Jonas knits", "slot": "~maya"},
    )
    assert [f.slot for f in facts_from_reply(reply, request)] == ["Location~maya@Family", "~jonas", "~jonas"]
