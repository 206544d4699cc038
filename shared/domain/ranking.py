"""Ranking and fusion for search (pure): BM25 from term statistics, calibrated fusion, and RRF.

Why calibrated fusion: the legs differ in quality and coverage. Rank fusion (RRF) gives every leg's
first row the same weight whatever its score, so a leg with no real match (a fact 0.1 similar to
the query) crowds out a leg with an exact one. Here each leg's score is mapped to [0, 1] on a
fixed scale (cosine between a floor and a full-match point; BM25 relative to an average-length
message holding each query term once, times the share of the query's idf mass the message holds),
and rows under a leg's floor are dropped.

A piece of evidence is a message together with the facts extracted from it: they are one result,
not two (union of the facts' source messages and the messages found), and one piece of evidence
seen twice by the same kind of leg is not two votes: per kind (semantic: the vector legs; lexical:
the full-text legs) it counts with its best member. Its score is then the strongest kind's weighted
score, plus `agreement` times the other kinds' (0: the others only break ties; 1: their sum), plus
the hints (the speaker or the month the query names). Why not the plain sum: both kinds read the
same words, so a message that shares the query's words without answering it (small talk about the
same topic) is favoured twice, and a fact and its own message counted twice. Why not the strongest
kind alone: when the vectors are the weaker leg (as MiniLM is on real long chats), agreement is what
lifts the right turn over the vectors' near misses. The floors, weights and agreement were chosen on
the tuning split for the best worst case over the captured legs and the same legs with the vector
scores perturbed (bench/retrieval_tune.py; docs/evaluation.md).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import Stemmer

RRF_K = 60

_STEMMER = Stemmer.Stemmer("english")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Words that carry no topic in a question (beyond the usual stop words: the question's own verbs).
_QUESTION_STOP_TEXT = """a about above after again all also am an and any are as at be because been before being
    below between
    both but by can could did do does doing don done down during each else ever few for from further get got had
    has have having he her here hers him his how i if in into is it its just know like me more most my myself
    no nor not now of off on once only or other our ours out over own please remember same she should so some
    such tell than that the their theirs them then there these they this those through to too under until up us
    very was we were what when where which while who whom why will with would you your yours user users
    anything something thing things recall say said mention mentioned s t ll ve re d m"""
_QUESTION_STOP = frozenset(_QUESTION_STOP_TEXT.split())


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def stem_terms(text: str, *, max_terms: int = 24) -> list[str]:
    """The query's content words, stemmed (Snowball English, as Postgres' 'english' configuration
    stems the messages), deduplicated, in order."""
    out: list[str] = []
    for word in _WORD.findall(text.lower()):
        if word in _QUESTION_STOP or (len(word) < 2 and not word.isdigit()):
            continue
        stem = _STEMMER.stemWord(word)
        if stem not in out:
            out.append(stem)
    return out[:max_terms]


def speaker_parts(names: Iterable[str]) -> list[str]:
    """The words of speakers' names (lower case, longest first): "Anna Maria" gives anna and maria."""
    return sorted({w for name in names for w in words(name) if len(w) > 1}, key=lambda w: (-len(w), w))


def without_speakers(query: str, names: Iterable[str]) -> str:
    """The query without the names of the conversation's speakers (and their possessive 's), for the
    message legs. Why: a message is embedded and indexed without its speaker's name (see
    shared.domain.windows.embedding_text), so a name in the query matches nothing in the right turn,
    while with MiniLM it pulls the query towards every short turn ("What happened to Noor's back?"
    came nearer to "Did you watch the finale?" than to the turn about the injury). Who said what is
    the speaker hint's job. A query that is nothing but a name is kept whole."""
    parts = speaker_parts(names)
    if not parts:
        return query
    pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, parts)) + r")(?:['’]s)?\b", re.IGNORECASE)
    stripped = " ".join(pattern.sub(" ", query).split())
    return stripped if _WORD.search(stripped) else query


@dataclass(frozen=True)
class Bm25:
    k1: float = 1.2
    b: float = 0.75


def bm25_scores(
    term_freqs: Sequence[Mapping[str, int]],
    doc_lengths: Sequence[int],
    terms: Sequence[str],
    *,
    total_docs: int,
    avg_length: float,
    doc_freqs: Mapping[str, int],
    params: Bm25 = Bm25(),
) -> list[float]:
    """Okapi BM25 of each document for the query terms; idf = ln(1 + (N - df + 0.5) / (df + 0.5))."""
    avg = max(avg_length, 1e-9)
    idf = bm25_idf(terms, total_docs=total_docs, doc_freqs=doc_freqs)
    out = []
    for tf, dl in zip(term_freqs, doc_lengths, strict=True):
        norm = params.k1 * (1.0 - params.b + params.b * dl / avg)
        out.append(sum(idf[t] * f * (params.k1 + 1.0) / (f + norm) for t in terms if (f := tf.get(t, 0))))
    return out


