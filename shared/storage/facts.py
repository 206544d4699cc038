"""Facts, decisions and the outbox. Every query is scoped to one (tenant, user)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from uuid import UUID

import asyncpg
import numpy as np

from shared.contracts.events import FactChange, FactSnapshot
from shared.domain.consolidation import ActiveFact, ChangePlan, normalize_text
from shared.domain.slots import base_slot, speaker_of, without_speaker
from shared.domain.strength import StrengthParams, state_of, strength_at
from shared.hashing import content_hash
from shared.settings import get_settings
from shared.storage.db import EncodedVector

OUTBOX_CHANNEL = "memstream_outbox"

_SNAPSHOT_COLUMNS = """fact_id, text, category, importance, status, valid_from, valid_to, recorded_at,
    superseded_at, superseded_by, source, source_message_ids"""


async def lock_user(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> None:
    """Serialise writers of one user (the consolidator owns users by partition; the API's manual
    edits are the only other writer). Held until the transaction ends."""
    await lock_users(conn, [(tenant_id, user_id)])


async def lock_users(conn: asyncpg.Connection, users: Sequence[tuple[str, str]]) -> None:
    """:func:`lock_user` for several users, in the order given (callers sort it, so that two
    transactions locking overlapping users cannot deadlock)."""
    await conn.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest($1::text[]) WITH ORDINALITY AS u(k, n)"
        " ORDER BY n",
        [f"{tenant_id}:{user_id}" for tenant_id, user_id in users],
    )


@dataclass(frozen=True)
class NeighbourQuery:
    """One candidate's look-up: whose facts, its vector, its slot and text."""

    tenant_id: str
    user_id: str
    embedding: Sequence[float]
    slot: str | None
    text: str


_QUERIES = """
    SELECT q.*, coalesce((SELECT ann_indexed FROM users u
                          WHERE u.tenant_id = q.tenant_id AND u.user_id = q.user_id), false) AS indexed
    FROM unnest($1::neighbour_query[])
         WITH ORDINALITY AS q(tenant_id, user_id, embedding, base, norm, thing, speaker, candidate_id, n)
"""

# Each query's neighbours (the query's position n, then the fact): parameters $1 (_QUERIES), $2 top_k,
# $3 the similarity floor. Another named speaker's facts are left out before the top-k cut, so they never
# crowd out the candidate's own (a plain slot's stay: consolidation.same_speakers tells whose they are).
_NEAR = """
    SELECT q.n, f.fact_id, f.text, f.normalized_text, f.slot, f.valid_from, p.similarity, f.language
    FROM q CROSS JOIN LATERAL (
        SELECT * FROM (
            -- A user in the HNSW index (one with many facts, migration 0009) may be searched through
            -- it; any other is read exactly, by the (tenant, user) index.
            (SELECT fact_id, 1 - (embedding <=> q.embedding) AS similarity FROM facts
             WHERE tenant_id = q.tenant_id AND user_id = q.user_id AND superseded_at IS NULL AND NOT q.indexed
               AND {speaker_filter}
             ORDER BY embedding <=> q.embedding LIMIT $2)
            UNION ALL
            (SELECT fact_id, 1 - (embedding <=> q.embedding) AS similarity FROM facts
             WHERE tenant_id = q.tenant_id AND user_id = q.user_id AND superseded_at IS NULL AND ann AND q.indexed
               AND {speaker_filter}
             ORDER BY embedding <=> q.embedding LIMIT $2)
        ) nearest WHERE similarity >= $3
        UNION
        SELECT fact_id, 1 - (embedding <=> q.embedding) AS similarity FROM facts
        WHERE tenant_id = q.tenant_id AND user_id = q.user_id AND superseded_at IS NULL
          -- Every context of the candidate's base slot (the part before "@"): work's plain and "@work"
          -- spellings are one slot, and a candidate naming no context must see each context's holder.
          -- Which of them it may change is the rules' call (shared.domain.slots); they must see them all.
          -- A speaker's slot ("location~maya") brings the plain one too: facts stored before slots named
          -- speakers are there (which of them are the speaker's is consolidation.same_speakers' call).
          AND ((slot IS NOT NULL AND {same_base})
               OR normalized_text = q.norm
               OR (q.thing IS NOT NULL AND strpos(lower(text), q.thing) > 0))
    ) p
    JOIN facts f ON f.fact_id = p.fact_id
"""

