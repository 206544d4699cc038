"""The pure parts of poison handling: reading a record into an event or a reason, sniffing its owner,
and building its dead letter. Every poison kind of the chaos suite, on every stage's parser."""

from __future__ import annotations

import base64
import json
import math
from datetime import UTC, datetime

import pytest

from services.consolidator.stage import make_parser as consolidator_parser
from services.embedder.stage import parse as embedder_parse
from services.extractor.stage import make_parser as extractor_parser
from services.summarizer.stage import parse as summarizer_parse
from shared.contracts.events import ChatMessage, EmbeddedFact, FactCandidate
from shared.domain.event_checks import embedding_problem, unstorable_text
from shared.runtime import Record, StageLoop
from shared.settings import Settings
from shared.storage.dead_letters import TOPIC_PAYLOAD_MAX_BYTES, dead_letter_of, readable, sniff_owner

SETTINGS = Settings(_env_file=None)
DIM = SETTINGS.embedding_dimensions
NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
DEEP = b"[" * 100_000 + b"]" * 100_000


def chat(**extra) -> dict:
    base = {
        "event_id": "e1",
        "tenant_id": "t1",
        "user_id": "u1",
        "session_id": "s1",
        "role": "user",
        "content": "I live in Rome.",
        "created_at": NOW.isoformat(),
    }
    return {**base, **extra}


def candidate(**extra) -> dict:
    base = FactCandidate(
        candidate_id="c1",
        tenant_id="t1",
        user_id="u1",
        session_id="s1",
        text="Lives in Rome",
        category="fact",
        importance=5,
        observed_at=NOW,
        valid_from=NOW,
        source_message_ids=["e1"],
        extractor_version="v",
    ).model_dump(mode="json")
    return {**base, **extra}


def embedded(vector: list[float] | None = None, **extra) -> dict:
    return {**candidate(), "embedding": [0.1] * DIM if vector is None else vector, "embedding_model": "m", **extra}


def encode(value: dict) -> bytes:
    return json.dumps(value).encode()


# Poison kinds of issue #10, as raw record values, for a stage whose valid event is ``valid``.
def poisons(valid: dict) -> dict[str, bytes | None]:
    return {
        "nul byte": b"garbage\x00",
        "nul escape in a string": encode({**valid, "tenant_id": valid["tenant_id"], "user_id": "u1\u0000x"}),
        "tombstone": None,
        "deep json": DEEP,
        "deep op": b'{"op": ' + DEEP + b"}",
        "invalid utf-8": b'{"tenant_id": "t1", "user_id": "\xff\xfe"}',
        "wrong types": encode({**valid, "user_id": 12, "tenant_id": ["t1"]}),
        "not an object": b"[1, 2, 3]",
    }


STAGES = {
    "extractor": (extractor_parser(SETTINGS), chat()),
    "summarizer": (summarizer_parse, chat()),
    "embedder": (embedder_parse, candidate()),
    "consolidator": (consolidator_parser(SETTINGS), embedded()),
}


def read(parse, value: bytes | None):
    return StageLoop(ctx=None, parse=parse, handle=None).read(Record("topic", 0, 1, b"k", value))  # type: ignore[arg-type]


@pytest.mark.parametrize("stage", STAGES)
def test_every_poison_kind_ends_as_a_reason_on_every_stage(stage):
    parse, valid = STAGES[stage]
    event, problem = read(parse, encode(valid))
    assert problem is None and event is not None
    for kind, value in poisons(valid).items():
        event, problem = read(parse, value)
        assert event is None and problem, (stage, kind)


def test_the_reasons_name_the_problem():
    parse, valid = STAGES["extractor"]
    assert read(parse, None)[1] == "tombstone: the record has no value"
    assert "recursion limit" in read(parse, DEEP)[1]
    assert "recursion limit" in read(summarizer_parse, b'{"op": ' + DEEP + b"}")[1]
    assert "NUL" in read(parse, encode({**valid, "content": "hello\u0000world"}))[1]
    reason = read(parse, encode({**valid, "metadata": {"a": ["x\u0000"]}}))[1]
    assert "metadata" in reason and "a.0" in reason and "NUL" in reason
    assert "user_id" in read(parse, encode({**valid, "user_id": 12}))[1]


def test_the_summarizer_still_reads_both_of_its_contracts():
    message, problem = read(summarizer_parse, encode(chat()))
    assert problem is None and isinstance(message, ChatMessage)
    change = {
        "event_id": "x",
        "tenant_id": "t1",
        "user_id": "u1",
        "op": "erased",
        "fact": None,
        "occurred_at": NOW.isoformat(),
    }
    event, problem = read(summarizer_parse, encode(change))
    assert problem is None and event.op == "erased"


@pytest.mark.parametrize(
    ("vector", "reason"),
    [
        ([0.1] * (DIM - 1), "dimensions"),
        ([0.0] * DIM, "all zeros"),
        ([1e-46] * DIM, "all zeros"),  # below float4's smallest value: zero once stored
        ([math.nan] + [0.1] * (DIM - 1), "NaN"),
        ([math.inf] + [0.1] * (DIM - 1), "infinite"),
        ([1e300, -1e300] + [0.1] * (DIM - 2), "float4 range"),
        ([1e308] * DIM, "float4 range"),  # finite values whose sum overflows
    ],
)
def test_bad_embeddings_are_refused(vector, reason):
    assert reason in embedding_problem(vector, DIM)
    event, problem = read(STAGES["consolidator"][0], encode(embedded(vector)).replace(b"Infinity", b"1e999"))
    assert event is None and reason in problem


