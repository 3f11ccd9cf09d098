"""Database engine, sessions and schema migrations.

SQLite (the embedded default) and PostgreSQL are both first-class. SQLite gets WAL mode and
a busy timeout so that several threads or gunicorn workers can write one file; concurrent
migrations are serialised with a file lock (SQLite) or an advisory lock (PostgreSQL) so that
every gunicorn worker may safely run ``upgrade_database`` at start-up.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.orm import Session, sessionmaker

from service.plumbing.config import ensure_sqlite_dir

MIGRATIONS_DIR = Path(__file__).resolve().parents[1] / "migrations"
PG_MIGRATION_LOCK = 0x75727375  # arbitrary constant: the advisory lock id for migrations


def json_dumps(value: object) -> str:
    """JSON columns are (de)serialised on every request; orjson is several times faster
    than the standard library for the engine snapshots."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def make_engine(database_url: str, *, echo: bool = False) -> Engine:
    """Create the SQLAlchemy engine with per-backend settings that make concurrency safe."""
    ensure_sqlite_dir(database_url)
    # Pre-ping: a pooled connection the server ended (a restart, an idle timeout) is
    # replaced at checkout, before anything is written on it. Hidden parameters: an error's
    # text (and the echo log) never carries the statement's values, which include token
    # hashes; a failing statement's traceback in the web log showed them (issue 26).
    common = {
        "echo": echo,
        "hide_parameters": True,
        "json_serializer": json_dumps,
        "json_deserializer": orjson.loads,
        "pool_pre_ping": True,
    }
    if database_url.startswith("sqlite"):
        engine = create_engine(
            database_url,
            connect_args={"timeout": 30, "check_same_thread": False},
            **common,
        )
        event.listen(engine, "connect", _sqlite_on_connect)
        return engine
    return create_engine(database_url, pool_size=5, max_overflow=10, **common)


def _sqlite_on_connect(dbapi_conn, _record) -> None:  # noqa: ANN001 - DBAPI objects
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    """Sessions that keep loaded values after commit, so results can be returned."""
    return sessionmaker(engine, expire_on_commit=False)


def alembic_config(database_url: str):  # noqa: ANN201 - alembic.config.Config
    """An Alembic config pointing at ``service/migrations`` (no alembic.ini needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return cfg


@contextmanager
def _migration_lock(database_url: str) -> Iterator[None]:
    """Serialise concurrent migrations of one SQLite file across processes."""
    if not database_url.startswith("sqlite:///") or ":memory:" in database_url:
        yield
        return
    db_path = Path(database_url[len("sqlite:///") :].split("?", 1)[0])
    lock_path = db_path.with_name(db_path.name + ".migrate.lock")
    fd = os.open(lock_path, os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def upgrade_database(database_url: str, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (idempotent; safe to call from many processes)."""
    ensure_sqlite_dir(database_url)
    with _migration_lock(database_url):
        command.upgrade(alembic_config(database_url), revision)


def downgrade_database(database_url: str, revision: str = "base") -> None:
    """Undo migrations (used by the migration round-trip test)."""
    with _migration_lock(database_url):
        command.downgrade(alembic_config(database_url), revision)


def ping(engine: Engine) -> None:
    """Raise when the database does not answer; used by ``/readyz``."""
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))


if __name__ == "__main__":
    # ``python -m service.plumbing.db``: the schema of ``DATABASE_URL`` to head. ``make run``'s runner
    # migrates this way, in a child, so that it never holds SQLAlchemy and Alembic itself.
    upgrade_database(os.environ["DATABASE_URL"])