# Two spellings of _NEAR, one decision: with named speakers in the batch, and without (no query names a
# speaker: its speaker is '', so only facts of no named speaker count and q.base has no "~"). The
# speakerless one is the cheaper test per fact row, and the common case (a conversation without names).
_NEAR_SPEAKERS = _NEAR.format(
    speaker_filter="split_part(split_part(coalesce(slot, ''), '~', 2), '@', 1) IN ('', q.speaker)",
    same_base="split_part(slot, '@', 1) IN (q.base, split_part(q.base, '~', 1))",
)
_NEAR_NO_SPEAKERS = _NEAR.format(
    speaker_filter="strpos(coalesce(slot, ''), '~') = 0",
    same_base="split_part(slot, '@', 1) = q.base",
)


def _near(speakers: Sequence[str]) -> str:
    """The _NEAR for a batch whose queries have these speakers (_query_columns' last list)."""
    return _NEAR_SPEAKERS if any(speakers) else _NEAR_NO_SPEAKERS


def _query_columns(queries: Sequence[NeighbourQuery]) -> tuple[list, ...]:
    """The fields of _QUERIES' rows but the candidate's id, one list each."""
    # A thing-only retraction's thing, without its speaker ("*:oscar~lena": oscar); the consolidator keeps
    # the speaker's own facts of what this brings (consolidation.same_speakers).
    plain = [without_speaker(q.slot) for q in queries]
    things = [
        slot[2:].replace("-", " ").lower() if slot and slot.startswith("*:") and len(slot) > 2 else None
        for slot in plain
    ]
    return (
        [q.tenant_id for q in queries],
        [q.user_id for q in queries],
        [EncodedVector(q.embedding) for q in queries],  # binary, encoded once (db.EncodedVector)
        [base_slot(q.slot) if without_speaker(q.slot) else None for q in queries],  # "~maya": no slot
        [normalize_text(q.text) for q in queries],
        things,
        [speaker_of(q.slot) or "" for q in queries],  # "": no named speaker
    )


def _query_rows(columns: tuple[list, ...], candidate_ids: Sequence[str] | None = None) -> list[tuple]:
    """The parameter $1 of _QUERIES: one neighbour_query row (migration 0012) per query, from
    :func:`_query_columns`. An array of rows rather than one array per field: asyncpg checks every element
    of an array parameter (whether it is an array itself), ~0.3 us a check, two for a string; a row costs
    four checks, whatever it holds."""
    ids = candidate_ids if candidate_ids is not None else [None] * len(columns[0])
    return list(zip(*columns, ids, strict=True))


def _active_fact(row) -> ActiveFact:
    """A row of _NEAR (a Record, or a tuple in _NEAR's column order) as an ActiveFact."""
    _, fact_id, text, normalized_text, slot, valid_from, similarity, language = row
    return ActiveFact(fact_id, text, normalized_text, slot, valid_from, float(similarity), language)


async def neighbours(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    embedding: Sequence[float],
    *,
    slot: str | None,
    text: str,
    top_k: int,
    floor: float,
) -> list[ActiveFact]:
    """Similar active facts of this user (see :func:`neighbours_many`)."""
    [found] = await neighbours_many(
        conn, [NeighbourQuery(tenant_id, user_id, embedding, slot, text)], top_k=top_k, floor=floor
    )
    return found


