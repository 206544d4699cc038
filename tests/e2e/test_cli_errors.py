"""CLI failures read as one clear line and a non-zero exit, never a traceback (unless --debug), and a
command never creates a database by accident. Each runs the real CLI in a subprocess; the outputs are
recorded under tests/artifacts/cli_errors.txt for the record."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from services.stack_state import StackState, write_state
from shared.embedded import free_port
from tests.helpers import ROOT

RECORD = ROOT / "tests" / "artifacts" / "cli_errors.txt"


def memstream(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`memstream ARGS` with only the given MEMSTREAM_* variables (none of the test session's)."""
    clean = {k: v for k, v in os.environ.items() if not k.upper().startswith("MEMSTREAM_")}
    done = subprocess.run(
        [sys.executable, "-m", "services.cli", *args],
        cwd=cwd,
        env={**clean, "PYTHONPATH": str(ROOT), "MEMSTREAM_LOG_JSON": "false", **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )
    RECORD.parent.mkdir(parents=True, exist_ok=True)
    with RECORD.open("a") as out:
        shown = " ".join(f"{k}=…" if "URL" in k else f"{k}={v}" for k, v in (env or {}).items())
        out.write(f"$ {shown} memstream {' '.join(args)}   (cwd {cwd.name})\n")
        out.write(f"{done.stdout}{done.stderr}[exit {done.returncode}]\n\n")
    return done


def assert_one_line_error(done: subprocess.CompletedProcess, needle: str) -> str:
    assert done.returncode == 1, done
    assert "Traceback" not in done.stderr, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("memstream: error: ")]
    assert len(errors) == 1, done.stderr
    assert needle in errors[0], errors[0]
    return errors[0]


def test_unreachable_database(tmp_path: Path):
    url = f"postgresql://memstream:pw@127.0.0.1:{free_port()}/memstream"
    done = memstream("keys", "create", "--tenant", "acme", cwd=tmp_path, env={"MEMSTREAM_DATABASE_URL": url})
    line = assert_one_line_error(done, "cannot reach the database at postgresql://memstream:***@127.0.0.1:")
    assert "pw" not in line, "the password is never printed"
    debug = memstream(
        "--debug", "keys", "create", "--tenant", "acme", cwd=tmp_path, env={"MEMSTREAM_DATABASE_URL": url}
    )
    assert debug.returncode == 1 and "Traceback" in debug.stderr


def test_another_folder_without_a_data_dir_creates_nothing(tmp_path: Path):
    for args in (["keys", "create", "--tenant", "acme"], ["dlq", "list"], ["migrate"], ["replay", "--tenant", "x"]):
        done = memstream(*args, cwd=tmp_path)
        assert_one_line_error(done, "no running `memstream dev` found")
    assert list(tmp_path.iterdir()) == [], "nothing was created in the working directory"


def test_a_database_without_the_schema_is_named(stack, tmp_path: Path):
    """A reachable Postgres that was never migrated: a clear line, not `unknown type: public.vector`."""
    import asyncio

    import asyncpg

    async def fresh_database() -> str:
        connection = await asyncpg.connect(stack.database_url)
        try:
            await connection.execute("DROP DATABASE IF EXISTS cli_unmigrated")
            await connection.execute("CREATE DATABASE cli_unmigrated")
        finally:
            await connection.close()
        return urlunsplit(urlsplit(stack.database_url)._replace(path="/cli_unmigrated"))

    url = asyncio.run(fresh_database())
    done = memstream("dlq", "list", cwd=tmp_path, env={"MEMSTREAM_DATABASE_URL": url})
    assert_one_line_error(done, "has no memstream schema: run `memstream migrate`")


def test_replay_without_a_broker_address(stack, tmp_path: Path):
    done = memstream("replay", "--tenant", "dev", cwd=tmp_path, env={"MEMSTREAM_DATABASE_URL": stack.database_url})
    assert_one_line_error(done, "no Kafka broker to talk to")


def test_replay_of_an_unknown_tenant(stack, tenant, tmp_path: Path):
    env = {"MEMSTREAM_DATABASE_URL": stack.database_url, "MEMSTREAM_KAFKA_BOOTSTRAP": stack.bootstrap}
    done = memstream("replay", "--tenant", "no-such-tenant", cwd=tmp_path, env=env)
    line = assert_one_line_error(done, "unknown tenant 'no-such-tenant' (known tenants: ")
    assert "republished" not in done.stdout
    known = memstream("replay", "--tenant", tenant[0], cwd=tmp_path, env=env)  # a known one with no messages
    assert known.returncode == 0 and "republished 0 message(s)" in known.stdout, known
    assert line


