"""What a challenge proposes (docs/api.md, "Challenges and rematches"): how long it waits,
how many it invites, why it may be declined, and its seats: a player's own, a bot level's
player's (a service bot, played by the service), and a rematch's seats from the game's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from service.models import PlayerRow
from service.plumbing.errors import Conflict, NotFound
from service.rules.rating_model import BOT_PREFIX

#: Seconds an open challenge waits for its answers unless the challenger says otherwise.
CHALLENGE_TTL = 600
#: The longest a challenge may wait (``expires_in``): a week, for correspondence games.
MAX_CHALLENGE_TTL = 7 * 24 * 3600
MIN_CHALLENGE_TTL = 10
#: Why a challenge is declined (as Lichess's bots say it).
DECLINE_REASONS = (
    "generic",
    "later",
    "too_fast",
    "too_slow",
    "time_control",
    "rated",
    "casual",
    "variant",
    "no_bot",
    "only_bot",
)
MAX_INVITED = 5


def is_service_bot(player_id: str) -> bool:
    """A bot level's player (``bot-greedy``): the service plays its seats and answers its
    challenges."""
    return player_id.startswith(BOT_PREFIX)


def playing_seats(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The terms' seats as the game is made of them: a service bot's seat is a bot seat
    of its level (the terms keep its player, so the challenge shows whom it invited)."""
    return [
        {"kind": "bot", "level": s["player"].removeprefix(BOT_PREFIX)}
        if s["kind"] == "bot" and is_service_bot(s.get("player") or "")
        else s
        for s in seats
    ]


def seat_again(seat: Any) -> dict[str, Any]:
    """A rematch's seat from a seat of the game: its player again, or a bot of its level."""
    if seat.player_id is not None:
        kind = "bot" if seat.bot_account else "human"
        return {"kind": kind, "player": seat.player_id}
    if seat.kind == "bot" and not seat.resigned and not seat.replaced_by_bot:
        return {"kind": "bot", "level": seat.bot_level or "random"}
    raise Conflict(
        "rematch_unavailable",
        f"seat {seat.seat} was played without a player token: nobody to invite",
    )


def seat_spec(known: dict[str, PlayerRow], player_id: str) -> dict[str, Any]:
    """The seat of an invited player (``known``: the rows of the players named)."""
    found = known.get(player_id)
    if found is None:
        raise NotFound("player_not_found", f"no player {player_id}")
    bot = bool(found.bot) or is_service_bot(player_id)
    return {"kind": "bot" if bot else "human", "player": player_id}


def refuse_paused(
    players: Sequence[PlayerRow], paused_until: Callable[[str], datetime | None]
) -> None:
    """409 ``bot_account_paused`` when one of the challenge's players is a bot account
    that is paused (``paused_until`` says until when; docs/bots.md)."""
    for player in players:
        if player.bot and (until := paused_until(player.id)) is not None:
            raise Conflict(
                "bot_account_paused",
                f"the bot account {player.id} is paused until {until.isoformat()} (docs/bots.md)",
                paused_until=until.isoformat(),
            )
