"""What every part of the game service shares: the database handles, the clock and the
settings, loading a game row, recording the next decision, and handing follow-up work to the
scheduler only after the commit (so a worker never sees a decision that was rolled back).

The service is split by concern: ``lifecycle`` (create, join, leave, abort, resign),
``reads``, ``actions`` (the checked engine step) and ``turns`` (what the workers drive);
``service.games.GameService`` puts them together.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session, sessionmaker, undefer
from sqlalchemy.orm.attributes import flag_modified

from service.config import Settings
from service.errors import NotFound
from service.fast_paths import ActionStore, ThreadConnection, VersionReader
from service.models import GameRow, utcnow
from service.scheduling import NullScheduler, Scheduler
from service.seats import seat_of

log = logging.getLogger(__name__)

_LOAD = select(GameRow).where(GameRow.id == bindparam("id"))
_LOAD_WITH_STATE = _LOAD.options(undefer(GameRow.state))
MAX_SEED = 2**53 - 1  # seeds stay exact in JavaScript clients


@dataclass
class Followup:
    """Work to hand to the scheduler once the transaction has committed."""

    kind: str  # "bot_turn" | "deadline"
    seq: int
    eta: datetime | None = None


@dataclass
class AfterCommit:
    """Follow-ups collected inside a transaction, dispatched once it has committed."""

    followups: list[tuple[str, Followup]] = field(default_factory=list)


class ServiceCore:
    """The state and internals the service's parts build on; needs only a sessionmaker.

    ``scheduler`` may be replaced after construction (``service.scheduler = ...``), which
    is how late wiring (e.g. by the workers package) plugs in.
    """

    def __init__(
        self,
        sessions: sessionmaker[Session],
        scheduler: Scheduler | None = None,
        settings: Settings | None = None,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self.sessions = sessions
        self.engine = sessions.kw.get("bind")
        # Single-statement reads need no transaction: AUTOCOMMIT saves BEGIN and ROLLBACK
        # round trips on PostgreSQL (same pool, no extra connections).
        self._autocommit = (
            self.engine.execution_options(isolation_level="AUTOCOMMIT")
            if self.engine is not None
            else None
        )
        # The hot paths' own connection per thread (SQLite/pysqlite, PostgreSQL/psycopg);
        # None for other engines, which take the ORM paths.
        connection = ThreadConnection.for_engine(self.engine)
        self._versions = VersionReader(connection) if connection is not None else None
        self._actions = ActionStore(connection) if connection is not None else None
        self.scheduler: Scheduler = scheduler or NullScheduler()
        self.settings = settings or Settings()
        self.clock = clock

    def _load(self, session: Session, game_id: str, *, state: bool = False) -> GameRow:
        # Prebuilt statements: SQLAlchemy memoises their cache keys, per-call options don't.
        stmt = _LOAD_WITH_STATE if state else _LOAD
        row = session.scalars(stmt, {"id": game_id}).unique().one_or_none()
        if row is None:
            raise NotFound("game_not_found", f"no game {game_id}")
        return row

    def _require(self, session: Session, game_id: str) -> None:
        if session.scalar(select(GameRow.id).where(GameRow.id == game_id)) is None:
            raise NotFound("game_not_found", f"no game {game_id}")

    def _start(self, row: GameRow, game: Any, now: datetime, ctx: AfterCommit) -> None:
        row.status = "active"
        row.started_at = now
        self._set_pending(row, game, now, ctx)

    def _set_pending(self, row: GameRow, game: Any, now: datetime, ctx: AfterCommit) -> None:
        """Record the next decision, its deadline, and what to schedule after commit."""
        pending = game.pending
        row.pending = pending.to_dict()
        row.pending_seat = pending.seat
        row.pending_kind = pending.kind
        seat_row = seat_of(row, pending.seat)
        if seat_row is not None and seat_row.kind == "bot":
            row.deadline_at = now + timedelta(seconds=self.settings.bot_grace)
            ctx.followups.append((row.id, Followup("bot_turn", game.seq)))
        elif row.time_limit > 0:
            row.deadline_at = now + timedelta(seconds=row.time_limit)
            ctx.followups.append((row.id, Followup("deadline", game.seq, row.deadline_at)))
        else:
            row.deadline_at = None

    def _dispatch(self, ctx: AfterCommit) -> None:
        """Hand follow-ups to the scheduler; failures are logged, never raised, because
        the commit already happened and the deadline sweep recovers lost tasks."""
        for game_id, f in ctx.followups:
            try:
                if f.kind == "bot_turn":
                    self.scheduler.bot_turn(game_id, f.seq)
                else:
                    assert f.eta is not None
                    self.scheduler.deadline(game_id, f.seq, f.eta)
            except Exception:  # noqa: BLE001 - the sweep is the safety net
                log.exception("scheduler failed for %s %s@%s", f.kind, game_id, f.seq)


def touch(row: GameRow, now: datetime) -> None:
    """Mark the game row changed even when no column value differs (a seat-only change,
    or a frozen test clock): every write must bump the version, which is what makes
    concurrent writers conflict."""
    row.updated_at = now
    if isinstance(row, GameRow):  # not for the plain records of the Core action path
        flag_modified(row, "updated_at")
