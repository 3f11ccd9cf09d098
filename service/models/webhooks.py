"""Webhook endpoints and their deliveries (written in the game change's transaction)."""

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


class WebhookEndpointRow(Base):
    """A player's webhook endpoint (docs/api.md, "Webhooks"). The signing secret is kept as
    is, not hashed: every delivery is signed with it (HMAC needs the key itself)."""

    __tablename__ = "webhook_endpoints"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    url: Mapped[str] = mapped_column(String(2048))
    events: Mapped[list[Any]] = mapped_column(JSON)
    #: Only games under this label are announced (None: every game of the player).
    label: Mapped[str | None] = mapped_column(String(64))
    secret: Mapped[str] = mapped_column(String(128))
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    #: Deliveries that failed for good in a row (reset by a success); at the configured
    #: run the endpoint is disabled.
    failed_run: Mapped[int] = mapped_column(Integer, default=0)
    disabled_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class WebhookDeliveryRow(Base):
    """One message for one endpoint, and the endpoint's log: written in the transaction of
    the game change it announces (the outbox), sent by the workers until it succeeds or
    its attempts run out. ``id`` is the ``webhook-id`` of every attempt."""

    __tablename__ = "webhook_deliveries"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    endpoint_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("webhook_endpoints.id", ondelete="CASCADE")
    )
    #: game.started | game.your_turn | game.finished | game.aborted, or endpoint.disabled
    #: (a log entry that is never sent).
    event: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[str | None] = mapped_column(String(32))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: pending | succeeded | failed | logged
    status: Mapped[str] = mapped_column(String(16))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    #: Failure at this attempt is final; None: after the configured retry schedule (a
    #: redelivery allows one more).
    max_attempts: Mapped[int | None] = mapped_column(Integer)
    #: When the next attempt is due (pending only); also the lease of an attempt in flight.
    next_attempt_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_attempt_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_status_code: Mapped[int | None] = mapped_column(Integer)
    last_error: Mapped[str | None] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    delivered_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (
        # The endpoint's log, newest first.
        Index("ix_webhook_deliveries_endpoint_created", "endpoint_id", "created_at"),
        # Partial: the sweep reads only what is still to be sent.
        Index(
            "ix_webhook_deliveries_due",
            "next_attempt_at",
            postgresql_where=text("status = 'pending'"),
            sqlite_where=text("status = 'pending'"),
        ),
    )
