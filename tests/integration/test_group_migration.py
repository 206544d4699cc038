"""Consumer groups follow MEMSTREAM_TOPIC_PREFIX, and `memstream groups migrate` carries the committed
offsets of the pre-0.2 groups (memstream-<stage>) over to the prefixed ones. Real embedded broker."""

from __future__ import annotations

import uuid

from aiokafka.structs import TopicPartition

from services.groups import _commit, committed_offsets, migrate_groups, stage_sources
from shared.broker import create_faust_app, ensure_topics


def test_two_prefixes_never_share_a_group(stack):
    staging = stack.settings.model_copy(update={"topic_prefix": "staging."})
    prod = stack.settings.model_copy(update={"topic_prefix": "prod."})
    for stage in stage_sources(prod):
        groups = {create_faust_app(stage, s).conf.id for s in (staging, prod)}
        assert groups == {f"staging.{stage}", f"prod.{stage}"}


async def test_migrate_copies_legacy_offsets_once(stack):
    prefix = f"mig{uuid.uuid4().hex[:6]}."
    settings = stack.settings.model_copy(update={"topic_prefix": prefix, "messages_partitions": 2})
    await ensure_topics(settings)
    legacy = f"legacy-{prefix}" + "{stage}"  # this test's own legacy names: the session shares the broker
    messages = settings.topic("chat.messages")
    old = {TopicPartition(messages, 0): 7, TopicPartition(messages, 1): 3}
    await _commit(settings, legacy.format(stage="extractor"), old)

    moves = {m.stage: m for m in await migrate_groups(settings, legacy=legacy, dry_run=True)}
    assert moves["extractor"].offsets == old and moves["extractor"].target == f"{prefix}extractor"
    assert await committed_offsets(settings, f"{prefix}extractor", [messages]) == {}, "a dry run writes nothing"
    assert moves["embedder"].skipped and "no committed offsets" in moves["embedder"].skipped

    moves = {m.stage: m for m in await migrate_groups(settings, legacy=legacy)}
    assert await committed_offsets(settings, f"{prefix}extractor", [messages]) == old

    # Run again after the new group moved on: it is left alone, never moved backwards.
    await _commit(settings, f"{prefix}extractor", {TopicPartition(messages, 0): 9})
    again = {m.stage: m for m in await migrate_groups(settings, legacy=legacy)}
    assert "already has offsets" in (again["extractor"].skipped or "")
    assert (await committed_offsets(settings, f"{prefix}extractor", [messages]))[TopicPartition(messages, 0)] == 9
