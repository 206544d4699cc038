"""The prompts of the ``openai`` provider, each with its version and its reply schema.

A version is part of every provider-call cache key (``provider.prompt_version``): change a
prompt, a schema or a renderer below and bump its version, so cached replies of the old prompt
are not reused.

Budget: the whole prompt of one extraction call (system prompt, reply schema, context, summary
and the new message) stays well under 1,500 tokens; a known peer sends about 8,800. So the
system prompts are terse, the reply format is given once (the strict schema where the endpoint
takes one, else a one-line example appended to the system prompt: :func:`with_format`), and
context messages are clipped. The user content is line-oriented and machine-readable (message
texts are JSON strings), which keeps it compact and lets the loopback test server read it back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from shared.domain.models import Category, DecisionItem, ExtractionInput, Turn
from shared.domain.slots import without_speaker

EXTRACTION_VERSION = "extract-v5"  # v5: a named speaker's facts on that speaker's slots (location~maya)
DECISION_VERSION = "decide-v2"
SUMMARY_VERSION = "summary-v1"  # session summaries and profile digests

CONTEXT_CLIP_CHARS = 400  # earlier messages only help interpret the new ones
SESSION_BUDGET_CHARS = 6000  # a summary sees the newest messages that fit (about 1,500 tokens)
CATEGORIES = [c.value for c in Category]
OPS = ["ADD", "UPDATE", "DELETE", "NONE"]

# --------------------------------------------------------------------------------------------
# Extraction
# --------------------------------------------------------------------------------------------

EXTRACTION_SYSTEM = """\
Extract long-term memories about the user from the numbered user messages under "New:"; the \
summary and earlier messages are context only.
- Atomic, standalone third-person facts in the user's language ("The user ...", "Der Nutzer \
...").
- Only what the user stated or confirmed (a "yes" to a question). Skip greetings, \
filler, questions, requests, hypotheticals, assistant claims and details of the current task.
- Write relative dates ("next Friday") as YYYY-MM-DD from that message's timestamp.
- category: preference, fact, event, relationship, decision or general. importance: 1-10 (10 \
for identity, health, close people).
- slot: what the fact is about; a later fact on the slot replaces it. One value: name, age, \
location, origin, nationality, occupation, employer, education, diet, partner, birthday, \
favourite:<kind>, tool:<domain>. Several values, the value in the slot: like:<x>, dislike:<x>, \
allergy:<x>, language:<x>, pet:<name>, family:<relation>:<name>, person:<relation>:<name>, \
goal:<x>, habit:<x>, event:<x>. Else null. value: the slot's value. Reuse a slot listed under \
"Slots:" when the fact is about the same thing.
- negated: true when something ends ("I no longer live in Berlin", "we broke up").
- since: YYYY-MM-DD it began or happens, if stated; else null.
- user(Name) lines are Name's: "Name ...", not "The user ...".
- msg: the fact's message number. language: ISO 639-1."""

# The reply format, for endpoints that do not take the schema (JSON mode, plain text): one copy of
# the format per prompt, the schema or this example, never both.
EXTRACTION_EXAMPLE = """
JSON only: {"facts":[{"msg":1,"text":"The user lives in Berlin","category":"fact","importance":7,\
"slot":"location","value":"Berlin","negated":false,"since":null,"language":"en"}]}, or {"facts":[]}."""

EXTRACTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["facts"],
    "properties": {
        "facts": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": [
                    "msg",
                    "text",
                    "category",
                    "importance",
                    "slot",
                    "value",
                    "negated",
                    "since",
                    "language",
                ],
                "properties": {
                    "msg": {"type": "integer"},
                    "text": {"type": "string"},
                    "category": {"type": "string", "enum": CATEGORIES},
                    "importance": {"type": "integer"},
                    "slot": {"type": ["string", "null"]},
                    "value": {"type": ["string", "null"]},
                    "negated": {"type": "boolean"},
                    "since": {"type": ["string", "null"]},
                    "language": {"type": "string"},
                },
            },
        }
    },
}


def with_format(system: str, example: str, schema_sent: bool) -> str:
    """The system prompt for a response style: the example only when no schema goes with the request."""
    return system if schema_sent else system + example


def stamp(moment: datetime) -> str:
    """``2026-03-12T10:00+00:00 Thu``: the weekday spares the model a calendar computation."""
    return f"{moment.isoformat(timespec='minutes')} {moment:%a}"


def speaker(turn: Turn) -> str:
    """ "user", or "user(Caroline)" when the chat names the speaker."""
    name = re.sub(r"[^\w .'-]", "", turn.name or "").strip()
    return f"{turn.role}({name})" if name else turn.role


def quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _clip(text: str) -> str:
    return text if len(text) <= CONTEXT_CLIP_CHARS else text[: CONTEXT_CLIP_CHARS - 1] + "…"


