"""MctsBot: determinized, open-loop Monte Carlo tree search over the bot's own turn.

Design, and why (measured against GreedyBot, see docs/ai.md):
- What is searched: the sequence of decisions the bot makes in a row - all its amoebas'
  movements with their dice, directions, second moves, tentacles and feeding in phase 1; every
  gene bought in phase 3; every amoeba placed in phase 4; a setup placement. An iteration walks
  down the tree until the turn passes to another seat (or the game ends) and scores that
  position with ``ai.evaluation``. Opponents are not searched: at 100 ms a four-player max^n
  tree is too thin to say anything about them, while the bot's own plans (which genes
  together, where the 3rd and 4th amoeba go, which amoeba moves first and eats what the next
  one needs) are exactly where the one-step GreedyBot is blind.
- Hidden information and chance: every iteration starts from a clone whose undrawn environment
  cards are reshuffled and whose generator is reseeded from the bot's own RNG, so the search
  never uses the real deck order or dice, and averages over them (a move's die is sampled
  anew in every iteration). Open loop: a node is an action history; children are keyed by
  action and only the actions legal in the iteration's state are candidates (availability
  counts, as in ISMCTS).
- Value: the expected final margin (own points minus the best opponent's) from the fitted
  leaf value (``ai.value``), which weighs the evaluation's terms by the stage of the game. The
  hand margin GreedyBot maximises (``value="hand"``) compares the actions of one decision well
  but not positions at different depths: with it MCTS at 100 ms won 33.0% against three
  greedy bots, with the fitted value 39.7% (same 300 seatings; docs/ai.md).
- Cost per iteration: one clone, the actions along the path (the engine runs them without
  validation) and one evaluation at the leaf - no per-node ranking of every action. Priors
  (one evaluation per action) are computed only at nodes with more than ``WIDEN_ABOVE``
  distinct actions (placements, purchases), lazily on the node's second visit, and used for
  progressive widening. Placements that differ only in the amoeba's number are one action.
- Playout (``rollout``, off by default; the levels turn it on by game,
  ``ai.levels.ROLLOUT_BY_GAME``): before the leaf is valued, every seat plays on with the
  cheap policy of ``ai.rollout`` to a horizon ("feeding": the seat's next movement decision,
  so the leaf sees what the opponents moving before it ate; "phase": the end of the phase-1
  movement). Against greedy on the same seatings (docs/ai.md, "Strength") it took
  ``mcts-fast`` from 8 to 33 wins of 50 at 5 players and from 20 to 63 of 96 at 6; an
  iteration costs about 2.5-3.5 times as much ("phase" ~1.5), and at about equal CPU it still
  won far more there and in Double II ("phase").
- Follow-ups (which die, which direction, a second move, tentacle, feeding pattern, defect
  payment) are never leaves: the iteration continues through them, so a move is valued by where
  the amoeba gets to.
- Budget: stops at 85% of ``time_budget``, never starts an iteration it expects to overrun,
  and stops early when the most visited root action can no longer be overtaken.
  ``iterations=N`` replaces the clock for reproducible tests.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

from ai import value_net
from ai.evaluation import evaluate
from ai.greedy import FOLLOW_UP_KINDS, margin
from ai.rollout import HORIZONS, Rollout, horizon_for, playout
from ai.value import leaf_value

if TYPE_CHECKING:
    from engine import Game

WIDEN_ABOVE: Final = 6  # decisions with more distinct actions are widened progressively
PRIOR_CAP: Final = 140  # never score more actions than this for a prior
# The fitted value (the newest version fitted for the player count, ``ai.value.version_for``),
# a fixed version of it, the learned network (``ai.value_net``), or GreedyBot's margin.
LEAF_VALUES: Final = {"fit": None, "fit1": 1, "fit2": 2, "net": None, "hand": None}


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


def _fast_key(action: dict) -> tuple:
    """A cheaper key: the values in the engine's (fixed) field order. Placements are keyed by
    field only: which free number the new amoeba gets hardly matters, so one stands for all."""
    t = action["type"]
    if t == "place":
        return ("place", action["field"])
    if len(action) == 1:
        return (t,)
    out = [t]
    for k, v in action.items():
        if k == "type":
            continue
        if type(v) is list:
            v = tuple(v)
        elif type(v) is dict:
            v = tuple(sorted(v.items()))
        out.append(k)
        out.append(v)
    return tuple(out)


def distinct(actions: list[dict]) -> tuple[list[dict], list[tuple]]:
    """The actions that differ (the first of each key, in the engine's order) and their keys."""
    seen: set[tuple] = set()
    acts: list[dict] = []
    keys: list[tuple] = []
    for a in actions:
        k = _fast_key(a)
        if k not in seen:
            seen.add(k)
            acts.append(a)
            keys.append(k)
    return acts, keys


class Node:
    """Statistics of one action history. ``stats[key] = [visits, value sum, available]``."""

    __slots__ = ("children", "stats", "visits", "order")

    def __init__(self) -> None:
        self.children: dict[tuple, Node] = {}
        self.stats: dict[tuple, list[float]] = {}
        self.visits = 0
        self.order: dict[tuple, int] | None = None  # prior rank of each key (widened nodes)


class MctsBot:
    """Search-based bot; ``time_budget`` seconds per decision, or a fixed ``iterations``."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float = 1.0,
        iterations: int | None = None,
        exploration: float = 0.6,
        widen: float = 1.5,
        prior_visits: float = 2.0,
        early_stop: bool = True,
        value: str = "fit",
        stop_when_decided: bool = False,
        rollout: Rollout = None,
    ) -> None:
        if iterations is None and time_budget < 0.01:
            raise ValueError("time_budget must be at least 0.01 s")
        if value not in LEAF_VALUES:
            raise ValueError(f"value must be one of {sorted(LEAF_VALUES)}, not {value!r}")
        horizons = rollout.values() if isinstance(rollout, Mapping) else [rollout]
        if any(h is not None and h not in HORIZONS for h in horizons):
            raise ValueError(f"rollout must be None or one of {HORIZONS}, not {rollout!r}")
        self.value = value
        # Off (None): the leaf is where the search's path leaves the seat's turn. Else every
        # seat plays on with ``ai.rollout``'s cheap policy up to that horizon first; a mapping
        # gives the horizon by game (``ai.rollout.Rollout``), off for a game it does not list.
        self.rollout = rollout
        self._horizon: str | None = None
        self._fitted = value != "hand"
        self._net = value == "net"
        self._version = LEAF_VALUES[value]
        self._rng = random.Random(seed)
        self.time_budget = time_budget
        self.iterations = iterations
        self.exploration = exploration
        self.widen = widen
        self.prior_visits = prior_visits
        self.early_stop = early_stop  # off: spend the whole budget (the speed benchmark)
        # With ``iterations``: also stop once the most visited root action cannot be overtaken
        # in the iterations left - the clock's early stop, counted instead of timed, so that
        # an arena on a loaded machine plays the bot an idle one would (ai/arena.py).
        self.stop_when_decided = stop_when_decided
        self._deadline: float | None = None
        self._seat = 0
        self._spread = 1.0
        self.last_iterations = 0
        #: After ``choose``: (action, visits, mean value) of every root action searched,
        #: most visited first (empty when the decision needed no search). Hints read it.
        self.last_choices: list[tuple[dict, float, float]] = []
        # A root action that must be valued (``choose(focus=...)``): its key, and the visits
        # it gets before the search chooses freely.
        self._focus: tuple | None = None
        self._focus_visits = 0

    # --- public -----------------------------------------------------------------------------
    def choose(self, game: Game, focus: dict | None = None, focus_visits: int = 12) -> dict:
        """The search's choice. ``focus``: one of the legal actions whose value the caller
        needs (a game review values the action a player took): the first
        ``focus_visits`` iterations that find it available go through it, so that it
        appears in ``last_choices`` with a mean over at least that many leaves, whatever
        the widening or the search think of it."""
        start = time.perf_counter()
        self.last_choices = []
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        acts, keys = distinct(actions)
        if len(acts) == 1:
            return acts[0]
        self._focus = None if focus is None else _fast_key(focus)
        self._focus_visits = focus_visits
        deadline = start + self.time_budget * 0.85
        self._deadline = deadline if self.iterations is None else None
        self._seat = game.pending.seat  # type: ignore[union-attr]  # a decision is pending
        self._horizon = horizon_for(self.rollout, game.variant, game.players)
        self._spread = 1.0
        self._values_n = 0
        self._values_sum = 0.0
        self._values_sq = 0.0
        root = Node()
        if len(acts) > WIDEN_ABOVE:
            self._expand_prior(root, game, acts, keys)
        done = 0
        limit = self.iterations
        slowest = 0.0
        while True:
            if limit is not None:
                if done >= limit:
                    break
                if self.stop_when_decided and done >= 16 and done % 8 == 0:
                    visits = sorted((st[0] for st in root.stats.values()), reverse=True)
                    if len(visits) >= 2 and visits[0] - visits[1] > limit - done:
                        break
            else:
                now = time.perf_counter()
                if now + slowest >= deadline:
                    break
                if (
                    self.early_stop
                    and done >= 16
                    and done % 8 == 0
                    and self._decided(root, done, now - start, deadline - now)
                ):
                    break
            t0 = time.perf_counter() if limit is None else 0.0
            self._iterate(root, game, acts, keys)
            if limit is None:
                slowest = max(slowest, time.perf_counter() - t0)
            done += 1
        self.last_iterations = done
        return self._best(root, acts, keys)

    # --- search ----------------------------------------------------------------------------
    def _iterate(
        self, root: Node, game: Game, root_acts: list[dict], root_keys: list[tuple]
    ) -> None:
        seat = self._seat
        state = game.determinized(self._rng)
        path: list[tuple[Node, tuple]] = []
        node = root
        acts, keys = root_acts, root_keys
        while True:
            if node.visits == 0 and node is not root:
                node.visits = 1
                if state.pending.kind not in FOLLOW_UP_KINDS:  # type: ignore[union-attr]  # a decision is pending
                    break  # a new leaf: evaluate it
            if node.order is None and len(acts) > WIDEN_ABOVE and node.visits >= 2:
                self._expand_prior(node, state, acts, keys)
            i = self._focused(node, keys) if node is root and self._focus else -1
            if i < 0:
                i = self._select(node, acts, keys)
            key = keys[i]
            path.append((node, key))
            node.visits += 1
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            state.apply_unchecked(acts[i])
            node = child
            # Walk on while the same seat decides; forced choices are taken without a node.
            pending = state.pending
            while pending is not None and pending.seat == seat and len(pending.actions) == 1:
                state.apply_unchecked(pending.actions[0])
                pending = state.pending
            if pending is None or pending.seat != seat:
                break
            acts, keys = distinct(pending.actions)
            if len(acts) == 1:
                state.apply_unchecked(acts[0])
                pending = state.pending
                if pending is None or pending.seat != seat:
                    break
                acts, keys = distinct(pending.actions)
        if self._horizon is not None:
            playout(state, seat, self._horizon, self._rng)
        value = self._leaf(state, seat)
        self._values_n += 1
        self._values_sum += value
        self._values_sq += value * value
        for n_, key in path:
            st = n_.stats[key]
            st[0] += 1
            st[1] += value

    def _select(self, node: Node, acts: list[dict], keys: list[tuple]) -> int:
        stats = node.stats
        order = node.order
        cands: Sequence[int]
        if order is not None:
            allowed = 2 + int(self.widen * math.sqrt(node.visits))
            cands = sorted(range(len(acts)), key=lambda i: order.get(keys[i], 1 << 20))[:allowed]
        else:
            cands = range(len(acts))
        # Exploration scaled to the spread of leaf values seen so far (points, not [0, 1]).
        nv = self._values_n
        if nv >= 4:
            var = self._values_sq / nv - (self._values_sum / nv) ** 2
            spread = math.sqrt(var) if var > 0.04 else 0.2
        else:
            spread = 1.0
        c = self.exploration * spread
        rng = self._rng
        best_i = -1
        best_u = -math.inf
        for i in cands:
            st = stats.get(keys[i])
            if st is None:
                st = stats[keys[i]] = [0, 0.0, 0]
            st[2] += 1  # available in this iteration
            if st[0] == 0:
                u = 1e9 + rng.random()  # try every candidate once, in random order
            else:
                u = st[1] / st[0] + c * math.sqrt(math.log(st[2]) / st[0])
            if u > best_u:
                best_u = u
                best_i = i
        return best_i

    def _focused(self, root: Node, keys: list[tuple]) -> int:
        """The focus action's index while it has fewer real visits than asked (prior
        visits are virtual and do not count), else -1."""
        focus = self._focus
        st = root.stats.get(focus)  # type: ignore[arg-type]  # set by choose
        prior = self.prior_visits if root.order is not None and focus in root.order else 0
        if st is not None and st[0] - prior >= self._focus_visits:
            return -1
        try:
            i = keys.index(focus)  # type: ignore[arg-type]
        except ValueError:
            return -1
        if st is None:
            st = root.stats[focus] = [0, 0.0, 0]  # type: ignore[index]
        st[2] += 1
        return i

    def _expand_prior(self, node: Node, game: Game, acts: list[dict], keys: list[tuple]) -> None:
        """Rank actions by a one-step evaluation (one sample each): the widening order, and a
        few virtual visits at that value so that a short search starts from greedy play."""
        seat = game.pending.seat  # type: ignore[union-attr]  # a decision is pending
        deadline = self._deadline
        scored: list[tuple[float, int]] = []
        base = game.determinized(self._rng)
        for i, action in enumerate(acts[:PRIOR_CAP]):
            if deadline is not None and i % 8 == 0 and time.perf_counter() > deadline:
                break
            c = base.clone()
            c.apply_unchecked(action)
            scored.append((self._leaf(c, seat), i))
        scored.sort(key=lambda t: (-t[0], t[1]))
        order: dict[tuple, int] = {}
        pv = self.prior_visits
        for rank, (value, i) in enumerate(scored):
            order[keys[i]] = rank
            node.stats[keys[i]] = [pv, pv * value, pv]
        for k in keys:
            order.setdefault(k, len(order))
        node.order = order

    def _leaf(self, g: Game, seat: int) -> float:
        """The value of a leaf for ``seat``, in ladder points (see the module docstring)."""
        if self._net and g.pending is not None:
            return value_net.active().value(g, seat)
        if self._fitted:
            return leaf_value(g, seat, self._version)
        return margin(evaluate(g), seat, g)

    def _decided(self, root: Node, done: int, elapsed: float, left: float) -> bool:
        """True when the most visited root action cannot be overtaken in the time left."""
        visits = sorted((st[0] for st in root.stats.values()), reverse=True)
        if len(visits) < 2:
            return False
        remaining = done / max(elapsed, 1e-6) * left
        return visits[0] - visits[1] > remaining

    def _best(self, root: Node, acts: list[dict], keys: list[tuple]) -> dict:
        best = acts[0]
        best_rank = (-1.0, -math.inf)
        choices = []
        for action, k in zip(acts, keys, strict=True):
            st = root.stats.get(k)
            if not st or not st[0]:
                continue
            rank = (st[0], st[1] / st[0])
            choices.append((action, *rank))
            if rank > best_rank:
                best_rank = rank
                best = action
        choices.sort(key=lambda c: (-c[1], -c[2]))
        self.last_choices = choices
        return best
