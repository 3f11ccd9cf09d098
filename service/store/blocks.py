"""The statements of blocks (``service.parts.blocks``): who blocked whom, and which pairs
of a few players are kept apart by a block either way."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from service.models import BlockRow, PlayerRow


def add(session: Session, player_id: str, blocked_id: str, now: datetime) -> BlockRow:
    """The block of ``blocked_id`` by ``player_id``, made now unless it exists."""
    row = session.get(BlockRow, (player_id, blocked_id))
    if row is None:
        row = BlockRow(player_id=player_id, blocked_id=blocked_id, created_at=now)
        session.add(row)
    return row


def remove(session: Session, player_id: str, blocked_id: str) -> bool:
    """Delete the block; whether there was one."""
    gone = session.execute(
        delete(BlockRow).where(BlockRow.player_id == player_id, BlockRow.blocked_id == blocked_id)
    ).rowcount
    return bool(gone)


def page(session: Session, player_id: str, offset: int, limit: int) -> tuple[list[Any], int]:
    """(block row, blocked player's name) of the player's blocks, the latest first, from
    ``offset``, at most ``limit``; and how many there are."""
    rows = session.execute(
        select(BlockRow, PlayerRow.name)
        .join(PlayerRow, PlayerRow.id == BlockRow.blocked_id)
        .where(BlockRow.player_id == player_id)
        .order_by(BlockRow.created_at.desc(), BlockRow.blocked_id)
        .offset(offset)
        .limit(limit)
    ).all()
    total = session.scalar(
        select(func.count()).select_from(BlockRow).where(BlockRow.player_id == player_id)
    )
    return list(rows), int(total or 0)


def all_of(session: Session, player_id: str) -> list[Any]:
    """(block row, blocked player's name) of every block of the player, oldest first."""
    return list(
        session.execute(
            select(BlockRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == BlockRow.blocked_id)
            .where(BlockRow.player_id == player_id)
            .order_by(BlockRow.created_at, BlockRow.blocked_id)
        ).all()
    )


def pairs_among(session: Session, players: Sequence[str]) -> set[frozenset[str]]:
    """The pairs of ``players`` kept apart: one of the two blocked the other."""
    if len(players) < 2:
        return set()
    rows = session.execute(
        select(BlockRow.player_id, BlockRow.blocked_id).where(
            BlockRow.player_id.in_(players), BlockRow.blocked_id.in_(players)
        )
    )
    return {frozenset(pair) for pair in rows}


def apart_from(session: Session, player_id: str, others: Sequence[str]) -> list[str]:
    """Which of ``others`` blocked ``player_id`` or were blocked by it."""
    if not others:
        return []
    pairs = pairs_among(session, [player_id, *others])
    return sorted(p for p in others if frozenset((player_id, p)) in pairs)
