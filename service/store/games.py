"""Where games are kept: every statement the service runs, on one SQLAlchemy engine and its
pool (pre-ping on checkout, so a connection the server ended is replaced before use).

A change is one transaction around one loaded game row (``GameStore.changing``): the ORM
writes the row with ``UPDATE … WHERE id = :id AND version = :read`` (the mapper's
``version_id_col``), so of two writers that read the same version one commits and the other
gets ``StaleDataError`` with nothing written. ``GameService`` turns that into a conflict.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, false, func, select
from sqlalchemy.orm import Session, defer, sessionmaker, undefer

from service.models import (
    ActionLogRow,
    GameRow,
    SeatRow,
)
from service.plumbing.errors import NotFound
from service.store.challenges import ChallengeStore
from service.store.people import PeopleStore
from service.store.transactions import Transactions

# The seats come joined (the mapping's default): one statement, cheaper here than a second
# SELECT for them, though the driver parses the game's JSON columns once per seat.
_LOAD = select(GameRow).where(GameRow.id == bindparam("id"))
_LOAD_WITH_STATE = _LOAD.options(undefer(GameRow.state))
# A step (``Moves.apply``) writes the client views anew from the engine and never reads the
# old ones: the largest JSON columns after the state, parsed once per joined seat row.
_LOAD_FOR_STEP = _LOAD_WITH_STATE.options(defer(GameRow.public), defer(GameRow.pending))
_VERSION = select(GameRow.version).where(GameRow.id == bindparam("id"))


def not_found(game_id: str) -> NotFound:
    return NotFound("game_not_found", f"no game {game_id}")


def game(session: Session, game_id: str) -> GameRow | None:
    """The game's row alone, or None: a read by key, its seats loaded when read."""
    return session.get(GameRow, game_id)


