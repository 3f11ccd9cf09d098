"""Blocking a player (docs/api.md, "Blocking a player"): a player who wants nothing to do
with another.

A block keeps the two apart, either way: no challenge between them (403 ``blocked``, when
it is made and when it is accepted), and quick play never seats them in one game
(``service.parts.seeks``). It also holds as a mute does for the player who blocked: the
blocked player's chat is left out of what that player reads, by the same path as a mute
(``service.store.holds.holds``). The blocked player is not told. Unblocking undoes all of
it; games already made are not touched.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.parts.base import Part
from service.plumbing.errors import NotFound, Unprocessable
from service.store import accounts
from service.store import blocks as queries


@dataclass(frozen=True)
class Block:
    """A player the reader blocked, as its list shows it."""

    player_id: str
    name: str
    created_at: datetime


@dataclass(eq=False)
class Blocks(Part):
    """``Blocks(store, settings, clock, after)``: a player's blocks; what they refuse is
    checked where it is asked (``Holds.check_apart``, ``service.parts.seeks``)."""

    def block(self, player_id: str, blocked_id: str) -> Block:
        """Block ``blocked_id`` (again: no change, the first time kept). 422
        ``cannot_block_self``, 404 ``player_not_found``."""
        if blocked_id == player_id:
            raise Unprocessable("cannot_block_self", "a player cannot block itself")
        with self.store.writing() as session:
            blocked = accounts.player(session, blocked_id)
            if blocked is None:
                raise NotFound("player_not_found", f"no player {blocked_id}")
            row = queries.add(session, player_id, blocked_id, self.clock())
            return Block(blocked_id, blocked.name, row.created_at)

    def unblock(self, player_id: str, blocked_id: str) -> None:
        """End the block of ``blocked_id``; not blocked (any more): no change."""
        with self.store.writing() as session:
            queries.remove(session, player_id, blocked_id)

    def page(self, player_id: str, page: int, page_size: int) -> tuple[list[Block], int]:
        """The player's blocks, the latest first, one page (counted from 1); and how many."""
        with self.store.sessions() as session:
            rows, total = queries.page(session, player_id, (page - 1) * page_size, page_size)
        return [Block(r.blocked_id, name, r.created_at) for r, name in rows], total

    def all_of(self, player_id: str) -> list[Block]:
        """Every block of the player, oldest first (the account's download)."""
        with self.store.sessions() as session:
            rows = queries.all_of(session, player_id)
        return [Block(r.blocked_id, name, r.created_at) for r, name in rows]
