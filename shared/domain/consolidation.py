"""Consolidation, as pure functions: which decision a candidate gets, and what that changes.

Nothing is overwritten. A change inserts a row and retires the old one (superseded_at and
superseded_by), and a retraction ends a fact without replacing it. Both timelines are kept:
valid_from / valid_to say when a fact was true in the world, recorded_at / superseded_at when
memstream knew it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from uuid import UUID

from shared.domain.models import Decision, DecisionItem, Neighbour, Op
from shared.domain.slot_names import canonical_slot
from shared.domain.slots import (
    SPEAKER_MARK,
    WORK,
    base_slot,
    context_of,
    is_multi_valued,
    same_context_slot,
    same_slot,
    slot_holders,
    slot_matches,
    speaker_of,
    without_speaker,
    written_as_speakers,
)
from shared.domain.thing_match import content_stems, names_all

_SPACES = re.compile(r"\s+")
_WORD = re.compile(r"[\w+#]+")

# A rule-based UPDATE needs the slot and the similarity to agree: below this cosine similarity between the
# candidate and the one fact on its slot, the two may be about different things that the extractor gave
# one slot, and the decider arbitrates. Chosen on the tune split with all-MiniLM-L6-v2 (bench/slot_similarity.py):
# the highest step of 0.05 that leaves every one of the 246 same-slot pairs of expected facts on the rule (the
# lowest is 0.305), while 71 % of pairs of facts of different kinds fall below it (test split: 0 of 185 and 76 %).
# Pairs in one language only: across two, the model says little, and the slot decides alone. Another embedding
# model has another scale: MEMSTREAM_SLOT_UPDATE_MIN_SIMILARITY.
SLOT_UPDATE_MIN_SIMILARITY = 0.30


@lru_cache(maxsize=4096)  # a candidate's text is normalised several times on its way (order, look-up, rules, row)
def normalize_text(text: str) -> str:
    """The form two facts must share to be the same fact."""
    return _SPACES.sub(" ", text.strip().lower()).rstrip(" .!?;:,")


@dataclass(frozen=True)
class ActiveFact:
    fact_id: UUID
    text: str
    normalized_text: str
    slot: str | None
    valid_from: datetime
    similarity: float
    language: str | None = None  # ISO 639-1, when known


@dataclass(frozen=True)
class CandidateView:
    """What consolidation needs of a candidate, whatever its source (stream or manual)."""

    text: str
    slot: str | None
    negated: bool
    valid_from: datetime  # when it became true, as the user stated it (else when it was said)
    observed_at: datetime | None = None  # when it was said; None: at valid_from
    value: str | None = None  # the slot's value as the extractor read it (a retraction names what it ends)
    language: str | None = None  # ISO 639-1, when known

    @property
    def said_at(self) -> datetime:
        return self.observed_at or self.valid_from


def application_order(said_at: datetime, valid_from: datetime, negated: bool, text: str, candidate_id: str) -> tuple:
    """The order candidates are applied in: when they were said, then the time they state, then (one
    message ending one thing and stating another: "not vegan anymore, I eat meat now") the ending first,
    then the text (the content hash last, as it differs between tenants). The extractor publishes each
    slice's candidates in this order too, so where the consolidator's batch boundaries fall (one batch, or
    one candidate per batch) never reorders them."""
    return said_at, valid_from, not negated, normalize_text(text), candidate_id


def speakers_own(candidate: CandidateView, neighbours: Sequence[ActiveFact]) -> tuple[CandidateView, list[ActiveFact]]:
    """A candidate and the neighbours it is decided on, as the rules and the decider see them: only its own
    speaker's facts (a named speaker's slot says whose it is: slots.with_speaker), every slot without the
    speaker. One speaker's statement never replaces, ends or duplicates another's; within one speaker the
    slots read as anyone's. A conversation without names is unchanged."""
    speakers = same_speakers(candidate.slot, neighbours)
    if candidate.slot and SPEAKER_MARK in candidate.slot:
        candidate = replace(candidate, slot=without_speaker(candidate.slot))
    return candidate, speakers


