"""Rule-based consolidation decisions for the offline provider.

``decide`` compares one candidate fact with the active facts most similar to it (its
neighbours, by small index) and answers ADD, UPDATE, DELETE or NONE:

1. same normalised text as a neighbour                          -> NONE (already known)
2. negated candidate ("The user no longer lives in Paris"):
   a neighbour on the same slot that names the retracted value  -> DELETE that neighbour
   otherwise                                                     -> NONE ("nothing to retract")
3. a neighbour on the same slot                                 -> UPDATE it (the candidate replaces it)
4. otherwise                                                     -> ADD

Slots decide what replaces what, and only equal slots do (case-insensitively):

* Single-valued slots hold one value at a time, so a new value replaces the old one:
  ``name``, ``age``, ``nationality``, ``origin``, ``location``, ``occupation``, ``employer``,
  ``education``, ``diet``, ``partner``, ``birthday``, ``favourite:<kind>``, ``tool:<domain>``
  (e.g. ``tool:database``: SQLite replaces Postgres) and ``family:<plural>`` (a count).
* Multi-valued slots put the value inside the slot, so "likes sushi" (``like:sushi``) never
  replaces "likes jazz" (``like:jazz``): ``like:*``, ``dislike:*``, ``avoid:*``, ``allergy:*``,
  ``language:*``, ``pet:*``, ``family:<relation>:<name>``, ``person:*``, ``goal:*``,
  ``habit:*``, ``event:*``.
* One deliberate exception: ``like:x`` and ``dislike:x`` are the same question asked two ways,
  so a positive candidate on one UPDATEs a neighbour on the other. A negated ``like:x`` ("no
  longer likes x") only retracts ``like:x``.

A candidate without a slot never matches anything by slot: it is either a duplicate or an ADD.

The candidate's value is not part of ``DecisionItem``, so for a retraction on a single-valued
slot it is read back from the candidate text: its proper nouns ("Paris", "Acme Corp") must all
appear in the neighbour, or, failing proper nouns, one of its content words ("vegan"). A text
that names no value ("The user broke up with their partner") retracts whatever holds the slot.
"""

from __future__ import annotations

import re

from shared.domain.consolidation import normalize_text as normalise_text
from shared.domain.consolidation import own_words
from shared.domain.models import Decision, DecisionItem, Neighbour, Op
from shared.domain.slots import MULTI_VALUED_PREFIXES, is_multi_valued, same_slot, slot_holders
from shared.domain.thing_match import names_all, one_partial_match

# v8: a retraction naming no context ends the one context's fact that names its value (consolidation's
# retraction_where_named); v7: only an existence-only restatement keeps (and targets) the fuller fact;
# v6: a valueless restatement keeps the fuller fact; v5: a relative's place holds one value.
RULES_VERSION = "rules-v8"

__all__ = ["MULTI_VALUED_PREFIXES", "RULES_VERSION", "decide", "is_multi_valued", "normalise_text"]

_SPACES = re.compile(r"\s+")
_TOKEN = re.compile(r"[\w+#]+")

# Words that frame a retraction rather than name what is retracted; whatever is left is the value.
_FRAME_WORDS = frozenset(
    " ".join(
        (
            "the a an user users is are was were be been being no not longer anymore any more never does do did",
            "doesn't don't isn't has have had their they them theirs there in at for with from to of on by and or as",
            "lives live living based resides located works work working worked employed uses use using used stopped",
            "quit left leaving moved away out broke up split separated divorced single widowed dumped died passed",
            "gone ended partner girlfriend boyfriend wife husband fiancé fiancée fiance fiancee spouse relationship",
            "together dating seeing married engaged job position role company employer unemployed previous location",
            "likes like loves love enjoys enjoy eats eat eating diet follows following speaks speak own owns now",
            "currently since also still",
        )
    ).split()
)


def _opposite_slot(a: str | None, b: str | None) -> bool:
    """like:x against dislike:x (either way round)."""
    if not a or not b:
        return False
    a, b = a.strip().lower(), b.strip().lower()
    for this, that in (("like:", "dislike:"), ("dislike:", "like:")):
        if a.startswith(this) and b.startswith(that) and a[len(this) :] == b[len(that) :]:
            return True
    return False


def _on_slot(slot: str | None, neighbours: tuple[Neighbour, ...]) -> list[Neighbour]:
    """Neighbours on the candidate's slot: the same slot (work's plain and "@work" spellings are one),
    else the one context that holds it (slots.slot_holders)."""
    exact = [n for n in neighbours if same_slot(slot, n.slot)]
    if exact:
        return exact
    return [neighbours[i] for i in slot_holders(slot, [n.slot for n in neighbours])]


