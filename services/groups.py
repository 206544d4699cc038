"""Consumer groups: move committed offsets from the pre-0.2 group names to the prefixed ones.

Before 0.2 a stage's group was ``memstream-<stage>`` whatever MEMSTREAM_TOPIC_PREFIX said, so two
pipelines on one cluster shared groups and took each other's partitions. Now it is
``<prefix><stage>`` (Settings.consumer_group). A new group would start from the earliest offset and
re-read every retained event: harmless (every stage is idempotent and every provider call is
cached) but slow on a large topic. ``memstream groups migrate`` copies the old group's committed
offsets to the new one instead, once, with the workers stopped.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiokafka.structs import OffsetAndMetadata, TopicPartition

from shared.broker import Topics, new_consumer
from shared.settings import Settings

LEGACY_GROUP = "memstream-{stage}"


class GroupMigrationError(RuntimeError):
    pass


@dataclass(frozen=True)
class GroupMove:
    stage: str
    source: str
    target: str
    offsets: dict[TopicPartition, int]
    skipped: str | None = None  # why nothing was copied


def stage_sources(settings: Settings) -> dict[str, list[str]]:
    from services.workers import _specs

    topics = Topics.from_settings(settings)
    return {stage: spec.sources(topics) for stage, spec in _specs().items()}


async def committed_offsets(settings: Settings, group: str, topics: list[str]) -> dict[TopicPartition, int]:
    """The group's committed offsets on these topics, read the way a member reads them (OffsetFetch
    through a consumer: the embedded broker answers the admin client's version of it wrongly)."""
    consumer = new_consumer(settings, group_id=group, enable_auto_commit=False)
    await consumer.start()
    try:
        await consumer._client.force_metadata_update()  # aiokafka has no public call for this
        found = {}
        for topic in topics:
            for partition in sorted(consumer.partitions_for_topic(topic) or ()):
                tp = TopicPartition(topic, partition)
                offset = await consumer.committed(tp)
                if offset is not None and offset >= 0:
                    found[tp] = offset
        return found
    finally:
        await consumer.stop()


async def migrate_groups(settings: Settings, *, legacy: str = LEGACY_GROUP, dry_run: bool = False) -> list[GroupMove]:
    """Copy each stage's committed offsets from its legacy group to its prefixed group. A target group
    that already has offsets is left alone (it is in use: copying would move it backwards)."""
    moves = []
    for stage, topics in stage_sources(settings).items():
        source, target = legacy.format(stage=stage), settings.consumer_group(stage)
        if source == target:
            moves.append(GroupMove(stage, source, target, {}, skipped="same name"))
            continue
        offsets = await committed_offsets(settings, source, topics)
        if not offsets:
            moves.append(GroupMove(stage, source, target, {}, skipped=f"{source} has no committed offsets"))
            continue
        if await committed_offsets(settings, target, topics):
            moves.append(GroupMove(stage, source, target, {}, skipped=f"{target} already has offsets"))
            continue
        if not dry_run:
            await _commit(settings, target, offsets)
        moves.append(GroupMove(stage, source, target, offsets))
    return moves


async def _commit(settings: Settings, group: str, offsets: dict[TopicPartition, int]) -> None:
    """Commit as a member-less client (the broker refuses it while the group has live members)."""
    consumer = new_consumer(settings, group_id=group, enable_auto_commit=False)
    await consumer.start()
    try:
        consumer.assign(list(offsets))
        await consumer.commit({tp: OffsetAndMetadata(offset, "") for tp, offset in offsets.items()})
    except Exception as exc:
        raise GroupMigrationError(
            f"could not commit offsets for {group} (stop every `memstream worker` first): {exc}"
        ) from exc
    finally:
        await consumer.stop()