def same_speakers(slot: str | None, neighbours: Sequence[ActiveFact]) -> list[ActiveFact]:
    """The neighbours of the speaker ``slot`` names (or of no named speaker), their slots without it."""
    mine = speaker_of(slot)
    if mine is None and not any(n.slot and SPEAKER_MARK in n.slot for n in neighbours):
        return list(neighbours)  # no speaker anywhere (a conversation without names): nothing to drop or rewrite
    return [replace(n, slot=without_speaker(n.slot)) if n.slot else n for n in neighbours if _speakers(n, mine)]


def _speakers(neighbour: ActiveFact, speaker: str | None) -> bool:
    """Whether a neighbour is the fact of ``speaker`` (None: of no named speaker). A fact on a plain slot
    stored before slots named speakers is a named speaker's when its text is written as theirs, so after
    an upgrade "Maya moved to Leith" still replaces Maya's older home."""
    theirs = speaker_of(neighbour.slot)
    if theirs == speaker:
        return True
    return theirs is None and speaker is not None and written_as_speakers(neighbour.text, speaker)


def decide_by_rule(
    candidate: CandidateView,
    neighbours: list[ActiveFact],
    *,
    slot_update_min_similarity: float = SLOT_UPDATE_MIN_SIMILARITY,
) -> Decision | None:
    """The decisions that need no provider call; None means ask the decider. Each rule looks only at
    the candidate and the active facts before it, so a batch boundary can never change its answer."""
    norm = normalize_text(candidate.text)
    if not candidate.negated and any(n.normalized_text == norm for n in neighbours):
        return Decision(Op.NONE, reason="exact duplicate of an active fact")
    if not neighbours:
        if candidate.negated:
            return Decision(Op.NONE, reason="nothing to retract")
        return Decision(Op.ADD, reason="no similar active fact")
    if candidate.negated:
        return retraction_by_rule(candidate, neighbours)
    return (
        restated_with_less(candidate, neighbours)
        or update_by_named_change(candidate, neighbours)
        or update_by_slot(candidate, neighbours, min_similarity=slot_update_min_similarity)
        or add_by_slot(candidate, neighbours)
    )


def restated_with_less(candidate: CandidateView, neighbours: Sequence[ActiveFact]) -> Decision | None:
    """A candidate that only says a thing of its slot's kind exists ("The user has a wife" against "The
    user's wife is Karen", "The user owns a car" against "The user's car is a Volvo"): nothing new, so it
    restates the fuller fact (NONE with that fact as the target, which reinforces it) rather than replacing
    it with the thinner one. Only an existence-only candidate: one whose every content word names the
    slot's kind (a value, however short, is a new one: "lives in York" against "lives in New York City";
    and a model may leave ``value`` empty for any fact, so its absence proves nothing). Only against a
    fuller fact that still holds as said ("late wife was Karen", "was a teacher before ..." end or change
    what they name, and "has a wife" is then news), and in the same language: words are compared as written."""
    if not candidate.slot or candidate.value or is_multi_valued(candidate.slot):
        return None
    # The cheap tests first (most candidates have no fuller fact on their slot); the outcome is the same.
    holders = slot_holders(canonical_slot(candidate.slot), [canonical_slot(n.slot) for n in neighbours])
    fuller = [
        index
        for index in holders
        if not (candidate.language and neighbours[index].language and candidate.language != neighbours[index].language)
        and not _PAST_OR_CHANGED.search(neighbours[index].text)
    ]
    if not fuller or not _only_names_its_kind(candidate.text, candidate.slot):
        return None
    words = content_stems(candidate.text) - _EXISTENCE_VERBS
    for index in fuller:
        fact = neighbours[index]
        if words < content_stems(fact.text):
            return Decision(Op.NONE, target=index, reason=f"restates neighbour {index} on {candidate.slot} with less")
    return None


# Verbs that only say that a thing exists ("owns a car", "got a dog"); "has" and "have" are stop words.
_EXISTENCE_VERBS = content_stems("owns own owned got gotten")
# A fact that puts what it names in the past or says it changed: a bare "has a wife" after it is news.
_PAST_OR_CHANGED = re.compile(
    r"\b(?:was|were|had|late|former|formerly|ex|previously|before|after|having|used\s+to|left|leaving|until"
    r"|moved|moving|became|becoming|anymore|no\s+longer|passed|died|divorced|separated)\b",
    re.IGNORECASE,
)


