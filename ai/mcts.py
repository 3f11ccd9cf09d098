"""MctsBot: open-loop, determinized, max^n Monte Carlo tree search under a time budget.

Design, and why:
- Hidden information and chance: before every iteration the root is cloned and determinized
  (the undrawn environment cards reshuffled and the generator reseeded from the bot's own RNG),
  so the search never uses the real deck order or the game's dice, and averages over them.
- Open loop: a tree node is an action history, not a state. The same history can reach
  different states (dice), so children are keyed by (seat, action) and, at each visit, only the
  actions legal in this iteration's state are candidates (availability counts as in ISMCTS).
- More than two players: each node's statistics are kept for the seat that chose there, and
  every iteration backs up a reward vector; each seat maximises its own reward (max^n).
- Large decisions (placements up to 133 actions, purchases, feeding): progressive widening
  over actions ordered by the greedy evaluation, computed once when a node is first expanded.
- Short rollouts: a few cheap moves, then ``ai.evaluation.rewards`` turns the position into
  estimated win chances per seat.
- The budget: the clock is checked between iterations and the search stops early when the
  answer can no longer change, so a decision never takes much longer than ``time_budget``.
  ``iterations`` replaces the clock for reproducible tests.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from ai.evaluation import evaluate, remaining_scorings, rewards, win_probabilities
from ai.greedy import determinize, margin

if TYPE_CHECKING:
    from engine import Game

WIDEN_ABOVE = 6  # decisions with more actions are widened progressively
PRIOR_CAP = 140  # never score more actions than this for a prior


def action_key(action: dict) -> tuple:
    """A hashable key for an action dict (values are ints, strings, lists or small dicts)."""
    items = []
    for k, v in action.items():
        if isinstance(v, list):
            v = tuple(v)
        elif isinstance(v, dict):
            v = tuple(sorted(v.items()))
        items.append((k, v))
    items.sort()
    return tuple(items)


class Node:
    """Statistics of one action history. ``stats[key] = [visits, reward sum, avail]``."""

    __slots__ = ("children", "stats", "visits", "order")

    def __init__(self) -> None:
        self.children: dict[tuple, Node] = {}
        self.stats: dict[tuple, list[float]] = {}
        self.visits = 0
        self.order: dict[tuple, int] | None = None  # prior rank of each action key


class MctsBot:
    """Search-based bot; ``time_budget`` seconds per decision, or a fixed ``iterations``."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float = 1.0,
        iterations: int | None = None,
        rollout_depth: int = 0,
        exploration: float = 0.5,
        widen: float = 1.5,
        prior_visits: float = 3.0,
    ) -> None:
        if iterations is None and time_budget < 0.01:
            raise ValueError("time_budget must be at least 0.01 s")
        self._rng = random.Random(seed)
        self.time_budget = time_budget
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.widen = widen
        self.prior_visits = prior_visits
        self._deadline: float | None = None
        self.last_iterations = 0

    # --- public -----------------------------------------------------------------------------
    def choose(self, game: Game) -> dict:
        start = time.perf_counter()
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        # Safety margin: stop early enough to answer within the budget.
        deadline = start + self.time_budget * 0.85
        self._deadline = deadline if self.iterations is None else None
        root = Node()
        root_seat = game.pending.seat
        self._expand_prior(root, game, actions, self._deadline)
        done = 0
        limit = self.iterations
        slowest = 0.0
        while True:
            if limit is not None:
                if done >= limit:
                    break
            else:
                now = time.perf_counter()
                if now + slowest >= deadline:
                    break
                if (
                    done >= 16
                    and done % 8 == 0
                    and self._decided(root, done, now - start, deadline - now)
                ):
                    break
            t0 = time.perf_counter() if limit is None else 0.0
            self._iterate(root, game)
            if limit is None:
                slowest = max(slowest, time.perf_counter() - t0)
            done += 1
        self.last_iterations = done
        return self._best(root, root_seat, actions)

    # --- search ----------------------------------------------------------------------------
    def _iterate(self, root: Node, game: Game) -> None:
        rng = self._rng
        state = determinize(game, rng)
        path: list[tuple[Node, tuple, int]] = []
        node = root
        while state.pending is not None:
            decision = state.pending
            seat = decision.seat
            actions = decision.actions
            if node.visits == 0 and node is not root:
                node.visits += 1  # first visit: expand, then roll out from here
                break
            if node.order is None:
                self._expand_prior(node, state, actions, self._deadline)
            key, action = self._select(node, seat, actions)
            path.append((node, key, seat))
            node.visits += 1
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            state.apply_unchecked(action)
            node = child
        reward = self._rollout(state)
        for n_, key, seat in path:
            st = n_.stats[key]
            st[0] += 1
            st[1] += reward[seat]

    def _select(self, node: Node, seat: int, actions: list[dict]) -> tuple[tuple, dict]:
        stats = node.stats
        order = node.order
        keys = [action_key(a) for a in actions]
        if order is not None and len(actions) > WIDEN_ABOVE:
            allowed = 2 + int(self.widen * math.sqrt(node.visits))
            ranked = sorted(range(len(actions)), key=lambda i: order.get(keys[i], 1 << 20))
            candidates = ranked[:allowed]
        else:
            candidates = range(len(actions))
        best_i = -1
        best_u = -1.0
        c = self.exploration
        for i in candidates:
            st = stats.get(keys[i])
            if st is None:
                st = stats[keys[i]] = [0, 0.0, 0]
            st[2] += 1  # available in this iteration
            if st[0] == 0:
                u = 10.0 + self._rng.random()  # try every candidate once, in random order
                if order is not None:
                    u += 1.0 / (1 + order.get(keys[i], 1 << 20))  # ...prior order first
            else:
                st[2] = max(st[2], 1)
                u = st[1] / st[0] + c * math.sqrt(math.log(st[2]) / st[0])
            if u > best_u:
                best_u = u
                best_i = i
        return keys[best_i], actions[best_i]

    def _rollout(self, state: Game) -> list[float]:
        """A few cheap moves (the conservative first action half the time), then evaluate."""
        rng = self._rng
        for _ in range(self.rollout_depth):
            pending = state.pending
            if pending is None:
                break
            actions = pending.actions
            if rng.random() < 0.5:
                state.apply_unchecked(actions[0])
            else:
                state.apply_unchecked(actions[rng.randrange(len(actions))])
        return rewards(state)

    def _expand_prior(
        self, node: Node, game: Game, actions: list[dict], deadline: float | None
    ) -> None:
        """Rank actions by a one-step greedy evaluation (one sample each): the widening order."""
        seat = game.pending.seat
        scored: list[tuple[float, int, float]] = []
        base = determinize(game, self._rng)
        for i, action in enumerate(actions[:PRIOR_CAP]):
            if deadline is not None and i % 8 == 0 and time.perf_counter() > deadline:
                break
            c = base.clone()
            c.apply_unchecked(action)
            values = evaluate(c)
            win = (
                win_probabilities(values, remaining_scorings(c))[seat]
                if c.pending
                else rewards(c)[seat]
            )
            scored.append((margin(values, seat), i, win))
        scored.sort(key=lambda t: (-t[0], t[1]))
        order: dict[tuple, int] = {}
        pv = self.prior_visits
        for rank, (_, i, win) in enumerate(scored):
            key = action_key(actions[i])
            order[key] = rank
            # The greedy estimate counts as a few visits: with little time the search starts
            # from greedy play instead of from noise.
            node.stats[key] = [pv, pv * win, pv]
        for i in range(len(actions)):
            order.setdefault(action_key(actions[i]), len(order))
        node.order = order

    def _decided(self, root: Node, done: int, elapsed: float, left: float) -> bool:
        """True when the most visited root action cannot be overtaken in the time left."""
        visits = sorted((st[0] for st in root.stats.values()), reverse=True)
        if len(visits) < 2:
            return False
        remaining = done / max(elapsed, 1e-6) * left
        return visits[0] - visits[1] > remaining

    def _best(self, root: Node, seat: int, actions: list[dict]) -> dict:
        best = None
        best_key = (-1.0, -1.0, 0.0)
        order = root.order or {}
        for i, action in enumerate(actions):
            k = action_key(action)
            st = root.stats.get(k)
            visits, mean = (st[0], st[1] / st[0]) if st and st[0] else (0, 0.0)
            rank = (visits, mean, -order.get(k, i))
            if rank > best_key:
                best_key = rank
                best = action
        return best if best is not None else actions[0]
