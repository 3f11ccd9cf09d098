"""A tournament's tables between the pairing and the standings (docs/tournaments.md): how a
paired table is seated, how a planned round reads once entrants withdrew, and what a
finished table's game says about each seat. Pure functions over the stored rows, no I/O,
so the workers that make the games and the reads that list them seat a table one way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.models import GameRow


def seat_order(
    planned: Sequence[str | None], number: int, size: int, service_bots: bool
) -> list[str | None]:
    """The seats of a paired table in round ``number``: with the service's bots every
    table has the game's ``size`` (None: a bot's seat), else a smaller table is a smaller
    game; the seat order turns with the rounds, so that nobody always moves first."""
    seats = list(planned)
    if service_bots:
        seats += [None] * (size - len(seats))
    if not seats:
        return seats
    shift = (number - 1) % len(seats)
    return seats[shift:] + seats[:shift]


def without_withdrawn(pairing: Mapping[str, Any], present: set[str]) -> dict[str, Any]:
    """A round robin's planned round as it is played: an entrant no longer ``present``
    (withdrawn since the schedule was made) leaves their seat to the service's bots and
    their bye unused."""
    tables = [[p if p in present else None for p in t] for t in pairing["tables"]]
    return {"tables": tables, "byes": [b for b in pairing["byes"] if b in present]}


def table_result(
    seats: Sequence[str | None], game: GameRow
) -> tuple[dict[str, int] | None, list[str]]:
    """Each entrant's place at a finished table (None for an aborted game) and the
    entrants who missed it: their seat passed to the stand-in (timed out under the
    tournament's ``bot`` policy, or resigned)."""
    by_seat = {s.seat: s for s in game.seats}
    missed = [
        p for i, p in enumerate(seats)
        if p is not None and i in by_seat and (by_seat[i].replaced_by_bot or by_seat[i].resigned)
    ]  # fmt: skip
    if game.status != "finished" or not game.result:
        return None, missed
    ranking = game.result["ranking"]
    places = {p: ranking.index(i) + 1 for i, p in enumerate(seats) if p is not None}
    return places, missed


def bot_places(seats: Sequence[str | None], places: Mapping[str, int]) -> tuple[int, ...]:
    """The places the service's bots (the seats of no entrant) finished in at a table
    whose entrants finished in ``places``. A game's ranking orders all its seats without
    ties, so the bots hold exactly the places 1..len(seats) that no entrant holds."""
    taken = set(places.values())
    return tuple(p for p in range(1, len(seats) + 1) if p not in taken)
