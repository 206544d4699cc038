"""The one CLI: `memstream api | mcp | worker <stage> | relay | dev | migrate | topics | keys | schemas | bench`."""

from __future__ import annotations

import asyncio
import signal
from datetime import UTC, datetime
from typing import Annotated

import typer

from shared.settings import Settings, get_settings
from shared.telemetry import configure_logging

cli = typer.Typer(help="memstream: event-driven long-term memory.", no_args_is_help=True, add_completion=False)
keys_cli = typer.Typer(help="API keys.", no_args_is_help=True)
cli.add_typer(keys_cli, name="keys")
dlq_cli = typer.Typer(help="Dead letters: events a stage could not process.", no_args_is_help=True)
cli.add_typer(dlq_cli, name="dlq")
groups_cli = typer.Typer(help="Consumer groups of the stages.", no_args_is_help=True)
cli.add_typer(groups_cli, name="groups")


def _settings() -> Settings:
    settings = get_settings()
    configure_logging(settings.log_level, settings.log_json)
    return settings


def _with_database(settings: Settings, *, broker: bool = False, schema: bool = True) -> Settings:
    """The configured database (and broker), else those of the running `memstream dev` of the data dir.
    Never starts one: a command run from the wrong folder fails with a clear line instead."""
    from services.cli_support import resolve

    return resolve(settings, database=True, broker=broker, schema=schema)


def _show_version(value: bool) -> None:
    if value:
        from services.cli_support import version

        typer.echo(f"memstream {version()}")
        raise typer.Exit()


@cli.callback()
def _global_options(
    version: Annotated[
        bool, typer.Option("--version", is_eager=True, callback=_show_version, help="Print the version and exit.")
    ] = False,
    debug: Annotated[bool, typer.Option("--debug", help="Show the traceback of an error (give it first).")] = False,
) -> None:
    """memstream: event-driven long-term memory."""


@cli.command()
def dev(demo: Annotated[bool, typer.Option(help="Feed the demo conversation once ready.")] = False) -> None:
    """Run everything locally: embedded Postgres and broker, all stages, the relay and the API."""
    from services.dev import run_dev

    raise typer.Exit(run_dev(_settings(), demo=demo))


@cli.command()
def api() -> None:
    """Serve the REST API."""
    import uvicorn

    from services.api.app import create_app

    settings = _with_database(_settings(), broker=True)  # one clear line if either is missing or down
    uvicorn.run(create_app(settings), host=settings.api_host, port=settings.api_port, log_config=None, access_log=False)


@cli.command()
def mcp() -> None:
    """Serve the memory tools to an MCP host over stdio (MEMSTREAM_MCP_API_KEY, MEMSTREAM_MCP_USER_ID)."""
    from services.mcp.stdio import run_stdio

    run_stdio(_settings())


@cli.command()
def worker(
    stage: Annotated[
        str, typer.Argument(help="extractor | embedder | message-embedder | consolidator | summarizer | reinforcer")
    ],
) -> None:
    """Run one pipeline stage (its own consumer group)."""
    from services.workers import STAGES, run_worker

    if stage not in STAGES:
        raise typer.BadParameter(f"unknown stage {stage!r}; choose one of {', '.join(STAGES)}")
    run_worker(stage, _with_database(_settings(), broker=True))


@cli.command()
def relay() -> None:
    """Publish the outbox to the fact-changes topic."""
    from services.relay.relay import run
    from shared.telemetry import serve_metrics

    settings = _with_database(_settings(), broker=True)
    serve_metrics(settings.metrics_port, settings.metrics_host)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await run(settings, stop)

    asyncio.run(main())


@cli.command("migrate")
def migrate_cmd() -> None:
    """Apply pending database migrations (a no-op when there are none)."""
    from shared.storage.migrate import migrate

    settings = _with_database(_settings(), schema=False)
    applied = migrate(settings.database_url or "")
    typer.echo(f"applied {len(applied)} migration(s): {', '.join(applied) or '-'}")


@cli.command()
def topics() -> None:
    """Create every topic with its configured partition count."""
    from services.cli_support import resolve
    from shared.broker import ensure_topics

    for name, partitions in asyncio.run(ensure_topics(resolve(_settings(), broker=True))).items():
        typer.echo(f"{name}\t{partitions} partitions")


def _run_with_pool(settings: Settings, work):
    from shared.storage.db import create_pool

    async def main():
        pool = await create_pool(settings.database_url or "", max_size=1)
        try:
            return await work(pool)
        finally:
            await pool.close()

    return asyncio.run(main())


