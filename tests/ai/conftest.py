"""Positions for the bot tests, spread over whole random games."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine import Game


def make_random_positions(count: int, seed: int, players: int | None = None) -> list[Game]:
    """``count`` positions (setup, every phase, the end) from random games of ``players``
    players, or of 3 and 4 at random when ``players`` is None."""
    rng = random.Random(seed)
    out: list[Game] = []
    game_seed = seed
    while len(out) < count:
        g = Game.new(players or rng.choice((3, 4)), game_seed)
        game_seed += 1
        while not g.is_over:
            if rng.random() < 0.08:
                out.append(g.clone())
            acts = g.legal_actions()
            g.apply_unchecked(acts[rng.randrange(len(acts))])
    return out[:count]


@pytest.fixture
def random_positions() -> Callable[..., list[Game]]:
    return make_random_positions
