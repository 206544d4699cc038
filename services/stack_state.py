"""What a running `memstream dev` publishes about itself, so other commands can find it.

`memstream dev` writes ``<data dir>/stack.json`` once everything is up (URLs, broker, database,
processes and their metrics ports) and removes it when it stops. CLI commands run from anywhere use
it instead of starting anything of their own: they never create a database by accident.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from shared.embedded import pid_alive

STATE_FILE = "stack.json"
DEFAULT_DATA_DIR = Path(".memstream")


@dataclass(frozen=True)
class StackState:
    dev_pid: int
    data_dir: str
    api_url: str
    bootstrap: str
    database_url: str
    tenant: str
    log_dir: str
    broker_embedded: bool
    database_embedded: bool
    started_at: float
    # name -> {"pid": int, "metrics_port": int}; pids change on restart: dev.json has the live ones
    processes: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def docs_url(self) -> str:
        return f"{self.api_url}/docs"

    @property
    def ui_url(self) -> str:
        return f"{self.api_url}/ui"


def write_state(data_dir: Path, state: StackState) -> Path:
    path = data_dir / STATE_FILE
    # The database URL may carry a password: readable by this user only.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(asdict(state), out, indent=2)
    return path


def clear_state(data_dir: Path) -> None:
    (data_dir / STATE_FILE).unlink(missing_ok=True)


def read_running_state(data_dir: Path) -> StackState | None:
    """The state of the dev stack of this data dir, if one runs (a stale file of a killed one is ignored)."""
    try:
        raw = json.loads((data_dir / STATE_FILE).read_text())
        state = StackState(**raw)
    except (OSError, ValueError, TypeError):
        return None
    return state if pid_alive(state.dev_pid) else None


def live_pids(data_dir: Path) -> dict[str, int]:
    """The current pid of each child (dev.json is rewritten on every restart)."""
    try:
        return dict(json.loads((data_dir / "dev.json").read_text()).get("children", {}))
    except (OSError, ValueError):
        return {}


def find_running_stack(data_dir: Path, *, explicit: bool, start: Path | None = None) -> StackState | None:
    """A running dev stack: in the data dir the settings name, or (when it was not set explicitly)
    in a ``.memstream`` of the working directory or any folder above it, the way git finds its repo."""
    if explicit or data_dir.is_absolute():
        return read_running_state(data_dir)
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        state = read_running_state(folder / data_dir)
        if state is not None:
            return state
    return None


def redact(url: str) -> str:
    """A URL safe to print: the password replaced by ***."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = f"{parts.username or ''}:***@{parts.hostname or ''}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def banner(state: StackState, *, seconds: float, api_key: str) -> str:
    """What `memstream dev` prints once it is up: everything a newcomer needs to start."""
    broker = f"{state.bootstrap}" + ("   (embedded Tansu; producers connect here)" if state.broker_embedded else "")
    # The embedded database listens on a unix socket of this data dir only: its URL is shown whole, so
    # it can be pasted into psql; any other one without its password.
    database = state.database_url + "   (embedded)" if state.database_embedded else redact(state.database_url)
    return "\n".join(
        [
            "",
            f"memstream is up in {seconds:.1f}s",
            f"  API       {state.api_url}",
            f"  docs      {state.docs_url}",
            f"  panel     {state.ui_url}",
            f"  API key   {api_key}   (tenant '{state.tenant}')",
            f"  broker    {broker}",
            f"  database  {database}",
            f"  data      {state.data_dir}   (logs in {state.log_dir})",
            "  `memstream status` shows the stack from another terminal; Ctrl-C stops everything.",
            "",
        ]
    )
