"""The statements of webhooks: a player's endpoints and the deliveries' log
(``service.parts.webhooks``; the outbox writes new deliveries, ``service.store.outbox``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from service.models import PlayerRow
from service.models import WebhookDeliveryRow as Delivery
from service.models import WebhookEndpointRow as Endpoint


def count_endpoints_locked(session: Session, player_id: str) -> int:
    """How many endpoints the player has, its row locked first (PostgreSQL): concurrent
    registrations count one by one."""
    session.scalar(select(PlayerRow.id).where(PlayerRow.id == player_id).with_for_update())
    held = session.scalar(
        select(func.count()).select_from(Endpoint).where(Endpoint.player_id == player_id)
    )
    return int(held or 0)


def endpoints(session: Session, player_id: str) -> list[Endpoint]:
    return list(
        session.scalars(
            select(Endpoint)
            .where(Endpoint.player_id == player_id)
            .order_by(Endpoint.created_at, Endpoint.id)
        )
    )


def drop_deliveries(session: Session, endpoint_id: str) -> None:
    session.execute(Delivery.__table__.delete().where(Delivery.endpoint_id == endpoint_id))


def deliveries(
    session: Session, endpoint_id: str, status: str | None, page: int, page_size: int
) -> tuple[list[Delivery], int]:
    """A page of the endpoint's log, newest first, and how many entries match."""
    query = select(Delivery).where(Delivery.endpoint_id == endpoint_id)
    if status is not None:
        query = query.where(Delivery.status == status)
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    rows = session.scalars(
        query.order_by(Delivery.created_at.desc(), Delivery.id.desc())
        .offset((page - 1) * page_size)
        .limit(page_size)
    )
    return list(rows), int(total)


def due(session: Session, now: datetime, limit: int) -> list[str]:
    """Ids of pending deliveries of enabled endpoints whose attempt is due, oldest first."""
    return list(
        session.scalars(
            select(Delivery.id)
            .join(Endpoint, Endpoint.id == Delivery.endpoint_id)
            .where(
                Delivery.status == "pending",
                Delivery.next_attempt_at <= now,
                Endpoint.enabled.is_(True),
            )
            .order_by(Delivery.next_attempt_at)
            .limit(limit)
        )
    )


def claim(
    session: Session, delivery_id: str, attempts: int, now: datetime, lease_until: datetime
) -> bool:
    """Take the attempt after ``attempts``: conditional on the attempts read, so of two
    workers one wins."""
    won = session.execute(
        update(Delivery)
        .where(Delivery.id == delivery_id, Delivery.attempts == attempts)
        .values(attempts=attempts + 1, last_attempt_at=now, next_attempt_at=lease_until)
        .execution_options(synchronize_session=False)
    ).rowcount
    return won == 1


def reset_failed_run(session: Session, endpoint_id: str) -> None:
    session.execute(update(Endpoint).where(Endpoint.id == endpoint_id).values(failed_run=0))


def count_failure(session: Session, endpoint_id: str) -> int | None:
    """One more delivery failed for good in a row: the new run (None: no such endpoint)."""
    return session.scalar(
        update(Endpoint)
        .where(Endpoint.id == endpoint_id)
        .values(failed_run=Endpoint.failed_run + 1)
        .returning(Endpoint.failed_run)
    )


def disable(session: Session, endpoint_id: str, now: datetime) -> bool:
    """Disable the endpoint if it is enabled; whether this call did (conditional: once)."""
    disabled = session.execute(
        update(Endpoint)
        .where(Endpoint.id == endpoint_id, Endpoint.enabled.is_(True))
        .values(enabled=False, disabled_at=now)
    ).rowcount
    return disabled == 1


def endpoint(session: Session, endpoint_id: str) -> Endpoint | None:
    """The endpoint's row, or None."""
    return session.get(Endpoint, endpoint_id)


def delivery(session: Session, delivery_id: str) -> Delivery | None:
    """The delivery's row, or None."""
    return session.get(Delivery, delivery_id)
