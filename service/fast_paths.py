"""The hottest statements, below the ORM: the version read before every cached game read, and
the action transaction (read the game and its seats, conditional UPDATE, log INSERT).

Why not the ORM, nor even Core's execution, here: building ORM instances, the identity map,
the unit of work, and Core's per-execution machinery (pool checkout and pre-ping, compiled
cache look-ups, parameter and result processing set up anew for each statement) cost more
than the statements themselves (docs/api.md, "Performance"). So these statements are written
in Core, compiled once for the engine's dialect with SQLAlchemy's own type processors, and
run on one plain DBAPI connection per thread. Everything else in the service uses the ORM.
The records read here carry the attributes of GameRow/SeatRow that the action code reads,
so the checks and the engine step are the very code the ORM paths run.
"""

from __future__ import annotations

import contextlib
import os
import threading
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from sqlalchemy import bindparam, case, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from service.errors import NotFound
from service.models import ActionLogRow, GameRow, SeatRow
from service.seats import seat_of

#: The (dialect, driver) pairs these paths know; any other engine takes the ORM paths.
SUPPORTED = {("sqlite", "pysqlite"), ("postgresql", "psycopg")}


@dataclass
class _Held:
    """A thread's own connection, with a cursor to reuse."""

    conn: Any
    cursor: Any
    version_prepared: bool = False  # PostgreSQL: the version read's statement exists


class ThreadConnection:
    """One plain autocommit DBAPI connection per thread and process, for the hot paths.

    Going through the pool costs a checkout, a pre-ping round trip (PostgreSQL), an
    isolation-level switch and a reset on return, several times a small statement. The
    connection is taken from the engine's pool once and detached from it, so it was set up
    like any other (SQLite pragmas, psycopg's JSON loader). Transactions are explicit
    (``BEGIN`` … ``COMMIT``); a caller that meets an error it cannot explain ``drop()``s the
    connection, and the next ``get()`` opens a new one.
    """

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        self.dbapi = engine.dialect.loaded_dbapi
        self.pid = os.getpid()
        self.local = threading.local()

    @classmethod
    def for_engine(cls, engine: Any) -> ThreadConnection | None:
        if engine is None or (engine.dialect.name, engine.dialect.driver) not in SUPPORTED:
            return None
        return cls(engine)

    def get(self) -> _Held:
        if os.getpid() != self.pid:  # forked: never touch the parent's connections
            _FORKED_CONNECTIONS.append(self.local)
            self.local, self.pid = threading.local(), os.getpid()
        held = getattr(self.local, "held", None)
        if held is None:
            fairy = self.engine.raw_connection()
            fairy.detach()
            conn = fairy.dbapi_connection
            if self.sqlite:
                conn.isolation_level = None
            else:
                conn.autocommit = True
            held = self.local.held = _Held(conn, conn.cursor())
        return held

    def drop(self) -> None:
        held, self.local.held = getattr(self.local, "held", None), None
        if held is not None:
            with contextlib.suppress(Exception):  # already broken
                held.conn.close()


#: Per-thread state inherited over fork(); kept referenced so that garbage collection never
#: closes (and thereby terminates) a connection the parent process still uses.
_FORKED_CONNECTIONS: list[Any] = []


class VersionReader:
    """``SELECT version FROM games WHERE id = ?``: the statement before every cached game read,
    so the hottest of the API. Any error drops the connection and answers ``FAILED``: the
    caller then takes the pooled path, which reconnects (or raises) as before.

    On PostgreSQL it is a server-side prepared statement run through psycopg's libpq wrapper
    (``psycopg.pq``, which releases the GIL while it waits): the cursor machinery around the
    same round trip costs about 20 µs of CPU per read, a tenth of the read path.
    """

    FAILED: Any = object()
    PG_NAME = b"ursuppe_game_version"

    def __init__(self, connection: ThreadConnection) -> None:
        self.connection = connection
        table = GameRow.__table__.name
        if connection.sqlite:
            self.sql: Any = f"SELECT version FROM {table} WHERE id = ?"
        else:
            from psycopg import pq

            self.sql = f"SELECT version FROM {table} WHERE id = $1".encode()
            self.command_ok = pq.ExecStatus.COMMAND_OK
            self.tuples_ok = pq.ExecStatus.TUPLES_OK

    def read(self, game_id: str) -> Any:
        """The version, None for no such game, or ``FAILED``."""
        try:
            held = self.connection.get()
            if self.connection.sqlite:
                held.cursor.execute(self.sql, (game_id,))
                rows = held.cursor.fetchall()  # to the end: SQLite ends the read transaction
                return rows[0][0] if rows else None
            pgconn = held.conn.pgconn
            if not held.version_prepared:
                _expect(pgconn.prepare(self.PG_NAME, self.sql), self.command_ok)
                held.version_prepared = True
            res = _expect(pgconn.exec_prepared(self.PG_NAME, [game_id.encode()]), self.tuples_ok)
            return int(res.get_value(0, 0)) if res.ntuples else None
        except Exception:  # noqa: BLE001 - the pooled path reports real errors
            self.connection.drop()
            return self.FAILED


