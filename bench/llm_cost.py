"""LLM cost per user turn, through the openai provider and the loopback OpenAI-compatible server.

The whole pipeline (every stage, the relay and the API, each its own process) runs with
MEMSTREAM_LLM_PROVIDER=openai against tests/fakes/openai_server.py, whose replies are the offline
rules' answers in each task's reply schema (an "ideal" LLM that costs nothing). Conversations from
the evaluation set, a few joined into each long session (one user each), are fed two ways:

- live: one POST per turn, waiting until the pipeline is quiet before the next turn, as a chat app
  does in production;
- backfill: every message of a user in one POST.

For each way: calls, prompt tokens and completion tokens per user turn, by task (extraction,
decision, summary, profile), as the server counted them (tokens by the server's own counter).
Then the backfill's conversations are replayed (republished): the calls that replay makes.

Triage's recall cost is reported next to it (no pipeline needed): over both eval sets, by split,
how many user turns that carry an expected fact triage would skip (it must be none), and how many
of those that carry none it does skip.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from bench.eval import DATASETS
from bench.stack import BenchStack, recreate_database, wait_ready
from shared.broker import ensure_topics
from shared.domain.cursor import message_hash

DATABASE = "bench_llm_cost"
PREFIX = "llmcost."
TASKS = ("extraction", "decision", "summary", "profile")
DATA = Path(__file__).parent / "data" / "eval_conversations.jsonl"


def triage_recall_cost(paths: tuple[Path, ...] = DATASETS) -> dict[str, dict[str, int]]:
    """Per split: user turns with an expected fact, how many of them triage skips (false skips), and
    the same for user turns without one (skips that save a call)."""
    from shared.domain.triage import worth_extracting

    counts: dict[str, Counter] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            conversation = json.loads(line)
            with_facts = {fact["msg"] for fact in conversation.get("expected_facts", [])}
            messages = conversation["messages"]
            split = counts.setdefault(conversation.get("split", "all"), Counter())
            for i, message in enumerate(messages):
                if message["role"] != "user":
                    continue
                previous = messages[i - 1] if i else None
                asked = (
                    previous is not None
                    and previous["role"] == "assistant"
                    and previous["content"].rstrip().endswith("?")
                )
                skipped = not worth_extracting(message["content"], follows_assistant_question=asked)
                kind = "fact_turns" if i in with_facts else "factless_turns"
                split[kind] += 1
                split[f"{kind}_skipped"] += skipped
    return {name: dict(sorted(c.items())) for name, c in sorted(counts.items())}


SAMPLES = ("spread", "first")


def sessions(path: Path, limit: int, per_session: int, sample: str = "spread") -> list[list[dict]]:
    """``limit`` conversations of the eval set, ``per_session`` of them joined into one long session
    each (one user), turns in order. ``spread`` takes them evenly across the set, so the sample has
    its mix of statements, changes of mind, small talk and questions; ``first`` takes the first ones
    (statements and changes of mind only: nearly every user turn carries a fact)."""
    rows = _sample(path, limit, sample)
    return [
        [turn for conversation in rows[i : i + per_session] for turn in conversation["messages"]]
        for i in range(0, len(rows), per_session)
    ]


def _sample(path: Path, limit: int, sample: str) -> list[dict]:
    every = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if sample == "first" or limit >= len(every):
        return every[:limit]
    return [every[i * len(every) // limit] for i in range(limit)]


def _turns_with_facts(path: Path, limit: int, sample: str) -> int:
    return sum(len({f["msg"] for f in row.get("expected_facts", [])}) for row in _sample(path, limit, sample))


def messages_of(turns: list[dict], user_id: str, base: datetime) -> list[dict]:
    return [
        {
            "event_id": f"{user_id}-{i}",
            "user_id": user_id,
            "session_id": f"s-{user_id}",
            "role": turn["role"],
            "content": turn["content"],
            "created_at": (base + timedelta(minutes=i)).isoformat(),
        }
        for i, turn in enumerate(turns)
    ]


def per_turn(counts: dict[str, Counter], user_turns: int) -> dict[str, Any]:
    """Per-task and total figures per user turn from the server's counters."""
    result: dict[str, Any] = {"user_turns": user_turns, "tasks": {}}
    totals = Counter()
    for task in TASKS:
        calls, prompt, completion = counts["calls"][task], counts["prompt"][task], counts["completion"][task]
        totals.update({"calls": calls, "prompt": prompt, "completion": completion})
        result["tasks"][task] = {
            "calls": calls,
            "calls_per_turn": round(calls / max(1, user_turns), 3),
            "prompt_tokens_per_turn": round(prompt / max(1, user_turns), 1),
            "completion_tokens_per_turn": round(completion / max(1, user_turns), 1),
        }
    result["calls_per_turn"] = round(totals["calls"] / max(1, user_turns), 3)
    result["prompt_tokens_per_turn"] = round(totals["prompt"] / max(1, user_turns), 1)
    result["completion_tokens_per_turn"] = round(totals["completion"] / max(1, user_turns), 1)
    return result


