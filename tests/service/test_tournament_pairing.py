"""Tournament pairing and scoring (service/rules/tournament_pairing.py,
service/rules/tournament_scoring.py): pure functions, checked against hand-made cases and, on
small fields over several rounds, against the best split found by brute force."""

from __future__ import annotations

import random
import time
from fractions import Fraction

import pytest

from harness.pairing_check import brute_best, play_rounds
from service.rules.tournament_pairing import (
    Entrant,
    Waiting,
    arena_tables,
    choose_byes,
    round_robin,
    swiss,
    table_sizes,
)
from service.rules.tournament_scoring import (
    BYE_SCORE,
    PERFORMANCE_SPAN,
    Table,
    game_scores,
    met_counts,
    standings,
)

# ---------------------------------------------------------------------- table sizes and byes


@pytest.mark.parametrize(
    ("count", "size", "smallest", "sizes", "byes"),
    [
        (12, 4, 3, [4, 4, 4], 0),
        (10, 4, 3, [4, 3, 3], 0),
        (11, 4, 3, [4, 4, 3], 0),
        (5, 4, 3, [4], 1),  # 3 + 2 is not allowed: the fewest byes
        (5, 4, 4, [4], 1),
        (7, 6, 3, [4, 3], 0),
        (13, 5, 3, [5, 4, 4], 0),
        (7, 2, 2, [2, 2, 2], 1),
        (3, 4, 3, [3], 0),
        (2, 4, 3, [], 2),
        (0, 4, 3, [], 0),
    ],
)
def test_table_sizes(count: int, size: int, smallest: int, sizes: list[int], byes: int) -> None:
    assert table_sizes(count, size, smallest) == (sizes, byes)


def test_table_sizes_never_break_the_limits() -> None:
    for size in range(2, 7):
        for smallest in range(2, size + 1):
            for count in range(0, 60):
                sizes, byes = table_sizes(count, size, smallest)
                assert sum(sizes) + byes == count
                assert all(smallest <= s <= size for s in sizes)
                assert sizes == sorted(sizes, reverse=True)
                assert max(sizes, default=0) - min(sizes, default=0) <= 1
                if count >= smallest and (size - smallest) >= 1:
                    assert byes < smallest


def test_byes_go_to_the_fewest_byes_then_the_lowest() -> None:
    field = [
        Entrant("a", Fraction(2), 1600),
        Entrant("b", Fraction(1), 1500),
        Entrant("c", Fraction(0), 1400, byes=1),
        Entrant("d", Fraction(0), 1300, byes=1),
        Entrant("e", Fraction(1), 1450),
    ]
    assert [e.id for e in choose_byes(field, 1)] == ["e"]
    assert [e.id for e in choose_byes(field, 3)] == ["e", "b", "a"]
    pairing = swiss(field, 4)
    assert pairing.byes == ["e"] and sorted(pairing.tables[0]) == ["a", "b", "c", "d"]


# ---------------------------------------------------------------------- scoring


def test_game_scores_by_place_with_ties_shared() -> None:
    assert game_scores({"a": 1, "b": 2, "c": 3, "d": 4}) == {
        "a": 1, "b": Fraction(2, 3), "c": Fraction(1, 3), "d": 0,
    }  # fmt: skip
    assert game_scores({"a": 1, "b": 2, "c": 2, "d": 4}) == {
        "a": 1, "b": Fraction(1, 2), "c": Fraction(1, 2), "d": 0,
    }  # fmt: skip
    assert game_scores({"a": 1, "b": 2}) == {"a": 1, "b": 0}
    for size in range(2, 7):
        scores = game_scores({str(i): i for i in range(size)})
        assert sum(scores.values()) == Fraction(size, 2)  # a table always shares k/2 points


def test_standings_score_tie_breaks_and_shared_ranks() -> None:
    ratings = {"a": 1500, "b": 1500, "c": 1500, "d": 1500, "e": 1700, "f": 1300}
    tables = [
        Table({"a": 1, "b": 2, "c": 3}),
        Table({"d": 1, "e": 2, "f": 3}),
    ]
    lines = standings(ratings, tables)
    by = {line.entrant: line for line in lines}
    assert by["a"].score == by["d"].score == 1
    # a's opponents (b 1/2, c 0) scored as much as d's (e 1/2, f 0): the performance
    # decides, and d met the same mean rating (1500) as a: the rating at entry then ties.
    assert by["a"].opponents_score == by["d"].opponents_score == Fraction(1, 4)
    assert by["a"].performance == by["d"].performance == 1500 + PERFORMANCE_SPAN
    assert [line.entrant for line in lines][:2] == ["a", "d"]
    assert by["a"].rank == by["d"].rank == 1
    # b and e: the same score and opponents' scores; b met stronger opponents
    assert by["b"].performance == 1500 and by["e"].performance == 1400  # s = 1/2: no swing
    assert (by["b"].rank, by["e"].rank) == (3, 4)
    lines = standings(ratings, tables, byes=["f"])
    assert {line.entrant: line for line in lines}["f"].score == BYE_SCORE


