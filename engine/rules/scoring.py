"""Phase 6: the scoring ladder (RULINGS.md, "Scoring ladder")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.genes import progress_cards
from engine.machine import step

if TYPE_CHECKING:
    from engine.state import State

LADDER_END: Final = 50
AMOEBA_ADVANCE: Final = (0, 0, 0, 1, 2, 4, 5, 6)  # by amoebas on the board, 3-4 players
AMOEBA_ADVANCE_5_6: Final = (0, 0, 1, 2, 4, 5, 6, 6)
GENE_ADVANCE: Final = (0, 0, 0, 1, 2, 3, 4)  # by gene cards (advanced 2, Ray Protection 0); 6+ -> 4


def advance_for(g: State, seat: int) -> int:
    table = AMOEBA_ADVANCE if g.n <= 4 else AMOEBA_ADVANCE_5_6
    cards = min(progress_cards(g.genes[seat]), len(GENE_ADVANCE) - 1)
    return table[g.amoeba_count(seat)] + GENE_ADVANCE[cards]


def advance_marker(score: list[int], seat: int, steps: int) -> int:
    """Count only free spaces; stop on the last free space <= 50 when the ladder runs out."""
    pos = score[seat]
    taken = set(score)
    while steps > 0:
        nxt = pos + 1
        while nxt in taken and nxt <= LADDER_END:
            nxt += 1
        if nxt > LADDER_END:
            break
        pos = nxt
        steps -= 1
    score[seat] = pos
    return pos


@step("phase6")
def _phase6(g: State, frame: tuple) -> None:
    g.phase = 6
    g.emit({"type": "phase_started", "round": g.round, "phase": 6})
    for s in g.descending():
        steps = advance_for(g, s)
        before = g.score[s]
        after = advance_marker(g.score, s, steps)
        g.emit(
            {
                "type": "marker_advanced",
                "seat": s,
                "steps": steps,
                "from_space": before,
                "to_space": after,
            }
        )