async def neighbours_many(
    conn: asyncpg.Connection, queries: Sequence[NeighbourQuery], *, top_k: int, floor: float
) -> list[list[ActiveFact]]:
    """For each query, in one statement: the similar active facts of its user, the top-k above the
    similarity floor, plus any on the same slot or with the same normalised text (those matter however
    the vectors fall). A slot that names only a thing (``*:<thing>``, "Bruno passed away") also brings
    every fact whose text names that thing, as a tombstone lookup matches it: whether the retraction
    comes after the fact or before it (another session, another batch) must not decide whether it ends
    it. One statement for a whole batch: a round trip costs the stage and Postgres more CPU than the
    look-up itself (measured: ~0.05 ms of execution per look-up)."""
    if not queries:
        return []
    columns = _query_columns(queries)
    rows = await conn.fetch(
        f"WITH q AS ({_QUERIES}) {_near(columns[6])} ORDER BY q.n, p.similarity DESC, f.fact_id",
        _query_rows(columns),
        top_k,
        floor,
    )
    found: list[list[ActiveFact]] = [[] for _ in queries]
    for r in rows:
        found[r["n"] - 1].append(_active_fact(r))
    return found


@dataclass(frozen=True)
class BatchView:
    """What a consolidation transaction reads first, after its locks (:func:`read_batch`)."""

    now: datetime  # the transaction's now(): a new fact's recorded_at
    retracting_users: set[tuple[str, str]]  # of its users, those with a retraction on record
    decided: set[int]  # positions of the candidates already decided (a replay, a redelivery)
    neighbours: list[list[ActiveFact]]  # each candidate's neighbours ([] for a decided one)


async def read_batch(
    conn: asyncpg.Connection,
    users: Sequence[tuple[str, str]],
    queries: Sequence[NeighbourQuery],
    candidate_ids: Sequence[str],
    *,
    top_k: int,
    floor: float,
) -> BatchView:
    """Everything a consolidation transaction reads before it decides, in one statement (a round trip
    costs the stage and Postgres more than most of these look-ups): its now(), which of ``users`` have a
    retraction (a negated decision) on record (only theirs need :func:`tombstone_after`), which
    candidates are decided already, and the neighbours (:func:`neighbours_many`) of every other one."""
    columns = _query_columns(queries)
    row = await conn.fetchrow(
        f"""
        WITH q AS ({_QUERIES}),
        decided AS (
            SELECT c.n FROM unnest($1::neighbour_query[])
                 WITH ORDINALITY AS c(tenant_id, user_id, embedding, base, norm, thing, speaker, candidate_id, n)
            WHERE EXISTS (SELECT 1 FROM decisions d WHERE d.tenant_id = c.tenant_id AND d.candidate_id = c.candidate_id)
        ),
        near AS ({_near(columns[6])} WHERE NOT EXISTS (SELECT 1 FROM decided WHERE decided.n = q.n)),
        retracting AS (
            SELECT u.tenant_id, u.user_id FROM unnest($4::text[], $5::text[]) AS u(tenant_id, user_id)
            WHERE EXISTS (SELECT 1 FROM decisions d
                          WHERE d.tenant_id = u.tenant_id AND d.user_id = u.user_id AND d.negated)
        )
        SELECT now() AS now,
               ARRAY(SELECT r FROM retracting r) AS retracting,
               ARRAY(SELECT n FROM decided) AS decided,
               ARRAY(SELECT near FROM near ORDER BY n, similarity DESC, fact_id) AS near
        """,
        _query_rows(columns, candidate_ids),
        top_k,
        floor,
        [t for t, _ in users],
        [u for _, u in users],
    )
    found: list[list[ActiveFact]] = [[] for _ in queries]
    for near in row["near"]:
        found[near[0] - 1].append(_active_fact(near))
    return BatchView(
        now=row["now"],
        retracting_users={(t, u) for t, u in row["retracting"]},
        decided={n - 1 for n in row["decided"]},
        neighbours=found,
    )


