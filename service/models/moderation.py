"""Reports and moderation (``service.parts.moderation``): who moderates, what players
reported, what moderators did (the audit log) and what is in force (mutes and bars)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class ModeratorRow(Base):
    """A player the operator made a moderator (``ursuppe moderator grant``)."""

    __tablename__ = "moderators"

    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    granted_at: Mapped[datetime] = mapped_column(UTCDateTime)


class ReportRow(Base):
    """A player's report of another player or of one chat message (then ``game_id``,
    ``message_id`` and the message's text as it was, kept should the message go)."""

    __tablename__ = "reports"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    reporter_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id"))
    target_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id"))
    game_id: Mapped[str | None] = mapped_column(String(32))
    message_id: Mapped[int | None] = mapped_column(BigInteger().with_variant(Integer, "sqlite"))
    message_text: Mapped[str | None] = mapped_column(String(280))
    #: One of ``service.rules.moderation.REPORT_REASONS``.
    reason: Mapped[str] = mapped_column(String(16))
    comment: Mapped[str | None] = mapped_column(String(500))
    #: "open" until a moderator acts on it, then "closed".
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    #: The action that closed it (``ModerationActionRow.id``).
    action_id: Mapped[str | None] = mapped_column(String(32))

    __table_args__ = (
        Index("ix_reports_status_created", "status", "created_at"),
        Index("ix_reports_reporter_target", "reporter_id", "target_id", "status"),
    )


class ModerationActionRow(Base):
    """One thing a moderator did, with why: the audit log, never changed afterwards."""

    __tablename__ = "moderation_actions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    moderator_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id"))
    #: The player acted on (a dismissed report's reported player).
    target_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id"))
    report_id: Mapped[str | None] = mapped_column(String(32))
    #: One of ``service.rules.moderation.MODERATION_ACTIONS``.
    action: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(String(500))
    #: When a mute or bar ends (None: until lifted, or an action that does not last).
    until: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class SanctionRow(Base):
    """A mute or bar in force on a player: ``kind`` is "mute" (no chat) or "bar_rated"
    (no rated play); ``until`` None lasts until a moderator lifts it."""

    __tablename__ = "sanctions"

    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    until: Mapped[datetime | None] = mapped_column(UTCDateTime)
    action_id: Mapped[str] = mapped_column(String(32))
