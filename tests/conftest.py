"""One embedded Postgres and one embedded broker per test session, shared by every test.

Tests isolate themselves by tenant id instead of by database, the way production tenants do.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.helpers import Pipeline, Stack

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    from shared.broker import ensure_topics
    from shared.embedded import EmbeddedBroker, EmbeddedPostgres
    from shared.settings import get_settings
    from shared.storage.migrate import migrate

    data_dir = tmp_path_factory.mktemp("memstream")
    postgres = EmbeddedPostgres(data_dir)
    broker = EmbeddedBroker(data_dir / "broker.log")
    try:
        database_url = postgres.start()
        bootstrap = broker.start()
        os.environ.update(
            {
                "MEMSTREAM_DATABASE_URL": database_url,
                "MEMSTREAM_KAFKA_BOOTSTRAP": bootstrap,
                "MEMSTREAM_DATA_DIR": str(data_dir),
                "MEMSTREAM_LOG_LEVEL": "INFO",
                # The end-to-end suites compare profiles with the facts after every change; the
                # debounce itself is tested on the summarizer's handler (test_profile_debounce.py).
                "MEMSTREAM_PROFILE_REFRESH_CHANGES": "1",
                # Their conversations are short: summaries every 4 user turns whatever the length, so
                # the summaries stay covered; the length budget is tested on shared.domain.checkpoints.
                "MEMSTREAM_SUMMARY_MIN_CHARS": "0",
            }
        )
        get_settings.cache_clear()
        settings = get_settings()
        migrate(database_url)
        asyncio.run(ensure_topics(settings))
        yield Stack(
            settings=settings,
            database_url=database_url,
            bootstrap=bootstrap,
            data_dir=data_dir,
            postgres=postgres,
            broker=broker,
        )
    finally:
        broker.stop()
        postgres.stop()


@pytest.fixture(scope="session")
def pipeline(stack: Stack) -> Iterator[Pipeline]:
    """Every stage, the relay and the API, each its own OS process, as in production."""
    running = Pipeline(stack)
    try:
        running.start_all()
        yield running
    finally:
        running.stop_all()


@pytest.fixture(scope="session")
async def db(stack: Stack) -> AsyncIterator:
    from shared.storage.db import create_pool

    pool = await create_pool(stack.database_url, max_size=5)
    yield pool
    await pool.close()


@pytest.fixture
async def tenant(db) -> tuple[str, str]:
    """A fresh tenant and its API key: the isolation unit of every test."""
    from shared.storage.tenants import add_api_key

    tenant_id = f"t-{uuid.uuid4().hex[:10]}"
    key = await add_api_key(db, tenant_id, label="test")
    return tenant_id, key
