"""What a seek says (docs/api.md, "Quick play"): its limits and defaults, its pool key,
its size, and how its owner and the lobby see it. The rules of matching are in
``service.parts.seeks``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson

from engine import SUPPORTED_PLAYERS
from engine.counts import VARIANTS
from service.models import SeekRow
from service.plumbing.errors import Unprocessable

#: Seconds a seek may wait for people before bots fill the game.
MIN_WAIT, MAX_WAIT, DEFAULT_WAIT = 5, 600, 60
DEFAULT_BOT_LEVEL = "greedy"


@dataclass(frozen=True)
class SeekView:
    """A seek as its owner and the lobby see it (never a token)."""

    id: str
    player_id: str
    name: str
    players: int
    variant: str | None
    time_control: dict[str, Any]
    rated: bool
    wait: int
    bot_level: str
    status: str
    created_at: datetime
    expires_at: datetime
    ended_at: datetime | None
    game_id: str | None
    seat: int | None

    @classmethod
    def of(cls, row: SeekRow, name: str) -> SeekView:
        return cls(
            row.id, row.player_id, name, row.players, row.variant, row.time_control,
            row.rated, row.wait, row.bot_level, row.status, row.created_at, row.expires_at,
            row.ended_at, row.game_id, row.seat,
        )  # fmt: skip


@dataclass(frozen=True)
class MatchedSeek:
    """The owner's read of a matched seek: the seek and a fresh token for its seat."""

    seek: SeekView
    token: str | None


def seek_key(players: int, variant: str | None, control: dict[str, Any], rated: bool) -> str:
    """The pool a seek matches in: the same key is the same game."""
    return f"{players}|{variant or ''}|{orjson.dumps(control, option=orjson.OPT_SORT_KEYS).decode()}|{int(rated)}"


def game_size(players: int | None, variant: str | None) -> tuple[int, str | None]:
    """Players and variant of a seek: a variant implies its player count."""
    if variant is not None:
        if variant not in VARIANTS:
            raise Unprocessable("invalid_option", f"variant is one of {sorted(VARIANTS)}")
        if players is not None and players != VARIANTS[variant].players:
            raise Unprocessable(
                "invalid_players", f"{variant} is for {VARIANTS[variant].players} players"
            )
        return VARIANTS[variant].players, variant
    players = 4 if players is None else players
    if players not in SUPPORTED_PLAYERS:
        raise Unprocessable(
            "invalid_players", f"a seek is for {list(SUPPORTED_PLAYERS)} players or a variant"
        )
    return players, None
