"""Quick-play seeks: people waiting for a game of a given kind."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class SeekRow(Base):
    """A player's wish for a game now (quick play, ``service.parts.seeks``): which game (``key``
    names the pool it matches in), how long to wait for people and which bots fill the
    rest. ``status`` goes from ``waiting`` to ``matched`` (``game_id``, ``seat``) or
    ``cancelled`` exactly once, by a conditional update; a player has at most one waiting
    seek (the partial unique index)."""

    __tablename__ = "seeks"
    __table_args__ = (
        Index(
            "ux_seeks_waiting_player",
            "player_id",
            unique=True,
            sqlite_where=text("status = 'waiting'"),
            postgresql_where=text("status = 'waiting'"),
        ),
        Index("ix_seeks_key_created", "status", "key", "created_at"),
        Index("ix_seeks_status_expires", "status", "expires_at"),
        Index("ix_seeks_ended_at", "ended_at"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(200))
    players: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str | None] = mapped_column(String(32))
    time_control: Mapped[dict[str, Any]] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean)
    wait: Mapped[int] = mapped_column(Integer)
    bot_level: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    game_id: Mapped[str | None] = mapped_column(String(32))
    seat: Mapped[int | None] = mapped_column(Integer)