def bm25_idf(terms: Sequence[str], *, total_docs: int, doc_freqs: Mapping[str, int]) -> dict[str, float]:
    n = max(total_docs, 1)
    return {t: math.log(1.0 + (n - doc_freqs.get(t, 0) + 0.5) / (doc_freqs.get(t, 0) + 0.5)) for t in terms}


def coverage(tf: Mapping[str, int], terms: Sequence[str], idf: Mapping[str, float]) -> float:
    """The share of the query's idf mass a document contains: 1.0 when it has every term."""
    total = sum(idf[t] for t in terms) or 1.0
    return sum(idf[t] for t in terms if tf.get(t)) / total


# --------------------------------------------------------------------------- when the query points at


_MONTHS = {
    name: i + 1
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for name in names
}
_SEASONS = {"spring": (3, 4, 5), "summer": (6, 7, 8), "autumn": (9, 10, 11), "fall": (9, 10, 11), "winter": (12, 1, 2)}
_YEAR = re.compile(r"\b(19[5-9]\d|20\d\d)\b")


@dataclass(frozen=True)
class TimeHint:
    """Months (1-12) and, when said, a year the query names: "in March 2024", "last summer" is not read
    (no reference date here), "in spring 2023" is."""

    months: frozenset[int]
    year: int | None

    def matches(self, at: Any) -> bool:
        return at.month in self.months and (self.year is None or at.year == self.year)


def time_hint(query: str) -> TimeHint | None:
    """The month(s) and year an explicit date phrase in the query names, if any. A bare "may" (the verb)
    counts only next to a year; short month names need a year too."""
    ws = words(query)
    years = _YEAR.findall(query)
    year = int(years[0]) if len(years) == 1 else None
    months: set[int] = set()
    for i, w in enumerate(ws):
        month = _MONTHS.get(w)
        if month is not None and (len(w) > 3 and w != "may" or (i + 1 < len(ws) and _YEAR.fullmatch(ws[i + 1]))):
            months.add(month)
        elif w in _SEASONS and year is not None:
            months.update(_SEASONS[w])
    if not months:
        return None
    return TimeHint(frozenset(months), year)


# --------------------------------------------------------------------------- fusion


@dataclass
class Hit:
    """One row a leg found, with its rank in that leg (1-based), the leg's own score, and its score on
    the leg's calibrated [0, 1] scale (None: not calibrated, e.g. ts_rank_cd)."""

    kind: str  # fact | message
    id: str
    rank: int
    score: float
    row: Any
    calibrated: float | None = None
    sources: tuple[str, ...] = ()  # a fact's source message ids


@dataclass
class Fused:
    kind: str
    id: str
    score: float
    row: Any
    legs: dict[str, dict[str, float]] = field(default_factory=dict)  # leg -> {rank, score}
    evidence_ids: list[str] = field(default_factory=list)  # the message ids this result stands for
    members: list[Hit] = field(default_factory=list)  # every row folded into this result

    def member(self, kind: str) -> Hit | None:
        return next((m for m in self.members if m.kind == kind), None)


# The kind of evidence each leg reads; legs of one kind see the same signal (a fact's text and the message
# it came from read alike), so per kind a piece of evidence counts once, with its best member.
LEG_KINDS = {
    "vector_facts": "semantic",
    "vector_messages": "semantic",
    "fulltext_facts": "lexical",
    "fulltext_messages": "lexical",
}


