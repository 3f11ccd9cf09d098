"""The standings of random tournaments, round by round, against a second implementation.

Random Swiss, round robin and arena tournaments run on the fake clock (both databases) with
the service's bots at the tables, byes, entrants who withdraw (a round robin's bot takes the
seat), absentees (their seat passes to the stand-in) and an arena's late entrants. After
every step the service's standings are compared, line by line (rank, score, games, byes,
tie-breaks, rating, withdrawn), with ``documented_standings``: a deliberately simple
recomputation written from docs/tournaments.md ("Scoring", "Tie-breaks") alone, over what
the API lists (entries, rounds, tables) and each game's result. It imports nothing of the
service's scoring.

A game here ends with a random ranking written as the engine's result (the standings read
only the result's ranking), so that many different finishing orders are scored quickly;
absentees resign through the service first, as a player who leaves does.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction
from typing import Any

import pytest

from service.game_service import GameService
from service.models import GameRow, RatingRow

# ---------------------------------------------------------------------- the documented rule


@dataclass
class Line:
    player_id: str
    rating: Fraction
    withdrawn: bool
    score: Fraction = Fraction(0)
    games: int = 0
    byes: int = 0
    opponents_score: Fraction = Fraction(0)
    performance: Fraction | None = None
    rank: int = 0


def documented_standings(
    entries: list[dict[str, Any]],
    games: list[tuple[list[str | None], list[int]]],
    byes: list[str],
) -> list[Line]:
    """docs/tournaments.md, by hand. ``entries``: the entered (or withdrawn) entrants with
    their rating at the start; ``games``: each finished table's seats (an entrant's id, or
    None for a service bot) and the game's ranking (seat indices, winner first); ``byes``:
    one id per bye given."""
    lines = {
        e["player_id"]: Line(e["player_id"], Fraction(e["rating"]), e["status"] == "withdrawn")
        for e in entries
    }
    # "A bye is worth 1/2, a middle finish."
    for player in byes:
        lines[player].byes += 1
        lines[player].score += Fraction(1, 2)
    # "at a table of k seats the winner scores 1, the last 0, the places between in equal
    # steps of 1/(k-1)", the bots counted among the k.
    played: dict[str, list[tuple[list[str], Fraction]]] = {p: [] for p in lines}
    for seats, ranking in games:
        k = len(seats)
        for index, player in enumerate(seats):
            if player is None:
                continue
            place = ranking.index(index) + 1
            score = Fraction(k - place, k - 1)
            others = [p for p in seats if p is not None and p != player]
            lines[player].score += score
            lines[player].games += 1
            played[player].append((others, score))
    # Tie-breaks 1 and 2: only entrants are opponents.
    for player, line in lines.items():
        performances = []
        for others, score in played[player]:
            if not others:
                continue
            line.opponents_score += sum(lines[o].score for o in others) / len(others)
            mean_rating = sum(lines[o].rating for o in others) / len(others)
            performances.append(mean_rating + Fraction(25, 3) * (2 * score - 1))
        if performances:
            line.performance = sum(performances) / len(performances)

    def tie_breaks(line: Line) -> tuple:
        no_performance = line.performance is None
        return (-line.score, -line.opponents_score, no_performance,
                -(line.performance or 0), -line.rating)  # fmt: skip

    ordered = sorted(lines.values(), key=lambda line: (*tie_breaks(line), line.player_id))
    for position, line in enumerate(ordered, start=1):
        before = ordered[position - 2] if position > 1 else None
        same = before is not None and tie_breaks(before) == tie_breaks(line)
        line.rank = before.rank if same and before else position
    return ordered


def as_shown(line: Line) -> tuple:
    """A line as the API shows it (docs/tournaments.md: the score and tie-break 1 to 3
    decimals, tie-breaks 2 and 3 to 2)."""
    performance = None if line.performance is None else round(float(line.performance), 2)
    return (line.rank, line.player_id, round(float(line.score), 3), line.games, line.byes,
            round(float(line.opponents_score), 3), performance, round(float(line.rating), 2),
            line.withdrawn)  # fmt: skip


# ---------------------------------------------------------------------- what the API lists


def recomputed(
    service: GameService, tournament_id: str, pool: dict[str, float], seen: Counter
) -> list[tuple]:
    """The documented standings over the tournament's entries, rounds and games, each
    entrant with their rating in the game's ``pool`` (0 without one: a new player's);
    ``seen`` counts what the tournament had so far."""
    listed = [e for e in service.tournaments.entries(tournament_id, None) if e.entered_at]
    entries = [
        {"player_id": e.player_id, "rating": pool.get(e.player_id, 0.0), "status": e.status}
        for e in listed
    ]
    seen["withdrawn"] = max(seen["withdrawn"], sum(e.status == "withdrawn" for e in listed))
    byes = [b["player_id"] for r in service.tournaments.rounds(tournament_id, None)
            if r.status != "scheduled" for b in r.byes]  # fmt: skip
    games = []
    for table in service.tournaments.games(tournament_id, None):
        if table.status != "finished":
            continue
        result = service.games.get(table.game_id).result
        if result:  # an aborted game counts for nobody
            games.append(([s["player_id"] for s in table.seats], list(result["ranking"])))
    seen["bots"] = max(seen["bots"], sum(None in seats for seats, _ in games))
    seen["byes"] = max(seen["byes"], len(byes))
    return [as_shown(line) for line in documented_standings(entries, games, byes)]


def served(service: GameService, tournament_id: str) -> list[tuple]:
    return [
        (s.rank, s.player_id, s.score, s.games, s.byes, s.opponents_score, s.performance,
         s.rating, s.withdrawn)
        for s in service.tournaments.standings(tournament_id, None)
    ]  # fmt: skip


def finish(service: GameService, game_id: str, rng: random.Random) -> None:
    """End a game with a random ranking of its seats, as the engine's result reads."""
    with service.sessions() as session:
        game = session.get(GameRow, game_id)
        assert game is not None
        ranking = list(range(game.players))
        rng.shuffle(ranking)
        game.status = "finished"
        game.result = {"ranking": ranking, "scores": [0] * game.players}
        session.commit()


