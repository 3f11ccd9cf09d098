"""Scores, tie-breaks and standings of a tournament (docs/tournaments.md, "Scoring" and
"Tie-breaks"): pure functions over finished tables, no I/O.

A game is worth one point, shared out by finishing place among everyone at the table, the
service's bots included: the winner of a table of ``k`` gets 1, the last 0, the places
between equal steps, so a player's game score is the share of the others at the table they
finished ahead of (``(ahead + tied / 2) / (k - 1)``); players who tie share their places'
points. A bot's place takes its points from the table, but a bot has no line. A bye is
worth ``BYE_SCORE`` (a middle finish).

Tie-breaks, in order: the opponents' scores (for each game, the mean final score of the
entrants the player met at that table, summed over the games), then the performance (for
each game, the mean rating of those entrants plus ``PERFORMANCE_SPAN * (2 s - 1)``, ``s`` the
game score, averaged over the games), then the rating at entry, then the entrant's id (so
that the order is total and the same everywhere). A bot is no opponent for the tie-breaks:
it has neither a tournament score nor a rating fixed at the start, so a game in which only
bots sat with the player adds nothing to the first and is left out of the second's mean (as
a bye is). All of it is exact arithmetic (fractions; a rating as the exact value of its
float), so equal tie-breaks are equal whatever order they were summed in.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

#: What a bye is worth: the score of a middle finish.
BYE_SCORE = Fraction(1, 2)
#: The performance's swing per game: a win counts this much above the opponents' mean
#: rating, a last place as much below. Ratings are the pool's leaderboard numbers
#: (OpenSkill's ordinal, docs/api.md "Ratings"): one default sigma, 25/3.
PERFORMANCE_SPAN = Fraction(25, 3)


@dataclass(frozen=True)
class Table:
    """A finished table: each entrant's place (1 = best; equal places are ties) and the
    places of the service's bots that sat with them (no line of their own)."""

    places: Mapping[str, int]
    bots: tuple[int, ...] = ()


def game_scores(places: Mapping[str, int], bots: Sequence[int] = ()) -> dict[str, Fraction]:
    """Each entrant's score at one finished table (module docstring): the share of the
    others at the table, ``bots`` (their places) included, that they finished ahead of,
    ties counting half. A table of one scores nothing."""
    everyone = [*places.values(), *bots]
    size = len(everyone)
    if size < 2:
        return {player: Fraction(0) for player in places}
    scores = {}
    for player, place in places.items():
        ahead = sum(1 for other in everyone if other > place)
        tied = sum(1 for other in everyone if other == place) - 1
        scores[player] = Fraction(2 * ahead + tied, 2 * (size - 1))
    return scores


@dataclass
class Standing:
    """One entrant's line of the standings."""

    entrant: str
    rating: float
    score: Fraction = Fraction(0)
    games: int = 0
    byes: int = 0
    opponents_score: Fraction = Fraction(0)
    #: None: no game with another entrant yet (ordered below every performance).
    performance: Fraction | None = None
    rank: int = 0
    withdrawn: bool = False
    #: Per game: (opponents, game score) in the order played.
    history: list[tuple[tuple[str, ...], Fraction]] = field(default_factory=list)


def standings(
    ratings: Mapping[str, float],
    tables: Iterable[Table],
    byes: Iterable[str] = (),
    withdrawn: Iterable[str] = (),
) -> list[Standing]:
    """The standings of the entrants of ``ratings`` (their rating at entry) after the
    finished ``tables`` and the ``byes`` given (one entry per bye), best first, ranked by
    score and the tie-breaks of the module docstring; entrants with equal score and
    tie-breaks (but for the id) share a rank. ``withdrawn`` entrants keep their line. A
    player at a table who is not in ``ratings`` counts as a bot there."""
    lines = {entrant: Standing(entrant, float(rating)) for entrant, rating in ratings.items()}
    for entrant in byes:
        line = lines[entrant]
        line.byes += 1
        line.score += BYE_SCORE
    for table in tables:
        entrants = {p: place for p, place in table.places.items() if p in lines}
        bots = (*table.bots, *(place for p, place in table.places.items() if p not in lines))
        for player, score in game_scores(entrants, bots).items():
            line = lines[player]
            line.games += 1
            line.score += score
            line.history.append((tuple(p for p in entrants if p != player), score))
    for entrant in withdrawn:
        if entrant in lines:
            lines[entrant].withdrawn = True
    for line in lines.values():
        opponents = Fraction(0)
        performances = []
        for others, score in line.history:
            if not others:
                continue  # only bots at the table: no opponent for the tie-breaks
            met = [lines[o] for o in others]
            opponents += sum((o.score for o in met), Fraction(0)) / len(met)
            mean_rating = sum((Fraction(o.rating) for o in met), Fraction(0)) / len(met)
            performances.append(mean_rating + PERFORMANCE_SPAN * (2 * score - 1))
        line.opponents_score = opponents
        line.performance = (
            sum(performances, Fraction(0)) / len(performances) if performances else None
        )
    ordered = sorted(lines.values(), key=_order)
    previous: tuple | None = None
    for index, line in enumerate(ordered, start=1):
        key = _order(line)[:-1]
        line.rank = ordered[index - 2].rank if previous == key else index
        previous = key
    return ordered


def _order(line: Standing) -> tuple:
    return (
        -line.score,
        -line.opponents_score,
        line.performance is None,
        -(line.performance or 0),
        -line.rating,
        line.entrant,
    )


def met_counts(tables: Iterable[Sequence[str]]) -> dict[frozenset[str], int]:
    """How often each pair of entrants sat at one table, over ``tables`` (each the
    entrants seated, finished or not)."""
    met: dict[frozenset[str], int] = defaultdict(int)
    for seated in tables:
        for i, a in enumerate(seated):
            for b in seated[i + 1 :]:
                met[frozenset((a, b))] += 1
    return dict(met)


def as_number(score: Fraction) -> float:
    """A score as a document shows it: three decimals at most."""
    return round(float(score), 3)