async def tombstone_after(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    slot: str,
    after: datetime,
    text: str,
    *,
    deferred: DeferredWrites | None = None,
) -> datetime | None:
    """When the earliest retraction later than ``after`` that concerns this text ends it: on this slot,
    or one that named only the thing (slot ``*:<thing>``, "Rex passed away") when this text names that
    thing. Later means the time it states, or when it was said (news, as in `plan_change`), and it ends
    the fact no earlier than the fact began. So a fact that arrives after its retraction is ended exactly
    as if it had come first, whatever order the sessions were processed in. With ``deferred`` that knows
    which users have retractions (on record, or written in this transaction), any other user has none."""
    if (
        deferred is not None
        and deferred.retracting_users is not None
        and (tenant_id, user_id) not in (deferred.retracting_users)
    ):
        return None
    return await conn.fetchval(
        """
        SELECT min(greatest(valid_from, $4)) FROM decisions
        WHERE tenant_id = $1 AND user_id = $2 AND negated AND (valid_from > $4 OR said_at > $4)
          AND (
            (slot = $3 AND (value IS NULL OR strpos(lower($5), lower(value)) > 0))
            -- "*:oscar~lena": the thing is "oscar", and only Lena's own facts are hers to end.
            OR (slot LIKE '*:%'
                AND strpos(lower($5), replace(split_part(substr(slot, 3), '~', 1), '-', ' ')) > 0
                AND split_part(split_part(slot, '~', 2), '@', 1) = $6)
          )
        """,
        tenant_id,
        user_id,
        slot,
        after,
        text,
        speaker_of(slot) or "",
    )


@dataclass(frozen=True)
class NewFact:
    fact_id: UUID
    tenant_id: str
    user_id: str
    text: str
    category: str
    importance: int
    slot: str | None
    language: str
    embedding: Sequence[float] | None
    embedding_model: str | None
    valid_from: datetime
    source: str
    source_message_ids: Sequence[str]
    candidate_id: str
    value: str | None = None
    negated: bool = False
    valid_to: datetime | None = None  # a dated event's end: it expires then
    said_at: datetime | None = None  # when the user said it (a candidate's observed_at); None: at valid_from


@dataclass
class DeferredWrites:
    """A transaction's decision rows and change events, written together when it is about to commit
    (one statement with the facts still pending, however many candidates): nothing in the transaction
    reads them back before. New
    facts wait here too, until the transaction reads facts again (:func:`write_deferred_facts`, which
    whoever reads calls first) or commits: one INSERT for a batch instead of one per candidate."""

    decisions: list[tuple] = field(default_factory=list)
    changes: list[FactChange] = field(default_factory=list)
    facts: list[tuple] = field(default_factory=list)
    supersedes: list[tuple[UUID, UUID, datetime | None]] = field(default_factory=list)  # (old, new, ends_at)
    now: datetime | None = None  # the transaction's now(), once asked: a new fact's recorded_at
    # Users with a retraction (a negated decision) on record or written in this transaction; None: unknown.
    retracting_users: set[tuple[str, str]] | None = None

    # Users of the decision rows waiting in ``decisions`` that retract something (negated).
    retracting_waiting: set[tuple[str, str]] = field(default_factory=set)

    def holds_retraction_of(self, tenant_id: str, user_id: str) -> bool:
        """Whether a decision row waiting here retracts something of this user (its tombstone lookup
        must see it). Another user's never matters: that lookup reads this user's decisions only."""
        return (tenant_id, user_id) in self.retracting_waiting


