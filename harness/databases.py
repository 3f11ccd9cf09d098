"""Throw-away databases on SQLite and PostgreSQL, and a settable clock.

Shared by the API, service and worker suites and by the benchmarks. PostgreSQL databases
get a unique name per call and are dropped afterwards, so parallel runs on one server never
see each other, and nothing but what was created here is ever dropped.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
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


# The reaper: a small process of its own (its own session, so a signal to this process
# group spares it) that reads "+name"/"-name" lines on a pipe from the process that creates
# databases. The pipe closes however that process ends (a teardown cut short by pytest-xdist's
# os._exit, SIGKILL, a crash), and the reaper then drops whatever was not dropped.
REAPER = """
import sys, psycopg
names = set()
for line in sys.stdin:
    (names.add if line[0] == "+" else names.discard)(line[1:].strip())
if names:
    with psycopg.connect(sys.argv[1], autocommit=True) as conn:
        for name in sorted(names):
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
"""
_reaper: subprocess.Popen[str] | None = None
_reaper_owner = 0  # the pid that started it: a forked child starts its own
_reaper_lock = threading.Lock()


def _tell_reaper(line: str, admin: str) -> None:
    """Register (``+name``) or release (``-name``) a database with this process's reaper,
    started on first use (and again in a forked child: the pipe is the parent's)."""
    global _reaper, _reaper_owner
    with _reaper_lock:
        if _reaper is None or _reaper_owner != os.getpid() or _reaper.poll() is not None:
            _reaper = subprocess.Popen(
                [sys.executable, "-c", REAPER, admin], stdin=subprocess.PIPE, text=True,
                start_new_session=True, stdout=subprocess.DEVNULL,
            )  # fmt: skip
            _reaper_owner = os.getpid()
        assert _reaper.stdin is not None
        _reaper.stdin.write(line + "\n")
        _reaper.stdin.flush()


@contextmanager
def postgres_database(prefix: str = "ursuppe_test", *, durable: bool = False) -> Iterator[str]:
    """Create a uniquely named PostgreSQL database, yield its URL, drop it afterwards.

    Not ``durable``: commits skip the WAL flush (worthless for a throw-away database, and
    it makes the suite several times faster); benchmarks of production set-ups keep it."""
    import psycopg

    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = PG_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")
    _tell_reaper(f"+{name}", admin)  # before it exists: no window where a death leaks it
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
        if not durable:
            conn.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    try:
        yield PG_ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        _tell_reaper(f"-{name}", admin)


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
