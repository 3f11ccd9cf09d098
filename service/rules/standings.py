"""Standings of a label: a table over its finished games (docs/api.md, "Standings").

Each seat of each finished game earns points by its place: ``points[place - 1]`` when
``points`` is given (places past its end earn 0), else one point per seat it finished
ahead of. The table sorts by total points, then wins (first places), then the sum of the
seats' final scores, then name, then id: all stated, so a table is reproducible.

Who a row is: the player the seat counts for in ratings (``service.parts.ratings.seat_player``:
the joining player, also after a resignation or a timeout, or ``bot-<level>``); a seat
joined without a player token is listed by its seat name. Every seat counts: a player (a
bot level) holding several seats of one game plays several games of the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from service.rules.rating_model import BOT_PREFIX, seat_player

MAX_POINTS = 1000


@dataclass
class Standing:
    """One row of the table; ``position`` 1 is the leader."""

    player_id: str | None
    name: str
    bot: bool
    games: int = 0
    points: int = 0
    wins: int = 0
    score: int = 0
    #: How often the row finished 1st, 2nd, ... (``places[0]`` = wins).
    places: list[int] = field(default_factory=list)
    position: int = 0


def row_key(seat: Any) -> tuple[str | None, str]:
    """(player id or None, the name a row of this seat is listed under)."""
    player = seat_player(seat)
    if player is None:
        return None, seat.name or f"seat {seat.seat}"
    if player.startswith(BOT_PREFIX):
        return player, "bot:" + player.removeprefix(BOT_PREFIX)
    return player, player  # the player's name is filled in by the caller


def table(
    games: Iterable[tuple[dict[str, Any], Sequence[Any]]],
    points: Sequence[int] | None,
    names: dict[str, str],
) -> list[Standing]:
    """The standings over ``games`` (each a finished game's ``result`` and its seats in
    order), with ``names`` mapping player ids to their names."""
    rows: dict[tuple[str | None, str], Standing] = {}
    for result, seats in games:
        ranking, scores = result["ranking"], result.get("scores") or []
        for seat in seats:
            key = row_key(seat)
            player, name = key
            row = rows.get(key)
            if row is None:
                listed = names.get(player, name) if player is not None else name
                bot = player is not None and player.startswith(BOT_PREFIX)
                row = rows[key] = Standing(player, listed, bot)
            place = ranking.index(seat.seat) + 1
            row.games += 1
            if points is None:
                row.points += len(seats) - place
            elif place <= len(points):
                row.points += points[place - 1]
            row.wins += place == 1
            row.score += scores[seat.seat] if seat.seat < len(scores) else 0
            row.places += [0] * (place - len(row.places))
            row.places[place - 1] += 1
    ordered = sorted(
        rows.values(), key=lambda r: (-r.points, -r.wins, -r.score, r.name, r.player_id or "")
    )
    for i, row in enumerate(ordered, 1):
        row.position = i
    return ordered