async def apply_plan(
    conn: asyncpg.Connection,
    plan: ChangePlan,
    fact: NewFact,
    *,
    decided_by: str,
    deferred: DeferredWrites | None = None,
) -> list[FactChange]:
    """Write one plan (facts, decision record, outbox rows) inside the caller's transaction.

    Returns the change events it queued. With ``deferred``, the decision row and the outbox rows
    wait there for :func:`write_deferred`. The decision row's primary key makes a second
    application of the same candidate fail loudly instead of writing twice.
    """
    changes: list[FactChange] = []
    new_snapshot = retired_snapshot = None
    # With ``deferred``, a new fact (and the retirement of the one it supersedes) waits for the next
    # read of facts or the commit (write_deferred_facts). A retraction writes at once: its change event
    # shows the retired row as Postgres has it.
    defer = deferred is not None and plan.inserts and plan.retract is None
    retired = plan.supersede or plan.retract
    if retired is not None and not (defer and plan.supersede):
        status = "superseded" if plan.supersede else "retracted"
        row = await conn.fetchrow(
            f"""
            UPDATE facts SET status = $2, superseded_at = now(), valid_to = $3
            WHERE fact_id = $1 AND superseded_at IS NULL
            RETURNING {_SNAPSHOT_COLUMNS}
            """,
            retired,
            status,
            plan.ends_at,
        )
        retired_snapshot = snapshot_of(row) if row is not None else None
    if plan.inserts:
        if plan.retracted_at is not None:
            status, valid_to = "retracted", plan.retracted_at
        elif plan.insert_history_of is not None:
            status, valid_to = "superseded", plan.history_valid_to
        else:
            status, valid_to = "active", fact.valid_to
    if defer:
        if deferred.now is None:
            deferred.now = await conn.fetchval("SELECT now()")
        deferred.facts.append(_fact_row(fact, status, valid_to, plan.insert_history_of))
        if plan.supersede:
            deferred.supersedes.append((plan.supersede, fact.fact_id, plan.ends_at))
        new_snapshot = _new_snapshot(fact, status, valid_to, plan.insert_history_of, deferred.now)
    elif plan.inserts:
        row = await conn.fetchrow(
            f"""
            INSERT INTO facts (fact_id, tenant_id, user_id, text, normalized_text, category, importance, slot,
                               language, embedding, embedding_model, status, valid_from, valid_to,
                               superseded_at, superseded_by, source, source_message_ids, candidate_id)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
                    CASE WHEN $12 = 'active' THEN NULL ELSE now() END, $15, $16, $17, $18)
            RETURNING {_SNAPSHOT_COLUMNS}
            """,
            fact.fact_id,
            fact.tenant_id,
            fact.user_id,
            fact.text,
            normalize_text(fact.text),
            fact.category,
            fact.importance,
            fact.slot,
            fact.language,
            np.asarray(fact.embedding, dtype=np.float32) if fact.embedding is not None else None,
            fact.embedding_model,
            status,
            fact.valid_from,
            valid_to,
            plan.insert_history_of,
            fact.source,
            list(fact.source_message_ids),
            fact.candidate_id,
        )
        new_snapshot = snapshot_of(row)
    if plan.supersede:
        if not defer:
            await conn.execute("UPDATE facts SET superseded_by = $2 WHERE fact_id = $1", plan.supersede, fact.fact_id)
        changes.append(_change(fact, "superseded", new_snapshot, previous=plan.supersede, reason=plan.reason))
    elif plan.retract:
        retired_snapshot = retired_snapshot or await snapshot(conn, plan.retract)
        changes.append(_change(fact, "retracted", retired_snapshot, reason=plan.reason))
    elif plan.insert_active:
        changes.append(_change(fact, "added", new_snapshot, reason=plan.reason))

    writes = deferred if deferred is not None else DeferredWrites()
    if fact.negated:
        writes.retracting_waiting.add((fact.tenant_id, fact.user_id))
        if writes.retracting_users is not None:
            writes.retracting_users.add((fact.tenant_id, fact.user_id))
    writes.decisions.append(
        (
            fact.tenant_id,
            fact.candidate_id,
            fact.user_id,
            plan.op.value,
            plan.supersede or plan.retract or plan.insert_history_of,
            fact.fact_id if new_snapshot else None,
            decided_by,
            plan.reason,
            fact.slot,
            fact.value,
            fact.negated,
            fact.valid_from,
            fact.said_at,
        )
    )
    writes.changes.extend(changes)
    if deferred is None:
        await write_deferred(conn, writes)
    return changes


