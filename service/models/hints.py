"""Hints: the search's suggestion for one decision, asked by the seat to play."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class HintRow(Base):
    """A hint for one decision (``service.parts.hints``): asked by the seat to play, computed by a
    worker. Keyed by the decision (the game's ``seq``), so that asking twice for the same
    decision finds the first row instead of adding a second; a table of its own rather than
    a column of ``games``, whose every write bumps the version (the ETag, and the
    optimistic lock a move is conditional on): a hint must never race a move."""

    __tablename__ = "hints"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    level: Mapped[str] = mapped_column(String(32))
    #: pending | ready
    status: Mapped[str] = mapped_column(String(16))
    action: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    reason: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: When a worker took it (a lease: another task computes it only once this is old).
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    ready_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
