"""Slots: what a fact is about. A single-valued slot holds one fact at a time (a new value replaces
the old); a multi-valued slot carries its value in its name ("like:jazz"), so values coexist.

A slot may be scoped to a context of the user's life: "tool:database@family" and
"tool:database@side-project" are two slots, so a new database for the side project leaves the one
at home alone (work, the default context of tools, keeps the plain "tool:database"). A statement
that names no context ("we switched to SQLite") speaks about the one context that holds the slot,
if only one does."""

from __future__ import annotations

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


def is_multi_valued(slot: str | None) -> bool:
    if not slot:
        return False
    slot = slot.strip().lower()
    return slot.startswith(MULTI_VALUED_PREFIXES) or (slot.startswith("family:") and slot.count(":") >= 2)


def same_slot(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and a.strip().lower() == b.strip().lower()


CONTEXT_MARK = "@"


def base_slot(slot: str | None) -> str | None:
    """The slot without its context: "tool:database@family" -> "tool:database"."""
    return slot.split(CONTEXT_MARK, 1)[0] if slot else slot


def slot_matches(candidate: str | None, neighbour: str | None) -> bool:
    """Whether a candidate's slot names the neighbour's: the same slot, or the candidate names no
    context and the neighbour holds that slot in one (the caller checks there is only one)."""
    if same_slot(candidate, neighbour):
        return True
    if not candidate or not neighbour or CONTEXT_MARK in candidate:
        return False
    return same_slot(candidate, base_slot(neighbour))
