"""Slots: what a fact is about. A single-valued slot holds one fact at a time (a new value replaces
the old); a multi-valued slot carries its value in its name ("like:jazz"), so values coexist.

A slot may be scoped to a context of the user's life: "tool:database@family" and
"tool:database@side-project" are two slots, so a new database for the side project leaves the one
at home alone. Work is the default context of tools: a plain "tool:database" (no context said) and
"tool:database@work" (work named) are the same slot's two spellings. Work is spelled out when it is
named, so "at work we use MariaDB" can never be taken for the unscoped statement that would reach
into another context. A statement that names no context ("we switched to SQLite") speaks about work
if work holds the slot, else about the one context that holds it, if only one does."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

MULTI_VALUED_PREFIXES = (
    "like:",
    "dislike:",
    "avoid:",
    "allergy:",
    "language:",
    "pet:",
    "person:",
    "goal:",
    "habit:",
    "event:",
)


# "family:<relation>:<aspect>": one value at a time, like the user's own location or work ("my brother
# lives in Hamburg now" replaces Berlin); any other third part is a relative's name, one slot each.
RELATIVE_ASPECTS = frozenset({"location", "work", "name", "born"})


def is_multi_valued(slot: str | None) -> bool:
    if not slot:
        return False
    slot = base_slot(slot.strip().lower())
    if slot.startswith("family:") and slot.count(":") >= 2:
        return slot.split(":")[2] not in RELATIVE_ASPECTS
    return slot.startswith(MULTI_VALUED_PREFIXES)


def same_slot(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and a.strip().lower() == b.strip().lower()


CONTEXT_MARK = "@"
WORK = "work"  # the default context: a plain slot is work's


def base_slot(slot: str | None) -> str | None:
    """The slot without its context: "tool:database@family" -> "tool:database"."""
    return slot.split(CONTEXT_MARK, 1)[0] if slot else slot


def context_of(slot: str | None) -> str | None:
    """The context a slot names: "tool:database@family" -> "family"; None for a plain slot."""
    if not slot or CONTEXT_MARK not in slot:
        return None
    return slot.split(CONTEXT_MARK, 1)[1].strip().lower() or None


def same_context_slot(a: str | None, b: str | None) -> bool:
    """The same slot in the same context, work's two spellings (plain and "@work") being one."""
    if same_slot(a, b):
        return True
    if not a or not b or not same_slot(base_slot(a), base_slot(b)):
        return False
    return {context_of(a) or WORK, context_of(b) or WORK} == {WORK}


def slot_matches(candidate: str | None, neighbour: str | None) -> bool:
    """Whether a candidate's slot names the neighbour's: the same slot in the same context, or the
    candidate names no context and the neighbour holds that slot in one (the caller checks there is
    only one, and prefers work's: :func:`in_context_of`)."""
    if same_context_slot(candidate, neighbour):
        return True
    if not candidate or not neighbour or CONTEXT_MARK in candidate:
        return False
    return same_slot(candidate, base_slot(neighbour))


def slot_holders(candidate: str | None, slots: Sequence[str | None]) -> list[int]:
    """The positions of ``slots`` a candidate's slot speaks about: those of the same slot in the same
    context; failing any, when the candidate names no context, those of the one other context that
    holds the slot (never two contexts: which one it meant is then unknown)."""
    same = [i for i, slot in enumerate(slots) if same_context_slot(candidate, slot)]
    if same or not candidate or CONTEXT_MARK in candidate:
        return same
    elsewhere = [i for i, slot in enumerate(slots) if slot_matches(candidate, slot)]
    return elsewhere if len({context_of(slots[i]) for i in elsewhere}) == 1 else []


# --------------------------------------------------------------------------------------------
# Speakers: one user's conversations may hold several named speakers (a two-person chat log). Each
# speaker's facts are their own: "Jonas lives in Hamburg" must never replace "Maya lives in Edinburgh".
# The speaker is part of the slot, between its base and its context ("location~maya",
# "tool:database~maya@family"), so the store's exact-slot and same-base look-ups keep one speaker's
# facts together. Consolidation keeps a candidate's neighbours to its own speaker's and shows the rules
# and the decider the slots without the speaker, so every slot rule reads them as it reads anyone's.
# --------------------------------------------------------------------------------------------

SPEAKER_MARK = "~"
_NOT_IN_SPEAKER = re.compile(r"[~@:\s]+")


def speaker_key(name: str | None) -> str | None:
    """A speaker's name as it appears in a slot: "Anna Maria" -> "anna-maria"; None for no name."""
    if not name:
        return None
    key = _NOT_IN_SPEAKER.sub("-", unicodedata.normalize("NFC", name).strip().lower()).strip("-")
    return key or None


def speaker_of(slot: str | None) -> str | None:
    """The speaker a slot belongs to: "location~maya@work" -> "maya"; None for a speakerless slot."""
    if not slot or SPEAKER_MARK not in slot:
        return None
    return slot.split(SPEAKER_MARK, 1)[1].split(CONTEXT_MARK, 1)[0] or None


def without_speaker(slot: str | None) -> str | None:
    """The slot as any speaker's: "tool:database~maya@family" -> "tool:database@family"; a slotless
    fact's speaker mark ("~maya") -> None."""
    if not slot or SPEAKER_MARK not in slot:
        return slot
    base, rest = slot.split(SPEAKER_MARK, 1)
    _, mark, context = rest.partition(CONTEXT_MARK)
    return (base + mark + context) or None


def with_speaker(slot: str | None, name: str | None) -> str | None:
    """The slot of a named speaker's fact ("location" said by Maya -> "location~maya"); a slot that
    already names a speaker is given this one instead. A slotless fact keeps its speaker too ("~maya":
    no slot, Maya's), so it is never decided against another speaker's facts. No name: unchanged."""
    key = speaker_key(name)
    if key is None:
        return slot
    plain = without_speaker(slot) or ""
    base, mark, context = plain.partition(CONTEXT_MARK)
    return base + SPEAKER_MARK + key + mark + context


def written_as_speakers(text: str, key: str) -> bool:
    """Whether a fact's text is written as the speaker's (``key``: :func:`speaker_key`): a named
    speaker's facts begin with the name ("Maya moved to Leith", "Maya's cat is called Oscar"). Facts
    stored before slots named speakers sit on plain slots; this tells which of them were the speaker's."""
    words = speaker_key(text) or ""
    if not words.startswith(key):
        return False
    rest = words[len(key) :]
    return rest == "" or rest.startswith(("-", "'s-", "’s-", "'-", "’-"))
