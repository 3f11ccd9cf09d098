"""The interpreter's frames, typed: one NamedTuple per frame shape, and the table of every op.

A frame is what the stack holds (engine.machine): the op to run and the values it needs. Each
shape is a NamedTuple whose first field is the op's name, so a frame stays an immutable tuple
(a clone shares it, ``to_dict`` stores it as ``[op, *values]``) and every rule reads its values
by name (``frame.seat``), never by position. ``OPS_FRAMES`` below is the one table of every op:
its frame type and whether it is a step (runs at once) or a decision (waits for a seat).
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple


class Stage(NamedTuple):
    """A stage of the game with no values: ``setup``, ``round``, ``phase1`` .. ``phase6``,
    ``round_end``."""

    op: str


class SeatTurn(NamedTuple):
    """One seat's part of a phase: ``choose_start``, ``p1_player``, ``defect``, ``buy``,
    ``divide``, ``decoy_divide``, ``aggression``."""

    op: str
    seat: int


class SetupRound(NamedTuple):
    """``setup_round``: the first (1) or second (2) placement round."""

    op: str
    placement: int


class SetupPlace(NamedTuple):
    """``setup_place``: the seat places an amoeba carrying ``dp`` damage points."""

    op: str
    seat: int
    dp: int


class AmoebaStep(NamedTuple):
    """An amoeba's turn or move: ``p1_amoeba`` (drift / hold / move), ``escape_move``."""

    op: str
    seat: int
    number: int


class Feed(NamedTuple):
    """``p1_feed``: the amoeba feeds; ``may_attack`` (1/0) while its one attack is unspent."""

    op: str
    seat: int
    number: int
    may_attack: int


class MoveStep(NamedTuple):
    """A step of a move made for ``reason`` (move / escape): ``choose_direction`` (after a 6),
    ``after_move`` (Speed's chance), ``second_move``."""

    op: str
    seat: int
    number: int
    reason: str


class ActiveMove(NamedTuple):
    """``active_move``: ``code`` is a direction, STAY, or ROLL (engine.rules.movement)."""

    op: str
    seat: int
    number: int
    code: int
    reason: str


class ChooseDie(NamedTuple):
    """``choose_die``: Movement I rolled ``a`` and ``b``; the owner keeps one."""

    op: str
    seat: int
    number: int
    a: int
    b: int
    reason: str


class Displace(NamedTuple):
    """``displace``: the amoeba leaves its field one step in ``direction``."""

    op: str
    seat: int
    number: int
    direction: int
    reason: str


class Tentacle(NamedTuple):
    """``tentacle``: the amoeba leaving ``src`` for ``dst`` may take cubes along."""

    op: str
    seat: int
    number: int
    src: int
    dst: int


class Cling(NamedTuple):
    """``cling``: amoeba (seat, number) may cling to (mover, mover_number) leaving ``src``."""

    op: str
    seat: int
    number: int
    mover: int
    mover_number: int
    src: int
    dst: int


class Relocate(NamedTuple):
    """``relocate``: the amoeba arrives on ``dst``."""

    op: str
    seat: int
    number: int
    src: int
    dst: int
    reason: str


class Attack(NamedTuple):
    """An attack in progress: ``defend`` (the target answers), ``escape_check``,
    ``attack_hits``, ``attack_misses``. ``field`` is where it was declared; ``flags`` what it
    has used (engine.rules.combat)."""

    op: str
    seat: int
    number: int
    target: int
    target_number: int
    field: int
    phase: int
    flags: int


class AttackRetry(NamedTuple):
    """``attack_retry``: Persistence's second attempt after a failed attack in ``phase``."""

    op: str
    seat: int
    number: int
    phase: int


class DefectPay(NamedTuple):
    """``defect_pay``: the seat still owes ``remaining`` mutation points."""

    op: str
    seat: int
    remaining: int


# Every op: its frame type, and True for a step, False for a decision.
OPS_FRAMES: Final[dict[str, tuple[type[tuple], bool]]] = {
    "setup": (Stage, True),
    "choose_start": (SeatTurn, False),
    "setup_round": (SetupRound, True),
    "setup_place": (SetupPlace, False),
    "round": (Stage, True),
    "phase1": (Stage, True),
    "p1_player": (SeatTurn, True),
    "p1_amoeba": (AmoebaStep, False),
    "active_move": (ActiveMove, True),
    "choose_die": (ChooseDie, False),
    "choose_direction": (MoveStep, False),
    "after_move": (MoveStep, True),
    "second_move": (MoveStep, False),
    "escape_move": (AmoebaStep, False),
    "displace": (Displace, True),
    "tentacle": (Tentacle, False),
    "cling": (Cling, False),
    "relocate": (Relocate, True),
    "p1_feed": (Feed, False),
    "defend": (Attack, False),
    "escape_check": (Attack, True),
    "attack_hits": (Attack, True),
    "attack_misses": (Attack, True),
    "attack_retry": (AttackRetry, False),
    "phase2": (Stage, True),
    "defect": (SeatTurn, True),
    "defect_pay": (DefectPay, False),
    "phase3": (Stage, True),
    "buy": (SeatTurn, False),
    "phase4": (Stage, True),
    "divide": (SeatTurn, False),
    "decoy_divide": (SeatTurn, True),
    "phase5": (Stage, True),
    "aggression": (SeatTurn, False),
    "phase6": (Stage, True),
    "round_end": (Stage, True),
}


# ``FrameType.new(op, *values)`` is how the rules make frames: frames are immutable and their
# values few (ops, seats, amoeba numbers, fields, directions, flags), so equal frames are one
# shared object, looked up by a C-level cache. A NamedTuple's own constructor is a Python-level
# ``__new__``, and the engine pushes three or four frames per action: sharing keeps typed
# frames within the engine's speed budget ("within 10%").
for _frame_type in {frame_type for frame_type, _ in OPS_FRAMES.values()}:
    _frame_type.new = staticmethod(cache(_frame_type))  # type: ignore[attr-defined]


def frame_from_list(values: list) -> tuple:
    """A stored frame (``[op, *values]``, as ``Game.to_dict`` writes it) as its typed frame."""
    frame_type: type = OPS_FRAMES[values[0]][0]
    return frame_type.new(*values)  # type: ignore[attr-defined]
