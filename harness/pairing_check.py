"""A reference for the Swiss pairer (``service.rules.tournament_pairing.swiss``): the best
split of a small field found by brute force, apart from the pairer, and rounds of a Swiss
with random results to hold it against. Shared by the pairing tests and the tournament
benchmark, so that both judge the pairer by one yardstick."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from service.rules.tournament_pairing import Entrant, Pairing, swiss
from service.rules.tournament_scoring import Table, met_counts, standings


def partitions(count: int, sizes: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every split of the players ``0..count-1`` into tables of ``sizes`` (a multiset),
    no pruning."""

    def rest(players: tuple[int, ...], sizes: list[int]) -> Iterator[list[tuple[int, ...]]]:
        if not players:
            yield []
            return
        first, others = players[0], players[1:]
        for size in set(sizes):
            left_sizes = list(sizes)
            left_sizes.remove(size)
            for companions in itertools.combinations(others, size - 1):
                left = tuple(p for p in others if p not in companions)
                for tail in rest(left, left_sizes):
                    yield [(first, *companions), *tail]

    yield from rest(tuple(range(count)), sizes)


def brute_best(seated: list[Entrant], sizes: list[int], met: dict) -> tuple[int, float]:
    """The least (repeats, spread) over every split, computed apart from the pairer."""
    n = len(seated)
    scores = [float(e.score) for e in seated]
    repeats = [[met.get(frozenset((a.id, b.id)), 0) for b in seated] for a in seated]
    table_costs: dict[tuple[int, ...], tuple[int, float]] = {}
    best = None
    for split in partitions(n, sizes):
        r, s = 0, 0.0
        for table in split:
            c = table_costs.get(table)
            if c is None:
                c = (
                    sum(repeats[a][b] for a, b in itertools.combinations(table, 2)),
                    max(scores[i] for i in table) - min(scores[i] for i in table),
                )
                table_costs[table] = c
            r += c[0]
            s += c[1]
        if best is None or (r, round(s, 9)) < (best[0], round(best[1], 9)):
            best = (r, s)
    assert best is not None
    return best


def play_rounds(
    count: int, size: int, smallest: int, rounds: int, seed: int
) -> Iterator[tuple[Pairing, list[Entrant], dict]]:
    """Yield each round's (pairing, field, met) of a Swiss with random results."""
    rng = random.Random(seed)
    ratings = {f"p{i:02}": rng.randint(1200, 1800) for i in range(count)}
    tables: list[Table] = []
    byes: list[str] = []
    for _round in range(rounds):
        lines = {line.entrant: line for line in standings(ratings, tables, byes)}
        field = [Entrant(p, lines[p].score, ratings[p], lines[p].byes) for p in ratings]
        met = met_counts([list(t.places) for t in tables])
        pairing = swiss(field, size, met, smallest=smallest)
        yield pairing, field, met
        for seated in pairing.tables:
            order = rng.sample(seated, len(seated))
            tables.append(Table({p: i + 1 for i, p in enumerate(order)}))
        byes += pairing.byes
