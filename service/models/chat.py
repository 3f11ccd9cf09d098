"""Table chat: messages, the creator's switch that closes chat to spectators, and mutes."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class ChatMessageRow(Base):
    """One message at a game's table (service/parts/chat.py): kept with the game, exported with
    its record. ``id`` orders a game's messages and is the stream's chat resume point."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"))
    #: Who counts for the rate limit: ``player:<id>`` or ``seat:<n>``.
    author: Mapped[str] = mapped_column(String(48))
    player_id: Mapped[str | None] = mapped_column(String(32))
    seat: Mapped[int | None] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    spectator: Mapped[bool] = mapped_column(Boolean, default=False)
    text: Mapped[str] = mapped_column(String(280))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        Index("ix_chat_messages_game_id", "game_id", "id"),
        Index("ix_chat_messages_author", "game_id", "author", "created_at"),
    )


class ChatClosedRow(Base):
    """A game whose creator closed its chat to spectators (no row: open to everyone)."""

    __tablename__ = "chat_closed"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    closed_at: Mapped[datetime] = mapped_column(UTCDateTime)


class ChatMuteRow(Base):
    """A player who does not want to read another's messages."""

    __tablename__ = "chat_mutes"

    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    muted_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
