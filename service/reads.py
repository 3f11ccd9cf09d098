"""Reading games: the public view, the cheap version read behind every cached document,
listings, the event log and the full record of a finished game."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import defer

from service.core import ServiceCore
from service.errors import Conflict, NotFound
from service.fast_paths import VersionReader
from service.models import ActionLogRow, GameRow, SeatRow
from service.views import GameView, LogEntry, SeatView, game_view

_VERSION_QUERY = select(GameRow.version).where(GameRow.id == bindparam("id"))


class GameReads(ServiceCore):
    """Read-only access; nothing here takes a write lock."""

    def ping(self) -> None:
        """Raise when the database does not answer (readiness probes)."""
        with self.sessions() as session:
            session.execute(select(1))

    def get(self, game_id: str) -> GameView:
        with self.sessions() as session:
            return game_view(self._load(session, game_id), full=True)

    def get_version(self, game_id: str) -> int:
        """Cheap read (one indexed column, no ORM) for conditional GETs and caches."""
        if self._versions is not None:
            version = self._versions.read(game_id)
            if version is not VersionReader.FAILED:
                if version is None:
                    raise NotFound("game_not_found", f"no game {game_id}")
                return version
        if self._autocommit is None:
            with self.sessions() as session:
                version = session.scalar(_VERSION_QUERY, {"id": game_id})
        else:
            with self._autocommit.connect() as conn:
                version = conn.execute(_VERSION_QUERY, {"id": game_id}).scalar()
        if version is None:
            raise NotFound("game_not_found", f"no game {game_id}")
        return version

    def list_games(
        self,
        *,
        status: str | None = None,
        open_seats: bool | None = None,
        label: str | None = None,
        updated_after: datetime | None = None,
        page: int = 1,
        page_size: int = 20,
    ) -> tuple[list[GameView], int]:
        """Newest first. ``open_seats=True``: only games a human can still join.

        ``label`` and ``updated_after`` let a site that runs many games follow just its
        own: the games of one label that changed since its last look, in one request.
        """
        query = select(GameRow)
        if status is not None:
            query = query.where(GameRow.status == status)
        if label is not None:
            query = query.where(GameRow.label == label)
        if updated_after is not None:
            if updated_after.tzinfo is None:
                raise ValueError("updated_after must be an aware datetime")
            query = query.where(GameRow.updated_at > updated_after)
        if open_seats is not None:
            has_open = (
                select(SeatRow.seat)
                .where(
                    SeatRow.game_id == GameRow.id,
                    SeatRow.kind == "human",
                    SeatRow.token_hash.is_(None),
                )
                .exists()
            )
            cond = (GameRow.status == "open") & has_open
            query = query.where(cond if open_seats else ~cond)
        with self.sessions() as session:
            total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
            rows = (
                session.scalars(
                    query.options(defer(GameRow.public), defer(GameRow.pending))
                    .order_by(GameRow.created_at.desc(), GameRow.id)
                    .offset((page - 1) * page_size)
                    .limit(page_size)
                )
                .unique()
                .all()
            )
            return [game_view(r, full=False) for r in rows], total

    def setup_events(self, game_id: str) -> list[Any]:
        """The engine's events from setting the game up (before the first action)."""
        with self.sessions() as session:
            events = session.scalar(select(GameRow.setup_events).where(GameRow.id == game_id))
            if events is None and session.get(GameRow, game_id) is None:
                raise NotFound("game_not_found", f"no game {game_id}")
            return list(events or [])

    def events(self, game_id: str, since: int = 0, limit: int = 100) -> list[LogEntry]:
        """Log entries with ``seq > since`` in order, at most ``limit``."""
        with self.sessions() as session:
            self._require(session, game_id)
            rows = session.scalars(
                select(ActionLogRow)
                .where(ActionLogRow.game_id == game_id, ActionLogRow.seq > since)
                .order_by(ActionLogRow.seq)
                .limit(limit)
            ).all()
            return [
                LogEntry(r.seq, r.seat, r.action, r.events, r.actor, r.created_at) for r in rows
            ]

    def record(self, game_id: str) -> dict[str, Any]:
        """Everything needed to replay a finished game exactly (``engine.replay``)."""
        with self.sessions() as session:
            row = self._load(session, game_id)
            if row.status != "finished":
                raise Conflict("game_not_finished", "the record is available once finished")
            actions = session.scalars(
                select(ActionLogRow)
                .where(ActionLogRow.game_id == game_id)
                .order_by(ActionLogRow.seq)
            ).all()
            return {
                "id": row.id,
                "label": row.label,
                "players": row.players,
                "seed": row.seed,
                "options": row.options,
                "deck": row.options.get("deck"),
                "seats": [SeatView.of(s) for s in row.seats],
                "actions": [
                    {"seq": a.seq, "seat": a.seat, "action": a.action, "actor": a.actor}
                    for a in actions
                ],
                "result": row.result,
                "created_at": row.created_at,
                "started_at": row.started_at,
                "finished_at": row.finished_at,
            }
