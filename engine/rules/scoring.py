"""Phase 6: the scoring ladder (docs/rules.md, "Phase 6" and "End")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.counts import PLAYER_COUNTS
from engine.frames import Stage
from engine.genes import progress_cards
from engine.machine import step

if TYPE_CHECKING:
    from engine.state import State

LADDER_END: Final = 50
GENE_ADVANCE: Final = (0, 0, 0, 1, 2, 3, 4)  # by gene cards (advanced 2, Ray Protection 0); 6+ -> 4


def advance_for(g: State, seat: int) -> int:
    """The amoeba table plus the gene table; in Double II [ES] "Un jugador puntúa por el
    número de amebas en cada uno de sus colores más una vez la puntuación por sus genes"."""
    table = PLAYER_COUNTS[g.n].amoeba_advance  # by amoebas on the board
    cards = min(progress_cards(g.genes[seat]), len(GENE_ADVANCE) - 1)
    if g.lead is None:
        return table[g.amoeba_count(seat)] + GENE_ADVANCE[cards]
    mine = [c for c in range(g.n) if g.lead[c] == g.lead[seat]]
    return sum(table[g.amoeba_count(c)] for c in mine) + GENE_ADVANCE[cards]


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
def _phase6(g: State, frame: Stage) -> None:
    g.phase = 6
    g.emit({"type": "phase_started", "round": g.round, "phase": 6})
    for s in g.descending():
        if s == g.decoy and not g.decoy_scores:
            continue  # a decoy that does not score stays on its start space
        if not g.is_lead(s):
            continue  # Double II: one marker per player, moved once for both colours
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
