"""The benchmark harness's pure helpers: percentiles, rates from counter samples, pacing, ordering,
targets and the table. Nothing here is timed."""

from __future__ import annotations

import math

import pytest

from bench import harness
from bench.stack import Service, free_port, metric_sum, with_database


def test_percentile_interpolates_between_ranks_like_numpy():
    samples = [5.0, 1.0, 3.0, 2.0, 4.0]
    assert harness.percentile(samples, 0) == 1.0
    assert harness.percentile(samples, 50) == 3.0
    assert harness.percentile(samples, 100) == 5.0
    assert harness.percentile(samples, 95) == pytest.approx(4.8)
    assert harness.percentile([7.0], 95) == 7.0
    with pytest.raises(ValueError):
        harness.percentile([], 50)


def test_latency_summary_is_in_milliseconds():
    summary = harness.latency_summary([0.010, 0.020, 0.030])
    assert summary["count"] == 3
    assert summary["p50_ms"] == 20.0
    assert summary["max_ms"] == 30.0
    assert summary["mean_ms"] == 20.0


def test_rate_leaves_out_start_up_and_the_first_batch():
    samples = [(0.0, 0), (5.0, 0), (6.0, 64), (7.0, 564), (8.0, 1064)]
    rate = harness.rate_from_samples(samples, 1064)
    assert rate is not None
    assert rate.events == 1000 and rate.seconds == 2.0 and rate.per_s == 500.0


def test_rate_is_none_when_the_counter_moved_once_or_never():
    assert harness.rate_from_samples([(0.0, 0), (1.0, 0)], 10) is None
    assert harness.rate_from_samples([(0.0, 0), (1.0, 10)], 10) is None
    assert harness.rate_from_samples([(0.0, 0), (1.0, 5), (2.0, 8)], 10) is None  # never reached


def test_cpu_delta_counts_new_processes_and_ignores_exited_ones():
    before = {1: 10.0, 2: 5.0, 3: 7.0}  # 3 exits in between
    after = {1: 12.5, 2: 5.0, 4: 1.5}  # 4 is new
    assert harness.cpu_delta(before, after) == 4.0


def test_due_keeps_a_paced_sender_on_schedule_and_within_the_total():
    assert harness.due(100, 0.0, 0, 1000) == 0
    assert harness.due(100, 0.5, 0, 1000) == 50
    assert harness.due(100, 0.5, 50, 1000) == 0
    assert harness.due(100, 0.5, 60, 1000) == 0  # ahead of schedule: wait, never negative
    assert harness.due(100, 100.0, 990, 1000) == 10  # never past the total
    sent = 0
    for tick in range(1, 101):  # 1 s in 10 ms ticks
        sent += harness.due(250, tick / 100, sent, 10_000)
    assert sent == 250


def test_interleave_by_user_round_robins_and_keeps_each_users_order():
    events = [{"user_id": u, "n": n} for u in ("a", "b") for n in range(3)] + [{"user_id": "c", "n": 0}]
    out = harness.interleave_by_user(events)
    assert [(e["user_id"], e["n"]) for e in out] == [
        ("a", 0),
        ("b", 0),
        ("c", 0),
        ("a", 1),
        ("b", 1),
        ("a", 2),
        ("b", 2),
    ]


def test_stage_rates_become_message_rates_and_the_lowest_is_the_bottleneck():
    # 2,000 candidates from 8,000 messages: 100 candidates/s is 400 messages/s.
    assert harness.message_rate(100, 2000, 8000) == 400
    assert math.isinf(harness.message_rate(100, 0, 8000))
    assert harness.bottleneck({"extractor": 900.0, "embedder": 400.0, "relay": 9000.0}) == ("embedder", 400.0)


def test_targets_say_met_or_missed_and_by_how_much():
    fast = harness.Target("ingest", 2500, 2000, True, "msg/s")
    assert fast.met is True and fast.margin == "+25%"
    slow = harness.Target("freshness p95", 3.0, 2.0, False, "s")
    assert slow.met is False and slow.margin == "-50%"
    assert harness.Target("search p95", 20.0, 25.0, False, "ms").margin == "+20%"
    unknown = harness.Target("x", None, 1.0, True, "x")
    assert unknown.met is None and unknown.margin == "n/a"
    assert slow.as_dict()["direction"] == "<="


