"""The store's one write path and its pages of games, on the one engine: what the game store
(``service.store.games``) and its statement sets on people and challenges
(``service.store.people``, ``service.store.challenges``) all write and page through. A module
of its own, below all three, so that none of them imports another to reach it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Select, event, func, select, tuple_
from sqlalchemy.orm import Session, defer, sessionmaker

from service.models import GameRow
from service.store import outbox


def _read_changes(session: Session, *_: Any) -> None:
    """Before each flush of a ``GameStore.writing`` transaction: what its games' changes
    announce and owe (``service.store.outbox``), read from the loaded values."""
    announced = session.info.get("announced")
    if announced is not None:
        for row in session.info["games"]:
            announced.append((row, outbox.changes(row)))
            outbox.owe_rating(session, row)


class Transactions:
    """``Transactions(sessions)``: the sessions, the one shape of a write (``writing``) and
    the announcements after its commit, and pages of games (``page``)."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions
        self.engine = sessions.kw["bind"]
        #: Called after a commit with the ids of the webhook deliveries it wrote (the
        #: service hands them to the scheduler).
        self.announce: Callable[[list[str]], None] = lambda ids: None
        #: Called after a commit with the ids of the notices (email, push) it wrote.
        self.announce_notices: Callable[[list[str]], None] = lambda ids: None

    @contextmanager
    def writing(self, connection: Connection | None = None) -> Iterator[Session]:
        """The one shape of every write: one transaction; the game rows the caller hands to
        ``add_game`` or loads with ``changing`` bring what they owe into it (webhook
        deliveries, a finished rated game's rating: ``service.store.outbox``), and after the
        commit the deliveries' ids are announced. A failed write raises and writes nothing.
        ``connection``: one the caller holds (with no transaction open), instead of a
        checkout from the pool.

        What a row announces is read from its changes before each flush (a caller may flush
        in between, to write rows that refer to a new game)."""
        announced: list[tuple[GameRow, list[tuple[str, str]]]] = []
        with self.sessions(bind=connection or self.engine) as session, session.begin():
            session.info["games"], session.info["announced"] = [], announced
            # On this session, for this transaction. Registered once on the sessionmaker
            # instead (cheaper), the outbox went missing in one of two full test runs (three
            # tests of webhook deliveries and ratings owed, in one test process; not
            # reproduced alone): what a write owes is not worth a few microseconds.
            event.listen(session, "before_flush", _read_changes)
            try:
                yield session
                session.flush()
            finally:
                event.remove(session, "before_flush", _read_changes)
                session.info.pop("announced")  # the commit's flush announces nothing
            sent = [i for row, said in announced for i in outbox.deliveries(session, row, said)]
            told = [i for row, said in announced for i in outbox.notices(session, row, said)]
            session.info.pop("games")
        self.announce(sent)
        if told:
            self.announce_notices(told)

    @staticmethod
    def add_game(session: Session, row: GameRow) -> None:
        """Add a game to a ``writing`` transaction: a new one, or one read earlier in
        another session and changed since (a bot run, which thinks with no transaction
        open); the write is still conditional on the version read."""
        session.add(row)
        session.info["games"].append(row)

    def page(
        self,
        query: Select[Any],
        *,
        after: tuple[datetime, str] | None = None,
        offset: int = 0,
        page_size: int,
        count: bool = False,
    ) -> tuple[list[GameRow], int | None]:
        """One page of ``query``'s games, newest first, after the keyset ``after`` or
        ``offset`` games in, and how many match in all when ``count``."""
        with self.sessions() as session:
            total = None
            if count:
                total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
            if after is not None:
                # A row comparison, not "a < x OR (a = x AND b < y)": PostgreSQL makes it
                # the index condition of the backward scan, so a deep page starts at the
                # cursor instead of filtering every newer row (bench/listing_bench.py).
                created, game_id = after
                query = query.where(
                    tuple_(GameRow.created_at, GameRow.id) < tuple_(created, game_id)
                )
            query = (
                query.options(defer(GameRow.public), defer(GameRow.pending))
                .order_by(GameRow.created_at.desc(), GameRow.id.desc())
                .limit(page_size)
            )
            if offset:
                query = query.offset(offset)
            return list(session.scalars(query).unique()), total


def add(session: Session, *rows: Any) -> None:
    """New rows into the caller's ``writing`` transaction, inserted at its next flush: the
    ORM's one write path, as the changes to the rows it loaded are."""
    session.add_all(rows)


def remove(session: Session, row: Any) -> None:
    """A row loaded in the caller's ``writing`` transaction, deleted at its next flush."""
    session.delete(row)