def absent(service: GameService, game_id: str, seats: list[dict[str, Any]], player: str) -> None:
    """``player`` leaves their seat: the stand-in plays it (a missed round)."""
    seat = next(s["seat"] for s in seats if s["player_id"] == player)
    service.seating.resign(game_id, service.seating.seat_token(game_id, seat, player))


# ---------------------------------------------------------------------- random tournaments


def random_terms(rng: random.Random, form: str, seed: int) -> dict[str, Any]:
    """Random terms; by ``seed`` in turn: the service's bots at the tables, fixed tables
    (byes where the field does not divide), smaller tables."""
    terms: dict[str, Any] = {"name": "Random cup", "format": form, "rated": False,
                             "time_control": {"type": "none"}, "missed_limit": 2}  # fmt: skip
    if form != "arena" and rng.random() < 0.2:
        terms["variant"] = "double_1"
    else:
        terms["players"] = rng.choice([3, 4, 5])
        terms["smaller_tables"] = seed % 3 == 2
    if form != "arena" and seed % 3 == 0:
        terms["service_bots"] = "random"
    if form == "swiss":
        terms["rounds"] = rng.randint(2, 4)
    elif form == "round_robin":
        terms["rounds"] = rng.choice([None, 2, 3])
    else:
        terms["duration"] = 600
    return terms


@dataclass
class Run:
    """One random tournament under way: what the test knows besides the API."""

    service: GameService
    clock: Any
    rng: random.Random
    tournament_id: str
    pool: dict[str, float]
    seen: Counter

    def compare(self) -> None:
        """The standings served now equal the documented recomputation."""
        service, tournament_id = self.service, self.tournament_id
        assert served(service, tournament_id) == recomputed(
            service, tournament_id, self.pool, self.seen
        )
        self.seen["checks"] += 1


def run_rounds(run: Run) -> None:
    """A Swiss or round robin to its end: each round's games end in random orders, some
    entrants absent, some withdrawing between rounds; the standings checked after every
    step."""
    service, clock, rng, tournament_id = run.service, run.clock, run.rng, run.tournament_id
    for _ in range(40):
        run.compare()
        view = service.tournaments.get(tournament_id, None)
        if view.status == "finished":
            break
        current = service.tournaments.rounds(tournament_id, None)[view.round - 1]
        for table in current.tables:
            if table.status != "playing":
                continue
            seated = [s["player_id"] for s in table.seats if s["player_id"]]
            if seated and rng.random() < 0.25:
                absent(service, table.game_id, table.seats, rng.choice(seated))
                run.seen["absent"] += 1
            finish(service, table.game_id, rng)
        entered = [e.player_id for e in service.tournaments.entries(tournament_id, None)
                   if e.status == "entered"]  # fmt: skip
        if len(entered) > 2 and rng.random() < 0.3:
            service.tournaments.withdraw(tournament_id, rng.choice(entered))
        clock.advance(10)
        service.tournaments.step(tournament_id)
    assert service.tournaments.get(tournament_id, None).status == "finished"