def _only_names_its_kind(text: str, slot: str) -> bool:
    """Whether every content word of ``text`` names the kind of thing ``slot`` holds (or only says that it
    exists): "The user has a wife" on "partner" (a wife is a partner), "... owns a car" on "car"."""
    kind = content_stems(canonical_slot(base_slot(slot)) or "")
    words = [w for w in _WORD.findall(text.lower()) if content_stems(w)]
    if not words or not kind:
        return False
    for word in words:
        stems = content_stems(word)
        if stems <= _EXISTENCE_VERBS:
            continue
        named = stems | content_stems(canonical_slot(word) or "") | content_stems(word.removesuffix("s"))
        if not named & kind:
            return False
    return True


# A candidate that says what it replaces: "... padel instead of badminton", "... switched from Vim to Helix".
_REPLACES = re.compile(
    r"\binstead\s+of\s+(?:the\s+|my\s+|their\s+|an?\s+)?(?P<old>[\w' +#.-]+?)\s*(?=[.,;!?)(]|$)"
    r"|\b(?:switch(?:ed|es)?|moved|migrated|changed|went|swapped|converted|upgraded)\b[^.;]*?"
    r"\bfrom\s+(?:the\s+|my\s+|their\s+|an?\s+)?(?P<old2>[\w' +#.-]+?)\s+to\b",
    re.IGNORECASE,
)


def update_by_named_change(candidate: CandidateView, neighbours: Sequence[ActiveFact]) -> Decision | None:
    """A candidate that names what it replaces ("plays padel instead of badminton") replaces the one active
    fact in its context that names that thing and not the new value, whatever slot either was given (the
    earlier fact may be further back than the extractor looks)."""
    said = _REPLACES.search(candidate.text)
    old = (said.group("old") or said.group("old2")) if said else None
    if not old or not content_stems(old):
        return None
    mine = context_of(candidate.slot) or WORK
    naming = [
        i
        for i, n in enumerate(neighbours)
        if names_all(old, n.slot, n.text)
        and (context_of(n.slot) or WORK) == mine
        and not (candidate.value and names_all(candidate.value, None, n.text))
        and not (n.slot or "").startswith("*:")
    ]
    if len(naming) != 1:
        return None
    return Decision(Op.UPDATE, naming[0], reason=f"replaces the active fact about {old.strip()}, which it names")


def update_by_slot(
    candidate: CandidateView, neighbours: Sequence[ActiveFact], *, min_similarity: float = SLOT_UPDATE_MIN_SIMILARITY
) -> Decision | None:
    """A new value on a single-valued slot that exactly one active fact holds replaces it, when the two are
    also alike (cosine similarity at least ``min_similarity``, for facts in one language): the slot and the
    similarity must agree. When they disagree (the one fact on the slot reads like something else), the
    decider arbitrates. Slots are compared in their canonical spelling (slot_names), so "tool:code editor"
    meets "tool:editor"."""
    if not candidate.slot or candidate.negated or is_multi_valued(candidate.slot):
        return None
    on_slot = slot_holders(canonical_slot(candidate.slot), [canonical_slot(n.slot) for n in neighbours])
    if len(on_slot) == 1 and _similarity_agrees(candidate, neighbours[on_slot[0]], min_similarity):
        return Decision(Op.UPDATE, on_slot[0], reason=f"new value on single-valued slot {candidate.slot}")
    return None


def _similarity_agrees(candidate: CandidateView, fact: ActiveFact, min_similarity: float) -> bool:
    """Whether the similarity backs the slot. Only within one language: across two, the (English) embedding
    model says little (on the tune split, 90 % of same-slot pairs in two languages fall below 0.30), so the
    slot decides alone there, as it did before the check."""
    if candidate.language and fact.language and candidate.language != fact.language:
        return True
    return fact.similarity >= min_similarity


