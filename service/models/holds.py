"""The addresses a player used lately, kept hashed and only as long as a mute holds by them
(``service.parts.holds``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class SourceMarkRow(Base):
    """A player was seen writing (a challenge, a chat message) from an address: ``digest``
    is the address's keyed hash, never the address. Rows older than the hold window are
    deleted."""

    __tablename__ = "source_marks"

    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    digest: Mapped[str] = mapped_column(String(32), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        Index("ix_source_marks_digest", "digest", "seen_at"),
        Index("ix_source_marks_seen_at", "seen_at"),
    )
