"""Bots in Double II (docs/rules.md, "Double II"; docs/ai.md): every level answers legally for
the colour it is asked about, a colour is valued at its player's projection (the partner colour
is no opponent), and greedy beats random seat-rotated."""

from __future__ import annotations

import math

from helpers_ai import (
    assert_every_level_answers,
    greedy_wins_seat_rotated,
    make_random_positions,
)

from ai.evaluation import evaluate
from ai.greedy import GreedyBot, margin
from ai.mcts import MctsBot
from ai.value import leaf_value
from engine import Game


def test_double_2_bots_answer_legally_and_value_each_player_once() -> None:
    greedy, mcts = GreedyBot(seed=1), MctsBot(seed=2, iterations=10)
    for i, g in enumerate(
        make_random_positions(40, 7, new_game=lambda s: Game.new(2, s, variant="double_2"))
    ):
        before = g.to_dict()
        assert greedy.choose(g) in g.legal_actions()
        if i % 4 == 0:
            assert mcts.choose(g) in g.legal_actions()
        assert g.to_dict() == before
        values = evaluate(g)
        assert values[0] == values[2] and values[1] == values[3]  # one projection per player
        # the margin is against the other player, never the partner colour
        assert margin(values, 0, g) == values[0] - values[1] == -margin(values, 3, g)
        assert all(math.isfinite(leaf_value(g, s)) for s in range(4))


def test_every_level_plays_a_double_2_game_with_a_small_budget() -> None:
    assert_every_level_answers(lambda: Game.new(2, 5, variant="double_2"))


def test_greedy_beats_random_in_double_2_seat_rotated() -> None:
    """Parity is 50%; 8 games (4 seeds x 2 seatings) and at least 7 wins is far above it."""
    wins = greedy_wins_seat_rotated("double_2", range(960, 964))
    assert wins >= 7, f"greedy won {wins}/8"
