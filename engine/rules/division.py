"""Phase 4: cell division (docs/rules.md, "Phase 4")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.board import ADJACENT_MASK, ALL_FIELDS_MASK, FIELD_COUNT, FIELD_INDEX, FIELD_NAMES
from engine.counts import (
    AMOEBAS_PER_COLOUR,
    DECOY_NEW_AMOEBAS,
    DOUBLE_2_DIVISION_COST,
    PLAYER_COUNTS,
)
from engine.decision import Decision
from engine.frames import SeatTurn, Stage
from engine.genes import DIVISION_RATE, SPORES
from engine.machine import decision, push, step
from engine.rules.common import free_number_mask, place_actions

if TYPE_CHECKING:
    from engine.state import State

_DONE: Final = {"type": "done"}


def division_bp(players: int) -> int:
    return PLAYER_COUNTS[players].division_bp


def division_cost(g: State, seat: int) -> int:
    rate = bool(g.genes[seat] & DIVISION_RATE)
    if g.lead is not None:  # Double II: 4 BP, 3 with Division Rate (docs/rules.md)
        return DOUBLE_2_DIVISION_COST[rate]
    return 4 if rate else 6


@step("phase4")
def _phase4(g: State, frame: Stage) -> None:
    g.phase = 4
    g.emit({"type": "phase_started", "round": g.round, "phase": 4})
    decoy = g.decoy
    for s in g.descending():
        if s == decoy or not g.is_lead(s):
            continue  # the decoy's amoebas are free; Double II: BP once per player (one purse)
        g.bp[s] += division_bp(g.n)
        g.emit({"type": "bp_received", "seat": s, "amount": division_bp(g.n)})
    push(
        g,
        *(SeatTurn.new("decoy_divide" if s == decoy else "divide", s) for s in g.descending()),
    )


def division_field_mask(g: State, seat: int, count: int) -> int:
    """Fields a new amoeba may go on, as bits (bit f = field f).

    No amoeba yet: anywhere. Exactly one, or Spores: any field without an own amoeba.
    Otherwise: without an own amoeba and adjacent to a field with one.
    """
    base = seat * AMOEBAS_PER_COLOUR
    apos = g.apos
    own = 0
    near = 0
    for i in range(
        base, base + AMOEBAS_PER_COLOUR
    ):  # bit masks, not sets: this runs at every division
        p = apos[i]
        if p >= 0:
            own |= 1 << p
            near |= ADJACENT_MASK[p]
    if count <= 1 or g.genes[seat] & SPORES:
        near = ALL_FIELDS_MASK
    return near & ~own


def _legal_divide(g: State, frame: SeatTurn) -> Decision | None:
    seat = frame.seat
    base = seat * AMOEBAS_PER_COLOUR
    mine = g.apos[base : base + AMOEBAS_PER_COLOUR]
    count = AMOEBAS_PER_COLOUR - mine.count(-1)
    if count >= AMOEBAS_PER_COLOUR:
        return None
    cost = division_cost(g, seat)
    if count and g.bp[seat] < cost:
        return None
    places = place_actions(division_field_mask(g, seat, count), free_number_mask(g, seat))
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
def _divide(g: State, frame: SeatTurn, action: dict) -> None:
    if action["type"] == "done":
        return
    seat = frame.seat
    free = g.amoeba_count(seat) == 0
    if not free:
        cost = division_cost(g, seat)
        g.bp[seat] -= cost
        g.emit({"type": "bp_paid", "seat": seat, "amount": cost, "reason": "division"})
    g.place_amoeba(seat, action["number"], FIELD_INDEX[action["field"]])
    g.emit(
        {
            "type": "amoeba_placed",
            "seat": seat,
            "number": action["number"],
            "field": action["field"],
            "dp": 0,
        }
    )
    push(g, frame)


@step("decoy_divide")
def _decoy_divide(g: State, frame: SeatTurn) -> None:
    """The decoy "consigue 2 amebas por ronda": two new amoebas, free, by the usual placement
    rules, on fields drawn with the game's generator and with the lowest free numbers
    (docs/rules.md, "Decoy"). Fewer when it has 7 or no field is left."""
    seat = frame.seat
    for _ in range(DECOY_NEW_AMOEBAS):
        count = g.amoeba_count(seat)
        if count >= AMOEBAS_PER_COLOUR:
            return
        mask = division_field_mask(g, seat, count)
        fields = [f for f in range(FIELD_COUNT) if mask >> f & 1]
        if not fields:
            return
        field = fields[g.rand_below(len(fields))]
        number = next(k for k in range(1, AMOEBAS_PER_COLOUR + 1) if g.pos(seat, k) < 0)
        g.place_amoeba(seat, number, field)
        g.emit(
            {
                "type": "amoeba_placed",
                "seat": seat,
                "number": number,
                "field": FIELD_NAMES[field],
                "dp": 0,
                "by": "decoy",
            }
        )
