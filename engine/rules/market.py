"""Phase 3: buying genes (docs/rules.md, "Phase 3"): descending order, one turn each, any number
of purchases closed by "done"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.decision import Decision
from engine.frames import SeatTurn, Stage
from engine.genes import ADVANCED_OF, BIT, GENE_INDEX, GENES
from engine.machine import decision, push, step
from engine.rules.defects import return_gene

if TYPE_CHECKING:
    from engine.state import State


@step("phase3")
def _phase3(g: State, frame: Stage) -> None:
    g.phase = 3
    g.emit({"type": "phase_started", "round": g.round, "phase": 3})
    # Double II: one buying turn per player, for both colours (docs/rules.md).
    push(g, *(SeatTurn.new("buy", s) for s in g.descending() if g.is_lead(s)))


def buy_actions(g: State, seat: int) -> list[dict]:
    """Every purchase the seat may make now.

    No two copies, no gene with its lower gene, no lower gene while the advanced one is held;
    an advanced gene gives up a lower gene acquired in an earlier round (Armor: Defense or
    Escape, the buyer's choice).
    """
    held, fresh, bp = g.genes[seat], g.new_genes[seat], g.bp[seat]
    actions = []
    for i, gene in enumerate(GENES):
        bit = 1 << i
        if held & bit or g.gene_supply[i] <= 0 or gene.price > bp:
            continue
        if held & ADVANCED_OF.get(bit, 0):
            continue
        if gene.replaces:
            for low in gene.replaces:
                if held & BIT[low] and not fresh & BIT[low]:
                    actions.append({"type": "buy", "gene": gene.id, "give_up": low})
        else:
            actions.append({"type": "buy", "gene": gene.id})
    return actions


def _legal_buy(g: State, frame: SeatTurn) -> Decision | None:
    seat = frame.seat
    purchases = buy_actions(g, seat)
    if not purchases:
        return None
    return Decision(seat, "buy_genes", [{"type": "done"}, *purchases], {"bp": g.bp[seat]})


@decision("buy", _legal_buy)
def _buy(g: State, frame: SeatTurn, action: dict) -> None:
    if action["type"] == "done":
        return
    seat = frame.seat
    i = GENE_INDEX[action["gene"]]
    gene = GENES[i]
    g.bp[seat] -= gene.price
    g.gene_supply[i] -= 1
    g.genes[seat] |= 1 << i
    g.new_genes[seat] |= 1 << i
    g.emit({"type": "gene_bought", "seat": seat, "gene": gene.id, "price": gene.price})
    if "give_up" in action:
        return_gene(g, seat, action["give_up"], "upgraded")
        # No gene together with a lower gene (docs/rules.md; DE: "Man darf nicht zugleich ein Gen
        # und seine Vorgängergene besitzen"): Armor bought by a holder of both Defense and
        # Escape returns the one that did not pay for it as well.
        for low in gene.replaces:
            if g.genes[seat] & BIT[low]:
                return_gene(g, seat, low, "lower_gene_of_advanced")
    push(g, frame)
