"""Throw-away databases on SQLite and PostgreSQL, and a settable clock.

Shared by the API, service and worker suites and by the benchmarks. PostgreSQL databases
get a unique name per call and are dropped afterwards, so parallel runs on one server never
see each other, and nothing but what was created here is ever dropped.
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
def postgres_database(prefix: str = "ursuppe_test", *, durable: bool = False) -> Iterator[str]:
    """Create a uniquely named PostgreSQL database, yield its URL, drop it afterwards.

    Not ``durable``: commits skip the WAL flush (worthless for a throw-away database, and
    it makes the suite several times faster); benchmarks of production set-ups keep it."""
    import psycopg

    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = PG_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
        if not durable:
            conn.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    try:
        yield PG_ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def temporary_database(backend: str, directory: Path) -> Iterator[str]:
    """Yield the URL of a new, empty database (a file in ``directory`` for SQLite)."""
    if backend == "sqlite":
        yield f"sqlite:///{directory / f'test-{uuid.uuid4().hex[:8]}.sqlite'}"
    elif backend == "postgresql":
        with postgres_database() as url:
            yield url
    else:
        raise ValueError(f"unknown backend {backend!r}")


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