def test_json_nan_and_overflowing_numbers_are_refused_too():
    # JSON has no NaN, but the parser takes the token; 1e999 overflows to inf.
    raw = encode(embedded([0.5] * DIM)).replace(b"0.5, 0.5", b"NaN, 1e999", 1)
    event, problem = read(STAGES["consolidator"][0], raw)
    assert event is None and "NaN or an infinite" in problem
    assert embedding_problem([0.5] * DIM, DIM) is None


def test_the_consolidator_reads_both_embedding_forms_alike():
    # The embedder writes base64 of float32; events written before (JSON lists) must still replay.
    vector = [((i * 37) % 101 - 50) / 97 for i in range(DIM)]
    parse = STAGES["consolidator"][0]
    as_list, problem = read(parse, encode(embedded(vector)))
    assert problem is None
    written = EmbeddedFact.model_validate(embedded(vector)).model_dump_json()
    assert isinstance(json.loads(written)["embedding"], str)
    as_bytes, problem = read(parse, written.encode())
    assert problem is None
    assert as_bytes.embedding.dtype.name == "float32" and len(as_bytes.embedding) == DIM
    assert as_bytes.embedding.tolist() == as_list.embedding.astype("float32").tolist()
    assert json.loads(as_bytes.model_dump_json()) == json.loads(written)  # a re-publish writes the same bytes


@pytest.mark.parametrize(
    ("embedding", "reason"),
    [
        ("not base64!", "base64"),
        (base64.b64encode(b"\x00" * 6).decode(), "float32"),
        (base64.b64encode(b"\x00" * 4 * DIM).decode(), "all zeros"),
        (base64.b64encode(b"\x00" * 4 * (DIM - 1) + bytes.fromhex("0000c07f")).decode(), "NaN"),
        (base64.b64encode(bytes.fromhex("cdcccc3d") * (DIM - 1)).decode(), "dimensions"),
    ],
)
def test_bad_base64_embeddings_are_refused(embedding, reason):
    event, problem = read(STAGES["consolidator"][0], encode(embedded(embedding)))
    assert event is None and reason in problem


def test_unstorable_text_looks_everywhere_and_passes_clean_events():
    assert unstorable_text(ChatMessage.model_validate(chat(metadata={"k": {"deep": ["ok"]}}))) is None
    assert unstorable_text({"a\x00": 1}) == "a\x00: a key contains a NUL character"
    assert unstorable_text("x\x00") == "(event): contains a NUL character"
    assert unstorable_text(EmbeddedFact.model_validate(embedded())) is None


@pytest.mark.parametrize(
    ("raw", "owner"),
    [
        (encode(chat()), ("t1", "u1")),
        (encode({"tenant_id": "t1"}), ("t1", None)),
        (encode({"user_id": "u1"}), (None, None)),  # a user without a tenant is nobody's
        (encode({"tenant_id": "t1", "user_id": "u\u00001"}), ("t1", None)),
        (encode({"tenant_id": "t/1", "user_id": "u1"}), (None, None)),  # not an id (the API's rules)
        (encode({"tenant_id": 5, "user_id": "u1"}), (None, None)),
        (b'{"tenant_id": "t1", "user_id": "u1", "x": ' + DEEP + b"}", (None, None)),
        (DEEP, (None, None)),
        (b"garbage\x00", (None, None)),
        (b'{"tenant_id": "t1", "user_id": "\xff"}', (None, None)),
        (b"[]", (None, None)),
        (b"", (None, None)),
        (None, (None, None)),
    ],
)
def test_sniff_owner_never_raises_and_accepts_only_valid_ids(raw, owner):
    assert sniff_owner(raw) == owner


def test_a_dead_letter_keeps_every_byte_and_is_always_printable():
    raw = b'{"content": "a\x00b"}\xff'
    letter = dead_letter_of(
        stage="s", topic="t", partition=0, offset=3, key=b"k\x00", value=raw, error="bad \x00 thing", attempts=1
    )
    assert base64.b64decode(letter.payload_base64) == raw and letter.payload_bytes == len(raw)
    assert "\x00" not in letter.payload + letter.error + letter.key
    assert letter.payload == '{"content": "a\\x00b"}\ufffd'
    again = dead_letter_of(
        stage="s", topic="t", partition=0, offset=3, key=b"k\x00", value=raw, error="other", attempts=3
    )
    assert again.dead_letter_id == letter.dead_letter_id  # the same record, recorded once

    tombstone = dead_letter_of(stage="s", topic="t", partition=0, offset=4, key=None, value=None, error="e", attempts=1)
    assert tombstone.payload is None and tombstone.payload_base64 is None and tombstone.payload_bytes is None

    big = b"x" * (TOPIC_PAYLOAD_MAX_BYTES + 1)
    letter = dead_letter_of(stage="s", topic="t", partition=0, offset=5, key=None, value=big, error="e", attempts=1)
    assert letter.payload_base64 is None and letter.payload_bytes == len(big) and len(letter.payload) == 4096
    assert readable(b"\xffa\x00", 2) == "\ufffda"
