"""The cheap playout policy plays the same games, the search with a playout picks the same
actions and the arena ranks the same as before a change to how the policy reads the game: a
digest of fixed games, recorded once, holds every action and result."""

from __future__ import annotations

import hashlib
import json
import random

from ai.arena import play_game
from ai.mcts import MctsBot
from ai.rollout import HORIZONS, cheap_action, playout
from engine import Game

#: What the policy, the search and the arena produced on the games below when recorded.
DIGEST = "de97510b97609809811b19e83250c7d48b20a55c6df6d68eb06eb02d477ab412"


def _record() -> str:
    """Whole games by the policy, playouts from their positions, searches with each horizon
    and one arena game, all from fixed seeds, hashed."""
    out: list[object] = []
    games = [(3, None), (4, None), (5, None), (6, None), (2, "double_1"), (2, "double_2")]
    for players, variant in games:
        rng = random.Random(players * 7)
        g = Game.new(players, 100 + players, variant=variant)
        actions = []
        while not g.is_over:
            if len(actions) % 25 == 0 and g.pending is not None:
                for horizon in HORIZONS:
                    out.append(playout(g.clone(), g.pending.seat, horizon, random.Random(3)))
            action = cheap_action(g, rng)
            actions.append(action)
            g.apply(action, player=g.pending_player)
        out.append([actions, g.scores, g.player_ranking()])
    for horizon in HORIZONS:
        g = Game.new(5, 9)
        rng = random.Random(5)
        for _ in range(60):
            g.apply(cheap_action(g, rng), player=g.pending_player)
        bot = MctsBot(seed=2, iterations=30, rollout=horizon)
        out.append([bot.choose(g), bot.last_choices])
    task = (11, ("mcts-50ms", "greedy", "random", "random", "random"), None, 0, None, False,
            None, 200.0, "feeding")  # fmt: skip
    result = play_game(task)
    out.append([result["ranking"], result.get("scores")])
    return hashlib.sha256(json.dumps(out, sort_keys=True, default=str).encode()).hexdigest()


def test_the_fixed_games_play_as_recorded() -> None:
    assert _record() == DIGEST