def test_table_aligns_columns():
    text = harness.format_table(["measure", "value"], [["a", "1"], ["longer name", "22"]])
    lines = text.splitlines()
    assert len({len(line) for line in lines}) == 1
    assert lines[0].startswith("measure") and lines[1].startswith("-")
    assert lines[2].endswith(" 1") and lines[3].startswith("longer name")


def test_fmt_rate():
    assert harness.fmt_rate(1234.5) == "1,234"
    assert harness.fmt_rate(84.04) == "84.0"
    assert harness.fmt_rate(None) == "n/a"


def test_metric_sum_matches_labels_exactly_or_from_a_set():
    page = """# HELP memstream_events_total Events.
# TYPE memstream_events_total counter
memstream_events_total{stage="extractor",outcome="processed"} 10.0
memstream_events_total{stage="extractor",outcome="candidates"} 4.0
memstream_events_total{stage="extractor",outcome="dead_lettered"} 1.0
"""
    assert metric_sum(page, "memstream_events_total", stage="extractor", outcome="processed") == 10.0
    assert metric_sum(page, "memstream_events_total", outcome={"processed", "dead_lettered"}) == 11.0
    assert metric_sum(page, "memstream_events_total") == 15.0
    assert metric_sum(page, "memstream_other_total") == 0.0


def test_with_database_swaps_only_the_database():
    url = "postgresql://postgres:@/postgres?host=/tmp/sock"
    assert with_database(url, "bench_pipeline") == "postgresql://postgres:@/bench_pipeline?host=/tmp/sock"


def test_cpu_budget_scales_each_stage_by_its_events_per_message():
    stages = {
        "extractor": {"cpu_ms_per_event": 1.0, "postgres_cpu_ms_per_event": 0.5, "broker_cpu_ms_per_event": 0.1},
        "embedder": {"cpu_ms_per_event": 3.0, "postgres_cpu_ms_per_event": 0.2, "broker_cpu_ms_per_event": None},
    }
    budget = harness.cpu_budget(stages, {"extractor": 1.0, "embedder": 0.5}, model_ms_per_message=1.2)
    assert budget["ms_per_message"]["embedder"] == {"stage": 1.5, "postgres": 0.1, "broker": 0.0}
    assert budget["total_ms_per_message"] == pytest.approx(1.6 + 1.6)
    assert budget["by_part_ms_per_message"] == {"stage": 2.5, "postgres": 0.6, "broker": 0.1}
    assert budget["share_of_total"]["extractor"] == 0.5
    assert budget["messages_per_core_s"] == pytest.approx(1000 / 3.2, abs=0.1)
    assert budget["model_ms_per_message"] == 1.2


def test_a_service_is_scraped_through_one_kept_client(tmp_path):
    """The bench scrapes a timed stage every 0.1 s: a new HTTP client each time (an SSL context built
    anew) cost about a fifth of a core, taken from the stage being measured."""
    from prometheus_client import CollectorRegistry, Counter, start_http_server

    registry = CollectorRegistry()
    Counter("bench_probe", "a counter", registry=registry).inc(3)
    port = free_port()
    server, thread = start_http_server(port, addr="127.0.0.1", registry=registry)
    service = Service("probe", [], {}, tmp_path / "probe.log", metrics_port=port)
    try:
        first = service.scrape()
        client = service._client
        assert metric_sum(first, "bench_probe_total") == 3.0
        assert metric_sum(service.scrape(), "bench_probe_total") == 3.0 and service._client is client
    finally:
        service.stop()
        server.shutdown()
        server.server_close()
        thread.join(5)
    assert service._client is None


def test_rate_is_none_when_only_a_last_small_batch_is_left_to_time():
    # 2,048 events in the first batch, 32 in the second: the 0.1 s between says how long a batch waits, not a rate
    assert harness.rate_from_samples([(0.0, 0), (1.0, 2048), (1.1, 2080)], 2080) is None
