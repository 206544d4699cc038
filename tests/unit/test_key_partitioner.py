"""The stages' producers place each key where every other Kafka client does (murmur2 of the key)."""

from __future__ import annotations

import random

from aiokafka.partitioner import DefaultPartitioner

from shared.broker import key_for, key_partitioner


def test_same_partition_as_aiokafkas_default_for_every_key_and_partition_count() -> None:
    rng = random.Random(17)
    keys = [key_for(f"tenant-{rng.randrange(50)}", f"user-{rng.randrange(10_000)}") for _ in range(2_000)]
    keys += [rng.randbytes(rng.randrange(0, 40)) for _ in range(500)]
    default = DefaultPartitioner()
    for count in (1, 3, 8, 12, 64):
        partitions = list(range(count))
        for key in keys * 2:  # the second time from the remembered hash
            assert key_partitioner(key, partitions, partitions) == default(key, partitions, partitions)


def test_a_record_without_key_goes_to_an_available_partition() -> None:
    for _ in range(50):
        assert key_partitioner(None, [0, 1, 2, 3], [1, 3]) in {1, 3}
