"""Helpers the AI tests share: random positions to ask bots about, every level answering a
variant's first decisions, and greedy against random in a 2-player variant."""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.greedy import GreedyBot
from ai.levels import BOT_LEVELS, make_bot
from ai.random_bot import RandomBot
from engine import Game


def make_random_positions(
    count: int,
    seed: int,
    players: int | None = None,
    new_game: Callable[[int], Game] | None = None,
) -> list[Game]:
    """``count`` positions (setup, every phase, the end) from random games of ``players``
    players, or of 3 and 4 at random when ``players`` is None, or made by ``new_game(seed)``
    (a variant)."""
    rng = random.Random(seed)
    out: list[Game] = []
    game_seed = seed
    while len(out) < count:
        g = new_game(game_seed) if new_game else Game.new(players or rng.choice((3, 4)), game_seed)
        game_seed += 1
        while not g.is_over:
            if rng.random() < 0.08:
                out.append(g.clone())
            acts = g.legal_actions()
            g.apply_unchecked(acts[rng.randrange(len(acts))])
    return out[:count]


def assert_every_level_answers(new_game: Callable[[], Game], moves: int = 12) -> None:
    """Each level answers the first ``moves`` decisions of ``new_game()`` legally with its
    budget cut to 20 ms (the search levels fall back on their prior when time runs out)."""
    for level in BOT_LEVELS:
        g = new_game()
        bot = make_bot(level, seed=3, time_budget=0.02)
        for _ in range(moves):
            if g.is_over:
                break
            action = bot.choose(g)
            assert action in g.legal_actions(), level
            g.apply(action, player=g.pending_player)


def greedy_wins_seat_rotated(variant: str, seeds: range) -> int:
    """Games a greedy player wins against a random one in a 2-player ``variant``, each seed
    played twice with the seats swapped."""
    wins = 0
    for seed in seeds:
        for greedy_player in (0, 1):
            bots = [GreedyBot(seed=seed) if p == greedy_player else RandomBot(seed=seed + p)
                    for p in range(2)]  # fmt: skip
            g = Game.new(2, seed, variant=variant)
            while not g.is_over:
                g.apply(bots[g.pending_player].choose(g), player=g.pending_player)
            wins += g.player_ranking()[0] == greedy_player
    return wins