def add_by_slot(candidate: CandidateView, neighbours: Sequence[ActiveFact]) -> Decision | None:
    """A statement on a slot no neighbour holds is new information: only facts on the same slot replace
    each other (the decider's own instruction), and each neighbour here is about something else by its
    slot. Not when a neighbour has no slot (it may say the same thing), holds the slot in some context
    ("tool:database@family"), is its like/dislike opposite, or is on a slot that only looks alike (the
    same kind and a shared word: "tool:editor plugin" and "tool:editor"): the decider weighs those."""
    if not candidate.slot or candidate.negated or candidate.slot.startswith("*:"):
        return None
    mine = _base_canonical(candidate.slot)
    for n in neighbours:
        if not n.slot or n.slot.startswith("*:"):
            return None
        theirs = _base_canonical(n.slot)
        if theirs == mine or _opposite(mine, theirs) or _looks_alike(mine, theirs):
            return None
    return Decision(Op.ADD, reason=f"no active fact on slot {candidate.slot}")


def _base_canonical(slot: str) -> str:
    return base_slot(canonical_slot(slot)) or ""


def _looks_alike(a: str, b: str) -> bool:
    kind_a, _, thing_a = a.partition(":")
    kind_b, _, thing_b = b.partition(":")
    return kind_a == kind_b and (not thing_a or not thing_b or bool(set(_words(thing_a)) & set(_words(thing_b))))


def _opposite(a: str, b: str) -> bool:
    """like:x and dislike:x: the same question asked two ways."""
    for this, that in (("like:", "dislike:"), ("dislike:", "like:")):
        if a.startswith(this) and b.startswith(that) and a[len(this) :] == b[len(that) :]:
            return True
    return False


def same_canonical_slot(candidate: str, neighbour: str | None) -> bool:
    if slot_matches(candidate, neighbour):
        return True
    return neighbour is not None and slot_matches(canonical_slot(candidate), canonical_slot(neighbour))


def retraction_by_rule(candidate: CandidateView, neighbours: Sequence[ActiveFact]) -> Decision | None:
    """A retraction that can only mean one active fact ends it; anything less certain goes to the
    decider (never NONE by rule while there are neighbours: the decider may see what a rule cannot).

    - On a multi-valued slot the value is in the slot ("like:jazz"): the one fact on that exact slot.
    - On a single-valued slot ("location") the slot alone is not enough ("no longer in Paris" must not
      end "lives in Berlin"): the one fact on the slot, and only if its text names the retracted value.
    - A thing-named retraction ("*:rex", "Rex passed away"): the one fact whose slot names the thing,
      and only if no other neighbour's slot or text names it at all.
    """
    if not candidate.negated or not candidate.slot:
        return None
    if candidate.slot.startswith("*:"):
        return _retract_thing(candidate.slot[2:], neighbours)
    on_slot = [i for i, n in enumerate(neighbours) if same_context_slot(candidate.slot, n.slot)]
    if len(on_slot) != 1:
        return retraction_where_named(candidate, neighbours)
    [target] = on_slot
    if is_multi_valued(candidate.slot):
        return Decision(Op.DELETE, target, reason=f"retracts the one active fact on {candidate.slot}")
    if candidate.value and _holds_value(neighbours[target].normalized_text, candidate.value):
        return Decision(Op.DELETE, target, reason=f"retracts the one active fact on {candidate.slot}, which names it")
    return retraction_where_named(candidate, neighbours)


def retraction_where_named(candidate: CandidateView, neighbours: Sequence[ActiveFact]) -> Decision | None:
    """A retraction that names no context ("stopped using Firefox") ends the one fact on its slot, in any
    context (work's plain slot among them), whose own value is the one it retracts ("uses Firefox" at home),
    whether work holds another fact on the slot ("uses Chrome") or none: a plain slot is work's only for what
    work's fact can mean. Two facts holding the value: it cannot tell which, and leaves both to the decider."""
    if not candidate.value or not candidate.slot or context_of(candidate.slot) is not None:
        return None
    if is_multi_valued(candidate.slot):
        return None
    base = base_slot(candidate.slot)
    naming = [
        i
        for i, n in enumerate(neighbours)
        if n.slot and same_slot(base_slot(n.slot), base) and _holds_value(n.normalized_text, candidate.value)
    ]
    if len(naming) != 1:
        return None
    return Decision(Op.DELETE, naming[0], reason=f"retracts the one active fact on {base} in any context that names it")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("-", " "))


