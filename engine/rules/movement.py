"""Phase 1, the moving half (docs/rules.md, "Phase 1" and the movement genes).

An amoeba's turn is a chain of frames:
``p1_amoeba`` (drift / hold / move) -> ``active_move`` (roll, Movement I dice, Movement II
direction) -> ``displace`` one field (tentacle cubes, clinging amoebas, then ``relocate``) ->
``after_move`` (Speed's second move) -> ``p1_feed`` (engine.rules.feeding).
Escape (engine.rules.combat) reuses ``escape_move`` -> ``active_move`` -> ``after_move``.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Final

from engine.board import FIELD_NAMES, NEIGHBOUR
from engine.compass import DIE_FACE, DIRECTION_INDEX, DIRECTION_NAMES, FREE_CHOICE, STAY
from engine.counts import AMOEBAS_PER_COLOUR, PLAYER_COUNTS
from engine.decision import Decision
from engine.frames import (
    ActiveMove,
    AmoebaStep,
    ChooseDie,
    Cling,
    Displace,
    Feed,
    MoveStep,
    Relocate,
    SeatTurn,
    Stage,
    Tentacle,
)
from engine.genes import HAS_SPEED, HOLDING, MOVEMENT_1, MOVEMENT_2, STREAMLINING, TENTACLE
from engine.machine import decision, push, step
from engine.rules.combat import attacker_clung
from engine.rules.common import amoeba_context, amoeba_ref

if TYPE_CHECKING:
    from engine.state import State

ROLL: Final = -9  # active_move code: roll the compass (with Movement I: two dice)
_MOVE_II: Final = [{"type": "move", "direction": d} for d in (*DIRECTION_NAMES, "none")]
_ROLL_MOVE: Final = [{"type": "move"}]
_DRIFT: Final = {"type": "drift"}
_HOLD: Final = {"type": "hold"}
_SKIP: Final = {"type": "skip"}
_CLING_CHOICES: Final = [{"type": "let_go"}, {"type": "cling"}]
_DIRECTION_CHOICES: Final = [{"type": "direction", "direction": d} for d in DIRECTION_NAMES]


def move_actions(g: State, seat: int) -> list[dict]:
    """The active-move actions the seat's genes allow (Movement II chooses, else roll)."""
    return _MOVE_II if g.genes[seat] & MOVEMENT_2 else _ROLL_MOVE


def move_code(action: dict) -> int:
    direction = action.get("direction")
    if direction is None:
        return ROLL
    return STAY if direction == "none" else DIRECTION_INDEX[direction]


def can_pay_move(g: State, seat: int) -> bool:
    """Moving costs 1 BP unless Streamlining; a player without BP cannot move."""
    return g.bp[seat] >= 1 or bool(g.genes[seat] & STREAMLINING)


def pay_move(g: State, seat: int, reason: str) -> None:
    if not g.genes[seat] & STREAMLINING:
        g.bp[seat] -= 1
        g.emit({"type": "bp_paid", "seat": seat, "amount": 1, "reason": reason})


# --- phase 1 order ---------------------------------------------------------------------------
@step("phase1")
def _phase1(g: State, frame: Stage) -> None:
    g.phase = 1
    g.emit({"type": "phase_started", "round": g.round, "phase": 1})
    push(g, *(SeatTurn.new("p1_player", s) for s in g.phase1_order()))


@step("p1_player")
def _p1_player(g: State, frame: SeatTurn) -> None:
    seat = frame.seat
    push(g, *(AmoebaStep.new("p1_amoeba", seat, k) for k in g.alive_numbers(seat)))


def _legal_p1_amoeba(g: State, frame: AmoebaStep) -> Decision | None:
    seat, number = frame.seat, frame.number
    field = g.apos[seat * AMOEBAS_PER_COLOUR + number - 1]
    if field < 0:
        return None  # killed earlier this phase
    genes = g.genes[seat]
    actions = [_DRIFT]
    if genes & HOLDING:
        actions.append(_HOLD)
    if can_pay_move(g, seat):
        actions.extend(move_actions(g, seat))
    drift = g.cards[g._deck[g._deck_pos - 1]][0]
    return Decision(seat, "movement", actions, (_movement_context, seat, number, field, drift))


def _movement_context(seat: int, number: int, field: int, drift: int) -> dict:
    context = amoeba_context(seat, number, field)
    context["drift"] = DIRECTION_NAMES[drift] if drift != STAY else "none"
    return context


