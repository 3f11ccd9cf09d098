"""Bot levels by name, so that a game's creator can pick them through the API.

Each level is a factory taking ``seed`` and an optional ``time_budget`` in seconds.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.base import Bot
from ai.greedy import GreedyBot, NoisyGreedyBot
from ai.mcts import MctsBot
from ai.random_bot import RandomBot

BotFactory = Callable[..., Bot]


def _random(seed: int | None = None, time_budget: float | None = None) -> Bot:
    return RandomBot(seed)


def _greedy(seed: int | None = None, time_budget: float | None = None) -> Bot:
    return GreedyBot(seed)


#: The beginner's softmax temperature, in points of GreedyBot's score (``NoisyGreedyBot``):
#: an action a point worse than the best is chosen ``exp(-1/2)``, about 0.6 times as often.
BEGINNER_TEMPERATURE = 2.0


def _beginner(seed: int | None = None, time_budget: float | None = None) -> Bot:
    return NoisyGreedyBot(seed, temperature=BEGINNER_TEMPERATURE)


def _mcts(default_budget: float) -> BotFactory:
    """An MCTS level: ``time_budget`` (seconds per decision) overrides the level's default."""

    def factory(seed: int | None = None, time_budget: float | None = None) -> Bot:
        return MctsBot(seed, time_budget=time_budget or default_budget, rollout=ROLLOUT_BY_GAME)

    return factory


#: The search levels' playout horizon (``ai.rollout``) by game (``ai.rollout.Rollout``: a
#: player count, or a variant's name). With 5 and 6 players the other seats are played on to
#: the bot's next feeding before a leaf is valued, in Double II to the end of the phase-1
#: movement; each was measured better there at about equal CPU, and 4 players was not
#: (docs/ai.md, "What limits the bots"). Every other game searches as before.
ROLLOUT_BY_GAME: dict[int | str, str] = {5: "feeding", 6: "feeding", "double_2": "phase"}

#: Seconds per decision that each searching level thinks unless told otherwise. ``mcts-5s``
#: is the correspondence level: five seconds a decision, for games with days per move.
DEFAULT_BUDGETS: dict[str, float] = {
    "mcts-50ms": 0.05,
    "mcts-fast": 0.1,
    "mcts": 1.0,
    "mcts-5s": 5.0,
}

BOT_LEVELS: dict[str, BotFactory] = {
    "random": _random,
    "beginner": _beginner,
    "greedy": _greedy,
    **{level: _mcts(budget) for level, budget in DEFAULT_BUDGETS.items()},
}

#: The levels from the weakest to the strongest, as the lobby lists them and as the
#: head-to-head of adjacent levels measures them (``ai.levels_match``).
LADDER: tuple[str, ...] = (
    "random",
    "beginner",
    "greedy",
    "mcts-50ms",
    "mcts-fast",
    "mcts",
    "mcts-5s",
)


def make_bot(level: str, seed: int | None = None, time_budget: float | None = None) -> Bot:
    """Build the bot for ``level``; raises ``KeyError`` naming the known levels otherwise."""
    try:
        factory = BOT_LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown bot level {level!r}; known: {sorted(BOT_LEVELS)}") from None
    return factory(seed=seed, time_budget=time_budget)
