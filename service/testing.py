"""Test support: throw-away databases on SQLite and PostgreSQL, and a settable clock.

Lives in the package (not under tests/) so the API, service and worker suites can share
it. PostgreSQL databases get a unique name per call and are dropped afterwards, so
parallel runs on one server never see each other.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import Engine, text

from service.models import Base, utcnow

PG_ADMIN_URL = os.environ.get(
    "URSUPPE_TEST_PG_ADMIN_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)


@contextmanager
def temporary_database(backend: str, directory: Path) -> Iterator[str]:
    """Yield the URL of a new, empty database; drop it afterwards (PostgreSQL)."""
    if backend == "sqlite":
        yield f"sqlite:///{directory / f'test-{uuid.uuid4().hex[:8]}.sqlite'}"
        return
    if backend != "postgresql":
        raise ValueError(f"unknown backend {backend!r}")
    import psycopg

    name = f"ursuppe_test_{uuid.uuid4().hex[:12]}"
    admin = PG_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
        # Durability is worthless for a throw-away test database; skipping the WAL flush
        # on commit makes the suite several times faster.
        conn.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    try:
        yield PG_ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def wipe(engine: Engine) -> None:
    """Delete every row (children first); much faster than re-creating the schema."""
    with engine.begin() as conn:
        for table in reversed(Base.metadata.sorted_tables):
            conn.execute(text(f"DELETE FROM {table.name}"))


@dataclass
class FakeClock:
    """A clock tests can move forward; starts at the real now."""

    now: datetime = field(default_factory=utcnow)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now