async def test_a_tenant_known_only_by_its_messages_can_be_replayed(stack, db, tmp_path: Path):
    """Upstream services publish to Kafka directly: a tenant can have messages and no API key."""
    from datetime import UTC, datetime

    from shared.contracts.events import ChatMessage
    from shared.storage.messages import store_messages

    tenant_id = f"upstream-{uuid.uuid4().hex[:8]}"
    message = ChatMessage(
        event_id="e1",
        tenant_id=tenant_id,
        user_id="u1",
        session_id="s1",
        role="user",
        content="I like tea.",
        created_at=datetime.now(UTC),
    )
    async with db.acquire() as connection:
        await store_messages(connection, [message])
    env = {"MEMSTREAM_DATABASE_URL": stack.database_url, "MEMSTREAM_KAFKA_BOOTSTRAP": stack.bootstrap}
    done = memstream("replay", "--tenant", tenant_id, cwd=tmp_path, env=env)
    assert done.returncode == 0 and "republished 1 message(s)" in done.stdout, done


def test_version(tmp_path: Path):
    done = memstream("--version", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.strip().startswith("memstream 0.")


def test_commands_find_a_running_dev_stack_from_a_subfolder(stack, tmp_path: Path):
    """The state file `memstream dev` writes (here for this test process, which plays the dev process)
    is found from any folder below the project, like git finds its repository."""
    data_dir = tmp_path / ".memstream"
    data_dir.mkdir()
    write_state(
        data_dir,
        StackState(
            dev_pid=os.getpid(),
            data_dir=str(data_dir),
            api_url=f"http://127.0.0.1:{free_port()}",
            bootstrap=stack.bootstrap,
            database_url=stack.database_url,
            tenant="dev",
            log_dir=str(data_dir / "logs"),
            broker_embedded=True,
            database_embedded=True,
            started_at=time.time(),
            processes={},
        ),
    )
    assert oct((data_dir / "stack.json").stat().st_mode & 0o777) == "0o600"
    below = tmp_path / "src" / "deeper"
    below.mkdir(parents=True)
    created = memstream("keys", "create", "--tenant", "found-from-below", cwd=below)
    assert created.returncode == 0 and created.stdout.strip().startswith("ms_"), created
    status = memstream("status", cwd=below)
    assert status.returncode == 0, status
    assert f"broker    {stack.bootstrap} (embedded)   reachable" in status.stdout
    assert "database" in status.stdout and "reachable" in status.stdout
    assert not (below / ".memstream").exists()
    # A stale file (its dev process is gone) is not a running stack.
    state = json.loads((data_dir / "stack.json").read_text())
    (data_dir / "stack.json").write_text(json.dumps({**state, "dev_pid": 2**22 + 12345}))
    assert_one_line_error(memstream("status", cwd=below), "no running `memstream dev` found")


def test_services_fail_fast_with_one_line(tmp_path: Path):
    """The long-running commands check their settings and the database before they start."""
    down = f"postgresql://memstream:pw@127.0.0.1:{free_port()}/memstream"
    env = {"MEMSTREAM_DATABASE_URL": down, "MEMSTREAM_KAFKA_BOOTSTRAP": f"127.0.0.1:{free_port()}"}
    assert_one_line_error(memstream("api", cwd=tmp_path, env=env), "cannot reach the database")
    sasl = {**env, "MEMSTREAM_KAFKA_SECURITY_PROTOCOL": "SASL_SSL"}
    line = assert_one_line_error(memstream("worker", "extractor", cwd=tmp_path, env=sasl), "SASL needs")
    assert "MEMSTREAM_KAFKA_SASL_USERNAME" in line


def test_replay_with_an_unreachable_broker(stack, tenant, tmp_path: Path):
    env = {"MEMSTREAM_DATABASE_URL": stack.database_url, "MEMSTREAM_KAFKA_BOOTSTRAP": f"127.0.0.1:{free_port()}"}
    done = memstream("replay", "--tenant", tenant[0], cwd=tmp_path, env=env)
    assert_one_line_error(done, "cannot reach the Kafka broker")


def test_status_without_a_dev_stack_shows_the_configured_ones(stack, tmp_path: Path):
    """Pointed at a database and a broker (compose, Kubernetes), status checks both and lists the
    stages' consumer groups with their lag."""
    env = {"MEMSTREAM_DATABASE_URL": stack.database_url, "MEMSTREAM_KAFKA_BOOTSTRAP": stack.bootstrap}
    done = memstream("status", cwd=tmp_path, env=env)
    assert done.returncode == 0, done
    assert f"broker    {stack.bootstrap}   reachable" in done.stdout
    assert "reachable" in done.stdout.split("database", 1)[1]
    for stage in ("extractor", "embedder", "consolidator", "summarizer"):
        assert f"memstream.{stage}" in done.stdout, done.stdout
