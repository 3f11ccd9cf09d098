"""Game review: every decision of every seat weighed by the search (docs/ai.md, "Game review").

The game is replayed from its record (``GET /games/{id}/record``: players, seed, options and
the actions in order). At each decision with more than one distinct choice, the search of
the hint (``MctsBot`` as the levels play, the seat's own view: the undrawn cards reshuffled
in every iteration) runs on the position with the action the player took as its *focus*: that
action gets a fixed number of iterations, whatever the search thinks of it, so that its value
is a mean over several leaves too. Values are the search's estimate of the seat's final
margin over the best opponent, in ladder points (``ai.value``). Then:

- **loss** = the value of the search's own choice (its most visited action) minus the value
  of the action taken, 0 when the player took the search's choice or did better;
- **class** by the loss: an *inaccuracy* from ``THRESHOLDS["inaccuracy"]`` points on, a
  *mistake* from ``"mistake"``, a *blunder* from ``"blunder"``;
- **accuracy** of a player: the mean over its reviewed decisions of
  ``100 * exp(-loss / ACCURACY_SCALE)`` (a decision that loses nothing scores 100, one that
  loses half a point 61, a point 37, a blunder of 2 points 14).

Nothing here reads or writes anything but the record handed in: the service stores the
result (``service.parts.reviews``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from typing import Any, Final

from ai.levels import ROLLOUT_BY_GAME
from ai.mcts import MctsBot, _fast_key, distinct
from engine import Game

#: Losses (points of the expected final margin) from which a decision is flagged. The values
#: of one decision's actions lie close together (most of a game's margin is decided by many
#: small steps), and the search at a tenth of a second has a noise of a few tenths of a point
#: on them (docs/ai.md, "Hints"): a loss under half a point is not flagged at all.
THRESHOLDS: Final[dict[str, float]] = {"inaccuracy": 0.5, "mistake": 1.0, "blunder": 2.0}
#: Points of loss at which a decision's accuracy falls to 1/e (37).
ACCURACY_SCALE: Final = 1.0
#: Iterations through the action taken before the search chooses freely.
FOCUS_VISITS: Final = 12
#: Values are stored to two decimals: more would only show the search's noise.
PLACES: Final = 2


def classify(loss: float) -> str | None:
    """``"blunder"``, ``"mistake"``, ``"inaccuracy"`` or None (not flagged)."""
    for name in ("blunder", "mistake", "inaccuracy"):
        if loss >= THRESHOLDS[name]:
            return name
    return None


def decision_accuracy(loss: float) -> float:
    return 100.0 * math.exp(-max(loss, 0.0) / ACCURACY_SCALE)


def summarize(decisions: list[dict[str, Any]], seats: int) -> list[dict[str, Any]]:
    """Per player (seat): decisions reviewed, accuracy, flagged counts, mean loss."""
    out = []
    for seat in range(seats):
        mine = [d for d in decisions if d["seat"] == seat]
        losses = [d["loss"] for d in mine]
        flagged = {name: sum(d["class"] == name for d in mine) for name in THRESHOLDS}
        out.append(
            {
                "seat": seat,
                "decisions": len(mine),
                "accuracy": round(sum(map(decision_accuracy, losses)) / len(mine), 1)
                if mine
                else None,
                "mean_loss": round(sum(losses) / len(mine), PLACES) if mine else None,
                "inaccuracies": flagged["inaccuracy"],
                "mistakes": flagged["mistake"],
                "blunders": flagged["blunder"],
            }
        )
    return out


def new_game(record: Mapping[str, Any]) -> Game:
    """The game of a record at its start (as ``GameReads.positions`` builds it)."""
    options = record.get("options") or {}
    return Game.new(
        record["players"],
        record["seed"],
        deck=record.get("deck", options.get("deck")),
        variant=record.get("variant", options.get("variant")),
        decoy_scores=record.get("decoy_scores", options.get("decoy_scores", False)),
    )


def review_game(
    record: Mapping[str, Any],
    *,
    seed: int,
    time_budget: float = 0.1,
    iterations: int | None = None,
    focus_visits: int = FOCUS_VISITS,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The review of a finished game's ``record`` (``actions``: ``{seq, seat, action}`` in
    order). Each searched decision counts ``iterations`` (the service: a review is the same
    whatever the load; with the clock's early stop counted, as the arenas count), or thinks
    ``time_budget`` seconds on the clock when ``iterations`` is None.
    ``progress(done, total)`` is called after each action replayed."""
    game = new_game(record)
    actions = list(record["actions"])
    decisions: list[dict[str, Any]] = []
    searched_iterations = 0
    cpu0 = time.process_time()
    for n, entry in enumerate(actions):
        action = entry["action"]
        pending = game.pending
        acts, _ = distinct(game.legal_actions())
        if pending is not None and len(acts) > 1:
            bot = MctsBot(
                seed * 1_000_003 + entry["seq"],
                time_budget=time_budget,
                iterations=iterations,
                stop_when_decided=iterations is not None,  # the clock's early stop, counted
                rollout=ROLLOUT_BY_GAME,
            )
            chosen = bot.choose(game.clone(), focus=action, focus_visits=focus_visits)
            searched_iterations += bot.last_iterations
            decisions.append(_weigh(entry, pending, action, chosen, bot.last_choices))
        game.apply(action, player=entry["seat"])
        if progress is not None:
            progress(n + 1, len(actions))
    return {
        "thresholds": dict(THRESHOLDS),
        "accuracy_scale": ACCURACY_SCALE,
        "time_budget": None if iterations is not None else time_budget,
        "iterations": iterations,
        "searched_iterations": searched_iterations,
        "cpu_seconds": round(time.process_time() - cpu0, 3),
        "players": summarize(decisions, record["players"]),
        "decisions": decisions,
    }


def _weigh(
    entry: Mapping[str, Any],
    pending: Any,
    action: dict[str, Any],
    chosen: dict[str, Any],
    choices: list[tuple[dict, float, float]],
) -> dict[str, Any]:
    """One decision: the value of the action taken against the search's choice."""
    taken_key = _fast_key(action)
    by_key = {_fast_key(a): (visits, value) for a, visits, value in choices}
    best_visits, best_value = by_key.get(_fast_key(chosen), (0, 0.0))
    visits, value = by_key.get(taken_key, (0, best_value))
    same = taken_key == _fast_key(chosen)
    loss = 0.0 if same else max(0.0, best_value - value)
    loss = round(loss, PLACES)
    return {
        "seq": entry["seq"],
        "seat": entry["seat"],
        "colour": pending.seat,
        "kind": pending.kind,
        "action": action,
        "value": round(value, PLACES),
        "visits": int(visits),
        "best": None if same else chosen,
        "best_value": round(best_value, PLACES),
        "best_visits": int(best_visits),
        "loss": loss,
        "class": classify(loss),
    }