def _names_words(text: str, value: str) -> bool:
    """Whether ``text`` contains every word of ``value`` as a whole word."""
    wanted = _words(value)
    return bool(wanted) and set(wanted) <= set(_words(text))


# What a fact says it was before, or is not: "uses SQLite instead of Postgres", "lives in Munich (moved from
# Berlin)", "switched from Vim to Helix", "uses Chrome, not Firefox". The words of these phrases are no
# value of the fact's own, so a retraction of them ("no longer uses Postgres") never ends it.
_FORMER_PHRASE = re.compile(
    r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of|replacing|replaced|after\s+leaving|formerly|previously"
    r"|used\s+to|no\s+longer|not|from)\b"
    r"[^,;()]*?(?=\s+to\b|[,;()]|$)"
)
_CHANGE_VERB = re.compile(
    r"\b(?:moved|moving|switched|switching|changed|migrated|upgraded|relocated|transferred|came|coming)\b"
)


def own_words(text: str) -> str:
    """A fact's text without what it says it was before or is not: the words its own value can be among.
    A bare "from" is a former value only in a fact that says it changed ("moved to Munich from Berlin");
    elsewhere ("works from home") it is the value."""
    changed = bool(_CHANGE_VERB.search(text))

    def cut(m: re.Match[str]) -> str:
        bare_from = m.group(0).lower().startswith("from")
        return m.group(0) if bare_from and not changed else " "

    return _FORMER_PHRASE.sub(cut, text)


def _holds_value(text: str, value: str) -> bool:
    """Whether a fact's own value (not a former one its text mentions) is ``value``: a pure function of the
    text, so replaying the same retraction decides the same way."""
    return _names_words(own_words(text), value)


def _mentions(fact: ActiveFact, thing: str) -> bool:
    """Loosely (by content-word stems, "smoke" in "smoking", "u12s" in "under-12s"), whether a fact's slot
    or text names every word of the thing: a rule may act only when no other fact comes close."""
    return names_all(thing, fact.slot, fact.text)


def _slot_names_thing(slot: str | None, thing: str) -> bool:
    if not slot:
        return False
    wanted = content_stems(thing)
    parts = (base_slot(slot) or "").split(":")[1:]
    return any(content_stems(part) == wanted for part in parts)


def _retract_thing(thing: str, neighbours: Sequence[ActiveFact]) -> Decision | None:
    if not content_stems(thing):
        return None
    mentioned = [i for i, n in enumerate(neighbours) if _mentions(n, thing)]
    if len(mentioned) == 1 and _slot_names_thing(neighbours[mentioned[0]].slot, thing):
        return Decision(Op.DELETE, mentioned[0], reason=f"retracts the one active fact that names {thing}")
    return None


def decision_item(candidate: CandidateView, neighbours: list[ActiveFact]) -> DecisionItem:
    """The decider sees neighbours by position (0, 1, ...), never by id."""
    return DecisionItem(
        candidate_text=candidate.text,
        candidate_slot=candidate.slot,
        candidate_negated=candidate.negated,
        neighbours=tuple(
            Neighbour(index=i, text=n.text, slot=n.slot, valid_from=n.valid_from, similarity=n.similarity)
            for i, n in enumerate(neighbours)
        ),
    )


class InvalidDecision(ValueError):
    """The decider named a target that is not among the neighbours."""


@dataclass(frozen=True)
class ChangePlan:
    """What to write for one candidate. ``op`` is what was applied, which may differ from what
    was decided: an UPDATE older than its target becomes history."""

    op: Op
    reason: str
    insert_active: bool = False  # insert the candidate as an active fact
    insert_history_of: UUID | None = None  # insert it as already superseded by this (newer) fact
    history_valid_to: datetime | None = None
    supersede: UUID | None = None  # retire this fact, replaced by the candidate
    retract: UUID | None = None  # retire this fact, replaced by nothing
    ends_at: datetime | None = None  # valid_to for the retired fact
    retracted_at: datetime | None = None  # insert the candidate as already retracted at this time

    @property
    def inserts(self) -> bool:
        return self.insert_active or self.insert_history_of is not None or self.retracted_at is not None


