"""Holds: a mute (and any later kind of hold, such as a block: ``service.store.holds.holds``)
holds against the muted player and, for ``Settings.mute_hold_seconds``, against every player
writing from an address the muted player wrote from in that window (docs/api.md, "Mutes
hold against an address").

A muted flooder who makes a new player at the same address is still muted: their challenges
to the muter are refused (403 ``address_muted``) and what they write in chat after the mute
is left out of what the muter reads. To know the addresses, a challenge or chat message that
is accepted marks its author's address: a keyed hash (HMAC of ``Settings.secret_key``),
never the address, deleted once the window is past (by the player's next mark, or the
workers' sweep, every few seconds). Those marks are all that links players, so the hold
ends with them; it may also catch a stranger who shares the address (one NAT) for the
window, which is why it is short.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from service.parts.base import Part
from service.plumbing.config import Settings
from service.plumbing.errors import Forbidden
from service.store import blocks
from service.store import holds as queries


def address_digest(settings: Settings, source: str) -> str:
    """The stored stand-in of a client address: a keyed hash that needs the server's secret
    to test an address against."""
    key = settings.secret_key.encode()
    return hmac.new(key, source.encode(), hashlib.sha256).hexdigest()[:32]


def window_start(settings: Settings, now: datetime) -> datetime:
    """Marks older than this neither hold nor are kept."""
    return now - timedelta(seconds=settings.mute_hold_seconds)


def mark(
    session: Session, settings: Settings, now: datetime, player_id: str, source: str | None
) -> None:
    """In the caller's transaction: ``player_id`` wrote from ``source`` (None: a caller
    without an address, as Python callers are; nothing to mark)."""
    if source and settings.mute_hold_seconds > 0:
        digest = address_digest(settings, source)
        queries.record(session, player_id, digest, now, window_start(settings, now))


@dataclass(eq=False)
class Holds(Part):
    """``Holds(store, settings, clock, after)``: the checks of what a player may send to
    players who hold against it."""

    def check_challenge(self, invited: Sequence[str], challenger: str, source: str | None) -> None:
        """Refuse a challenge across a block, either way (403 ``blocked``), to anybody who
        holds the challenger (403 ``muted_by_player``) or a player who wrote lately from
        the challenger's address or from an address the challenger wrote from lately (403
        ``address_muted``)."""
        if not invited:
            return
        self.check_apart(challenger, invited)
        with self.store.sessions() as session:
            direct = queries.direct_holders(session, invited, challenger)
            if direct:
                raise Forbidden(
                    "muted_by_player", f"{', '.join(direct)} muted you: no challenge to them"
                )
            if self.settings.mute_hold_seconds <= 0:
                return
            digest = address_digest(self.settings, source) if source else None
            since = window_start(self.settings, self.clock())
            near = queries.address_holders(session, invited, challenger, digest, since)
        if near:
            raise Forbidden(
                "address_muted",
                f"{', '.join(near)} muted a player who wrote from your address within "
                f"{self.settings.mute_hold_seconds} s: no challenge to them for now",
            )

    def check_apart(self, player_id: str, others: Sequence[str]) -> None:
        """403 ``blocked`` when a block stands between ``player_id`` and any of ``others``,
        whichever of the two made it (``service.parts.blocks``; the detail does not say
        which): no challenge is made or accepted across it."""
        with self.store.sessions() as session:
            apart = blocks.apart_from(session, player_id, others)
        if apart:
            raise Forbidden(
                "blocked", f"a block stands between you and {', '.join(apart)}: no game together"
            )

    def forget(self) -> int:
        """Delete the marks past the window (the workers' sweep; a new mark deletes its
        player's own): how many."""
        with self.store.writing() as session:
            return queries.forget(session, window_start(self.settings, self.clock()))

    def mark(self, player_id: str, source: str | None) -> None:
        """``player_id`` wrote from ``source``, in a transaction of its own."""
        with self.store.writing() as session:
            mark(session, self.settings, self.clock(), player_id, source)