@decision("p1_amoeba", _legal_p1_amoeba)
def _p1_amoeba(g: State, frame: AmoebaStep, action: dict) -> None:
    seat, number = frame.seat, frame.number
    kind = action["type"]
    if kind == "drift":
        drift = g.current_card()[0]
        if drift == STAY:
            g.emit({"type": "amoeba_stayed", "seat": seat, "number": number, "reason": "no_drift"})
            push(g, Feed.new("p1_feed", seat, number, 1))
        else:
            push(
                g,
                Displace.new("displace", seat, number, drift, "drift"),
                Feed.new("p1_feed", seat, number, 1),
            )
    elif kind == "hold":
        g.emit({"type": "amoeba_stayed", "seat": seat, "number": number, "reason": "hold"})
        push(g, Feed.new("p1_feed", seat, number, 1))
    else:
        pay_move(g, seat, "move")
        push(
            g,
            ActiveMove.new("active_move", seat, number, move_code(action), "move"),
            MoveStep.new("after_move", seat, number, "move"),
            Feed.new("p1_feed", seat, number, 1),
        )


# --- one active move ---------------------------------------------------------------------------
def _apply_face(g: State, seat: int, number: int, face: int, reason: str) -> None:
    target = DIE_FACE[face]
    if target == STAY:
        g.emit({"type": "amoeba_stayed", "seat": seat, "number": number, "reason": "die_5"})
    elif target == FREE_CHOICE:
        push(g, MoveStep.new("choose_direction", seat, number, reason))
    else:
        push(g, Displace.new("displace", seat, number, target, reason))


@step("active_move")
def _active_move(g: State, frame: ActiveMove) -> None:
    _, seat, number, code, reason = frame
    if code == STAY:
        g.emit({"type": "amoeba_stayed", "seat": seat, "number": number, "reason": "chosen"})
    elif code != ROLL:
        push(g, Displace.new("displace", seat, number, code, reason))
    elif g.genes[seat] & MOVEMENT_1:
        a, b = g.roll(), g.roll()
        g.emit({"type": "dice_rolled", "seat": seat, "number": number, "dice": [a, b]})
        push(g, ChooseDie.new("choose_die", seat, number, a, b, reason))
    else:
        face = g.roll()
        g.emit({"type": "dice_rolled", "seat": seat, "number": number, "dice": [face]})
        _apply_face(g, seat, number, face, reason)


def _legal_choose_die(g: State, frame: ChooseDie) -> Decision:
    _, seat, number, a, b, _reason = frame
    faces = [a] if a == b else [a, b]
    return Decision(
        seat,
        "choose_die",
        [{"type": "die", "face": f} for f in faces],
        {"amoeba": amoeba_ref(g, seat, number), "dice": [a, b]},
    )


@decision("choose_die", _legal_choose_die)
def _choose_die(g: State, frame: ChooseDie, action: dict) -> None:
    _apply_face(g, frame.seat, frame.number, action["face"], frame.reason)


def _legal_choose_direction(g: State, frame: MoveStep) -> Decision:
    seat, number = frame.seat, frame.number
    return Decision(
        seat, "choose_direction", _DIRECTION_CHOICES, {"amoeba": amoeba_ref(g, seat, number)}
    )


@decision("choose_direction", _legal_choose_direction)
def _choose_direction(g: State, frame: MoveStep, action: dict) -> None:
    direction = DIRECTION_INDEX[action["direction"]]
    push(g, Displace.new("displace", frame.seat, frame.number, direction, frame.reason))


@step("after_move")
def _after_move(g: State, frame: MoveStep) -> None:
    """Speed (and Persistence): after an active move, a free second one, never after drift."""
    seat, number = frame.seat, frame.number
    if g.genes[seat] & HAS_SPEED and g.pos(seat, number) >= 0:
        push(g, MoveStep.new("second_move", seat, number, frame.reason))


def _legal_second_move(g: State, frame: MoveStep) -> Decision | None:
    seat, number = frame.seat, frame.number
    actions = [_SKIP, *move_actions(g, seat)]
    return Decision(
        seat, "second_move", actions, (amoeba_context, seat, number, g.pos(seat, number))
    )


@decision("second_move", _legal_second_move)
def _second_move(g: State, frame: MoveStep, action: dict) -> None:
    if action["type"] == "move":
        code = move_code(action)
        push(g, ActiveMove.new("active_move", frame.seat, frame.number, code, frame.reason))


def _legal_escape_move(g: State, frame: AmoebaStep) -> Decision:
    seat, number = frame.seat, frame.number
    return Decision(
        seat, "escape_move", move_actions(g, seat), {"amoeba": amoeba_ref(g, seat, number)}
    )


@decision("escape_move", _legal_escape_move)
def _escape_move(g: State, frame: AmoebaStep, action: dict) -> None:
    push(g, ActiveMove.new("active_move", frame.seat, frame.number, move_code(action), "escape"))