def plan_change(
    candidate: CandidateView, decision: Decision, neighbours: Sequence[ActiveFact], tombstone: datetime | None = None
) -> ChangePlan:
    """What a decision means for the data. ``tombstone`` is the earliest retraction on the candidate's
    slot that is later than the candidate: it ends the candidate, whichever arrived first."""
    plan = _plan(candidate, decision, neighbours)
    if tombstone is None or not plan.inserts:
        return plan
    newer = plan.history_valid_to
    if newer is not None and newer <= tombstone:
        return plan  # a newer fact replaced it before the retraction
    return replace(
        plan,
        insert_active=False,
        insert_history_of=None,
        history_valid_to=None,
        retracted_at=tombstone,
        reason=f"{plan.reason}; ended by a later retraction",
    )


def _plan(candidate: CandidateView, decision: Decision, neighbours: Sequence[ActiveFact]) -> ChangePlan:
    if decision.op is Op.ADD:
        return ChangePlan(Op.ADD, decision.reason, insert_active=True)
    if decision.op is Op.NONE:
        return ChangePlan(Op.NONE, decision.reason)
    if decision.target is None or not 0 <= decision.target < len(neighbours):
        raise InvalidDecision(f"{decision.op} names target {decision.target}, have {len(neighbours)} neighbours")
    target = neighbours[decision.target]
    if _called_off(candidate, target):
        # A dated event moved or cancelled before its date: it never took place (an empty interval), and
        # the change is news though said before the event's date.
        if decision.op is Op.UPDATE:
            reason = f"{decision.reason}; the event it moves never took place"
            return ChangePlan(
                Op.UPDATE, reason, insert_active=True, supersede=target.fact_id, ends_at=target.valid_from
            )
        reason = f"{decision.reason}; the event is called off before its date"
        return ChangePlan(Op.DELETE, reason, retract=target.fact_id, ends_at=target.valid_from)
    # A late or replayed candidate that is older than what we know now is history, not news. It
    # is news when it was *said* after the active fact became true, even if the date it states is
    # earlier ("I live in Lisbon" at 09:00, "I moved to Porto last week" at 09:01).
    if candidate.valid_from < target.valid_from and candidate.said_at < target.valid_from:
        if decision.op is Op.DELETE:
            return ChangePlan(Op.NONE, "retraction older than the active fact")
        return ChangePlan(
            Op.NONE,
            "older than the active fact; kept as history",
            insert_history_of=target.fact_id,
            history_valid_to=target.valid_from,
        )
    # The stated date ends the old fact; never before the old fact began (an empty interval then).
    ends_at = max(candidate.valid_from, target.valid_from)
    if decision.op is Op.UPDATE:
        return ChangePlan(Op.UPDATE, decision.reason, insert_active=True, supersede=target.fact_id, ends_at=ends_at)
    return ChangePlan(Op.DELETE, decision.reason, retract=target.fact_id, ends_at=ends_at)


EVENT_KIND = "event"


def _called_off(candidate: CandidateView, target: ActiveFact) -> bool:
    """Whether the candidate moves or cancels a dated event (an "event:" slot) that is still ahead when the
    candidate is said: "the dentist got moved to Monday" on Wednesday, of an appointment on Friday."""
    kind = (base_slot(target.slot) or "").split(":", 1)[0].strip().lower()
    return kind == EVENT_KIND and candidate.said_at < target.valid_from


def restated_fact(candidate: CandidateView, decision: Decision, neighbours: Sequence[ActiveFact]) -> UUID | None:
    """The active fact a NONE decision says the user restated (it is reinforced as a recall): the
    decider's target, or else the neighbour with the same normalised text. None for a negation."""
    if decision.op is not Op.NONE or candidate.negated:
        return None
    if decision.target is not None and 0 <= decision.target < len(neighbours):
        return neighbours[decision.target].fact_id
    norm = normalize_text(candidate.text)
    return next((n.fact_id for n in neighbours if n.normalized_text == norm), None)
