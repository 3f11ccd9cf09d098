"""Bots in Double II (docs/rules.md, "Double II"; docs/ai.md): every level answers legally for
the colour it is asked about, a colour is valued at its player's projection (the partner colour
is no opponent), and greedy beats random seat-rotated."""

from __future__ import annotations

import math
import random

from ai.evaluation import evaluate
from ai.greedy import GreedyBot, margin
from ai.levels import BOT_LEVELS, make_bot
from ai.mcts import MctsBot
from ai.random_bot import RandomBot
from ai.value import leaf_value
from engine import Game


def _positions(count: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    out: list[Game] = []
    game_seed = seed
    while len(out) < count:
        g = Game.new(2, game_seed, variant="double_2")
        game_seed += 1
        while not g.is_over:
            if rng.random() < 0.08:
                out.append(g.clone())
            acts = g.legal_actions()
            g.apply_unchecked(acts[rng.randrange(len(acts))])
    return out[:count]


def test_double_2_bots_answer_legally_and_value_each_player_once() -> None:
    greedy, mcts = GreedyBot(seed=1), MctsBot(seed=2, iterations=10)
    for i, g in enumerate(_positions(40, seed=7)):
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
    for level in BOT_LEVELS:
        g = Game.new(2, 5, variant="double_2")
        bot = make_bot(level, seed=3, time_budget=0.02)
        for _ in range(12):
            if g.is_over:
                break
            action = bot.choose(g)
            assert action in g.legal_actions(), level
            g.apply(action, player=g.pending_player)


def test_greedy_beats_random_in_double_2_seat_rotated() -> None:
    """Parity is 50%; 8 games (4 seeds x 2 seatings) and at least 7 wins is far above it."""
    wins = 0
    for seed in range(960, 964):
        for greedy_player in (0, 1):
            bots = [GreedyBot(seed=seed) if p == greedy_player else RandomBot(seed=seed + p)
                    for p in range(2)]  # fmt: skip
            g = Game.new(2, seed, variant="double_2")
            while not g.is_over:
                g.apply(bots[g.pending_player].choose(g), player=g.pending_player)
            wins += g.player_ranking()[0] == greedy_player
    assert wins >= 7, f"greedy won {wins}/8"