@keys_cli.command("create")
def keys_create(
    tenant: Annotated[str, typer.Option(help="Tenant id (created if new).")],
    label: Annotated[str, typer.Option(help="A note to recognise the key by.")] = "",
) -> None:
    """Create an API key for a tenant and print it (only its hash is stored). Its key id (for `keys
    list` and `keys revoke`) goes to stderr."""
    from shared.domain.validation import MAX_ID_CHARS, id_problem
    from shared.hashing import hash_api_key
    from shared.storage.tenants import KEY_ID_CHARS, add_api_key

    problem = id_problem(tenant) or (f"longer than {MAX_ID_CHARS} characters" if len(tenant) > MAX_ID_CHARS else None)
    if problem or not tenant:
        raise typer.BadParameter(f"tenant id {problem or 'is empty'}")
    key = _run_with_pool(_with_database(_settings()), lambda pool: add_api_key(pool, tenant, label=label))
    typer.echo(key)
    typer.echo(f"key id {hash_api_key(key)[:KEY_ID_CHARS]}", err=True)


@keys_cli.command("list")
def keys_list(
    tenant: Annotated[str | None, typer.Option(help="Only this tenant's keys.")] = None,
    active: Annotated[bool, typer.Option("--active", help="Only keys not revoked.")] = False,
) -> None:
    """Every API key by its key id (the start of its hash; the key itself is never stored): tenant,
    label, created, revoked."""
    from shared.storage.tenants import list_api_keys

    keys = _run_with_pool(
        _with_database(_settings()), lambda pool: list_api_keys(pool, tenant, include_revoked=not active)
    )
    for k in keys:
        revoked = f"revoked {k.revoked_at:%Y-%m-%d %H:%M:%S}" if k.revoked_at else "active"
        typer.echo(f"{k.key_id}\t{k.tenant_id}\t{k.label or '-'}\tcreated {k.created_at:%Y-%m-%d %H:%M:%S}\t{revoked}")
    if not keys:
        typer.echo("no keys", err=True)


@keys_cli.command("revoke")
def keys_revoke(
    key_id: Annotated[str | None, typer.Argument(help="The key id from `keys list` (8 or more hex digits).")] = None,
    key: Annotated[str | None, typer.Option(help="The key itself, instead of its id.")] = None,
) -> None:
    """Revoke an API key. Every API process stops accepting it within MEMSTREAM_API_KEY_CACHE_S."""
    from shared.storage.tenants import AmbiguousKeyId, revoke_api_key

    settings = _with_database(_settings())
    if (key_id is None) == (key is None):
        raise typer.BadParameter("give a key id or --key, not both")
    try:
        revoked = _run_with_pool(settings, lambda pool: revoke_api_key(pool, key_id=key_id, key=key))
    except (ValueError, AmbiguousKeyId) as exc:
        raise typer.BadParameter(str(exc)) from None
    if revoked is None:
        typer.echo("no such key", err=True)
        raise typer.Exit(1)
    typer.echo(
        f"revoked {revoked.key_id} of tenant {revoked.tenant_id} at {revoked.revoked_at:%Y-%m-%d %H:%M:%S} UTC; "
        f"API processes refuse it within {settings.api_key_cache_s:g} s"
    )


@cli.command()
def replay(
    tenant: Annotated[str, typer.Option(help="Tenant whose stored messages to republish.")],
    user: Annotated[str | None, typer.Option(help="Only this user.")] = None,
    session: Annotated[str | None, typer.Option(help="Only this session.")] = None,
    since: Annotated[datetime | None, typer.Option(help="Messages created at or after (ISO 8601).")] = None,
    until: Annotated[datetime | None, typer.Option(help="Messages created before (ISO 8601).")] = None,
) -> None:
    """Republish stored messages to chat.messages (backfill, or re-extraction by a new extractor version)."""
    from rich.progress import Progress

    from services.cli_support import require_tenant
    from services.ops import ReplayFilter, replay_messages

    settings = _with_database(_settings(), broker=True)
    asyncio.run(require_tenant(settings, tenant))
    selection = ReplayFilter(tenant, user, session, _aware(since), _aware(until))
    with Progress(transient=False) as bar:
        task = bar.add_task("replaying messages", total=None)
        sent = asyncio.run(
            replay_messages(settings, selection, lambda done, total: bar.update(task, completed=done, total=total))
        )
    typer.echo(f"republished {sent} message(s)")


