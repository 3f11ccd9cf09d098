"""Setup (docs/rules.md, "Setup" and "Phase 6"): start-order rolls, start spaces, the two
placement rounds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board import ALL_FIELDS_MASK, FIELD_INDEX
from engine.counts import PLAYER_COUNTS
from engine.decision import Decision
from engine.frames import SeatTurn, SetupPlace, SetupRound, Stage
from engine.machine import decision, push, step
from engine.rules.common import free_number_mask, place_actions

if TYPE_CHECKING:
    from engine.state import State


def start_order(g: State, seats: list[int]) -> list[int]:
    """All roll two dice; the highest picks first; ties re-roll among the tied."""
    rolls = {}
    for s in seats:
        a, b = g.roll(), g.roll()
        rolls[s] = a + b
        g.emit({"type": "start_roll", "seat": s, "dice": [a, b]})
    order: list[int] = []
    for total in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in seats if rolls[s] == total]
        order.extend(tied if len(tied) == 1 else start_order(g, tied))
    return order


@step("setup")
def _setup(g: State, frame: Stage) -> None:
    # Double II: one marker per player, placed by the player's first colour (docs/rules.md).
    order = start_order(g, [s for s in range(g.n) if g.is_lead(s)])
    g.emit({"type": "start_order", "seats": order})
    push(g, *(SeatTurn.new("choose_start", s) for s in order), SetupRound.new("setup_round", 1))


def _legal_start(g: State, frame: SeatTurn) -> Decision:
    seat = frame.seat
    markers = g.n if g.lead is None else len(set(g.lead))
    free = [k for k in range(1, markers + 1) if k not in g.score]
    return Decision(seat, "start_space", [{"type": "start_space", "space": k} for k in free], {})


@decision("choose_start", _legal_start)
def _choose_start(g: State, frame: SeatTurn, action: dict) -> None:
    g.score[frame.seat] = action["space"]
    g.emit({"type": "start_space_taken", "seat": frame.seat, "space": action["space"]})


@step("setup_round")
def _setup_round(g: State, frame: SetupRound) -> None:
    """First placement ascending (1 DP with 4 or 6 players), second descending, no DP."""
    first = frame.placement == 1
    order = g.ascending() if first else g.descending()
    # Double II: [ES] "Todas las amebas de partida están sin" (no DP).
    dp = PLAYER_COUNTS[g.n].first_amoeba_dp if first and g.lead is None else 0
    push(
        g,
        *(SetupPlace.new("setup_place", s, dp) for s in order),
        SetupRound.new("setup_round", 2) if first else Stage.new("round"),
    )


def _legal_setup_place(g: State, frame: SetupPlace) -> Decision:
    seat = frame.seat
    occupied = 0
    for p in g.apos:
        if p >= 0:
            occupied |= 1 << p
    return Decision(
        seat,
        "place_amoeba",
        place_actions(ALL_FIELDS_MASK & ~occupied, free_number_mask(g, seat)),
        {"reason": "setup", "dp": frame.dp},
    )


@decision("setup_place", _legal_setup_place)
def _setup_place(g: State, frame: SetupPlace, action: dict) -> None:
    seat, dp = frame.seat, frame.dp
    g.place_amoeba(seat, action["number"], FIELD_INDEX[action["field"]], dp)
    g.emit(
        {
            "type": "amoeba_placed",
            "seat": seat,
            "number": action["number"],
            "field": action["field"],
            "dp": dp,
        }
    )
