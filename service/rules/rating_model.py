"""The rating model (docs/api.md, "Ratings"): OpenSkill's Plackett–Luce over finished rated
games, and who each seat counts for. No database here: the store and ``service.parts.ratings``
write what this computes.

Who a seat counts for: the player who joined it with a player token, also after it resigned
or timed out and a stand-in finished the game for it; a seat created as a bot counts for
its level's player (``bot-<level>``), so the bots' strength is a published number. A game
with a seat nobody can be credited with (joined without a player token) is not rated, nor
one with fewer than two distinct players. A bot level's first rated game in a pool starts
from its ladder rating (``scripts.bot_ratings``) where the ladder covers the pool.

A free-for-all is one match of single-seat teams ranked all at once (the seat's place in
``result.ranking``; equal places are ties). A player holding several seats of one game
(a tournament of four copies of the same bot) plays each with its rating from before the
game, and ends with the mean of those seats' updates.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from statistics import fmean

from openskill.models import PlackettLuce

from engine.counts import SUPPORTED_PLAYERS, VARIANTS
from service.models import SeatRow

BOT_PREFIX = "bot-"
#: The model with its published defaults (mu 25, sigma 25/3): ratings are comparable with
#: any other OpenSkill Plackett–Luce table.
MODEL = PlackettLuce()


def bot_player_id(level: str) -> str:
    """The fixed player row of a bot level."""
    return BOT_PREFIX + level


#: The pools of games with a bot account: ``bots-4p``… (docs/bots.md, "Rating pools").
BOTS_POOL_PREFIX = "bots-"


def people_pools() -> tuple[str, ...]:
    """The people's rating pools: the game sizes, then the 2-player variants."""
    return (*(f"{n}p" for n in SUPPORTED_PLAYERS if n > 2), *VARIANTS)


def pools() -> tuple[str, ...]:
    """Every rating pool: the people's, then the bot accounts' (``bots-`` each)."""
    return (*people_pools(), *(BOTS_POOL_PREFIX + p for p in people_pools()))


def pool_of(
    players: int, variant: str | None, bot_accounts: bool = False, people_pool: bool = False
) -> str:
    """The rating pool of a game: its 2-player variant (``double_1``, ``double_2``,
    ``decoy``), else its size (``3p`` … ``6p``). Each pool rates on its own. A game with a
    bot account (``bot_accounts``) rates in the bots' pool of the same game (``bots-4p``),
    so programs never move people's ratings, unless its creator asked for the people's
    pool (option ``people_pool``)."""
    pool = variant or f"{players}p"
    if bot_accounts and not people_pool:
        return BOTS_POOL_PREFIX + pool
    return pool


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate the leaderboard sorts by (OpenSkill's ``ordinal``)."""
    return mu - 3 * sigma


def seat_player(seat: SeatRow) -> str | None:
    """The player a seat's result counts for, or None (an anonymous human)."""
    if seat.player_id is not None:
        return seat.player_id
    if seat.kind == "bot" and not seat.resigned and not seat.replaced_by_bot:
        return bot_player_id(seat.bot_level or "random")
    return None


def ranks_of(ranking: Sequence[int], players: int) -> list[int]:
    """Each seat's place (1 = first) from ``result.ranking`` (seats, winner first)."""
    place = {seat: i + 1 for i, seat in enumerate(ranking)}
    return [place[s] for s in range(players)]


@dataclass(frozen=True)
class Update:
    player_id: str
    rank: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float


def rate(
    seats: Sequence[str], ranks: Sequence[int], before: dict[str, tuple[float, float]]
) -> list[Update]:
    """The new rating of every player in one match: ``seats[i]`` (a player id) placed
    ``ranks[i]`` (1 = first; equal ranks tie); ``before`` the players' ``(mu, sigma)``
    (a player missing from it starts at the model's defaults)."""
    start = {p: before.get(p, (MODEL.mu, MODEL.sigma)) for p in seats}
    teams = [[MODEL.rating(mu=start[p][0], sigma=start[p][1])] for p in seats]
    rated = MODEL.rate(teams, ranks=list(ranks))
    updates = []
    for player in dict.fromkeys(seats):  # first-seen order, each player once
        mine = [i for i, p in enumerate(seats) if p == player]
        updates.append(
            Update(
                player,
                min(ranks[i] for i in mine),
                *start[player],
                fmean(rated[i][0].mu for i in mine),
                fmean(rated[i][0].sigma for i in mine),
            )
        )
    return updates


LADDER_FILE = Path(__file__).with_name("bot_ladder.json")


@cache
def ladder() -> dict[str, dict[str, tuple[float, float]]]:
    """``{pool: {level: (mu, sigma)}}`` from ``bot_ladder.json`` (empty without the file)."""
    if not LADDER_FILE.exists():
        return {}
    data = json.loads(LADDER_FILE.read_text())
    return {
        pool: {level: (float(r["mu"]), float(r["sigma"])) for level, r in levels.items()}
        for pool, levels in data["pools"].items()
    }


def starting_rating(player_id: str, pool: str) -> tuple[float, float] | None:
    """The ladder's ``(mu, sigma)`` of a bot player in ``pool``, or None (a human, or a pool
    or level the ladder did not rate: the model's defaults apply)."""
    if not player_id.startswith(BOT_PREFIX):
        return None
    return ladder().get(pool, {}).get(player_id.removeprefix(BOT_PREFIX))