def _fact_row(fact: NewFact, status: str, valid_to: datetime | None, history_of: UUID | None) -> tuple:
    return (
        fact.fact_id,
        fact.tenant_id,
        fact.user_id,
        fact.text,
        normalize_text(fact.text),
        fact.category,
        fact.importance,
        fact.slot,
        fact.language,
        EncodedVector(fact.embedding) if fact.embedding is not None else None,
        fact.embedding_model,
        status,
        fact.valid_from,
        valid_to,
        history_of,
        fact.source,
        json.dumps(list(fact.source_message_ids)),
        fact.candidate_id,
    )


def _new_snapshot(
    fact: NewFact, status: str, valid_to: datetime | None, history_of: UUID | None, now: datetime
) -> FactSnapshot:
    """What INSERT ... RETURNING would give for a deferred row (the same columns, as Postgres stores them)."""
    return FactSnapshot(
        fact_id=str(fact.fact_id),
        text=fact.text,
        category=fact.category,
        importance=fact.importance,
        status=status,
        valid_from=_as_stored(fact.valid_from),
        valid_to=_as_stored(valid_to),
        recorded_at=now,
        superseded_at=None if status == "active" else now,
        superseded_by=str(history_of) if history_of else None,
        source=fact.source,
        source_message_ids=list(fact.source_message_ids),
        strength=None,
        last_recalled_at=None,
    )


def _as_stored(moment: datetime | None) -> datetime | None:
    """A timestamptz as asyncpg reads it back: in UTC."""
    return moment.astimezone(UTC) if moment is not None and moment.tzinfo is not None else moment


# `ann` (migration 0011): the user's flag, read here rather than by the per-row trigger, which costs more.
_INSERT_DEFERRED_FACTS = """
    INSERT INTO facts (fact_id, tenant_id, user_id, text, normalized_text, category, importance, slot,
                       language, embedding, embedding_model, status, valid_from, valid_to,
                       superseded_at, superseded_by, source, source_message_ids, candidate_id, ann)
    SELECT fact_id, tenant_id, user_id, text, normalized_text, category, importance, slot, language,
           embedding, embedding_model, status, valid_from, valid_to,
           CASE WHEN status = 'active' THEN NULL ELSE now() END, superseded_by, source,
           ARRAY(SELECT jsonb_array_elements_text(source_message_ids)), candidate_id,
           coalesce((SELECT u.ann_indexed FROM users u WHERE u.tenant_id = f.tenant_id AND u.user_id = f.user_id),
                    false)
    FROM unnest($1::fact_write[]) WITH ORDINALITY AS f(fact_id, tenant_id, user_id, text, normalized_text, category,
         importance, slot, language, embedding, embedding_model, status, valid_from, valid_to, superseded_by, source,
         source_message_ids, candidate_id, n)
    ORDER BY n
"""


_RETIRE_SUPERSEDED = """
    UPDATE facts f SET status = CASE WHEN f.superseded_at IS NULL THEN 'superseded' ELSE f.status END,
                       valid_to = CASE WHEN f.superseded_at IS NULL THEN s.ends_at ELSE f.valid_to END,
                       superseded_at = coalesce(f.superseded_at, now()),
                       superseded_by = s.new_fact_id
    FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS s(fact_id, new_fact_id, ends_at)
    WHERE f.fact_id = s.fact_id
"""

_INSERT_DECISIONS = """
    INSERT INTO decisions (tenant_id, candidate_id, user_id, op, target_fact_id, new_fact_id, decided_by,
                           reason, slot, value, negated, valid_from, said_at)
    SELECT * FROM unnest($1::decision_write[])
"""