# --- leaving a field ---------------------------------------------------------------------------
@step("displace")
def _displace(g: State, frame: Displace) -> None:
    """Move one field; an obstacle stops it. Tentacle cubes, then clinging amoebas, go along."""
    _, seat, number, direction, reason = frame
    src = g.pos(seat, number)
    dst = NEIGHBOUR[src][direction]
    if dst < 0:
        g.emit(
            {
                "type": "amoeba_blocked",
                "seat": seat,
                "number": number,
                "field": FIELD_NAMES[src],
                "direction": DIRECTION_NAMES[direction],
                "reason": reason,
            }
        )
        return
    frames: list[tuple] = []
    genes = g.genes
    n = g.n
    if genes[seat] & TENTACLE:
        food = g.food
        for i in range(src * n, src * n + n):  # loops, not any(<generator>): a hot step
            if food[i]:
                frames.append(Tentacle.new("tentacle", seat, number, src, dst))
                break
    for o in range(n):
        if o != seat and genes[o] & HOLDING:
            for other, other_number in g.amoebas_on(src):
                if other != seat and genes[other] & HOLDING:
                    frames.append(Cling.new("cling", other, other_number, seat, number, src, dst))
            break
    frames.append(Relocate.new("relocate", seat, number, src, dst, reason))
    push(g, *frames)


def tentacle_limit(g: State) -> int:
    return PLAYER_COUNTS[g.n].tentacle_limit


def _takes(food: list[int], limit: int) -> list[list[int]]:
    """Every way to take up to ``limit`` cubes from ``food``, fewest first."""
    ranges = [range(min(c, limit) + 1) for c in food]
    takes = [list(t) for t in product(*ranges) if sum(t) <= limit]
    takes.sort(key=sum)
    return takes


# The tentacle actions per (limit, food capped at the limit): at most 4**4 keys per limit, and
# the shared action dicts are never mutated (engine.rules.common).
_TENTACLE_ACTIONS: Final[dict[tuple[int, ...], list[dict]]] = {}


def tentacle_actions(food: list[int], limit: int) -> list[dict]:
    """The legal tentacle actions for ``food`` on the field being left, as a fresh list."""
    key = (limit, *[c if c < limit else limit for c in food])
    actions = _TENTACLE_ACTIONS.get(key)
    if actions is None:
        actions = [{"type": "tentacle", "take": t} for t in _takes(food, limit)]
        _TENTACLE_ACTIONS[key] = actions
    return list(actions)


def _legal_tentacle(g: State, frame: Tentacle) -> Decision:
    _, seat, number, src, dst = frame
    actions = tentacle_actions(g.food_on(src), tentacle_limit(g))
    context = {"amoeba": amoeba_ref(g, seat, number), "from": FIELD_NAMES[src],
               "to": FIELD_NAMES[dst], "limit": tentacle_limit(g)}  # fmt: skip
    return Decision(seat, "tentacle", actions, context)


@decision("tentacle", _legal_tentacle)
def _tentacle(g: State, frame: Tentacle, action: dict) -> None:
    _, seat, number, src, dst = frame
    take = action["take"]
    if sum(take):
        n = g.n
        for c, k in enumerate(take):
            g.food[src * n + c] -= k
            g.food[dst * n + c] += k
        g.emit(
            {
                "type": "cubes_carried",
                "seat": seat,
                "number": number,
                "cubes": take,
                "from_field": FIELD_NAMES[src],
                "to_field": FIELD_NAMES[dst],
            }
        )


def _legal_cling(g: State, frame: Cling) -> Decision | None:
    _, seat, number, mover, mover_number, src, dst = frame
    if g.pos(seat, number) != src or g.pos(mover, mover_number) != src:
        return None
    context = {"amoeba": amoeba_ref(g, seat, number), "leaving": amoeba_ref(g, mover, mover_number),
               "to": FIELD_NAMES[dst]}  # fmt: skip
    return Decision(seat, "cling", _CLING_CHOICES, context)


@decision("cling", _legal_cling)
def _cling(g: State, frame: Cling, action: dict) -> None:
    _, seat, number, mover, mover_number, src, dst = frame
    if action["type"] == "cling":
        g.apos[seat * AMOEBAS_PER_COLOUR + number - 1] = dst
        g.emit(
            {
                "type": "amoeba_carried",
                "seat": seat,
                "number": number,
                "by": {"seat": mover, "number": mover_number},
                "from_field": FIELD_NAMES[src],
                "to_field": FIELD_NAMES[dst],
            }
        )
        attacker_clung(g, seat, number, mover, mover_number)


@step("relocate")
def _relocate(g: State, frame: Relocate) -> None:
    _, seat, number, src, dst, reason = frame
    g.apos[seat * AMOEBAS_PER_COLOUR + number - 1] = dst
    g.emit(
        {
            "type": "amoeba_moved",
            "seat": seat,
            "number": number,
            "from_field": FIELD_NAMES[src],
            "to_field": FIELD_NAMES[dst],
            "reason": reason,
        }
    )