def _best(neighbours: list[Neighbour]) -> Neighbour:
    """The most similar; the lower index on a tie, so the answer never depends on ordering noise."""
    return max(neighbours, key=lambda n: (n.similarity, -n.index))


def _tokens(text: str) -> set[str]:
    return {t for t in _TOKEN.findall(re.sub(r"'s\b", "", text.lower()))}


def _retracted_value(text: str) -> tuple[str, frozenset[str]] | None:
    """What a negated candidate names: ("all", proper nouns) or ("any", content words) or None.

    The first word is skipped for capitalisation, since every sentence starts with one.
    """
    words = _TOKEN.findall(re.sub(r"'s\b", "", text))
    proper = frozenset(w.lower() for w in words[1:] if w[0].isupper() and w.lower() not in _FRAME_WORDS)
    if proper:
        return "all", proper
    content = frozenset(w.lower() for w in words if w.lower() not in _FRAME_WORDS and not w.isdigit())
    return ("any", content) if content else None


def _names_value(neighbour: Neighbour, value: tuple[str, frozenset[str]] | None) -> bool:
    if value is None:
        return True
    mode, terms = value
    # "uses SQLite instead of Postgres": a former value the text mentions is not the fact's own value.
    found = _tokens(own_words(neighbour.text.lower()))
    return terms <= found if mode == "all" else bool(terms & found)


def _wildcard_hit(slot: str, neighbour: Neighbour) -> bool:
    """A retraction that knows the thing but not its kind ("*:rex" for "Rex passed away", "*:smoke"
    for "I gave up smoking") ends any fact whose slot or text names every one of its content words."""
    return names_all(slot[2:], neighbour.slot, neighbour.text)


def _partial_hit(key: str, neighbours: list[Neighbour]) -> list[Neighbour]:
    """The one neighbour that shares some of the thing's words ("coaching-u12s" and "coaching the
    under-12s") when the embedding agrees and no other shares any; else none."""
    index = one_partial_match(key, [(n.slot, n.text, n.similarity) for n in neighbours])
    return [] if index is None else [neighbours[index]]


def _retract(item: DecisionItem) -> Decision:
    slot = item.candidate_slot or ""
    if slot.startswith("*:"):
        same = [n for n in item.neighbours if _wildcard_hit(slot, n)] or _partial_hit(slot[2:], list(item.neighbours))
        if not same:
            return Decision(Op.NONE, reason="nothing to retract: no active fact names it")
        target = _best(same)
        return Decision(
            Op.DELETE, target=target.index, reason=f"retracts neighbour {target.index}, which names {slot[2:]}"
        )
    same = _on_slot(item.candidate_slot, item.neighbours)
    if not same and ":" in slot:
        # "stopped using Notion" (tool:notion) ends "uses Notion for notes" (tool:notes): same kind,
        # and the neighbour names what is retracted.
        kind, key = slot.split(":", 1)
        of_kind = [n for n in item.neighbours if (n.slot or "").startswith(f"{kind}:")]
        same = [n for n in of_kind if _wildcard_hit(f"*:{key}", n)] or _partial_hit(key, of_kind)
    if not same:
        return Decision(Op.NONE, reason="nothing to retract")
    if not is_multi_valued(item.candidate_slot):
        # On a single-valued slot, "no longer lives in Paris" must not end "lives in Berlin"; "sold their car"
        # names the slot itself ("car"), so whatever holds it.
        value = _retracted_value(item.candidate_text)
        slot_words = set(re.findall(r"[\w+#]+", (item.candidate_slot or "").lower()))
        if value is not None and value[0] == "any" and value[1] & slot_words:
            value = None
        same = [n for n in same if _names_value(n, value)]
        if not same:
            return Decision(Op.NONE, reason="nothing to retract: no active fact on the slot names that value")
    target = _best(same)
    reason = f"retracts neighbour {target.index} on {item.candidate_slot}"
    return Decision(Op.DELETE, target=target.index, reason=reason)


def decide(item: DecisionItem) -> Decision:
    """One consolidation decision for one candidate; pure and deterministic."""
    candidate = normalise_text(item.candidate_text)
    for neighbour in item.neighbours:
        if normalise_text(neighbour.text) == candidate:
            return Decision(Op.NONE, reason=f"same as neighbour {neighbour.index}")
    if item.candidate_negated:
        return _retract(item)
    same = _on_slot(item.candidate_slot, item.neighbours)
    if not same:
        same = [n for n in item.neighbours if _opposite_slot(item.candidate_slot, n.slot)]
    if same:
        target = _best(same)
        return Decision(
            Op.UPDATE, target=target.index, reason=f"replaces neighbour {target.index} on {item.candidate_slot}"
        )
    return Decision(Op.ADD, reason="new fact" if item.candidate_slot is None else f"new value on {item.candidate_slot}")
