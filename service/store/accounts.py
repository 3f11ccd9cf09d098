"""The statements of players' identities: their tokens and one-time sign-in codes
(``service.parts.accounts``; a chat post finds its author with them too)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from service.models import PlayerRow, PlayerTokenRow, SigninCodeRow


def player_of_token(session: Session, token_hash: str, now: datetime) -> PlayerRow | None:
    """The player holding the token of this hash, unless the token expired at ``now``: one
    look-up by the table's key."""
    return session.scalar(
        select(PlayerRow)
        .join(PlayerTokenRow, PlayerTokenRow.player_id == PlayerRow.id)
        .where(
            PlayerTokenRow.token_hash == token_hash,
            or_(PlayerTokenRow.expires_at.is_(None), PlayerTokenRow.expires_at > now),
        )
    )


def drop_signin_codes(session: Session, player_id: str) -> None:
    session.execute(delete(SigninCodeRow).where(SigninCodeRow.player_id == player_id))


def take_signin_code(session: Session, code_hash: str) -> str | None:
    """Delete the code, once: its player's id, or None when another took it first."""
    return session.scalar(
        delete(SigninCodeRow)
        .where(SigninCodeRow.code_hash == code_hash)
        .returning(SigninCodeRow.player_id)
    )


def drop_token(session: Session, token_hash: str) -> None:
    session.execute(delete(PlayerTokenRow).where(PlayerTokenRow.token_hash == token_hash))


def player(session: Session, player_id: str) -> PlayerRow | None:
    """The player's row, or None: a read by key (the session's own rows first)."""
    return session.get(PlayerRow, player_id)


def signin_code(session: Session, code_hash: str) -> SigninCodeRow | None:
    """The sign-in code's row by its hash, or None."""
    return session.get(SigninCodeRow, code_hash)
