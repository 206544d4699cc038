"""The stages' consumers fetch with MEMSTREAM_KAFKA_FETCH_MAX_WAIT_MS, not faust's fixed 1,500 ms: the
embedded broker answers a fetch only when that wait runs out, so it bounds the latency of every hop."""

import warnings

from shared.broker import create_faust_app
from shared.settings import Settings


async def test_the_consumer_faust_builds_waits_as_the_settings_say():
    settings = Settings(kafka_bootstrap="127.0.0.1:1", kafka_fetch_max_wait_ms=77)
    app = create_faust_app("extractor", settings)
    consumer = app.consumer._thread._create_worker_consumer(app.transport)  # built, never started
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        assert consumer._fetch_max_wait_ms == 77
        del consumer