def _server_counts(server) -> dict[str, Counter]:
    snap = server.snapshot()
    calls = Counter({key.split(":")[0]: n for key, n in snap["outcomes"].items() if key.endswith(":answered")})
    return {
        "calls": calls,
        "prompt": Counter(snap["prompt_tokens"]),
        "completion": Counter(snap["completion_tokens"]),
    }


async def _quiet(server, db, tenant_id: str, settings=None, *, settle_s: float = 0.8, timeout_s: float = 120.0) -> None:
    """Until the LLM server has seen no request for ``settle_s``, the outbox is drained and (given
    the settings) every stage's consumer group has caught up: a backfill's candidates may still be
    on their way through the embedder when the server has been idle for a while."""
    deadline = time.monotonic() + timeout_s
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        snap = server.snapshot()
        pending = await db.fetchval(
            "SELECT count(*) FROM outbox WHERE published_at IS NULL AND tenant_id = $1", tenant_id
        )
        state = (sum(snap["requests"].values()), pending)
        if state != last:
            last, since = state, time.monotonic()
        elif time.monotonic() - since >= settle_s and pending == 0 and server.stats.in_flight == 0:
            if settings is None or await _caught_up(settings):
                return
            since = time.monotonic()
        await asyncio.sleep(0.1)
    raise TimeoutError("the pipeline did not settle")


async def _caught_up(settings) -> bool:
    """Every running stage's group has committed up to the end of its topics (a group that never
    committed belongs to a stage this bench does not run)."""
    from services.cli_support import _group_lags

    lags = await _group_lags(settings)
    return all(lag in (None, 0) for _, lag in lags.values())


async def _extracted(db, tenant_id: str, message: dict, timeout_s: float = 60.0) -> None:
    wanted = message_hash(message["event_id"], message["role"], message["content"])
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        cursor = await db.fetchval(
            "SELECT cursor_hash FROM sessions WHERE tenant_id = $1 AND session_id = $2",
            tenant_id,
            message["session_id"],
        )
        if cursor == wanted:
            return
        await asyncio.sleep(0.05)
    raise TimeoutError(f"message {message['event_id']} not extracted")


async def _feed(
    api_url: str, key: str, db, server, settings, tenant_id: str, convs: list[list[dict]], *, live: bool
) -> dict:
    server.reset_stats()
    base = datetime(2026, 1, 5, 9, tzinfo=UTC)
    user_turns = 0
    async with httpx.AsyncClient(base_url=api_url, headers={"X-API-Key": key}, timeout=30) as api:
        for n, conversation in enumerate(convs):
            messages = messages_of(conversation, f"{'live' if live else 'fill'}-{n}", base + timedelta(days=n))
            user_turns += sum(m["role"] == "user" for m in messages)
            batches = [[m] for m in messages] if live else [messages]
            for batch in batches:
                response = await api.post("/v1/messages", json={"messages": batch})
                response.raise_for_status()
                if live:
                    await _extracted(db, tenant_id, batch[-1])
                    await _quiet(server, db, tenant_id, settings)
        if not live:
            for conversation_messages in (messages_of(c, f"fill-{n}", base) for n, c in enumerate(convs)):
                await _extracted(db, tenant_id, conversation_messages[-1])
            await _quiet(server, db, tenant_id, settings, settle_s=1.5)
    return per_turn(_server_counts(server), user_turns)


