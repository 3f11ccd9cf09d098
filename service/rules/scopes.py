"""What a token may do: the scopes a player grants to a site or to a personal access token
(docs/api.md, "Acting for players: OAuth 2"). Pure: names, their meaning, and the checks.

A player's own sign-in tokens (``device`` tokens: creating the player, signing in with a
code) carry every scope, ``ACCOUNT`` included; personal access tokens and the tokens sites
receive carry the scopes chosen, never ``ACCOUNT``. ``api.contract.operations.OPERATION_SCOPES``
says which scope each operation needs.
"""

from __future__ import annotations

from collections.abc import Iterable
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


def allows(granted: frozenset[str] | None, needed: str | tuple[str, ...] | None) -> bool:
    """Whether a token with ``granted`` (None: every scope, a sign-in token) may do what
    needs ``needed`` (None: nothing; a tuple: any one of them)."""
    if needed is None or granted is None:
        return True
    options = (needed,) if isinstance(needed, str) else needed
    return any(s in granted for s in options)
