"""The ladder of levels: the beginner is greedy with a documented softmax temperature, the
correspondence level is a search level with several seconds, and the head-to-head runner
plays seat-rotated games and counts them."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from ai.greedy import GreedyBot, NoisyGreedyBot, score_actions, softmax_pick
from ai.levels import BEGINNER_TEMPERATURE, BOT_LEVELS, DEFAULT_BUDGETS, LADDER, make_bot
from ai.levels_match import lineup_for, main, tally
from engine import Game


def test_ladder_lists_every_level_weakest_first() -> None:
    assert set(LADDER) == set(BOT_LEVELS)
    assert LADDER[0] == "random" and LADDER[-1] == "mcts-5s"
    assert DEFAULT_BUDGETS["mcts-5s"] >= 3.0  # several seconds: the correspondence level
    assert isinstance(make_bot("beginner", seed=1), NoisyGreedyBot)
    assert make_bot("beginner", seed=1).temperature == BEGINNER_TEMPERATURE


def test_softmax_pick_follows_the_temperature() -> None:
    rng = random.Random(4)
    picks = Counter(softmax_pick([0.0, -1.0, -10.0], 1.0, rng) for _ in range(4000))
    # exp(0) : exp(-1) : exp(-10): the second about 0.37 times as often, the third never.
    assert 0.30 < picks[1] / picks[0] < 0.44
    assert picks[2] < 5


def test_beginner_is_legal_and_not_always_greedy(random_positions) -> None:
    beginner = NoisyGreedyBot(seed=3)
    greedy = GreedyBot(seed=3)
    differ = 0
    for g in random_positions(60, seed=17):
        before = g.to_dict()
        action = beginner.choose(g)
        assert action in g.legal_actions()
        assert g.to_dict() == before
        differ += action != greedy.choose(g)
    assert differ >= 3  # the noise shows


def test_temperature_zero_is_greedy(random_positions) -> None:
    for g in random_positions(10, seed=19):
        assert NoisyGreedyBot(seed=5, temperature=0).choose(g) == GreedyBot(seed=5).choose(g)
    with pytest.raises(ValueError):
        NoisyGreedyBot(temperature=-1)


def test_beginner_scores_are_greedys() -> None:
    g = Game.new(4, 8)
    actions = g.legal_actions()
    assert len(score_actions(g, actions, random.Random(1))) == len(actions)


def test_tally_counts_games_and_pairs() -> None:
    results = [
        {"seating": ["a", "b", "a", "b"], "ranking": [1, 0, 3, 2]},  # b wins, b ahead 3 of 4
        {"seating": ["b", "a", "b", "a"], "ranking": [1, 0, 3, 2]},  # a wins
    ]
    t = tally(results, "a", "b")
    assert (t["games"], t["higher_won"], t["share"]) == (2, 1, 0.5)
    assert t["pairs"] == 8 and t["pairs_higher_ahead"] == 3 + 1
    assert not t["separated"]
    with pytest.raises(ValueError):
        lineup_for("a", "b", 3)


def test_levels_match_cli(tmp_path, capsys) -> None:
    code = main(["random", "beginner", "-n", "6", "-j", "1", "--out", str(tmp_path)])
    assert code == 0
    data = json.loads((tmp_path / "levels-random-beginner-4p.json").read_text())
    assert data["tally"]["games"] == 6 and len(data["results"]) == 6
    assert sorted(tuple(r["seating"]) for r in data["results"]) == sorted(
        {("random", "random", "beginner", "beginner"), ("random", "beginner", "random", "beginner"),
         ("random", "beginner", "beginner", "random"), ("beginner", "random", "random", "beginner"),
         ("beginner", "random", "beginner", "random"), ("beginner", "beginner", "random", "random")}
    )  # fmt: skip
    assert "`beginner`" in capsys.readouterr().out
    assert main(["--table", str(tmp_path)]) == 0
    assert "| 4 players | `random` | `beginner` | 6 |" in capsys.readouterr().out


def test_a_continued_levels_match_keeps_the_first_file_and_counts_with_it(tmp_path, capsys) -> None:
    assert main(["random", "beginner", "-n", "6", "-j", "1", "--out", str(tmp_path)]) == 0
    first = (tmp_path / "levels-random-beginner-4p.json").read_text()
    assert main(["random", "beginner", "-n", "6", "--seed", "2000001", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "levels-random-beginner-4p.json").read_text() == first
    continued = json.loads((tmp_path / "levels-random-beginner-4p-from_2000001.json").read_text())
    assert {r["seed"] for r in continued["results"]} == {2000001}
    capsys.readouterr()
    assert main(["--table", str(tmp_path)]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "`beginner`" in line]
    assert len(rows) == 1 and "| 4 players | `random` | `beginner` | 12 |" in rows[0]
    # Overlapping seeds are refused rather than counted twice.
    (tmp_path / "levels-random-beginner-4p-from_2000000.json").write_text(first)
    with pytest.raises(ValueError):
        main(["--table", str(tmp_path)])
