"""The statements of quick play: seeks, their pools and their claims
(``service.parts.seeks``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.orm import Session

from service.models import PlayerRow, SeekRow


def with_name(session: Session, seek_id: str) -> Any:
    """(seek row, its player's name), or None."""
    return session.execute(
        select(SeekRow, PlayerRow.name)
        .join(PlayerRow, PlayerRow.id == SeekRow.player_id)
        .where(SeekRow.id == seek_id)
    ).first()


def cancel(session: Session, seek_id: str, now: datetime) -> bool:
    """Cancel the seek if it is still waiting; whether this call did."""
    done = session.execute(
        update(SeekRow)
        .where(SeekRow.id == seek_id, SeekRow.status == "waiting")
        .values(status="cancelled", ended_at=now)
    ).rowcount
    return bool(done)


def look(session: Session, ended_since: datetime | None, limit: int) -> list[Any]:
    """(seek, player's name) of the waiting seeks and, with ``ended_since``, of those
    matched or cancelled since then, oldest first."""
    condition = SeekRow.status == "waiting"
    if ended_since is not None:
        condition = or_(condition, SeekRow.ended_at >= ended_since)
    return list(
        session.execute(
            select(SeekRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == SeekRow.player_id)
            .where(condition)
            .order_by(SeekRow.created_at, SeekRow.id)
            .limit(limit)
        ).all()
    )


def first_waiting(session: Session, key: str) -> SeekRow | None:
    """The longest-waiting seek of a pool."""
    return session.scalars(
        select(SeekRow)
        .where(SeekRow.status == "waiting", SeekRow.key == key)
        .order_by(SeekRow.created_at, SeekRow.id)
        .limit(1)
    ).first()


def due(session: Session, now: datetime, limit: int) -> list[str]:
    """The waiting seeks whose wait is over, the earliest first."""
    return list(
        session.scalars(
            select(SeekRow.id)
            .where(SeekRow.status == "waiting", SeekRow.expires_at <= now)
            .order_by(SeekRow.expires_at, SeekRow.id)
            .limit(limit)
        )
    )


def full_pools(session: Session, limit: int) -> list[str]:
    """The keys with as many seekers waiting as their game seats."""
    return list(
        session.scalars(
            select(SeekRow.key)
            .where(SeekRow.status == "waiting")
            .group_by(SeekRow.key, SeekRow.players)
            .having(func.count() >= SeekRow.players)
            .limit(limit)
        )
    )


def others_waiting(session: Session, first: SeekRow, count: int | None) -> list[SeekRow]:
    """The longest-waiting seeks of ``first``'s pool other than it, at most ``count``
    (None: all)."""
    return list(
        session.scalars(
            select(SeekRow)
            .where(SeekRow.status == "waiting", SeekRow.key == first.key, SeekRow.id != first.id)
            .order_by(SeekRow.created_at, SeekRow.id)
            .limit(count)
        ).all()
    )


def claim(session: Session, seek_id: str, game_id: str, seat: int, now: datetime) -> bool:
    """Match the seek into ``game_id``'s ``seat`` if it is still waiting (conditional, so
    of two matchers one wins); whether this call did."""
    taken = session.execute(
        update(SeekRow)
        .where(SeekRow.id == seek_id, SeekRow.status == "waiting")
        .values(status="matched", ended_at=now, game_id=game_id, seat=seat)
    ).rowcount
    return taken == 1


def waiting_of(session: Session, player_id: str) -> SeekRow | None:
    return session.scalars(
        select(SeekRow).where(SeekRow.player_id == player_id, SeekRow.status == "waiting")
    ).first()


def seek(session: Session, seek_id: str) -> SeekRow | None:
    """The seek's row, or None."""
    return session.get(SeekRow, seek_id)
