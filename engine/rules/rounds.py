"""A round's frame: its six phases, then the end check (docs/rules.md, "Phase 6" and "End")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.frames import Stage
from engine.machine import push, step

if TYPE_CHECKING:
    from engine.state import State

FINISH_ZONE: Final = 41
_ROUND: Final = tuple(Stage.new(op) for op in ("phase1", "phase2", "phase3", "phase4", "phase5",
                                           "phase6", "round_end"))  # fmt: skip


@step("round")
def _round(g: State, frame: Stage) -> None:
    g.round += 1
    g.new_genes = g.shared([0] * g.n)
    g.emit({"type": "round_started", "round": g.round})
    push(g, *_ROUND)


@step("round_end")
def _round_end(g: State, frame: Stage) -> None:
    """The game ends after phase 6 if a marker is in 41..50, or after the last card's round."""
    reached = any(s >= FINISH_ZONE for s in g.score)
    if reached or g._deck_pos >= len(g._deck):
        g.over = True
        g.phase = 0
        g.emit(
            {
                "type": "game_ended",
                "reason": "finish_zone" if reached else "deck_exhausted",
                "ranking": g.ranking(),
                "scores": list(g.score),
            }
        )
        return
    push(g, Stage.new("round"))