class GameStore(Transactions):
    """Loads and saves games, their seats and their action log."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        super().__init__(sessions)
        #: The statements about players, labels and ratings, on these sessions.
        self.people = PeopleStore(self)
        #: The statements about bot accounts and challenges, on these sessions.
        self.challenges = ChallengeStore(self)
        # The version read, compiled once for the engine's driver (see ``version``).
        compiled = _VERSION.compile(dialect=self.engine.dialect)
        self._version_sql = str(compiled)
        self._version_positional = compiled.positional
        # psycopg opens a transaction before a statement unless in autocommit (sqlite3
        # does not for a SELECT): see ``_outside_transaction``.
        self._autocommit_read = self.engine.dialect.name == "postgresql"

    @staticmethod
    def load(session: Session, game_id: str, *, state: bool = False, views: bool = True) -> GameRow:
        """The game with its seats (and its engine state when ``state``), or 404.
        ``views=False`` (with ``state``) leaves ``public`` and ``pending`` unread, for a
        caller that assigns both before anything reads them (an unread one read in the
        session costs a query; after it, an error)."""
        stmt = (_LOAD_WITH_STATE if views else _LOAD_FOR_STEP) if state else _LOAD
        row = session.scalars(stmt, {"id": game_id}).unique().one_or_none()
        if row is None:
            raise not_found(game_id)
        return row

    @contextmanager
    def changing(
        self, game_id: str, *, state: bool = False, views: bool = True
    ) -> Iterator[tuple[Session, GameRow]]:
        """``writing`` on one game: load it (``load``'s ``state`` and ``views``), let the
        caller change it (and add rows), write it conditionally on the version read,
        commit. Raises ``StaleDataError`` when another writer committed first and
        ``IntegrityError`` on a duplicate log row."""
        with self.writing() as session:
            row = self.load(session, game_id, state=state, views=views)
            session.info["games"].append(row)
            yield session, row

    @contextmanager
    def reading(self, game_id: str, *, state: bool = False) -> Iterator[GameRow]:
        """The game as read now, for checks that need no write (no lock is held)."""
        with self.sessions() as session:
            yield self.load(session, game_id, state=state)

    def version(self, game_id: str) -> int:
        """One indexed column: what conditional GETs and the representation cache need
        before they serve a cached document. The hottest statement of the API, so it runs
        on the pool's connection (checked out with the same pre-ping, returned with the
        same reset) through the driver's cursor: a Core execution costs several times the
        statement itself (measured in bench/results/api-history.md).

        On PostgreSQL the one statement runs in autocommit, as SQLAlchemy's own pre-ping
        does on the same connection: one round trip, where a transaction costs three
        (``BEGIN``, the ``SELECT``, the pool's ``ROLLBACK`` on return)."""
        conn = self.engine.raw_connection()
        try:
            with self._outside_transaction(conn.driver_connection):
                cursor = conn.cursor()
                cursor.execute(
                    self._version_sql, (game_id,) if self._version_positional else {"id": game_id}
                )
                found = cursor.fetchone()
                cursor.close()
        finally:
            conn.close()  # back to the pool
        if found is None:
            raise not_found(game_id)
        return found[0]

    def load_outside_transaction(
        self, connection: Connection, game_id: str, *, state: bool = False, views: bool = True
    ) -> GameRow:
        """``load`` on a connection the caller holds, detached, with no transaction left
        open on it: on PostgreSQL the one SELECT runs in autocommit, as ``version``'s does
        (one round trip, where a transaction costs three: ``BEGIN``, the ``SELECT``, the
        session's ``ROLLBACK``). For a bot run, which thinks between its read and its
        conditional write."""
        driver = connection.connection.driver_connection
        with self._outside_transaction(driver), self.sessions(bind=connection) as session:
            return self.load(session, game_id, state=state, views=views)

    @contextmanager
    def _outside_transaction(self, driver: Any) -> Iterator[None]:
        """The driver connection ``driver`` (idle: just checked out, no transaction open)
        in autocommit meanwhile, on PostgreSQL: a client-side switch, no round trip.
        psycopg opens a transaction before any statement otherwise; sqlite3 does not for a
        ``SELECT``."""
        if not self._autocommit_read:
            yield
            return
        driver.autocommit = True
        try:
            yield
        finally:
            if not driver.closed:
                driver.autocommit = False

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        """``{game id: version}`` for those of ``game_ids`` that exist, in one query."""
        return self._by_key(GameRow.id, GameRow.version, game_ids)

    def _by_key(self, key: Any, value: Any, keys: list[str]) -> dict[str, Any]:
        """``{key: value}`` of the rows whose ``key`` column is among ``keys`` (those that
        exist), in one query; no query for no keys."""
        if not keys:
            return {}
        with self.sessions() as session:
            return dict(session.execute(select(key, value).where(key.in_(keys))).tuples().all())

    def game_and_log(
        self, game_id: str, after: int, limit: int
    ) -> tuple[GameRow, list[ActionLogRow]]:
        """The game, then its log rows with ``after < seq <= game.seq`` (at most ``limit``),
        in one session: reading the game first bounds the log to what has committed."""
        with self.sessions() as session:
            row = self.load(session, game_id)
            if limit <= 0:
                return row, []
            rows = session.scalars(
                select(ActionLogRow)
                .where(
                    ActionLogRow.game_id == game_id,
                    ActionLogRow.seq > after,
                    ActionLogRow.seq <= row.seq,
                )
                .order_by(ActionLogRow.seq)
                .limit(limit)
            ).all()
            return row, list(rows)

    def ping(self) -> None:
        with self.sessions() as session:
            session.execute(select(1))

    def count_by_status(self) -> dict[str, int]:
        """How many games are in each status (the metrics' scrape: one indexed count)."""
        with self.sessions() as session:
            rows = session.execute(select(GameRow.status, func.count()).group_by(GameRow.status))
            return {status: count for status, count in rows}

    def logged_action(self, game_id: str, seat: int, idempotency_key: str) -> ActionLogRow | None:
        """The action this seat already submitted under ``idempotency_key``, if any."""
        with self.sessions() as session:
            return session.scalar(
                select(ActionLogRow).where(
                    ActionLogRow.game_id == game_id,
                    ActionLogRow.seat == seat,
                    ActionLogRow.idempotency_key == idempotency_key,
                )
            )

    def seat_by_token_hash(self, game_id: str, digest: str) -> SeatRow | None:
        """The game's seat holding the token (404 when the game does not exist)."""
        with self.sessions() as session:
            seat = session.scalar(
                select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.token_hash == digest)
            )
            if seat is None and session.get(GameRow, game_id) is None:
                raise not_found(game_id)
            return seat

    def due(self, now: datetime, limit: int) -> list[tuple[str, int]]:
        """(game_id, seq) of active games whose deadline has passed, oldest first."""
        with self.sessions() as session:
            rows = session.execute(
                select(GameRow.id, GameRow.seq)
                .where(
                    GameRow.status == "active",
                    GameRow.deadline_at.is_not(None),
                    GameRow.deadline_at <= now,
                )
                .order_by(GameRow.deadline_at)
                .limit(limit)
            ).all()
            return [(game_id, seq) for game_id, seq in rows]

    def upcoming(
        self, now: datetime, until: datetime, limit: int
    ) -> list[tuple[str, int, datetime]]:
        """(game_id, seq, deadline_at) of human decisions falling due in ``(now, until]``,
        soonest first (bot decisions' deadlines are only a recovery net: not listed)."""
        with self.sessions() as session:
            rows = session.execute(
                select(GameRow.id, GameRow.seq, GameRow.deadline_at)
                .join(
                    SeatRow,
                    (SeatRow.game_id == GameRow.id) & (SeatRow.seat == GameRow.pending_seat),
                )
                .where(
                    GameRow.status == "active",
                    GameRow.deadline_at > now,
                    GameRow.deadline_at <= until,
                    SeatRow.kind == "human",
                )
                .order_by(GameRow.deadline_at)
                .limit(limit)
            ).all()
            return [(game_id, seq, at) for game_id, seq, at in rows]

    def list_games(
        self,
        *,
        status: str | None,
        open_seats: bool | None,
        label: str | None,
        updated_after: datetime | None,
        after: tuple[datetime, str] | None = None,
        offset: int = 0,
        page_size: int,
        count: bool = False,
        viewer: str | None = None,
    ) -> tuple[list[GameRow], int | None]:
        """One page of the matching games, newest first (``created_at``, then ``id``,
        both descending), without their documents; and the number of matching games when
        ``count`` is asked. Private games are left out unless ``viewer`` (a player id)
        created them.

        ``after`` is the keyset: the (created_at, id) of the last game of the previous
        page, so a page costs an index range scan however deep it is (``ix_games_*``,
        migration ``0003_scale``). ``offset`` (pages by number) is the deprecated way, kept for
        existing clients: its cost grows with the page number.
        """
        query = select(GameRow)
        private_ok = GameRow.private == false()
        if viewer is not None:
            private_ok = private_ok | (GameRow.creator_player_id == viewer)
        query = query.where(private_ok)
        if status is not None:
            query = query.where(GameRow.status == status)
        if label is not None:
            query = query.where(GameRow.label == label)
        if updated_after is not None:
            query = query.where(GameRow.updated_at > updated_after)
        if open_seats is not None:
            free = (
                SeatRow.game_id == GameRow.id,
                SeatRow.kind == "human",
                SeatRow.token_hash.is_(None),
            )
            if open_seats:
                query = query.where(
                    GameRow.status == "open", select(SeatRow.seat).where(*free).exists()
                )
            else:
                # A count, not NOT EXISTS: PostgreSQL may turn an EXISTS under OR into a
                # hashed subplan that reads every free seat of the table for each page; a
                # scalar subquery is only run for the open games the page walks past.
                n_free = select(func.count()).select_from(SeatRow).where(*free)
                query = query.where((GameRow.status != "open") | (n_free.scalar_subquery() == 0))
        return self.page(query, after=after, offset=offset, page_size=page_size, count=count)

    def setup_events(self, game_id: str) -> list[Any]:
        with self.sessions() as session:
            events = session.scalar(select(GameRow.setup_events).where(GameRow.id == game_id))
            if events is None and session.get(GameRow, game_id) is None:
                raise not_found(game_id)
            return list(events or [])

    def snapshot_before(self, game_id: str, seq: int) -> tuple[int, dict[str, Any] | None]:
        """The newest log row at or before ``seq`` that keeps the engine state: its seq and
        that state; ``(0, None)`` when none does (replay from the game's start)."""
        with self.sessions() as session:
            found = session.execute(
                select(ActionLogRow.seq, ActionLogRow.state)
                .where(
                    ActionLogRow.game_id == game_id,
                    ActionLogRow.seq <= seq,
                    ActionLogRow.state.is_not(None),
                )
                .order_by(ActionLogRow.seq.desc())
                .limit(1)
            ).first()
        return (found.seq, found.state) if found is not None else (0, None)

    def actions(self, game_id: str, after: int, upto: int) -> list[tuple[int, Any]]:
        """``(seq, action)`` of the log rows with ``after < seq <= upto``, in order."""
        with self.sessions() as session:
            rows = session.execute(
                select(ActionLogRow.seq, ActionLogRow.action)
                .where(
                    ActionLogRow.game_id == game_id,
                    ActionLogRow.seq > after,
                    ActionLogRow.seq <= upto,
                )
                .order_by(ActionLogRow.seq)
            )
            return [(r.seq, r.action) for r in rows]

    def log(self, game_id: str, since: int = 0, limit: int | None = None) -> list[ActionLogRow]:
        """The game's log rows with ``seq > since`` in order (404 for no such game)."""
        with self.sessions() as session:
            if session.scalar(select(GameRow.id).where(GameRow.id == game_id)) is None:
                raise not_found(game_id)
            query = (
                select(ActionLogRow)
                .where(ActionLogRow.game_id == game_id, ActionLogRow.seq > since)
                .order_by(ActionLogRow.seq)
            )
            return list(session.scalars(query if limit is None else query.limit(limit)))
