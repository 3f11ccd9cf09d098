"""GreedyBot: one-step lookahead on the hand-written evaluation.

For each legal action it plays the action on a determinized clone and scores the position the
game reaches (the next pending decision) with ``ai.evaluation``: its own projected points minus
the best opponent's, because only the ladder order counts. Two refinements keep it sensible:

- chance: an action that rolls dice or reveals a card (``Game.chance_since``) is scored as the
  mean over a few samples, each on a copy whose undrawn deck order and dice come from the bot's
  own RNG (``Game.determinized``), so the bot never peeks at the hidden order;
- follow-ups: when the action hands the same seat a small follow-up choice in the same turn
  (which die, which direction, a second move, tentacle cubes, how to feed, paying a defect),
  the bot takes the best follow-up, so that "move" is judged by where the amoeba can get to,
  not by the state halfway through the move.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Final

from ai.evaluation import evaluate

if TYPE_CHECKING:
    from engine import Game

FOLLOW_UP_KINDS: Final = frozenset(
    {"choose_die", "choose_direction", "second_move", "tentacle", "feed", "pay_defect"}
)


def margin(values: list[float], seat: int, game: Game | None = None) -> float:
    """Own projected points minus the best opponent's: what decides the ladder order. With
    ``game`` in Double II, the player's other colour is no opponent (docs/rules.md)."""
    if game is not None and game.lead is not None:
        best_other = max(v for s, v in enumerate(values) if not game.partners(s, seat))
    else:
        best_other = max(v for s, v in enumerate(values) if s != seat)
    return values[seat] - best_other


class GreedyBot:
    """Picks the action whose resulting position evaluates best for its own seat."""

    name = "greedy"

    def __init__(self, seed: int | None = None, samples: int = 4, follow_depth: int = 2) -> None:
        self._rng = random.Random(seed)
        self.samples = samples
        self.follow_depth = follow_depth

    def choose(self, game: Game) -> dict:
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        scores = score_actions(game, actions, self._rng, self.samples, self.follow_depth)
        best = max(scores)
        # Ties: keep the first (actions[0] is the engine's conservative choice).
        return actions[scores.index(best)]


class NoisyGreedyBot(GreedyBot):
    """The beginner: GreedyBot's scores, but the action is drawn at random with a softmax of
    ``temperature`` points (the chance of an action is proportional to
    ``exp(score / temperature)``): an action a point worse than the best is chosen
    ``exp(-1 / temperature)`` times as often as the best, so it plays sensible moves most of
    the time and throws away a point here and there. ``temperature`` 0 is GreedyBot."""

    name = "beginner"

    def __init__(self, seed: int | None = None, temperature: float = 2.0, **kwargs: int) -> None:
        super().__init__(seed, **kwargs)
        if temperature < 0:
            raise ValueError("temperature must be at least 0")
        self.temperature = temperature

    def choose(self, game: Game) -> dict:
        actions = game.legal_actions()
        if len(actions) == 1 or self.temperature == 0:
            return super().choose(game)
        scores = score_actions(game, actions, self._rng, self.samples, self.follow_depth)
        return actions[softmax_pick(scores, self.temperature, self._rng)]


def softmax_pick(scores: list[float], temperature: float, rng: random.Random) -> int:
    """The index of one score, drawn with chance proportional to ``exp(score / temperature)``
    (shifted by the best score, so that no weight overflows)."""
    best = max(scores)
    weights = [math.exp((s - best) / temperature) for s in scores]
    return rng.choices(range(len(scores)), weights=weights)[0]


def score_actions(
    game: Game,
    actions: list[dict],
    rng: random.Random,
    samples: int = 4,
    follow_depth: int = 2,
) -> list[float]:
    """Greedy score of every action for the seat that decides (see the module docstring)."""
    seat = game.pending.seat  # type: ignore[union-attr]  # a decision is pending
    base = game.determinized(rng)
    out = []
    for action in actions:
        c = base.clone()
        c.apply_unchecked(action)
        total = _value(c, seat, follow_depth)
        if c.chance_since(base):
            # Chance was involved: average over independent determinizations.
            for _ in range(samples - 1):
                c = game.determinized(rng)
                c.apply_unchecked(action)
                total += _value(c, seat, follow_depth)
            total /= samples
        out.append(total)
    return out


def _value(g: Game, seat: int, depth: int) -> float:
    pending = g.pending
    if (
        depth > 0
        and pending is not None
        and pending.seat == seat
        and pending.kind in FOLLOW_UP_KINDS
        and len(pending.actions) <= 40
    ):
        best = None
        for action in pending.actions:
            c = g.clone()
            c.apply_unchecked(action)
            v = _value(c, seat, depth - 1)
            if best is None or v > best:
                best = v
        return best  # type: ignore[return-value]
    return margin(evaluate(g), seat, g)
