"""The statements about notices: a player's address and choices, push subscriptions and
the outbox of notices (``service.parts.notices`` decides, these read and write). Every function
runs on a session its caller holds, inside the caller's transaction."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from service.models import (
    GameRow,
    NoticeRow,
    NoticeSettingsRow,
    PlayerRow,
    PushSubscriptionRow,
)


def settings_of(
    session: Session, player_id: str, *, lock: bool = False
) -> NoticeSettingsRow | None:
    query = select(NoticeSettingsRow).where(NoticeSettingsRow.player_id == player_id)
    return session.scalar(query.with_for_update() if lock else query)


def by_verify_hash(session: Session, digest: str) -> NoticeSettingsRow | None:
    return session.scalar(
        select(NoticeSettingsRow).where(NoticeSettingsRow.verify_hash == digest).with_for_update()
    )


def by_unsubscribe_key(session: Session, key: str) -> NoticeSettingsRow | None:
    return session.scalar(
        select(NoticeSettingsRow).where(NoticeSettingsRow.unsubscribe_key == key).with_for_update()
    )


def mailable(session: Session, player_ids: Iterable[str]) -> list[NoticeSettingsRow]:
    """The settings of those of ``player_ids`` who may be mailed: a verified address, not
    unsubscribed."""
    return list(
        session.scalars(
            select(NoticeSettingsRow).where(
                NoticeSettingsRow.player_id.in_(list(player_ids)),
                NoticeSettingsRow.email_verified_at.is_not(None),
                NoticeSettingsRow.unsubscribed_at.is_(None),
            )
        )
    )


def choices(session: Session, player_ids: Iterable[str]) -> dict[str, list[str]]:
    """The kinds each of ``player_ids`` chose (players who never chose are absent)."""
    rows = session.execute(
        select(NoticeSettingsRow.player_id, NoticeSettingsRow.kinds).where(
            NoticeSettingsRow.player_id.in_(list(player_ids))
        )
    )
    return {player: list(kinds) for player, kinds in rows}


def pushable(session: Session, player_ids: Iterable[str]) -> set[str]:
    """Those of ``player_ids`` with at least one push subscription."""
    return set(
        session.scalars(
            select(PushSubscriptionRow.player_id)
            .where(PushSubscriptionRow.player_id.in_(list(player_ids)))
            .distinct()
        )
    )


def player_name(session: Session, player_id: str) -> str:
    return session.scalar(select(PlayerRow.name).where(PlayerRow.id == player_id)) or ""


def turn_pending(session: Session, game_id: str | None, seq: int | None) -> bool:
    """Whether the decision ``seq`` of the game is still the one waiting."""
    row = session.execute(
        select(GameRow.status, GameRow.seq).where(GameRow.id == game_id)
    ).one_or_none()
    return row is not None and row.status == "active" and row.seq == seq


def due(session: Session, now: datetime, limit: int) -> list[str]:
    return list(
        session.scalars(
            select(NoticeRow.id)
            .where(NoticeRow.status == "pending", NoticeRow.next_attempt_at <= now)
            .order_by(NoticeRow.next_attempt_at)
            .limit(limit)
        )
    )


def email_batch(session: Session, player_id: str, now: datetime) -> list[NoticeRow]:
    """A player's pending email notices that are due (a digest), oldest first."""
    return list(
        session.scalars(
            select(NoticeRow)
            .where(
                NoticeRow.player_id == player_id,
                NoticeRow.channel == "email",
                NoticeRow.status == "pending",
                NoticeRow.next_attempt_at <= now,
            )
            .order_by(NoticeRow.created_at, NoticeRow.id)
        )
    )


def claim(session: Session, ids: list[str], now: datetime, lease_until: datetime) -> bool:
    """Take ``ids`` for one attempt, all or none: of two workers one wins (the update is
    conditional on their being due), and the lease keeps the sweep off them meanwhile."""
    taken = session.execute(
        update(NoticeRow)
        .where(
            NoticeRow.id.in_(ids),
            NoticeRow.status == "pending",
            NoticeRow.next_attempt_at <= now,
        )
        .values(attempts=NoticeRow.attempts + 1, next_attempt_at=lease_until)
        .execution_options(synchronize_session=False)
    ).rowcount
    return taken == len(ids)


def emails_sent_since(
    session: Session, since: datetime, *, player_id: str | None = None,
    recipient: str | None = None,
) -> list[datetime]:  # fmt: skip
    """When each email sent since ``since`` to the player, or to the recipient address
    (its key), left (a digest counts once)."""
    whom = NoticeRow.player_id == player_id if player_id else NoticeRow.recipient == recipient
    return [
        sent
        for sent in session.scalars(
            select(func.min(NoticeRow.sent_at))
            .where(
                whom,
                NoticeRow.channel == "email",
                NoticeRow.status == "sent",
                NoticeRow.sent_at > since,
            )
            .group_by(NoticeRow.message_id)
        )
        if sent is not None
    ]


def drop_pending(session: Session, player_id: str, channel: str, why: str) -> None:
    session.execute(
        update(NoticeRow)
        .where(
            NoticeRow.player_id == player_id,
            NoticeRow.channel == channel,
            NoticeRow.status == "pending",
        )
        .values(status="dropped", next_attempt_at=None, last_error=why)
        .execution_options(synchronize_session=False)
    )


def subscriptions(session: Session, player_id: str) -> list[PushSubscriptionRow]:
    return list(
        session.scalars(
            select(PushSubscriptionRow)
            .where(PushSubscriptionRow.player_id == player_id)
            .order_by(PushSubscriptionRow.created_at, PushSubscriptionRow.id)
        )
    )


def subscription_by_endpoint(session: Session, endpoint: str) -> PushSubscriptionRow | None:
    return session.scalar(
        select(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == endpoint)
    )


def remove_subscription(session: Session, subscription_id: str) -> None:
    session.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.id == subscription_id))


def count_subscriptions(session: Session, player_id: str) -> int:
    return (
        session.scalar(
            select(func.count())
            .select_from(PushSubscriptionRow)
            .where(PushSubscriptionRow.player_id == player_id)
        )
        or 0
    )


def notice(session: Session, notice_id: str) -> NoticeRow | None:
    """The notice's row, or None."""
    return session.get(NoticeRow, notice_id)


def subscription(session: Session, subscription_id: str) -> PushSubscriptionRow | None:
    """The push subscription's row, or None."""
    return session.get(PushSubscriptionRow, subscription_id)
