"""A tournament's rounds and tables as the API lists them (docs/tournaments.md): the
tables whose games are made, and those of rounds paired or planned whose games are not
made yet (a round robin's whole schedule is listed from its start), seated as the workers
will seat them (``service.rules.tournament_tables``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from service.models import TournamentRoundRow, TournamentRow, TournamentTableRow
from service.rules.tournament_tables import seat_order, without_withdrawn


@dataclass(frozen=True)
class TableView:
    """A table whose game is made (``playing`` or ``finished``)."""

    table: int
    game_id: str
    status: str
    seats: list[dict[str, Any]]


@dataclass(frozen=True)
class PlannedTableView:
    """A table of a round paired or planned whose game is not made yet, seated as the
    workers will seat it. Apart from the made tables, so that a table's ``game_id`` and
    ``status`` mean what they meant before planned tables were listed."""

    table: int
    seats: list[dict[str, Any]]


@dataclass(frozen=True)
class RoundView:
    number: int
    status: str
    started_at: datetime
    finished_at: datetime | None
    byes: list[dict[str, Any]]
    tables: list[TableView]
    planned: list[PlannedTableView]


def round_views(
    row: TournamentRow,
    rounds: Sequence[TournamentRoundRow],
    tables: Sequence[TournamentTableRow],
    entries: Sequence[tuple[Any, str]],
) -> list[RoundView]:
    """Every round of ``rounds`` with its tables: the made ones from ``tables``, the others
    (``planned``) from the round's pairing; a planned round as it will be played by the
    entrants still entered (``entries``: each entry and its player's name)."""
    names = {e.player_id: name for e, name in entries}
    present = {e.player_id for e, _ in entries if e.status == "entered"}
    views = []
    for r in rounds:
        pairing = without_withdrawn(r.pairing, present) if r.status == "scheduled" else r.pairing
        made = {t.table: table_view(t, names) for t in tables if t.round == r.number}
        planned = []
        for number, seated in enumerate(pairing["tables"], start=1):
            seats = seat_order(seated, r.number, row.players, bool(row.service_bots))
            if number not in made and any(seats):
                planned.append(PlannedTableView(number, _seats(seats, None, names)))
        byes = [{"player_id": p, "name": names.get(p, p)} for p in pairing["byes"]]
        views.append(
            RoundView(r.number, r.status, r.started_at, r.finished_at, byes,
                      [made[number] for number in sorted(made)], planned)
        )  # fmt: skip
    return views


def table_view(t: TournamentTableRow, names: dict[str, str]) -> TableView:
    """A table whose game is made: each entrant's place once it is over."""
    return TableView(t.table, t.game_id, t.status, _seats(t.seats, t.places, names))


def _seats(
    seats: Sequence[str | None], places: dict[str, int] | None, names: dict[str, str]
) -> list[dict[str, Any]]:
    return [
        {"seat": index, "player_id": player,
         "name": names.get(player, player) if player else None,
         "place": (places or {}).get(player) if player else None}
        for index, player in enumerate(seats)
    ]  # fmt: skip