def _from(first: int, sql: str) -> str:
    """``sql`` with its parameters $1, $2, ... numbered from ``first`` instead (to join it to others)."""
    return re.sub(r"\$(\d+)", lambda m: f"${int(m.group(1)) + first - 1}", sql)


async def _write(conn: asyncpg.Connection, writes: DeferredWrites, *, facts_only: bool) -> None:
    """One statement for the deferred writes (each a data-modifying WITH query, all run to completion):
    the new facts, the retire and link of the facts they supersede, and unless ``facts_only`` the
    decision rows and the change events. A superseded row that is no longer active only gets its link,
    as one-by-one writes did; the link's foreign key is checked at the statement's end, when the new rows
    are there."""
    queries: list[str] = []
    args: list = []

    def add(name: str, sql: str, rows: Sequence[tuple], *, as_rows: bool = False) -> None:
        queries.append(f"{name} AS ({_from(len(args) + 1, sql)})")
        if as_rows:  # one parameter, an array of a row type (migration 0012)
            args.append(rows)
        else:  # one array parameter per column
            args.extend(zip(*rows, strict=True))

    if writes.facts:
        add("inserted", _INSERT_DEFERRED_FACTS, writes.facts, as_rows=True)
        if writes.supersedes:
            add("retired", _RETIRE_SUPERSEDED, writes.supersedes)
    if not facts_only and writes.decisions:
        add("decided", _INSERT_DECISIONS, writes.decisions, as_rows=True)
    changes = [] if facts_only else writes.changes
    if changes:
        queries.append(_enqueue_changes_sql(len(args) + 1))
        args.extend(_change_columns(changes))
    elif queries:
        queries[-1] += " SELECT 1"
    if queries:
        await conn.execute("WITH " + ", ".join(queries), *args)
    writes.facts.clear()
    writes.supersedes.clear()
    if not facts_only:
        writes.decisions.clear()
        writes.retracting_waiting.clear()
        writes.changes.clear()


async def write_deferred_facts(conn: asyncpg.Connection, writes: DeferredWrites) -> None:
    """Write the deferred new facts, and retire and link the facts they supersede, in one statement
    (call it before this transaction reads facts)."""
    await _write(conn, writes, facts_only=True)


async def write_deferred(conn: asyncpg.Connection, writes: DeferredWrites) -> None:
    """Write everything deferred in one statement: the facts, the decision rows and the change events."""
    await _write(conn, writes, facts_only=False)


def _change(
    fact: NewFact, op: str, snap: FactSnapshot | None, *, previous: UUID | None = None, reason: str = ""
) -> FactChange:
    return FactChange(
        event_id=content_hash("fact-change", fact.tenant_id, fact.candidate_id, op),
        tenant_id=fact.tenant_id,
        user_id=fact.user_id,
        op=op,
        fact=snap,
        previous_fact_id=str(previous) if previous else None,
        reason=reason,
        occurred_at=datetime.now(UTC),
    )


def _enqueue_changes_sql(first: int) -> str:
    """The outbox insert (in order) and the notification that wakes the relay and the live streams when
    it commits: the tail of a WITH statement, its four parameters numbered from ``first``."""
    a, b, c, d = range(first, first + 4)
    return f"""queued AS (
        INSERT INTO outbox (event_id, tenant_id, user_id, payload)
        SELECT event_id, tenant_id, user_id, payload
        FROM unnest(${a}::text[], ${b}::text[], ${c}::text[], ${d}::jsonb[]) WITH ORDINALITY
             AS c(event_id, tenant_id, user_id, payload, n)
        ORDER BY n
        ON CONFLICT (event_id) DO NOTHING
        RETURNING 1
    )
    SELECT pg_notify('{OUTBOX_CHANNEL}', '') WHERE EXISTS (SELECT 1 FROM queued)"""


def _change_columns(changes: Sequence[FactChange]) -> tuple:
    return tuple(zip(*((c.event_id, c.tenant_id, c.user_id, c.model_dump_json()) for c in changes), strict=True))


