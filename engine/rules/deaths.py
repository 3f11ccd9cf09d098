"""Phase 5: natural deaths, then Aggression (docs/rules.md, "Phase 5")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.counts import AMOEBAS_PER_COLOUR
from engine.frames import SeatTurn, Stage
from engine.machine import push, step
from engine.rules.combat import KILL_CUBES, aggressors

if TYPE_CHECKING:
    from engine.state import State


@step("phase5")
def _phase5(g: State, frame: Stage) -> None:
    """Descending order, amoebas in number order: 2+ DP (3+ with Life Expectancy) die."""
    g.phase = 5
    g.emit({"type": "phase_started", "round": g.round, "phase": 5})
    for s in g.descending():
        limit = g.death_limit(s)
        for k in g.alive_numbers(s):
            if g.adp[s * AMOEBAS_PER_COLOUR + k - 1] >= limit:
                g.remove_amoeba(s, k, KILL_CUBES, cause="damage")
    push(g, *(SeatTurn.new("aggression", s) for s in aggressors(g)))
