"""The statements about game reviews (``service.parts.reviews``): one row per game, claimed by a
worker with a lease, and the count of an owner's recent requests (its budget)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from service.models import ReviewRow


class ReviewQueries:
    """``ReviewQueries(sessions)``: every statement of the reviews, each its own transaction."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions

    def get(self, game_id: str) -> ReviewRow | None:
        with self.sessions() as session:
            return session.get(ReviewRow, game_id)

    def requested_since(self, owner: str, since: datetime) -> int:
        """How many reviews ``owner`` asked for since ``since``."""
        with self.sessions() as session:
            query = select(func.count()).where(
                ReviewRow.owner == owner, ReviewRow.requested_at >= since
            )
            return int(session.scalar(query) or 0)

    def add_pending(self, game_id: str, owner: str, now: datetime) -> bool:
        """A pending review of the game; False when the game has one already."""
        try:
            with self.sessions() as session, session.begin():
                session.add(ReviewRow(game_id=game_id, status="pending", owner=owner,
                                      requested_at=now))  # fmt: skip
        except IntegrityError:
            return False
        return True

    def retry_failed(self, game_id: str, owner: str, now: datetime) -> bool:
        """A failed review asked again: pending once more, counted to ``owner``."""
        with self.sessions() as session, session.begin():
            changed = session.execute(
                update(ReviewRow)
                .where(ReviewRow.game_id == game_id, ReviewRow.status == "failed")
                .values(status="pending", owner=owner, requested_at=now, started_at=None)
            ).rowcount
        return changed == 1

    def claim(self, game_id: str, now: datetime, stale: datetime) -> bool:
        """Take the pending review unless another worker took it after ``stale``."""
        with self.sessions() as session, session.begin():
            claimed = session.execute(
                update(ReviewRow)
                .where(
                    ReviewRow.game_id == game_id,
                    ReviewRow.status == "pending",
                    (ReviewRow.started_at.is_(None)) | (ReviewRow.started_at < stale),
                )
                .values(started_at=now)
            ).rowcount
        return claimed == 1

    def finish(
        self, game_id: str, status: str, result: dict[str, Any] | None, cpu: float, now: datetime
    ) -> bool:
        """Write the result (``ready``) or the failure (``failed``) of the pending review."""
        with self.sessions() as session, session.begin():
            written = session.execute(
                update(ReviewRow)
                .where(ReviewRow.game_id == game_id, ReviewRow.status == "pending")
                .values(status=status, result=result, cpu_seconds=cpu, ready_at=now)
            ).rowcount
        return written == 1

    def pending_before(self, before: datetime, limit: int) -> list[str]:
        """Pending reviews asked before ``before`` (the sweep sends them again)."""
        with self.sessions() as session:
            query = (
                select(ReviewRow.game_id)
                .where(ReviewRow.status == "pending", ReviewRow.requested_at < before)
                .order_by(ReviewRow.requested_at)
                .limit(limit)
            )
            return list(session.scalars(query))
