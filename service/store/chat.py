"""The statements of chat at the table and the players' mutes (``service.parts.chat``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from service.models import ChatClosedRow, ChatMessageRow, ChatMuteRow, GameRow, PlayerRow
from service.store import holds


def game_locked(session: Session, game_id: str) -> GameRow | None:
    """The game's row, locked until the commit (PostgreSQL): a post never races its end."""
    return session.scalar(select(GameRow).where(GameRow.id == game_id).with_for_update(of=GameRow))


def posts_since(session: Session, game_id: str, author: str, since: datetime) -> int:
    """How many messages ``author`` wrote in the game after ``since``."""
    found = session.scalar(
        select(func.count())
        .select_from(ChatMessageRow)
        .where(
            ChatMessageRow.game_id == game_id,
            ChatMessageRow.author == author,
            ChatMessageRow.created_at > since,
        )
    )
    return int(found or 0)


def messages(
    session: Session,
    game_id: str,
    since: int,
    limit: int | None,
    reader: str | None,
    hold_since: datetime,
) -> list[ChatMessageRow]:
    """Messages with ``id > since`` in order, at most ``limit``; ``reader`` (a player id)
    leaves out the players it holds, and what players who wrote from their addresses
    after ``hold_since`` wrote since the hold (``service.store.holds.held_by_address``)."""
    query = (
        select(ChatMessageRow)
        .where(ChatMessageRow.game_id == game_id, ChatMessageRow.id > since)
        .order_by(ChatMessageRow.id)
        .limit(limit)
    )
    if reader is not None:
        author = ChatMessageRow.player_id
        query = query.where(author.is_(None) | author.not_in(holds.direct_held(reader)))
        for held, start in holds.held_by_address(session, reader, hold_since):
            before = ChatMessageRow.created_at < start
            query = query.where(author.is_(None) | (author != held) | before)
    return list(session.scalars(query))


def latest(session: Session, game_id: str) -> int:
    """The id of the game's newest message (0: none yet)."""
    found = session.scalar(
        select(func.max(ChatMessageRow.id)).where(ChatMessageRow.game_id == game_id)
    )
    return int(found or 0)


def latest_many(session: Session, game_ids: list[str]) -> list[Any]:
    """(game id, newest message id) of each of the games that have messages."""
    return list(
        session.execute(
            select(ChatMessageRow.game_id, func.max(ChatMessageRow.id))
            .where(ChatMessageRow.game_id.in_(game_ids))
            .group_by(ChatMessageRow.game_id)
        ).all()
    )


def unmute(session: Session, player_id: str, muted_id: str) -> bool:
    """Delete the mute; whether there was one."""
    gone = session.execute(
        delete(ChatMuteRow).where(
            ChatMuteRow.player_id == player_id, ChatMuteRow.muted_id == muted_id
        )
    ).rowcount
    return bool(gone)


def mutes(session: Session, player_id: str) -> list[Any]:
    """(mute row, muted player's name) of the player's mutes, oldest first."""
    return list(
        session.execute(
            select(ChatMuteRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == ChatMuteRow.muted_id)
            .where(ChatMuteRow.player_id == player_id)
            .order_by(ChatMuteRow.created_at, ChatMuteRow.muted_id)
        ).all()
    )


def closed_to_spectators(session: Session, game_id: str) -> ChatClosedRow | None:
    """The row that closes the game's chat to spectators, or None (open)."""
    return session.get(ChatClosedRow, game_id)


def mute(session: Session, player_id: str, muted_id: str) -> ChatMuteRow | None:
    """``player_id``'s mute of ``muted_id``, or None."""
    return session.get(ChatMuteRow, (player_id, muted_id))