async def enqueue_changes(conn: asyncpg.Connection, changes: Sequence[FactChange]) -> None:
    """Queue change events in the same transaction as the change (the transactional outbox), in
    order, and wake the relay and the live streams when it commits."""
    if not changes:
        return
    await conn.execute(f"WITH {_enqueue_changes_sql(1)}", *_change_columns(changes))


async def expire_ended(conn: asyncpg.Connection, now: datetime, *, limit: int = 500) -> list[FactChange]:
    """Retire active facts whose valid time has ended (dated events that are over), with a change
    event each, in the caller's transaction. Rows a consolidator holds are skipped until next time."""
    rows = await conn.fetch(
        f"""
        UPDATE facts SET status = 'retracted', superseded_at = now()
        WHERE fact_id IN (
            SELECT fact_id FROM facts
            WHERE superseded_at IS NULL AND valid_to IS NOT NULL AND valid_to <= $1
            ORDER BY valid_to LIMIT $2 FOR UPDATE SKIP LOCKED
        )
        RETURNING tenant_id, user_id, {_SNAPSHOT_COLUMNS}
        """,
        now,
        limit,
    )
    changes = [
        FactChange(
            event_id=content_hash("fact-expired", row["tenant_id"], str(row["fact_id"])),
            tenant_id=row["tenant_id"],
            user_id=row["user_id"],
            op="retracted",
            fact=snapshot_of(row),
            reason="expired: its valid time ended (a dated event that is over)",
            occurred_at=datetime.now(UTC),
        )
        for row in rows
    ]
    await enqueue_changes(conn, changes)
    return changes


async def snapshot(conn: asyncpg.Connection, fact_id: UUID) -> FactSnapshot:
    row = await conn.fetchrow(f"SELECT {_SNAPSHOT_COLUMNS} FROM facts WHERE fact_id = $1", fact_id)
    return snapshot_of(row)


_configured: tuple[object, StrengthParams] | None = None


def configured_strength() -> StrengthParams:
    """The strength curve of the process's settings, built once per settings object (not per row read)."""
    global _configured
    settings = get_settings()
    if _configured is None or _configured[0] is not settings:
        _configured = (settings, StrengthParams.from_settings(settings))
    return _configured[1]


def snapshot_of(row: asyncpg.Record, *, moment: datetime | None = None) -> FactSnapshot:
    """A fact row as the API and change events show it. Rows read with the strength columns carry the
    strength at ``moment`` (now), computed with the configured curve."""
    has_strength = "strength_at" in row.keys()  # noqa: SIM118 (a Record's `in` looks at values)
    strength = (
        round(strength_at(state_of(row), moment or datetime.now(UTC), configured_strength()), 4)
        if has_strength
        else None
    )
    return FactSnapshot(
        fact_id=str(row["fact_id"]),
        text=row["text"],
        category=row["category"],
        importance=row["importance"],
        status=row["status"],
        valid_from=row["valid_from"],
        valid_to=row["valid_to"],
        recorded_at=row["recorded_at"],
        superseded_at=row["superseded_at"],
        superseded_by=str(row["superseded_by"]) if row["superseded_by"] else None,
        source=row["source"],
        source_message_ids=list(row["source_message_ids"]),
        strength=strength,
        last_recalled_at=row["last_recalled_at"] if has_strength else None,
    )


async def list_facts(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, *, include_history: bool = False, limit: int = 100
) -> list[FactSnapshot]:
    rows = await conn.fetch(
        f"""
        SELECT {_SNAPSHOT_COLUMNS} FROM facts
        WHERE tenant_id = $1 AND user_id = $2 AND ($3 OR superseded_at IS NULL)
        ORDER BY recorded_at, fact_id LIMIT $4
        """,
        tenant_id,
        user_id,
        include_history,
        limit,
    )
    return [snapshot_of(r) for r in rows]
