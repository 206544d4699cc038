"""Versioned migrations with yoyo: applied once each, recorded in yoyo's own tables."""

from __future__ import annotations

from pathlib import Path

from yoyo import get_backend, read_migrations

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def _yoyo_url(database_url: str) -> str:
    scheme, _, rest = database_url.partition("://")
    if scheme in ("postgres", "postgresql"):
        return f"postgresql+psycopg://{rest}"
    return database_url


def migrate(database_url: str) -> list[str]:
    """Apply what is not applied yet; returns the ids applied now (empty on a second run)."""
    backend = get_backend(_yoyo_url(database_url))
    migrations = read_migrations(str(MIGRATIONS_DIR))
    with backend.lock():
        pending = backend.to_apply(migrations)
        backend.apply_migrations(pending)
    return [m.id for m in pending]


def applied_versions(database_url: str) -> list[str]:
    backend = get_backend(_yoyo_url(database_url))
    return [m.id for m in read_migrations(str(MIGRATIONS_DIR)) if backend.is_applied(m)]
