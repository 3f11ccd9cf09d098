"""What a token may do: the scopes a player grants to a site or to a personal access token
(docs/api.md, "Acting for players: OAuth 2"). Pure: names, their meaning, and the checks.

A player's own sign-in tokens (``device`` tokens: creating the player, signing in with a
code) carry every scope, ``ACCOUNT`` included; personal access tokens and the tokens sites
receive carry the scopes chosen, never ``ACCOUNT``. ``api.contract.operations.OPERATION_SCOPES``
says which scope each operation needs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

#: Each scope a player can grant, with what it lets the holder do (the spec's OAuth 2 flow
#: lists these words; the consent page says the same in the page's language).
SCOPES: Final[dict[str, str]] = {
    "profile:read": "read your player, your games, your turns and your mutes",
    "profile:write": "change your name and your mutes",
    "game:create": "create games as you",
    "game:play": "join seats as you and act in your seats (moves, resigning, hints, chat)",
    "seek:write": "look for games (quick play) as you, and cancel those seeks",
    "challenge:read": "read the challenges you sent and received",
    "challenge:write": "challenge other players as you, answer challenges, offer rematches",
    "tournament:enter": "enter you in tournaments and labels, and withdraw you",
    "tournament:organise": "organise tournaments as you",
    "label:organise": "claim labels as you and manage their entries",
    "webhook:manage": "create, read and delete your webhooks",
    "bot:play": "play as your bot accounts",
}

#: What only the player's own sign-in tokens may do: sign in other devices, make and
#: revoke tokens, approve sites. Never granted, so no grant can make another.
ACCOUNT: Final = "account"


class ScopeError(ValueError):
    """A scope list that names an unknown scope (or none at all)."""

    def __init__(self, unknown: list[str]) -> None:
        super().__init__(
            "unknown scope " + ", ".join(unknown) if unknown else "name at least one scope"
        )
        self.unknown = unknown


def parse(text: str | Iterable[str] | None) -> tuple[str, ...]:
    """A space-separated scope list (or the scopes themselves) checked against ``SCOPES``,
    without repeats, in ``SCOPES``' order; ``ScopeError`` for an unknown one or none."""
    names = text.split() if isinstance(text, str) else list(text or ())
    unknown = sorted({n for n in names if n not in SCOPES})
    if unknown or not names:
        raise ScopeError(unknown)
    return tuple(s for s in SCOPES if s in names)


def joined(scopes: Iterable[str]) -> str:
    return " ".join(scopes)


@dataclass(frozen=True, slots=True)
class Public:
    """An operation open to anybody, with or without a token: declared so, never assumed
    (an operation without a declaration fails at start-up).

    ``reads`` names the scopes (any one will do) with which a player token's request is
    the player's: it then sees what the player may see (private tournaments and games
    listed, muted players left out). A token without one of them is answered exactly as a
    request without a token, so a scope that does not read the player's things never
    reaches them through an open operation."""

    reads: tuple[str, ...] = ()


#: Open to anybody, and a player token is never the player's there (nothing private).
PUBLIC: Final = Public()


@dataclass(frozen=True, slots=True)
class Every:
    """Scopes needed together, e.g. creating a game, whose answer carries a creator token
    and invitation codes, needs ``game:create`` and ``game:play``."""

    scopes: tuple[str, ...]


#: What an operation needs (``api.contract.operations.OPERATION_SCOPES``): a scope (or
#: ``ACCOUNT``), a tuple of scopes of which any one will do, ``Every`` of some, or ``Public``.
Needed = str | tuple[str, ...] | Every | Public


def alternatives(needed: Needed) -> tuple[tuple[str, ...], ...]:
    """The sets of scopes of which any one set will do (a ``Public`` operation: none,
    and a token with no scope calls it)."""
    if isinstance(needed, Public):
        return ()
    if isinstance(needed, Every):
        return (needed.scopes,)
    if isinstance(needed, str):
        return ((needed,),)
    return tuple((s,) for s in needed)


def allows(granted: frozenset[str] | None, needed: Needed) -> bool:
    """Whether a token with ``granted`` (None: every scope, a sign-in token) may call an
    operation that needs ``needed``."""
    if isinstance(needed, Public) or granted is None:
        return True
    return any(all(s in granted for s in option) for option in alternatives(needed))


def reads_as_player(granted: frozenset[str] | None, needed: Needed) -> bool:
    """Whether a token with ``granted`` speaks for its player in an operation that needs
    ``needed``: where it may call it at all, except that a ``Public`` operation takes it
    for the player's only with one of the scopes that read there (else: as nobody)."""
    if isinstance(needed, Public):
        return granted is None or any(s in granted for s in needed.reads)
    return allows(granted, needed)