def render_extraction(request: ExtractionInput) -> str:
    """The user content of an extraction call. New messages are numbered from 1. The user's known
    slots come sorted, so the same set always reads the same. Earlier messages the summary covers are
    left out: the context is the summary, then what came after it."""
    lines: list[str] = []
    # Without speakers: the model names what a fact is about; whose it is, the pipeline adds.
    if known := sorted({s for s in map(without_speaker, request.known_slots) if s}):
        lines.append(f"Slots: {json.dumps(known, ensure_ascii=False, separators=(',', ':'))}")
    if request.summary.strip():
        lines.append(f"Summary: {quote(request.summary.strip())}")
    if context := request.unsummarized_context:  # what the summary says is not said again
        lines.append("Earlier:")
        lines.extend(f"{speaker(t)} {stamp(t.created_at)}: {quote(_clip(t.content))}" for t in context)
    lines.append("New:")
    lines.extend(
        f"[{n}] {speaker(t)} {stamp(t.created_at)}: {quote(t.content)}"
        for n, t in enumerate(request.new_turns, start=1)
    )
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Decisions
# --------------------------------------------------------------------------------------------

DECISION_SYSTEM = """\
You keep a user's memory consistent. Each line is an item: a new candidate fact [text, slot, \
negated] and the existing facts most like it [number, text, slot, since, similarity], numbered per \
item. Decide each item, in order:
ADD: new information (target null). UPDATE: it replaces existing fact <target> (same slot, new \
value, or a fuller version of it). DELETE: a negated candidate that ends fact <target>. NONE: \
already known, or a negation with nothing to end (target null).
Only facts on the same slot replace each other; on several-valued slots (like:, allergy:, pet:, \
language:, family:...) the value is part of the slot, so different values coexist. A negated \
candidate never ADDs."""

DECISION_EXAMPLE = """
Reply with JSON only, like {"decisions":[{"item":0,"op":"UPDATE","target":1,"reason":"moved"}]}."""

DECISION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["decisions"],
    "properties": {
        "decisions": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["item", "op", "target", "reason"],
                "properties": {
                    "item": {"type": "integer"},
                    "op": {"type": "string", "enum": OPS},
                    "target": {"type": ["integer", "null"]},
                    "reason": {"type": "string"},
                },
            },
        }
    },
}


def render_decisions(items: Sequence[DecisionItem]) -> str:
    """One JSON line per item: candidate [text, slot, negated] and neighbours
    [index, text, slot, valid_from, similarity]."""
    lines = []
    for i, item in enumerate(items):
        line = {
            "item": i,
            "candidate": [item.candidate_text, item.candidate_slot, item.candidate_negated],
            "existing": [
                [n.index, n.text, n.slot, n.valid_from.date().isoformat(), round(n.similarity, 2)]
                for n in item.neighbours
            ],
        }
        lines.append(json.dumps(line, ensure_ascii=False, separators=(",", ":")))
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Summaries (plain text: bounded by max_tokens, so a cut reply is still a usable summary)
# --------------------------------------------------------------------------------------------

SUMMARY_SYSTEM = """\
Summarise this conversation for an assistant that will continue it later, in at most {words} \
words of plain text: who the user is, what they want, what was decided and what is still open. \
Third person; the language of the user's messages; no preamble."""

PROFILE_SYSTEM = """\
Write a short profile of the user from these facts, in at most {words} words of plain text, \
grouped by theme, most important first. Use only the facts given; no preamble."""


def summary_system(max_tokens: int) -> str:
    return SUMMARY_SYSTEM.format(words=max(20, int(max_tokens * 0.6)))


def profile_system(max_tokens: int) -> str:
    return PROFILE_SYSTEM.format(words=max(20, int(max_tokens * 0.6)))


def render_session(turns: Sequence[Turn]) -> str:
    """The newest messages that fit the budget, oldest first; long ones clipped."""
    lines: list[str] = []
    used = 0
    for t in reversed(turns):
        line = f"{t.role} {stamp(t.created_at)}: {quote(_clip(t.content))}"
        if lines and used + len(line) > SESSION_BUDGET_CHARS:
            lines.append("(earlier messages omitted)")
            break
        lines.append(line)
        used += len(line) + 1
    return "\n".join(reversed(lines))


def render_profile(facts: Sequence[tuple[str, str]]) -> str:
    """The facts in the order given, as many as fit the budget."""
    lines: list[str] = []
    used = 0
    for category, text in facts:
        line = f"{category}: {quote(_clip(text))}"
        if lines and used + len(line) > SESSION_BUDGET_CHARS:
            lines.append(f"(and {len(facts) - len(lines)} more facts)")
            break
        lines.append(line)
        used += len(line) + 1
    return "\n".join(lines)