async def _replay_calls(stack: BenchStack, settings, server, db, tenant_id: str) -> dict[str, int]:
    """Republish the tenant's stored messages (what `memstream replay` does): the calls it makes, by task."""
    from services.ops import ReplayFilter, replay_messages

    server.reset_stats()
    await replay_messages(settings, ReplayFilter(tenant_id=tenant_id))
    await _quiet(server, db, tenant_id, settings, settle_s=1.5)
    return dict(sorted(server.snapshot()["requests"].items()))


def measure_llm_cost(
    stack: BenchStack, console, *, limit: int, per_session: int = 6, sample: str = "spread"
) -> dict[str, Any]:
    from shared.storage.db import create_pool
    from shared.storage.migrate import migrate
    from shared.storage.tenants import add_api_key

    _source_tree_on_path()
    from tests.fakes.openai_server import FakeOpenAIServer

    asyncio.run(recreate_database(stack.server_url, DATABASE))
    settings = stack.settings(DATABASE, PREFIX)
    migrate(settings.database_url)
    asyncio.run(ensure_topics(settings))
    convs = sessions(DATA, limit, per_session, sample)
    with FakeOpenAIServer() as server:
        env = {
            "MEMSTREAM_LLM_PROVIDER": "openai",
            "MEMSTREAM_OPENAI_BASE_URL": server.base_url,
            "MEMSTREAM_OPENAI_API_KEY": "loopback",
            "MEMSTREAM_LOG_JSON": "false",
        }
        api_port = _free_port()
        for stage in ("extractor", "embedder", "consolidator", "summarizer"):
            stack.service(f"llm-{stage}", ["worker", stage], settings, **env)
        stack.service("llm-relay", ["relay"], settings, **env)
        api = stack.service("llm-api", ["api"], settings, MEMSTREAM_API_PORT=str(api_port), **env)
        api_url = f"http://127.0.0.1:{api_port}"
        wait_ready(api_url, api)

        async def run() -> dict[str, Any]:
            pool = await create_pool(settings.database_url or "", max_size=2)
            try:
                results = {}
                for mode, live in (("live", True), ("backfill", False)):
                    tenant_id = f"cost-{mode}-{uuid.uuid4().hex[:6]}"
                    key = await add_api_key(pool, tenant_id, label="bench")
                    console.log(f"llm cost: feeding {len(convs)} sessions, {mode}")
                    results[mode] = await _feed(api_url, key, pool, server, settings, tenant_id, convs, live=live)
                    if mode == "backfill":
                        by_task = await _replay_calls(stack, settings, server, pool, tenant_id)
                        results["replay_calls"] = sum(by_task.values())
                        results["replay_calls_by_task"] = by_task
                return results
            finally:
                await pool.close()

        return {
            "sessions": len(convs),
            "conversations_per_session": per_session,
            "sample": sample,
            "user_turns_with_a_fact": _turns_with_facts(DATA, limit, sample),
            **asyncio.run(run()),
            "triage": triage_recall_cost(),
        }


def _source_tree_on_path() -> None:
    """The loopback server lives with the tests (tests/fakes), which are not installed: the bench runs
    from a source checkout, so its root is put on the path when `memstream bench` started elsewhere."""
    root = str(Path(__file__).resolve().parents[1])
    if root not in sys.path:
        sys.path.insert(0, root)


def _free_port() -> int:
    from shared.embedded import free_port

    return free_port()


def main(argv: list[str] | None = None) -> int:
    from rich.console import Console

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, default=Path(".memstream/bench"))
    parser.add_argument("--conversations", type=int, default=24, help="from the eval set")
    parser.add_argument("--sample", choices=SAMPLES, default="spread", help="which conversations (see sessions())")
    parser.add_argument("--per-session", type=int, default=6, help="conversations joined into one session")
    parser.add_argument("--out", type=Path, help="write the figures here as JSON")
    args = parser.parse_args(argv)
    data_dir = args.data_dir.resolve()
    console = Console(stderr=True)
    with BenchStack(data_dir, data_dir / "logs" / f"llm-cost-{datetime.now():%Y%m%d-%H%M%S}") as stack:
        result = measure_llm_cost(
            stack, console, limit=args.conversations, per_session=args.per_session, sample=args.sample
        )
    text = json.dumps(result, indent=2)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