def _aware(moment: datetime | None) -> datetime | None:
    """Command-line times without a zone are taken as UTC."""
    return moment.replace(tzinfo=UTC) if moment is not None and moment.tzinfo is None else moment


@dlq_cli.command("list")
def dlq_list(
    stage: Annotated[str | None, typer.Option(help="Only this stage.")] = None,
    tenant: Annotated[str | None, typer.Option(help="Only this tenant.")] = None,
    all_: Annotated[bool, typer.Option("--all", help="Include already replayed ones.")] = False,
    limit: Annotated[int, typer.Option(help="At most this many.")] = 50,
    payload: Annotated[bool, typer.Option(help="Print the original payloads too.")] = False,
) -> None:
    """List dead letters with their stage and error."""
    from services.ops import list_dead_letters
    from shared.storage.dead_letters import readable

    rows = asyncio.run(
        list_dead_letters(
            _with_database(_settings()), stage=stage, tenant_id=tenant, include_replayed=all_, limit=limit
        )
    )
    for r in rows:
        replayed = f" replayed {r['replayed_at']:%Y-%m-%d %H:%M}" if r["replayed_at"] else ""
        typer.echo(
            f"#{r['id']} {r['created_at']:%Y-%m-%d %H:%M:%S} {r['stage']} tenant={r['tenant_id']} "
            f"{r['source_topic']}[{r['source_partition']}]@{r['source_offset']}{replayed}: {r['error']}"
        )
        if payload:
            typer.echo(f"    {readable(r['payload'], 500) if r['payload'] is not None else '(tombstone: no value)'}")
    typer.echo(f"{len(rows)} dead letter(s)")


@dlq_cli.command("replay")
def dlq_replay(
    ids: Annotated[list[int] | None, typer.Argument(help="Dead-letter ids (default: all not yet replayed).")] = None,
    stage: Annotated[str | None, typer.Option(help="Only this stage.")] = None,
) -> None:
    """Send dead letters back to their source topic, e.g. after deploying a fix."""
    from services.ops import replay_dead_letters

    count = asyncio.run(replay_dead_letters(_with_database(_settings(), broker=True), ids=ids or None, stage=stage))
    typer.echo(f"replayed {count} dead letter(s)")


@groups_cli.command("migrate")
def groups_migrate(
    legacy: Annotated[str, typer.Option(help="Old group name; {stage} is replaced.")] = "memstream-{stage}",
    dry_run: Annotated[bool, typer.Option(help="Only show what would be copied.")] = False,
) -> None:
    """Copy committed offsets from the pre-0.2 groups (memstream-<stage>) to <topic prefix><stage>.

    Run once, with every worker stopped, before starting the new version."""
    from services.cli_support import resolve
    from services.groups import migrate_groups

    for move in asyncio.run(migrate_groups(resolve(_settings(), broker=True), legacy=legacy, dry_run=dry_run)):
        if move.skipped:
            typer.echo(f"{move.stage}: {move.source} -> {move.target}: skipped ({move.skipped})")
        else:
            verb = "would copy" if dry_run else "copied"
            typer.echo(f"{move.stage}: {move.source} -> {move.target}: {verb} {len(move.offsets)} partition offset(s)")


@cli.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def bench(ctx: typer.Context) -> None:
    """Measure ingest, every stage, freshness, search and provider calls on the embedded stack (bench/run.py).

    Options go to the harness: `memstream bench --help`-style flags such as --quick, --no-search, --hnsw-1m."""
    from bench.run import main as bench_main

    raise typer.Exit(bench_main(ctx.args))


@cli.command()
def status() -> None:
    """Show the running stack: URLs, broker, database, processes and their lag."""
    from services.cli_support import status_lines

    for line in status_lines(_settings()):
        typer.echo(line)


@cli.command()
def docs() -> None:
    """Write docs/configuration.md from the settings object (a test keeps the two in sync)."""
    from shared.settings_docs import write_configuration

    typer.echo(str(write_configuration()))


@cli.command()
def schemas() -> None:
    """Write the event JSON Schemas (shared/contracts/schemas) and the AsyncAPI document."""
    from shared.contracts.export import write_schemas

    for path in write_schemas():
        typer.echo(str(path))


def main() -> None:
    from services.cli_support import run

    run(cli)  # one clear line and exit 1 on an error; `memstream --debug ...` for the traceback


if __name__ == "__main__":
    main()
