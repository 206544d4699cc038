"""The stages publish in batches (shared/broker.py: send_in_batches): every record reaches the broker, on the
partition ``send`` gives its key, each key's records in their order, records larger than a batch too."""

import json

from aiokafka import TopicPartition

from shared.broker import ensure_topics, new_consumer, new_producer, send_and_wait, send_in_batches


async def read_all(settings, topic: str, expected: int) -> dict[int, list]:
    consumer = new_consumer(settings, enable_auto_commit=False)
    await consumer.start()
    try:
        await consumer._client.force_metadata_update()
        partitions = [TopicPartition(topic, p) for p in sorted(consumer.partitions_for_topic(topic) or ())]
        consumer.assign(partitions)
        await consumer.seek_to_beginning(*partitions)
        by_partition: dict[int, list] = {}
        for _ in range(40):  # bounded: 40 fetches of at most 0.5 s
            batch = await consumer.getmany(timeout_ms=500)
            for tp, records in batch.items():
                by_partition.setdefault(tp.partition, []).extend(records)
            if sum(len(r) for r in by_partition.values()) >= expected:
                break
        return by_partition
    finally:
        await consumer.stop()


async def test_batches_keep_every_record_its_partition_and_its_keys_order(stack):
    settings = stack.settings.model_copy(update={"topic_prefix": "batched-publish."})
    await ensure_topics(settings)
    topic = settings.topic("facts.extracted")
    keys = [f"tenant:user-{i}".encode() for i in range(40)]
    items = [(keys[i % len(keys)], json.dumps({"n": i, "pad": "x" * (i % 7) * 50}).encode()) for i in range(400)]
    items.insert(123, (keys[5], json.dumps({"n": "big", "pad": "y" * 5000}).encode()))  # larger than a batch
    producer = new_producer(settings, max_batch_size=1024)  # small batches: most partitions need several
    await producer.start()
    try:
        await send_in_batches(producer, topic, items)
        await send_in_batches(producer, topic, [])  # nothing to send: nothing sent
        probes = [(key, json.dumps({"n": "probe"}).encode()) for key in keys]
        await send_and_wait(producer, topic, probes)  # one by one, with the producer's own partitioner
    finally:
        await producer.stop()

    by_partition = await read_all(settings, topic, len(items) + len(probes))
    assert len(by_partition) > 1  # the keys spread over several partitions
    assert sum(len(records) for records in by_partition.values()) == len(items) + len(probes)
    partition_of_key = {r.key: p for p, records in by_partition.items() for r in records if b"probe" in r.value}
    assert len(partition_of_key) == len(keys)
    seen: dict[bytes, list] = {}
    for partition, records in by_partition.items():
        for record in records:
            assert partition_of_key[record.key] == partition  # where a record sent alone goes
            value = json.loads(record.value)
            if value["n"] != "probe":
                seen.setdefault(record.key, []).append(value["n"])
    for key in keys:
        assert seen[key] == [json.loads(v)["n"] for k, v in items if k == key]  # in the order given
