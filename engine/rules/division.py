"""Phase 4: cell division (RULINGS.md, "Phase 4")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.board import ADJACENT, FIELD_INDEX, FIELDS
from engine.genes import DIVISION_RATE, SPORES
from engine.machine import Decision, decision, push, step
from engine.rules.common import place_actions

if TYPE_CHECKING:
    from engine.state import State

MAX_AMOEBAS: Final = 7
_DONE: Final = {"type": "done"}


def division_bp(players: int) -> int:
    return 11 if players >= 5 else 10


def division_cost(g: State, seat: int) -> int:
    return 4 if g.genes[seat] & DIVISION_RATE else 6


@step("phase4")
def _phase4(g: State, frame: tuple) -> None:
    g.phase = 4
    g.emit("phase_started", round=g.round, phase=4)
    for s in g.descending():
        g.bp[s] += division_bp(g.n)
        g.emit("bp_received", seat=s, amount=division_bp(g.n))
    push(g, *(("divide", s) for s in g.descending()))


def division_fields(g: State, seat: int, count: int) -> list[int]:
    """Fields a new amoeba may go on.

    No amoeba yet: anywhere. Exactly one, or Spores: any field without an own amoeba.
    Otherwise: without an own amoeba and adjacent to a field with one.
    """
    base = seat * 7
    own = {p for p in g.apos[base : base + 7] if p >= 0}
    if count <= 1 or g.genes[seat] & SPORES:
        return [f for f in FIELDS if f not in own]
    near: set[int] = set()
    for f in own:
        near.update(ADJACENT[f])
    return sorted(near - own)


def _legal_divide(g: State, frame: tuple) -> Decision | None:
    seat = frame[1]
    mine = g.apos[seat * 7 : seat * 7 + 7]
    count = MAX_AMOEBAS - mine.count(-1)
    if count >= MAX_AMOEBAS:
        return None
    cost = division_cost(g, seat)
    if count and g.bp[seat] < cost:
        return None
    numbers = [k + 1 for k, p in enumerate(mine) if p < 0]
    places = place_actions(division_fields(g, seat, count), numbers)
    if count == 0:  # the first amoeba is free and must be placed
        return Decision(seat, "place_amoeba", places, {"reason": "division", "free": True})
    if not places:
        return None
    return Decision(
        seat,
        "divide",
        [_DONE, *places],
        {"reason": "division", "cost": cost, "bp": g.bp[seat]},
    )


@decision("divide", _legal_divide)
def _divide(g: State, frame: tuple, action: dict) -> None:
    if action["type"] == "done":
        return
    seat = frame[1]
    free = g.amoeba_count(seat) == 0
    if not free:
        cost = division_cost(g, seat)
        g.bp[seat] -= cost
        g.emit("bp_paid", seat=seat, amount=cost, reason="division")
    g.place_amoeba(seat, action["number"], FIELD_INDEX[action["field"]])
    g.emit("amoeba_placed", seat=seat, number=action["number"], field=action["field"], dp=0)
    push(g, ("divide", seat))
