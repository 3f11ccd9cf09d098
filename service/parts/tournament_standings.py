"""A tournament's standings as the service reads them (docs/tournaments.md, "Scoring"): each
entrant's line from the finished tables and the byes (``service.rules.tournament_scoring``)
at the rating the entrant plays under, and the standings as the API lists them. The views,
a Swiss's pairing, an arena's seating and the steps' webhook payloads all read them here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from service.models import TournamentRow
from service.rules.rating_model import pool_of
from service.rules.tournament_scoring import Table, standings
from service.rules.tournament_tables import bot_places
from service.store import tournaments as q

#: The rating of an entrant with none in the pool (a new player's leaderboard number).
UNRATED = 0.0


@dataclass(frozen=True)
class StandingView:
    rank: int
    player_id: str
    name: str
    score: float
    games: int
    byes: int
    opponents_score: float
    performance: float | None
    rating: float
    withdrawn: bool
    disqualified: bool = False


def rating(session: Session, row: TournamentRow, player_id: str) -> float:
    """The player's rating in the tournament's pool (``UNRATED``: none yet)."""
    pool = pool_of(row.players, row.variant)
    return q.ratings(session, [player_id], pool).get(player_id, UNRATED)


def standing_lines(session: Session, row: TournamentRow) -> list[Any]:
    """Every entrant's line: the finished tables and the byes so far, at the rating
    fixed at the start (before it, the pool's)."""
    entries = [(e, name) for e, name in q.entries(session, row.id) if e.entered_at]
    ratings: dict[str, float] = {}
    if row.status == "upcoming":
        pool = pool_of(row.players, row.variant)
        ratings = q.ratings(session, [e.player_id for e, _ in entries], pool)
    rated = {
        e.player_id: e.rating if e.rating is not None else ratings.get(e.player_id, UNRATED)
        for e, _ in entries
    }
    finished = [
        Table(dict(t.places), bot_places(t.seats, t.places))
        for t in q.tables(session, row.id)
        if t.status == "finished" and t.places
    ]
    byes = [b for r in q.rounds(session, row.id) if r.status != "scheduled"
            for b in r.pairing["byes"]]  # fmt: skip
    withdrawn = [e.player_id for e, _ in entries if e.status in ("withdrawn", "disqualified")]
    return standings(rated, finished, [b for b in byes if b in rated], withdrawn)


def lines(session: Session, row: TournamentRow) -> dict[str, Any]:
    """``standing_lines`` by entrant."""
    return {line.entrant: line for line in standing_lines(session, row)}


def standing_views(session: Session, row: TournamentRow) -> list[StandingView]:
    """The standings as the API lists them: with names, rounded, disqualifications marked."""
    entries = q.entries(session, row.id)
    names = {e.player_id: name for e, name in entries}
    disqualified = {e.player_id for e, _ in entries if e.status == "disqualified"}
    return [
        StandingView(
            line.rank, line.entrant, names.get(line.entrant, line.entrant),
            round(float(line.score), 3), line.games, line.byes,
            round(float(line.opponents_score), 3),
            None if line.performance is None else round(float(line.performance), 2),
            round(line.rating, 2), line.withdrawn, line.entrant in disqualified,
        )
        for line in standing_lines(session, row)
    ]  # fmt: skip
