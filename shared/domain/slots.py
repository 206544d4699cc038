"""Slots: what a fact is about. A single-valued slot holds one fact at a time (a new value replaces
the old); a multi-valued slot carries its value in its name ("like:jazz"), so values coexist."""

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
