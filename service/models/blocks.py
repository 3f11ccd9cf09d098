"""Blocks: a player who wants nothing to do with another (``service.parts.blocks``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class BlockRow(Base):
    """``player_id`` blocked ``blocked_id``: no challenge and no quick-play game between
    the two, either way, and ``player_id`` reads none of ``blocked_id``'s chat (a block
    holds as a mute does, ``service.store.holds.holds``)."""

    __tablename__ = "blocks"

    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    blocked_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    #: The other way round: who blocked a player (a challenge's or a pool's check).
    __table_args__ = (Index("ix_blocks_blocked_id", "blocked_id", "player_id"),)
