"""What the CLI needs around its commands: clear one-line errors, and finding the stack to talk to.

A command never starts an embedded database or broker of its own (only `memstream dev` does): it
uses the URLs it is given, or those of the running dev stack of its data dir.
"""

from __future__ import annotations

import asyncio
import re
import socket
import sys
import time
from importlib import metadata
from pathlib import Path

import typer

from services.stack_state import (
    DEFAULT_DATA_DIR,
    StackState,
    find_running_stack,
    live_pids,
    pid_alive,
    redact,
)
from shared.settings import Settings

EXIT_ERROR = 1


class CliError(Exception):
    """A failure the user can act on; printed as one line, exit code 1."""


def version() -> str:
    try:
        return metadata.version("memstream")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


# --------------------------------------------------------------------------- running commands


def run(app: typer.Typer, argv: list[str] | None = None) -> None:
    """Run the CLI: usage errors as click prints them, every other failure as one line and exit 1,
    unless ``--debug`` comes before the command (then the traceback)."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args[: _first_command_index(args)]
    command = typer.main.get_command(app)
    try:
        command.main(args=args, prog_name="memstream", standalone_mode=True)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:
        if debug:
            raise
        print(f"memstream: error: {describe(exc)}", file=sys.stderr)
        if not _explains_itself(exc):
            print("memstream: run `memstream --debug ...` for the traceback", file=sys.stderr)
        sys.exit(EXIT_ERROR)


def _explains_itself(exc: BaseException) -> bool:
    """Errors whose one line says all there is (no hint to look at a traceback)."""
    from aiokafka.errors import KafkaConnectionError

    from shared.embedded import EmbeddedStackMissing
    from shared.kafka_security import KafkaSecurityError

    return isinstance(exc, CliError | KafkaSecurityError | EmbeddedStackMissing | KafkaConnectionError)


def _first_command_index(args: list[str]) -> int:
    for i, arg in enumerate(args):
        if not arg.startswith("-"):
            return i
    return len(args)


def describe(exc: BaseException) -> str:
    """One line for an exception: its own message for ours, a plain sentence for the usual I/O ones."""
    from aiokafka.errors import KafkaConnectionError, KafkaError

    if isinstance(exc, KafkaConnectionError):
        tried = ", ".join(f"{host}:{port}" for host, port in re.findall(r"\('([^']+)', (\d+)", str(exc)))
        where = f" at {tried}" if tried else f" ({exc})"
        return f"cannot reach the Kafka broker{where}: check MEMSTREAM_KAFKA_BOOTSTRAP and the security settings"
    if _explains_itself(exc):
        return str(exc)
    if isinstance(exc, KafkaError):
        return f"Kafka: {type(exc).__name__}: {exc}"
    text = " ".join(str(exc).split()) or type(exc).__name__
    return f"{type(exc).__name__}: {text}"


# --------------------------------------------------------------------------- finding the stack


def running_stack(settings: Settings) -> StackState | None:
    explicit = "data_dir" in settings.model_fields_set
    return find_running_stack(settings.data_dir, explicit=explicit)


def resolve(settings: Settings, *, database: bool = False, broker: bool = False, schema: bool = True) -> Settings:
    """Settings with the database and broker this command talks to: the ones configured, else those
    of the running dev stack. Fails with a clear line when a needed one is neither."""
    state = running_stack(settings)
    update = {}
    if not settings.database_url and state:
        update["database_url"] = state.database_url
    if not settings.kafka_bootstrap and state:
        update["kafka_bootstrap"] = state.bootstrap
    resolved = settings.model_copy(update=update)
    missing = [
        name
        for name, needed, value in (
            ("database", database, resolved.database_url),
            ("Kafka broker", broker, resolved.kafka_bootstrap),
        )
        if needed and not value
    ]
    if missing:
        raise CliError(f"no {' and no '.join(missing)} to talk to: {_nothing_running_hint(settings, missing)}")
    if broker:
        from shared.kafka_security import kafka_security

        kafka_security(resolved)  # settings that do not add up: one line now, not a traceback in a worker
    if database:
        asyncio.run(probe_database(resolved.database_url or "", schema=schema))
    return resolved


def _nothing_running_hint(settings: Settings, missing: list[str]) -> str:
    where = settings.data_dir if settings.data_dir.is_absolute() else settings.data_dir.resolve()
    variables = " and ".join(
        {"database": "MEMSTREAM_DATABASE_URL", "Kafka broker": "MEMSTREAM_KAFKA_BOOTSTRAP"}[m] for m in missing
    )
    searched = (
        f"{where}" if "data_dir" in settings.model_fields_set else f"{DEFAULT_DATA_DIR}/ here and in every folder above"
    )
    return (
        f"no running `memstream dev` found ({searched}). Start one with `memstream dev`, point "
        f"MEMSTREAM_DATA_DIR at the data dir of a running one, or set {variables}"
    )


async def probe_database(url: str, timeout_s: float = 5.0, *, schema: bool = True) -> None:
    """Connect once, so an unreachable database is one clear line, not a pool's traceback; with
    ``schema``, also check it is a migrated memstream database."""
    import asyncpg

    try:
        connection = await asyncpg.connect(url, timeout=timeout_s)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise CliError(f"cannot reach the database at {redact(url)}: {reason}") from exc
    try:
        migrated = not schema or await connection.fetchval("SELECT to_regclass('public.tenants') IS NOT NULL")
    finally:
        await connection.close()
    if not migrated:
        raise CliError(
            f"the database at {redact(url)} has no memstream schema: run `memstream migrate` against it first"
        )


async def require_tenant(settings: Settings, tenant_id: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(settings.database_url or "", timeout=5)
    try:
        # Known: it has an API key, or stored messages (upstream services publish to Kafka directly,
        # so a tenant can have messages and no tenants row).
        if await connection.fetchval(
            "SELECT EXISTS (SELECT 1 FROM tenants WHERE tenant_id = $1)"
            " OR EXISTS (SELECT 1 FROM messages WHERE tenant_id = $1)",
            tenant_id,
        ):
            return
        known = [r["tenant_id"] for r in await connection.fetch("SELECT tenant_id FROM tenants ORDER BY 1 LIMIT 6")]
    finally:
        await connection.close()
    listed = ", ".join(known[:5]) + (", ..." if len(known) > 5 else "") if known else "none"
    raise CliError(f"unknown tenant {tenant_id!r} (known tenants: {listed})")


# --------------------------------------------------------------------------- status


def status_lines(settings: Settings) -> list[str]:
    """The running stack, as `memstream status` prints it."""
    state = running_stack(settings)
    if state is None and not (settings.database_url or settings.kafka_bootstrap):
        raise CliError(_nothing_running_hint(settings, ["database", "Kafka broker"]))
    lines = []
    if state is not None:
        up = time.time() - state.started_at
        lines += [
            f"memstream dev (pid {state.dev_pid}, up {_duration(up)}), data dir {state.data_dir}",
            f"  API       {state.api_url}   {_http_status(state.api_url + '/readyz')}",
            f"  docs      {state.docs_url}",
            f"  panel     {state.ui_url}",
        ]
    bootstrap = settings.kafka_bootstrap or (state.bootstrap if state else None)
    database_url = settings.database_url or (state.database_url if state else None)
    embedded_broker = " (embedded)" if state and state.broker_embedded and not settings.kafka_bootstrap else ""
    embedded_db = " (embedded)" if state and state.database_embedded and not settings.database_url else ""
    lines.append(f"  broker    {bootstrap or '-'}{embedded_broker}   {_tcp_status(bootstrap)}")
    shown = _shown_database(database_url, embedded=bool(embedded_db))
    lines.append(f"  database  {shown}{embedded_db}   {_db_status(database_url)}")
    if state is not None:
        lines.append("  processes")
        pids = live_pids(Path(state.data_dir))
        for name, process in state.processes.items():
            pid = pids.get(name, process["pid"])
            alive = pid_alive(pid)
            consumes = name not in ("api", "relay")  # the stages are the consumer groups
            lag = _lag(process["metrics_port"]) if consumes and alive and process["metrics_port"] else None
            lag_text = "" if lag is None else f"   lag {lag}"
            lines.append(f"    {name:<13} pid {pid:<8} {'running' if alive else 'STOPPED'}{lag_text}")
    elif bootstrap and _tcp_status(bootstrap) == "reachable":
        # No dev stack: the processes run elsewhere (compose, Kubernetes); the groups' lag from Kafka.
        lines.append("  consumer groups")
        resolved = settings.model_copy(update={"kafka_bootstrap": bootstrap})
        for stage, (group, lag) in asyncio.run(_group_lags(resolved)).items():
            lines.append(f"    {stage:<13} {group:<28} lag {lag if lag is not None else '- (nothing committed)'}")
    return lines


async def _group_lags(settings: Settings) -> dict[str, tuple[str, int | None]]:
    """Each stage's group and its lag: the partitions' end offsets less the committed ones."""
    from services.groups import committed_offsets, stage_sources
    from shared.broker import new_consumer

    lags: dict[str, tuple[str, int | None]] = {}
    consumer = new_consumer(settings, enable_auto_commit=False)
    await consumer.start()
    try:
        for stage, topics in stage_sources(settings).items():
            group = settings.consumer_group(stage)
            committed = await committed_offsets(settings, group, topics)
            if not committed:
                lags[stage] = (group, None)
                continue
            ends = await consumer.end_offsets(list(committed))
            lags[stage] = (group, sum(max(0, ends[tp] - offset) for tp, offset in committed.items()))
    finally:
        await consumer.stop()
    return lags


def _shown_database(url: str | None, *, embedded: bool) -> str:
    """As the banner shows it: the embedded database (a unix socket of the data dir) whole, any other
    without its password."""
    if not url:
        return "-"
    return url if embedded else redact(url)


def _duration(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{secs:02d}s"


def _http_status(url: str) -> str:
    import httpx

    try:
        return "ready" if httpx.get(url, timeout=2.0).status_code == 200 else "NOT READY"
    except httpx.HTTPError:
        return "UNREACHABLE"


def _tcp_status(bootstrap: str | None) -> str:
    if not bootstrap:
        return ""
    host, _, port = bootstrap.split(",")[0].strip().rpartition(":")
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=2.0):
            return "reachable"
    except (OSError, ValueError):
        return "UNREACHABLE"


def _db_status(url: str | None) -> str:
    if not url:
        return ""
    try:
        asyncio.run(probe_database(url, timeout_s=3.0))
    except CliError:
        return "UNREACHABLE"
    return "reachable"


def _lag(metrics_port: int) -> int | None:
    """Records the stage has not committed yet, summed over its partitions (from its own /metrics:
    the embedded broker's offsets count batches, so the worker's fetch highwater is the truth)."""
    import httpx
    from prometheus_client.parser import text_string_to_metric_families

    try:
        text = httpx.get(f"http://127.0.0.1:{metrics_port}/metrics", timeout=2.0).text
    except httpx.HTTPError:
        return None
    total = None
    for family in text_string_to_metric_families(text):
        if family.name == "memstream_consumer_lag":
            total = int(sum(sample.value for sample in family.samples))
    return total if total is not None else 0