def _expect(res: Any, status: Any) -> Any:
    """libpq reports errors in the result, not by raising: make them exceptions."""
    if res.status != status:
        raise RuntimeError((res.error_message or b"").decode(errors="replace"))
    return res


# The action transaction's statements, written in Core and compiled once per dialect (see
# ActionStore). The game and its seats are read into plain records with the attributes the
# checks and the engine step use, so those are the very code the ORM paths run; the UPDATE
# is conditional on the version read, like the ORM's (version_id_col).
_GAMES = GameRow.__table__
_SEATS = SeatRow.__table__
_LOG = ActionLogRow.__table__
# Read: what the checks and the engine step use, plus every written column that the step
# may leave as it is (``public`` and ``pending`` are always recomputed, so not read).
_ACTION_GAME_COLUMNS = (
    "id",
    "seed",  # a bot's turn derives its bot's seed from it
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


# PostgreSQL: the game UPDATE as a data-modifying CTE feeding the log INSERT; the
# statement inserts nothing (rowcount 0) when the version moved on, and a failing INSERT
# (duplicate seq or Idempotency-Key) undoes the UPDATE with it.
_MOVED = _WRITE_GAME.returning(_GAMES.c.id).cte("moved")
_MOVE_AND_LOG = _LOG.insert().from_select(
    list(_LOG_COLUMNS),
    select(
        *(
            _MOVED.c.id if name == "game_id" else bindparam(f"l_{name}", type_=_LOG.c[name].type)
            for name in _LOG_COLUMNS
        )
    ),
)


class _Compiled:
    """A Core statement compiled once for a dialect, run on a DBAPI cursor with SQLAlchemy's
    own type processors (JSON through the engine's serializer, UTC datetimes; each type's
    dialect implementation, as Core picks it): the SQL and values Core would send, without
    redoing its set-up on every execution."""

    def __init__(self, statement: Any, dialect: Any) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = str(compiled)
        self.positions = list(compiled.positiontup) if compiled.positional else None
        self.fixed = {
            name: bp.effective_value for name, bp in compiled.binds.items() if not bp.required
        }
        self.binds = {
            name: proc
            for name, bp in compiled.binds.items()
            if (proc := bp.type.dialect_impl(dialect).bind_processor(dialect)) is not None
        }
        columns = getattr(statement, "selected_columns", None)
        self.keys = list(columns.keys()) if columns is not None else []
        self.results = [
            c.type.dialect_impl(dialect).result_processor(dialect, None) for c in columns or ()
        ]

    def params(self, values: dict[str, Any]) -> Any:
        params = {**self.fixed, **values}
        for name, proc in self.binds.items():
            params[name] = proc(params[name])
        return params if self.positions is None else [params[n] for n in self.positions]

    def records(self, rows: list[Any]) -> list[dict[str, Any]]:
        procs = self.results
        return [
            {
                key: (proc(v) if proc else v)
                for key, proc, v in zip(self.keys, procs, row, strict=True)
            }
            for row in rows
        ]


class ActionStore:
    """The action transaction on the thread's own connection (see ``GameService._apply``):
    read the game and its seats, then write the game (conditional on the version read), a
    timed-out seat and the log row so that they commit together or not at all.

    - SQLite: the read outside a transaction, then ``BEGIN IMMEDIATE`` (the write lock, or
      wait for it), the writes, ``COMMIT``.
    - PostgreSQL: the read, then ONE statement (the game UPDATE as a data-modifying CTE
      feeding the log INSERT): two round trips and no BEGIN/COMMIT. A timeout also counts
      against the seat, so it takes ``BEGIN`` … ``COMMIT``.

    A lost race raises ``StaleDataError`` and a duplicate (seq or Idempotency-Key) raises
    SQLAlchemy's ``IntegrityError``, as the ORM paths do; nothing is written in either case.
    """

    def __init__(self, connection: ThreadConnection) -> None:
        dialect = connection.engine.dialect
        self.connection = connection
        self.read = _Compiled(_READ_ACTION, dialect)
        self.write_game = _Compiled(_WRITE_GAME, dialect)
        self.write_timeouts = _Compiled(_WRITE_SEAT_TIMEOUTS, dialect)
        self.insert_log = _Compiled(_INSERT_LOG, dialect)
        self.move_and_log = None if connection.sqlite else _Compiled(_MOVE_AND_LOG, dialect)
        self.begin = "BEGIN IMMEDIATE" if connection.sqlite else "BEGIN"

    def load(self, game_id: str) -> Any:
        """The game and its seats as plain records with the attributes of GameRow/SeatRow
        that the action code reads. A connection that fails here is replaced once: nothing
        has been written yet (what the pool's pre-ping would do, without its round trip)."""
        params = self.read.params({"id": game_id})
        for attempt in (1, 2):
            cursor = self.connection.get().cursor
            try:
                cursor.execute(self.read.sql, params)
                rows = cursor.fetchall()
                break
            except self.connection.dbapi.Error:
                self.connection.drop()
                if attempt == 2:
                    raise
        if not rows:
            raise NotFound("game_not_found", f"no game {game_id}")
        records = self.read.records(rows)
        first = records[0]
        game = SimpleNamespace(**{name: first[name] for name in _ACTION_GAME_COLUMNS})
        game.seats = [
            SimpleNamespace(**{name: r[f"seat_{name}"] for name in _ACTION_SEAT_COLUMNS})
            for r in records
            if r["seat_seat"] is not None
        ]
        return game

    def store(
        self, row: Any, read_version: int, log_row: ActionLogRow, timed_out: int | None
    ) -> None:
        """Write the game (bumping its version), a timed-out seat's count and the log row."""
        game = game_write_params(row, read_version)
        log = {name: getattr(log_row, name) for name in _LOG_COLUMNS}
        cursor = self.connection.get().cursor

        def game_written() -> None:  # the conditional UPDATE matched: no race was lost
            if cursor.rowcount != 1:
                raise StaleDataError(f"game {row.id} changed since version {read_version}")

        began = False
        try:
            if self.move_and_log is not None and timed_out is None:
                both = self.move_and_log
                cursor.execute(both.sql, both.params({**game, **_prefixed(log)}))
                game_written()
            else:
                cursor.execute(self.begin)
                began = True
                cursor.execute(self.write_game.sql, self.write_game.params(game))
                game_written()
                seat_row = seat_of(row, timed_out)
                if seat_row is not None:
                    seat = {
                        "b_game_id": row.id,
                        "b_seat": seat_row.seat,
                        "timeouts": seat_row.timeouts,
                    }
                    cursor.execute(self.write_timeouts.sql, self.write_timeouts.params(seat))
                cursor.execute(self.insert_log.sql, self.insert_log.params(log))
                cursor.execute("COMMIT")
                began = False
        except BaseException as err:
            dbapi = self.connection.dbapi
            if began:
                with contextlib.suppress(dbapi.Error):
                    cursor.execute("ROLLBACK")
            if isinstance(err, dbapi.IntegrityError):
                raise IntegrityError("action write", None, err) from err
            if isinstance(err, dbapi.Error):
                self.connection.drop()
            raise
        row.version = read_version + 1


def game_write_params(row: Any, read_version: int) -> dict[str, Any]:
    values = vars(row)
    if any(name not in values for name in _ACTION_WRITES):  # never NULL a column by omission
        raise RuntimeError(f"action write misses {set(_ACTION_WRITES) - set(values)}")
    params = {name: values[name] for name in _ACTION_WRITES}
    params.update(b_id=row.id, b_read_version=read_version, version=read_version + 1)
    return params


def _prefixed(log: dict[str, Any]) -> dict[str, Any]:
    return {f"l_{name}": value for name, value in log.items() if name != "game_id"}
