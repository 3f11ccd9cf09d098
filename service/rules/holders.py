"""Who acts for a seat: the seat's own token, or the player token of the player who holds
the seat (a person who joined with a player token, a seat a label's owner gave it, a bot
account's seat). docs/api.md, "Acting with a player token".

A seat token names one seat; a player token names a player, who may hold several seats of
one game (a bot account in a tournament of copies), so the seat it acts in is the one the
request names, else the one whose decision is pending, else its lowest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from service.models import GameRow
from service.plumbing.errors import Forbidden, Unauthorized
from service.rules.player_views import is_player_token
from service.rules.seat_tokens import hash_token, seat_by_hash


class TokenOwners(Protocol):
    def player_id_for_token(self, digest: str) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Holder:
    """A seat token's hash, or (``player_id``) a player by its token."""

    token_hash: str | None = None
    player_id: str | None = None


def holder_of(store: TokenOwners, token: str) -> Holder:
    """The holder a bearer token stands for: a player token is looked up (401
    ``invalid_token`` when no player holds it), a seat token is kept as its hash."""
    digest = hash_token(token)
    if not is_player_token(token):
        return Holder(token_hash=digest)
    player_id = store.player_id_for_token(digest)
    if player_id is None:
        raise Unauthorized("invalid_token", "the token is not a player's")
    return Holder(player_id=player_id)


def held_seat(row: GameRow, holder: Holder, claimed: int | None) -> int:
    """The seat of ``row`` that ``holder`` acts in: its token's seat (403 ``wrong_seat``
    when ``claimed`` names another), or the player's seat ``claimed``, else the player's
    seat whose decision is pending, else its lowest (403 ``not_your_seat`` when the player
    holds none of them)."""
    if holder.token_hash is not None:
        seat = seat_by_hash(row, holder.token_hash).seat
        if claimed is not None and claimed != seat:
            raise Forbidden("wrong_seat", f"the token belongs to seat {seat}, not {claimed}")
        return seat
    mine = [
        s.seat for s in row.seats if s.player_id is not None and s.player_id == holder.player_id
    ]
    if claimed is not None:
        if claimed not in mine:
            raise Forbidden("not_your_seat", f"seat {claimed} is not held by your player")
        return claimed
    if not mine:
        raise Forbidden("not_your_seat", "your player holds no seat of this game")
    return row.pending_seat if row.pending_seat in mine else mine[0]
