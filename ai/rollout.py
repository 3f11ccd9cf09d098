"""A cheap playout policy, so that search can let the other seats move before it takes a leaf.

Why (docs/ai.md, "What limits the bots"): ``MctsBot`` searches its own turn and values the
position where the turn passes on, while in 5 and 6 players four or five opponents move and
feed before its amoebas feed again, and an amoeba there eats one cube of each of four other
colours: who eats a field first decides feeding. ``MctsBot(rollout=...)`` plays on from the
search's leaf with the policy here, up to a horizon (``HORIZONS``), and values the position
reached there.

The policy must be far cheaper than GreedyBot (4-8 ms a decision at 5-6 players against
0.36 ms for a whole search iteration), so it looks at no position after an action: it reads
the food on the fields an amoeba could end on (``ai.evaluation.can_feed``) and the seat's BP.

- movement: drift when the drift (or no drift) leaves the amoeba where it can eat; else hold
  (Holding) if it can eat where it is; else move if that likely helps (Movement II: towards
  the first direction where it can eat, or stay; a roll: when 2 of the die's 6 faces end on
  food); else drift;
- choose_die, choose_direction, second_move: the die, direction or stop where it can eat;
- buy_genes: a random affordable gene that leaves 2 BP, else done;
- divide / place_amoeba: place (on a field where the new amoeba can eat, else any legal
  field), at every division the engine offers;
- everything else (feeding, tentacle, defence, clinging, defects, attacks): ``actions[0]``,
  the engine's conservative choice (the first feeding pattern that makes no one pay, take
  nothing, pass...).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, TypeAlias

from ai.evaluation import DEST, can_feed
from engine.board import FIELD_INDEX
from engine.compass import DIE_FACE, DIRECTION_INDEX, FREE_CHOICE, STAY
from engine.counts import AMOEBAS_PER_COLOUR
from engine.genes import GENES

if TYPE_CHECKING:
    from engine import Game

#: How far ``playout`` plays: ``"phase"``: to the end of the phase-1 movement the leaf is in
#: (the seats still to move this round move and feed; a leaf outside phase 1 is valued as it
#: is); ``"feeding"``: on to the seat's next movement decision in phase 1 (the rest of this
#: round, with phases 3 and 4 for every seat, then the seats that move before it next round).
HORIZONS: Final = ("phase", "feeding")
#: A search's playout setting: none, one horizon for every game, or the horizon by game, keyed
#: by the player count of a game without a variant or by the variant's name (a variant game is
#: looked up by its name only: Double I has the four colours of a 4-player game but is not one).
Rollout: TypeAlias = str | Mapping[int | str, str] | None

#: Never play more decisions than this in one playout (a guard: a 5-player playout to the
#: next feeding is ~30 decisions).
MAX_DECISIONS: Final = 200
#: The BP a purchase leaves (for moves; GreedyBot buys most of the time it can).
KEEP_BP: Final = 2

#: Roll the compass (no Movement II) when the drift ends off food and at least this many of
#: the die's six faces would end on food (W, N, E, S, 5: stay, 6: free choice).
MOVE_FACES: Final = 2

_PRICE: Final = {g.id: g.price for g in GENES}


def _field(g: Game, seat: int, number: int) -> int:
    return g.apos[seat * AMOEBAS_PER_COLOUR + number - 1]


def _deciding_field(g: Game, seat: int) -> int:
    """The field of the amoeba a phase-1 decision is about (its number is in the engine's
    frame), for movement and its follow-ups alike."""
    return _field(g, seat, g.deciding_amoeba())


def _feeds(g: Game, seat: int, field: int) -> bool:
    return field >= 0 and can_feed(g.food, g.n, seat, field, g.genes[seat])


def cheap_action(g: Game, rng: random.Random) -> dict:
    """The policy's action for the pending decision of ``g`` (see the module docstring)."""
    pending = g.pending
    assert pending is not None
    actions = pending.actions
    kind = pending.kind
    seat = pending.seat
    if kind == "movement":
        field = _deciding_field(g, seat)
        drift = g.current_card()[0]
        dest = field if drift == STAY else DEST[field][drift]
        if _feeds(g, seat, dest):
            return actions[0]  # drift
        here = _feeds(g, seat, field)
        moves = []
        for a in actions:
            t = a["type"]
            if t == "hold":
                if here:
                    return a
            elif t == "move":
                moves.append(a)
        if not moves:
            return actions[0]
        if len(moves) == 1:  # roll the compass: worth its BP if it likely ends on food
            near = DEST[field]
            ok = [_feeds(g, seat, near[d]) for d in range(4)]
            hits = sum(ok) + here + (here or any(ok))
            return moves[0] if hits >= MOVE_FACES else actions[0]
        for a in moves:  # Movement II: a direction, or "none"
            d = a["direction"]
            if d == "none":
                if here:
                    return a
            elif _feeds(g, seat, DEST[field][DIRECTION_INDEX[d]]):
                return a
        return actions[0]
    if kind == "choose_die":
        field = _deciding_field(g, seat)
        for a in actions:
            target = DIE_FACE[a["face"]]
            if target == FREE_CHOICE:
                return a
            if _feeds(g, seat, field if target == STAY else DEST[field][target]):
                return a
        return actions[0]
    if kind == "choose_direction":
        field = _deciding_field(g, seat)
        for a in actions:
            if _feeds(g, seat, DEST[field][DIRECTION_INDEX[a["direction"]]]):
                return a
        return actions[rng.randrange(len(actions))]
    if kind == "second_move":
        field = _deciding_field(g, seat)
        if _feeds(g, seat, field) or len(actions) < 2:
            return actions[0]  # skip
        return actions[1 + rng.randrange(len(actions) - 1)]
    if kind == "buy_genes":
        bp = g.bp[seat]
        buys = [a for a in actions[1:] if _PRICE[a["gene"]] + KEEP_BP <= bp]
        return buys[rng.randrange(len(buys))] if buys else actions[0]
    if kind == "divide" or kind == "place_amoeba":
        places = actions[1:] if kind == "divide" else actions
        if not places:
            return actions[0]
        feeding = [a for a in places if _feeds(g, seat, FIELD_INDEX[a["field"]])]
        pool = feeding or places
        return pool[rng.randrange(len(pool))]
    return actions[0]


