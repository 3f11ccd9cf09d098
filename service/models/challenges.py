"""Challenges: one player invites others (persons or bot accounts) to a game on given
terms; the game is created when every invited player has accepted (``service.parts.challenges``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class ChallengeRow(Base):
    """A challenge: ``status`` goes from ``open`` to ``accepted`` (``game_id``),
    ``declined``, ``cancelled`` or ``expired`` exactly once, by a conditional update.
    ``terms`` are the game's: ``players``, ``seats`` (createGame's seat specs, the
    challenger's and the invited players' included), ``options``, ``time_control``,
    ``timeout_policy``, ``rated``."""

    __tablename__ = "challenges"
    __table_args__ = (
        Index("ix_challenges_challenger", "challenger_id", "status"),
        Index("ix_challenges_status_expires", "status", "expires_at"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    challenger_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE")
    )
    terms: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    #: The finished game this challenge offers to play again (a rematch), if any.
    rematch_of: Mapped[str | None] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    game_id: Mapped[str | None] = mapped_column(String(32))
    #: Who declined it and why (``service.parts.challenges.DECLINE_REASONS``).
    declined_by: Mapped[str | None] = mapped_column(String(32))
    decline_reason: Mapped[str | None] = mapped_column(String(32))


class ChallengeInviteRow(Base):
    """An invited player of a challenge, its seat in the game and its answer:
    ``pending`` until it ``accepted`` (``answered_at``)."""

    __tablename__ = "challenge_invites"
    __table_args__ = (Index("ix_challenge_invites_player", "player_id"),)

    challenge_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("challenges.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    answered_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
