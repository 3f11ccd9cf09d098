"""A digest of fixed games, to show the compiled and the plain build play identically.

``python -m native.selfcheck`` prints one SHA-256 over: every event of random 3- and 4-player
games applied through ``Game.apply``, the saved states, every evaluation value and greedy
choice of a bot game, and the choices of a fixed-iteration MCTS. Run it with
``URSUPPE_NATIVE=0`` and without: the two digests must match (``tests/test_native.py``).
"""

from __future__ import annotations

import hashlib
import json
import random

import native
from ai.evaluation import evaluate
from ai.greedy import GreedyBot
from ai.mcts import MctsBot
from engine import Game


def digest(random_games: int = 6, mcts_decisions: int = 12) -> str:
    h = hashlib.sha256()

    def feed(obj: object) -> None:
        h.update(json.dumps(obj, sort_keys=True, default=repr).encode())

    for seed in range(random_games):
        game = Game.new(3 + seed % 2, seed)
        feed(game.setup_events)
        rng = random.Random(seed)
        while not game.is_over:
            feed(game.apply(rng.choice(game.legal_actions())))
        feed(game.to_dict())
    game = Game.new(4, 99)
    bots = [GreedyBot(seed=s) for s in range(4)]
    mcts = MctsBot(seed=5, iterations=40)
    decisions = 0
    while not game.is_over:
        feed([repr(v) for v in evaluate(game)])
        seat = game.pending.seat  # type: ignore[union-attr]  # a decision is pending
        if seat == 0 and decisions < mcts_decisions and len(game.legal_actions()) > 1:
            action = mcts.choose(game)
            decisions += 1
        else:
            action = bots[seat].choose(game)
        feed(action)
        game.apply(action)
    feed(game.to_dict())
    return h.hexdigest()


if __name__ == "__main__":
    print(json.dumps({"native": native.status().active, "digest": digest()}))
