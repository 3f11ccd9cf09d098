"""The hottest statements, below the ORM: the version read before every cached game read, and
the action transaction (read the game and its seats, conditional UPDATE, log INSERT).

Why not the ORM here: building ORM instances, the identity map and the unit of work cost more
than the statements themselves on these paths (docs/api.md, "Performance"). Everything else in
the service uses the ORM. The records read here carry the attributes of GameRow/SeatRow that
the action code reads, so the checks and the engine step are the very code the ORM paths run.
"""

from __future__ import annotations

import contextlib
import os
import threading
from types import SimpleNamespace
from typing import Any

from sqlalchemy import bindparam, case, or_, select
from sqlalchemy.orm.exc import StaleDataError

from service.errors import NotFound
from service.models import ActionLogRow, GameRow, SeatRow
from service.seats import seat_of


class VersionReader:
    """``SELECT version FROM games WHERE id = ?`` on one plain DBAPI connection per thread.

    The version look-up precedes every cached game read, so it is the hottest statement
    of the API. Going through the pool costs a checkout, a pre-ping round trip
    (PostgreSQL), an isolation-level switch and a reset on return, several times the
    statement itself; this keeps one autocommit connection per thread instead (taken
    from the engine's pool once and detached from it, so it was set up like any other).
    Any error drops the connection and answers ``FAILED``: the caller then takes the
    pooled path, which reconnects (or raises) as before.
    """

    FAILED: Any = object()

    def __init__(self, engine: Any, driver: _SqliteVersions | _PgVersions) -> None:
        self.engine = engine
        self.driver = driver
        self.pid = os.getpid()
        self.local = threading.local()

    @classmethod
    def for_engine(cls, engine: Any) -> VersionReader | None:
        if engine is None:
            return None
        table = GameRow.__table__.name
        dialect, driver = engine.dialect.name, engine.dialect.driver
        if dialect == "sqlite" and driver == "pysqlite":
            return cls(engine, _SqliteVersions(f"SELECT version FROM {table} WHERE id = ?"))
        if dialect == "postgresql" and driver == "psycopg":
            return cls(engine, _PgVersions(f"SELECT version FROM {table} WHERE id = $1"))
        return None

    def read(self, game_id: str) -> Any:
        """The version, None for no such game, or ``FAILED``."""
        if os.getpid() != self.pid:  # forked: never touch the parent's connections
            _FORKED_CONNECTIONS.append(self.local)
            self.local, self.pid = threading.local(), os.getpid()
        conn = getattr(self.local, "conn", None)
        try:
            if conn is None:
                fairy = self.engine.raw_connection()
                fairy.detach()
                conn = fairy.dbapi_connection
                self.local.handle = self.driver.open(conn)
                self.local.conn = conn
            return self.driver.query(self.local.handle, game_id)
        except Exception:  # noqa: BLE001 - the pooled path reports real errors
            self.local.conn = self.local.handle = None
            if conn is not None:
                with contextlib.suppress(Exception):  # already broken
                    conn.close()
            return self.FAILED


#: Per-thread state inherited over fork(); kept referenced so that garbage collection never
#: closes (and thereby terminates) a connection the parent process still uses.
_FORKED_CONNECTIONS: list[Any] = []


class _SqliteVersions:
    """sqlite3: an autocommit connection and one reusable cursor."""

    def __init__(self, sql: str) -> None:
        self.sql = sql

    def open(self, conn: Any) -> Any:
        conn.isolation_level = None
        return conn.cursor()

    def query(self, cursor: Any, game_id: str) -> int | None:
        cursor.execute(self.sql, (game_id,))
        rows = cursor.fetchall()  # to the end: SQLite ends the read transaction
        return rows[0][0] if rows else None


class _PgVersions:
    """psycopg: a server-side prepared statement run through psycopg's libpq wrapper
    (``psycopg.pq``, which releases the GIL while it waits). The cursor machinery around
    the same round trip costs about 20 µs of CPU per read, a tenth of the read path; the
    connection is used for nothing else, so psycopg's own bookkeeping is not needed."""

    NAME = b"ursuppe_game_version"

    def __init__(self, sql: str) -> None:
        from psycopg import pq

        self.sql = sql.encode()
        self.command_ok = pq.ExecStatus.COMMAND_OK
        self.tuples_ok = pq.ExecStatus.TUPLES_OK

    def open(self, conn: Any) -> Any:
        conn.autocommit = True
        pgconn = conn.pgconn
        _expect(pgconn.prepare(self.NAME, self.sql), self.command_ok)
        return pgconn

    def query(self, pgconn: Any, game_id: str) -> int | None:
        res = _expect(pgconn.exec_prepared(self.NAME, [game_id.encode()]), self.tuples_ok)
        return int(res.get_value(0, 0)) if res.ntuples else None


def _expect(res: Any, status: Any) -> Any:
    """libpq reports errors in the result, not by raising: make them exceptions."""
    if res.status != status:
        raise RuntimeError((res.error_message or b"").decode(errors="replace"))
    return res