@dataclass(frozen=True)
class Calibration:
    """Floors and weights of the calibrated fusion (chosen on the tuning split; see docs/evaluation.md)."""

    vector_floor: float = 0.15  # cosine below this is no match (facts and message windows alike)
    vector_top: float = 0.60  # cosine at or above this counts as a full match
    lexical_floor: float = 0.05  # calibrated lexical score (BM25 share x coverage) below this: dropped
    weights: Mapping[str, float] = field(
        default_factory=lambda: {
            "vector_facts": 1.5,
            "fulltext_facts": 1.0,
            "vector_messages": 1.5,
            "fulltext_messages": 1.0,
            "speaker": 1.0,  # the message's speaker is named in the query
            "when": 0.5,  # the message was said in the month (and year) the query names
        }
    )
    # Share of the other kinds' scores added to the strongest kind's (0: they only break its ties).
    agreement: float = 0.75

    scaled_hints: bool = False  # a hint adds weight x the message's best match (True) or weight x 1

    def vector(self, cosine: float) -> float | None:
        if cosine < self.vector_floor:
            return None
        return min(1.0, (cosine - self.vector_floor) / max(1e-9, self.vector_top - self.vector_floor))

    def combine(self, best: Mapping[str, float]) -> tuple[float, float]:
        """(score, tie-break) of a piece of evidence from its best weighted score per leg: the strongest
        kind, plus `agreement` x the other kinds, plus the hints; ties go to the other kinds' sum."""
        kinds: dict[str, float] = {}
        hints = 0.0
        for leg, value in best.items():
            kind = LEG_KINDS.get(leg)
            if kind is None:
                hints += value
            else:
                kinds[kind] = max(kinds.get(kind, 0.0), value)
        ordered = sorted(kinds.values(), reverse=True)
        others = sum(ordered[1:])
        return (ordered[0] if ordered else 0.0) + self.agreement * others + hints, others


def _groups(legs: Mapping[str, Sequence[Hit]]) -> dict[str, str]:
    """Union-find over evidence: a fact joins the messages it came from. Returns node -> root."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for hits in legs.values():
        for hit in hits:
            node = f"{hit.kind}:{hit.id}"
            find(node)
            for source in hit.sources:
                a, b = find(node), find(f"message:{source}")
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {node: find(node) for node in list(parent)}


def _fold(legs: Mapping[str, Sequence[Hit]], contribution, combine) -> list[Fused]:
    roots = _groups(legs)
    groups: dict[str, dict[str, Any]] = {}
    for leg, hits in legs.items():
        for hit in hits:
            value = contribution(leg, hit)
            if value is None:
                continue
            g = groups.setdefault(roots[f"{hit.kind}:{hit.id}"], {"legs": {}, "members": {}, "best": {}})
            g["members"].setdefault((hit.kind, hit.id), hit)
            if value > g["best"].get(leg, (-1.0,))[0]:
                g["best"][leg] = (value, hit)
    out = []
    for g in groups.values():
        score, tiebreak = combine({leg: v for leg, (v, _) in g["best"].items()})
        # The result shows the member that contributed most; a message wins a tie with its own fact
        # only by contributing more, never by kind.
        lead_value, lead = max(g["best"].values(), key=lambda vh: (vh[0], vh[1].kind == "message", vh[1].id))
        members = list(g["members"].values())
        evidence: list[str] = []
        for m in members:
            for mid in (m.id,) if m.kind == "message" else m.sources:
                if mid not in evidence:
                    evidence.append(mid)
        item = Fused(lead.kind, lead.id, score, lead.row, evidence_ids=evidence, members=members)
        for leg, (_, hit) in g["best"].items():
            item.legs[leg] = {"rank": hit.rank, "score": hit.score}
        # Last, before the id: the ranks within the legs (RRF), since calibrated scores are capped at a
        # full match and two full matches would otherwise be ordered by their ids.
        by_rank = sum(1.0 / (RRF_K + hit.rank) for _, hit in g["best"].values())
        item._tiebreak = (tiebreak, lead_value, by_rank)  # type: ignore[attr-defined]
        out.append(item)
    return sorted(out, key=lambda f: (-f.score, *(-t for t in f._tiebreak), f.id))  # type: ignore[attr-defined]


def calibrated_fusion(legs: Mapping[str, Sequence[Hit]], calibration: Calibration = Calibration()) -> list[Fused]:
    """Per leg, each piece of evidence's best member, weighted (rows under their leg's floor do not
    count); then Calibration.combine. Ties go to the other kinds, then the stronger single match, then
    the ranks within the legs, then the id."""

    def contribution(leg: str, hit: Hit) -> float | None:
        if hit.calibrated is None:
            return None
        return calibration.weights.get(leg, 1.0) * hit.calibrated

    return _fold(legs, contribution, calibration.combine)


def reciprocal_rank_fusion(legs: Mapping[str, Sequence[Hit]], *, k: int = RRF_K) -> list[Fused]:
    """score(d) = sum over the legs that found d of 1 / (k + rank), a fact folded with its source
    messages (the best rank per leg counts). Ties go to the best single rank, then the id."""
    return _fold(legs, lambda leg, hit: 1.0 / (k + hit.rank), lambda best: (sum(best.values()), 0.0))


def ids_in(items: Iterable[Fused]) -> list[str]:
    return [i.id for i in items]
