"""Game reviews: every decision of a finished game weighed by the search (``service.parts.reviews``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class ReviewRow(Base):
    """The review of one finished game: asked when it finished (a game with a person in it)
    or later on request, computed by a worker on the reviews queue. A table of its own, not
    a column of ``games``: a review must never bump a game's version."""

    __tablename__ = "game_reviews"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    #: pending | ready | failed
    status: Mapped[str] = mapped_column(String(16))
    #: Whose review budget it counts against (``p:<player>``, ``a:<address>``, or
    #: ``game:<owner>`` for the review a finished game asks for itself).
    owner: Mapped[str] = mapped_column(String(80))
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: When a worker took it (a lease: another task computes it only once this is old).
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    ready_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    #: The worker's CPU time on it, seconds.
    cpu_seconds: Mapped[float | None] = mapped_column(Float)
    #: ``ai.review.review_game``'s result (players and decisions).
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))

    __table_args__ = (Index("ix_game_reviews_owner_requested", "owner", "requested_at"),)