def run_arena(run: Run, late: list[str]) -> None:
    """An arena to its end: some games end at each step (some entrants absent), players
    enter while it runs (and some withdraw); the standings checked after every step."""
    service, clock, rng, tournament_id = run.service, run.clock, run.rng, run.tournament_id
    for _ in range(60):
        run.compare()
        view = service.tournaments.get(tournament_id, None)
        if view.status == "finished":
            break
        over = view.ends_at is not None and clock() >= view.ends_at
        for table in service.tournaments.games(tournament_id, None):
            if table.status == "playing" and (over or rng.random() < 0.5):
                seated = [s["player_id"] for s in table.seats if s["player_id"]]
                if rng.random() < 0.2:
                    absent(service, table.game_id, table.seats, rng.choice(seated))
                    run.seen["absent"] += 1
                finish(service, table.game_id, rng)
        if late and not over and rng.random() < 0.4:
            service.tournaments.enter(tournament_id, late.pop())
            run.seen["late"] += 1
        entered = [e.player_id for e in service.tournaments.entries(tournament_id, None)
                   if e.status == "entered"]  # fmt: skip
        if len(entered) > 3 and rng.random() < 0.1:
            service.tournaments.withdraw(tournament_id, rng.choice(entered))
        clock.advance(60)
        service.tournaments.step(tournament_id)
    assert service.tournaments.get(tournament_id, None).status == "finished"


#: What the random tournaments of each format must have had between them, so that a
#: green run has compared standings with each of them.
COVERED = {
    "swiss": ("bots", "byes", "withdrawn", "absent"),
    "round_robin": ("bots", "byes", "withdrawn", "absent"),
    "arena": ("late", "withdrawn", "absent"),
}


def random_tournament(service: GameService, clock: Any, form: str, seed: int, seen: Counter):  # noqa: ANN201
    """Create, enter and start one random tournament; its run and its late entrants."""
    rng = random.Random(f"{form}-{seed}")
    terms = random_terms(rng, form, seed)
    count = rng.randint(6, 12) if form != "round_robin" else rng.randint(5, 9)
    if count % terms.get("players", 2) == 0:
        count += 1  # a field that does not divide: bots at a table, or byes
    organiser, *ids = [service.accounts.create(f"r{seed}{i}").player.id for i in range(count + 4)]
    ids, late = ids[:count], ids[count:]
    pool_name = terms.get("variant") or f"{terms.get('players')}p"
    pool = {p: rng.uniform(-5, 30) for p in [*ids, *late] if rng.random() < 0.6}
    with service.sessions() as session:  # some have a rating in the pool, some none
        for player, ordinal in pool.items():
            session.add(RatingRow(player_id=player, pool=pool_name, mu=25.0, sigma=8.0,
                                  ordinal=ordinal, games=1, updated_at=clock()))  # fmt: skip
        session.commit()
    t = service.tournaments.create(organiser, starts_at=clock() + timedelta(minutes=5), **terms)
    for player in ids:
        service.tournaments.enter(t.id, player)
    if rng.random() < 0.3:
        service.tournaments.withdraw(t.id, ids[0])  # before the start: a line of nothing
    clock.advance(300)
    service.tournaments.step(t.id)
    assert service.tournaments.get(t.id, None).status == "running", "choose another seed"
    return Run(service, clock, rng, t.id, pool, seen), late


@pytest.mark.parametrize("form", ["swiss", "round_robin", "arena"])
def test_random_tournaments_have_the_documented_standings_after_every_step(
    service: GameService, clock: Any, form: str
) -> None:
    seen: Counter = Counter()
    for seed in range(5):
        run, late = random_tournament(service, clock, form, seed, seen)
        if form == "arena":
            run_arena(run, late)
        else:
            run_rounds(run)
    assert seen["checks"] >= 12
    assert [what for what in COVERED[form] if not seen[what]] == []


def test_the_documented_rule_scores_a_bot_at_the_table() -> None:
    """The issue's example, by the second implementation: the bot 1st, three entrants
    2nd, 3rd and 4th score 2/3, 1/3 and 0."""
    entries = [{"player_id": p, "rating": 0.0, "status": "entered"} for p in "abc"]
    lines = documented_standings(entries, [([None, "a", "b", "c"], [0, 1, 2, 3])], [])
    assert [(x.player_id, x.score) for x in lines] == [
        ("a", Fraction(2, 3)), ("b", Fraction(1, 3)), ("c", Fraction(0)),
    ]  # fmt: skip