# The action transaction in Core (see GameService._apply). The game and its seats are read
# into plain records with the attributes the checks and the engine step use, so those are
# the very code the ORM paths run; the UPDATE is conditional on the version read, like the
# ORM's (version_id_col).
_GAMES = GameRow.__table__
_SEATS = SeatRow.__table__
_LOG = ActionLogRow.__table__
# Read: what the checks and the engine step use, plus every written column that the step
# may leave as it is (``public`` and ``pending`` are always recomputed, so not read).
_ACTION_GAME_COLUMNS = (
    "id",
    "status",
    "seq",
    "version",
    "time_limit",
    "state",
    "pending_seat",
    "pending_kind",
    "deadline_at",
    "updated_at",
    "finished_at",
    "result",
)
_ACTION_SEAT_COLUMNS = ("seat", "kind", "bot_level", "token_hash", "timeouts", "resigned")
_ONCE = ("state", "result")  # JSON: parsed for one joined row only, not once per seat
# One statement for the game and its seats; a game always has seats 0..players-1.
_READ_ACTION = (
    select(
        *(_GAMES.c[name] for name in _ACTION_GAME_COLUMNS if name not in _ONCE),
        *(
            case((or_(_SEATS.c.seat.is_(None), _SEATS.c.seat == 0), _GAMES.c[name])).label(name)
            for name in _ONCE
        ),
        *(_SEATS.c[name].label(f"seat_{name}") for name in _ACTION_SEAT_COLUMNS),
    )
    .select_from(_GAMES.outerjoin(_SEATS, _SEATS.c.game_id == _GAMES.c.id))
    .where(_GAMES.c.id == bindparam("id"))
    .order_by(_SEATS.c.seat)
)
#: Every column an action may change (``_apply_locked``, ``_set_pending``).
_ACTION_WRITES = (
    "state",
    "public",
    "pending",
    "seq",
    "status",
    "pending_seat",
    "pending_kind",
    "deadline_at",
    "updated_at",
    "finished_at",
    "result",
)
_WRITE_GAME = (
    _GAMES.update()
    .where(_GAMES.c.id == bindparam("b_id"), _GAMES.c.version == bindparam("b_read_version"))
    .values({name: bindparam(name) for name in (*_ACTION_WRITES, "version")})
)
_WRITE_SEAT_TIMEOUTS = (
    _SEATS.update()
    .where(_SEATS.c.game_id == bindparam("b_game_id"), _SEATS.c.seat == bindparam("b_seat"))
    .values(timeouts=bindparam("timeouts"))
)
_LOG_COLUMNS = (
    "game_id",
    "seq",
    "seat",
    "action",
    "events",
    "actor",
    "idempotency_key",
    "after",
    "created_at",
)
_INSERT_LOG = _LOG.insert().values({name: bindparam(name) for name in _LOG_COLUMNS})


def load_for_action(conn: Any, game_id: str) -> Any:
    """The game and its seats as plain records with the attributes of GameRow/SeatRow that
    the action code reads (ORM instances would cost more to build than the statement)."""
    rows = conn.execute(_READ_ACTION, {"id": game_id}).all()
    if not rows:
        raise NotFound("game_not_found", f"no game {game_id}")
    first = rows[0]._mapping
    game = SimpleNamespace(**{name: first[name] for name in _ACTION_GAME_COLUMNS})
    game.seats = [
        SimpleNamespace(**{name: r._mapping[f"seat_{name}"] for name in _ACTION_SEAT_COLUMNS})
        for r in rows
        if r._mapping["seat_seat"] is not None
    ]
    return game


def game_write_params(row: Any, read_version: int) -> dict[str, Any]:
    values = vars(row)
    if any(name not in values for name in _ACTION_WRITES):  # never NULL a column by omission
        raise RuntimeError(f"action write misses {set(_ACTION_WRITES) - set(values)}")
    params = {name: values[name] for name in _ACTION_WRITES}
    params.update(b_id=row.id, b_read_version=read_version, version=read_version + 1)
    return params


def store_action(conn: Any, row: Any, read_version: int, timed_out: int | None) -> None:
    """Write the game (conditional on ``read_version``, bumping it) and a timed-out seat."""
    if conn.execute(_WRITE_GAME, game_write_params(row, read_version)).rowcount != 1:
        raise StaleDataError(f"game {row.id} changed since version {read_version}")
    row.version = read_version + 1
    seat_row = seat_of(row, timed_out)
    if seat_row is not None:
        conn.execute(
            _WRITE_SEAT_TIMEOUTS,
            {"b_game_id": row.id, "b_seat": seat_row.seat, "timeouts": seat_row.timeouts},
        )


# PostgreSQL: the game UPDATE as a data-modifying CTE feeding the log INSERT; the
# statement inserts nothing (rowcount 0) when the version moved on, and a failing INSERT
# (duplicate seq or Idempotency-Key) undoes the UPDATE with it.
_MOVED = _WRITE_GAME.returning(_GAMES.c.id).cte("moved")
_MOVE_AND_LOG = (
    _LOG.insert()
    .from_select(
        list(_LOG_COLUMNS),
        select(
            *(
                _MOVED.c.id
                if name == "game_id"
                else bindparam(f"l_{name}", type_=_LOG.c[name].type)
                for name in _LOG_COLUMNS
            )
        ),
    )
    .execution_options(preserve_rowcount=True)  # SQLAlchemy keeps it for UPDATEs only
)


def store_action_with_log(conn: Any, row: Any, read_version: int, log_row: ActionLogRow) -> None:
    params = game_write_params(row, read_version)
    params.update({f"l_{name}": getattr(log_row, name) for name in _LOG_COLUMNS})
    if conn.execute(_MOVE_AND_LOG, params).rowcount != 1:
        raise StaleDataError(f"game {row.id} changed since version {read_version}")
    row.version = read_version + 1


def insert_log(conn: Any, log_row: ActionLogRow) -> None:
    conn.execute(_INSERT_LOG, {name: getattr(log_row, name) for name in _LOG_COLUMNS})
