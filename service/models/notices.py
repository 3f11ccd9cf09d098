"""Notices to players between turns: their address and choices, their push subscriptions
and the outbox of notices (written in the transaction of the game change they announce)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, text
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class NoticeSettingsRow(Base):
    """A player's email address and choices (``service.parts.notices``). The address is shown
    to its player only and never written to a log; the verification token is kept as its
    SHA-256. ``unsubscribe_key`` is the secret part of every email's unsubscribe link."""

    __tablename__ = "notice_settings"

    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    email: Mapped[str | None] = mapped_column(String(254))
    email_verified_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    verify_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    verify_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    #: The notice kinds wanted (``service.notice_kinds.NoticeKind`` values).
    kinds: Mapped[list[Any]] = mapped_column(JSON)
    #: "now" (one email per notice) or "digest" (one email per digest period).
    cadence: Mapped[str] = mapped_column(String(16))
    #: The language of the emails: en, de, nl or es.
    lang: Mapped[str] = mapped_column(String(8))
    unsubscribe_key: Mapped[str] = mapped_column(String(64), unique=True)
    #: Set by the one-click unsubscribe: no email at all until the player chooses again.
    unsubscribed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class PushSubscriptionRow(Base):
    """One browser's Web Push subscription (its push service endpoint and keys)."""

    __tablename__ = "push_subscriptions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    endpoint: Mapped[str] = mapped_column(String(2048), unique=True)
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class NoticeRow(Base):
    """One notice for one player on one channel (email or push): the outbox row, written
    with the change it announces, sent by the workers (``service.parts.notices``)."""

    __tablename__ = "notices"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id", ondelete="CASCADE"))
    #: email | push
    channel: Mapped[str] = mapped_column(String(8))
    #: A ``NoticeKind`` value, or "verify_email" (the verification mail itself).
    kind: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[str | None] = mapped_column(String(32))
    #: The decision a turn notice is about: a turn already played is not announced.
    seq: Mapped[int | None] = mapped_column(Integer)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: pending | sent | dropped (no longer true, or the player said stop) | failed
    status: Mapped[str] = mapped_column(String(16))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_error: Mapped[str | None] = mapped_column(String(256))
    #: The email (Message-ID) or push message it went out in: a digest carries several.
    message_id: Mapped[str | None] = mapped_column(String(128))
    #: Whom an email went to: the SHA-256 of the address (``email_address.recipient_key``),
    #: so the hourly cap counts per address however many players name it.
    recipient: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (
        Index(
            "ix_notices_due",
            "next_attempt_at",
            postgresql_where=text("status = 'pending'"),
            sqlite_where=text("status = 'pending'"),
        ),
        # The per-recipient rate limit counts what a player was sent lately.
        Index("ix_notices_player_sent", "player_id", "sent_at"),
        # ...and what an address was sent lately, from any player.
        Index("ix_notices_recipient_sent", "recipient", "sent_at"),
    )