def test_opponents_scores_break_a_tie() -> None:
    ratings = dict.fromkeys("abcdef", 1500)
    tables = [Table({"a": 1, "b": 2}), Table({"c": 1, "d": 2}), Table({"b": 1, "e": 2}),
              Table({"d": 2, "f": 1})]  # fmt: skip
    lines = standings(ratings, tables)
    assert lines[0].entrant == "a"  # a beat b, who won again; c beat d, who lost again
    assert lines[0].opponents_score > {line.entrant: line for line in lines}["c"].opponents_score


@pytest.mark.parametrize(
    ("count", "size", "smallest"),
    [(12, 4, 4), (12, 4, 3), (11, 4, 3), (10, 4, 3), (9, 3, 3), (12, 3, 3), (8, 4, 4),
     (7, 4, 3), (12, 6, 3), (10, 5, 3), (12, 2, 2), (9, 2, 2)],
)  # fmt: skip
def test_swiss_is_as_good_as_brute_force_on_small_fields(
    count: int, size: int, smallest: int
) -> None:
    for seed in range(2):
        for number, (pairing, field, met) in enumerate(play_rounds(count, size, smallest, 5, seed)):
            seated = [e for e in field if e.id not in pairing.byes]
            seated.sort(key=lambda e: (-e.score, -e.rating, e.id))
            sizes, byes = table_sizes(count, size, smallest)
            assert len(pairing.byes) == byes
            assert sorted(len(t) for t in pairing.tables) == sorted(sizes)
            assert sorted(p for t in pairing.tables for p in t) == sorted(e.id for e in seated)
            best = brute_best(seated, sizes, met)
            assert pairing.repeats == best[0], (seed, number)
            assert pairing.spread == pytest.approx(best[1]), (seed, number)


def test_the_heuristic_avoids_repeats_on_a_big_field() -> None:
    total_repeats = []
    for pairing, field, _met in play_rounds(400, 4, 3, 5, seed=7):
        assert sorted(p for t in pairing.tables for p in t) == sorted(e.id for e in field)
        total_repeats.append(pairing.repeats)
    assert total_repeats[0] == 0
    assert max(total_repeats) <= 4  # 100 tables a round: a handful at most


def test_a_thousand_entrants_pair_within_a_second() -> None:
    rng = random.Random(3)
    field = [Entrant(f"p{i}", Fraction(rng.randint(0, 12), 3), rng.randint(1000, 2000))
             for i in range(1000)]  # fmt: skip
    met = {
        frozenset((f"p{rng.randrange(1000)}", f"p{rng.randrange(1000)}")): 1 for _ in range(6000)
    }
    started = time.perf_counter()
    pairing = swiss(field, 4, met, smallest=3)
    elapsed = time.perf_counter() - started
    assert len(pairing.tables) == 250
    assert elapsed < 2.0  # the benchmark's goal is 1 s; a loaded test machine gets slack


# ---------------------------------------------------------------------- round robin, arena


def test_round_robin_of_two_player_tables_meets_every_pair_once() -> None:
    field = [Entrant(f"p{i}", 0, 1500 - i) for i in range(7)]
    schedule = round_robin(field, 2)
    assert len(schedule) == 7
    met = met_counts([t for p in schedule for t in p.tables])
    assert len(met) == 21 and set(met.values()) == {1}
    assert sorted(b for p in schedule for b in p.byes) == sorted(e.id for e in field)


def test_round_robin_of_tables_meets_every_pair() -> None:
    field = [Entrant(f"p{i}", 0, 1500 - i) for i in range(8)]
    schedule = round_robin(field, 4)
    met = met_counts([t for p in schedule for t in p.tables])
    assert len(met) == 28  # every pair met
    assert len(schedule) <= 4  # 3 rounds is the least possible; 4 is close
    assert round_robin(field, 4) == schedule  # known at the start: the same every time
    assert len(round_robin(field, 4, rounds=2)) == 2


def test_arena_seats_the_longest_waiting_apart_from_their_last_opponents() -> None:
    from datetime import UTC, datetime, timedelta

    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    waiting = [
        Waiting(Entrant("a", 3), t0, frozenset({"b"})),
        Waiting(Entrant("b", 3), t0 + timedelta(seconds=1), frozenset({"a"})),
        Waiting(Entrant("c", 2), t0 + timedelta(seconds=2)),
        Waiting(Entrant("d", 2), t0 + timedelta(seconds=3)),
        Waiting(Entrant("e", 0), t0 + timedelta(seconds=4)),
    ]
    pairing = arena_tables(waiting, 2)
    assert pairing.byes == ["e"]
    assert pairing.repeats == 0
    assert sorted(sorted(t) for t in pairing.tables) == [["a", "c"], ["b", "d"]]
    assert arena_tables(waiting[:1], 2).tables == []
