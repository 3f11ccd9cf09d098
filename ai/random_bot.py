"""Uniformly random play: the baseline every other bot is measured against."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine import Game


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> dict:
        actions = game.legal_actions()
        return actions[self._rng.randrange(len(actions))]
