"""What a seek says (docs/api.md, "Quick play"): its limits and defaults, its pool key,
and how its owner and the lobby see it. The rules of matching are in
``service.parts.seeks``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson

from service.models import SeekRow
from service.rules.described import described

#: Seconds a seek may wait for people before bots fill the game.
MIN_WAIT, MAX_WAIT, DEFAULT_WAIT = 5, 600, 60
DEFAULT_BOT_LEVEL = "greedy"
#: A seek waits, then is matched (to a game and seat) or cancelled.
STATUSES = ("waiting", "matched", "cancelled")


@dataclass(frozen=True)
class SeekView:
    """A seek as its owner and the lobby see it (never a token)."""

    id: str
    player_id: str
    name: str = field(metadata=described("the seeker's display name"))
    players: int
    variant: str | None
    time_control: dict[str, Any]
    rated: bool
    wait: int
    bot_level: str
    status: str = field(
        metadata=described(
            "waiting, then matched (game_id, seat) or cancelled", enum=list(STATUSES)
        )
    )
    created_at: datetime
    expires_at: datetime = field(metadata=described("when bots fill the game"))
    ended_at: datetime | None
    game_id: str | None
    seat: int | None
    #: The seek welcomes bot accounts (and matches only seeks that do).
    bot_accounts: bool = field(default=False, metadata=described("the seek welcomes bot accounts"))

    @classmethod
    def of(cls, row: SeekRow, name: str) -> SeekView:
        return cls(
            row.id, row.player_id, name, row.players, row.variant, row.time_control,
            row.rated, row.wait, row.bot_level, row.status, row.created_at, row.expires_at,
            row.ended_at, row.game_id, row.seat, row.key.endswith(BOTS_KEY),
        )  # fmt: skip


@dataclass(frozen=True)
class MatchedSeek:
    """The owner's read of a matched seek: the seek and a fresh token for its seat."""

    seek: SeekView
    token: str | None


#: The end of the key of a seek that welcomes bot accounts: such seeks match each other only.
BOTS_KEY = "|bots"


def seek_key(
    players: int, variant: str | None, control: dict[str, Any], rated: bool,
    bot_accounts: bool = False,
) -> str:  # fmt: skip
    """The pool a seek matches in: the same key is the same game (with bot accounts, when
    ``bot_accounts``: a bot account's seek always opts in, a person's when it welcomes
    them)."""
    key = f"{players}|{variant or ''}|{orjson.dumps(control, option=orjson.OPT_SORT_KEYS).decode()}|{int(rated)}"
    return key + BOTS_KEY if bot_accounts else key
