"""What a moderator's mute or bar refuses (``service.parts.moderation`` puts them in force):
one check for each, called inside the transaction of the thing refused, so a mute or bar
holds from the moment its action commits, whichever route or worker asks."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from service.plumbing.errors import Forbidden
from service.store import moderation as queries


def _when(until: datetime | None) -> str:
    return "until a moderator lifts it" if until is None else f"until {until.isoformat()}"


def check_chat(session: Session, player_id: str | None, now: datetime) -> None:
    """403 ``chat_muted`` while a moderator's mute of the player is in force."""
    if player_id is None:
        return
    row = queries.sanction(session, player_id, "mute", now)
    if row is not None:
        until = row.until.isoformat() if row.until is not None else None
        raise Forbidden(
            "chat_muted", f"a moderator muted you in chat {_when(row.until)}", until=until
        )


def check_rated(session: Session, player_ids: Iterable[str | None], now: datetime) -> None:
    """403 ``barred_from_rated`` while any of the players is barred from rated play: a
    rated game, seek or challenge with them is refused (unrated ones are not)."""
    ids = [p for p in player_ids if p is not None]
    if not ids:
        return
    barred = queries.sanctioned(session, ids, "bar_rated", now)
    if barred:
        row = barred[0]
        raise Forbidden(
            "barred_from_rated",
            f"player {row.player_id} is barred from rated play {_when(row.until)}: "
            "play unrated games",
            player_id=row.player_id,
            until=row.until.isoformat() if row.until is not None else None,
        )


def refuse_barred(store: Any, player_ids: Iterable[str | None], now: datetime) -> None:
    """``check_rated`` in a read of its own, for a refusal made before any transaction
    (a challenge's terms, an acceptance)."""
    with store.sessions() as session:
        check_rated(session, player_ids, now)