def horizon_for(rollout: Rollout, variant: str | None, colours: int) -> str | None:
    """The horizon ``rollout`` gives a game of ``colours`` colours and ``variant`` (None: no
    playout)."""
    if isinstance(rollout, Mapping):
        return rollout.get(variant or colours)
    return rollout


def playout(g: Game, seat: int, horizon: str, rng: random.Random) -> int:
    """Play ``g`` on with ``cheap_action`` for every seat (``seat``'s own decisions
    included) up to ``horizon`` (``HORIZONS``); return the decisions played. ``g`` must be a
    copy the caller owns (search plays on its determinized clone)."""
    if horizon not in HORIZONS:
        raise ValueError(f"horizon must be one of {HORIZONS}, not {horizon!r}")
    pending = g.pending
    played = 0
    if horizon == "phase":
        if g.phase != 1:
            return 0
        while pending is not None and g.phase == 1 and played < MAX_DECISIONS:
            g.apply_unchecked(cheap_action(g, rng))
            played += 1
            pending = g.pending
        return played
    # "feeding": on to the seat's first movement decision of the next round (a seat without
    # amoebas then has none: the playout ends with that round).
    next_round = g.round + 1
    while pending is not None and played < MAX_DECISIONS:
        r = g.round
        if r > next_round or (
            r == next_round and pending.seat == seat and pending.kind == "movement"
        ):
            break
        g.apply_unchecked(cheap_action(g, rng))
        played += 1
        pending = g.pending
    return played
