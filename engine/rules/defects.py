"""Phase 2: the next environment card, and gene defects from round 2 (docs/rules.md, "Phase 2").

A player whose mutation points exceed the ozone thickness pays the difference, choosing genes
(each worth its MP; Ray Protection given up is worth 4) and BP (1 each), one payment at a time
until covered; overpayment is lost. Who cannot cover it gives up everything that can be given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.decision import Decision
from engine.environment import card_to_dict
from engine.frames import DefectPay, SeatTurn, Stage
from engine.genes import GENE_INDEX, GENES, genes_of, total_mp
from engine.machine import decision, push, step

if TYPE_CHECKING:
    from engine.state import State

DEFECTS_FROM_ROUND: Final = 2


@step("phase2")
def _phase2(g: State, frame: Stage) -> None:
    g.phase = 2
    g.emit({"type": "phase_started", "round": g.round, "phase": 2})
    g._deck_pos += 1
    g.emit({"type": "card_revealed", "card": card_to_dict(g.current_card()), "round": g.round})
    if g.round >= DEFECTS_FROM_ROUND:
        # Double II: one turn per player, for the genes both colours share (docs/rules.md).
        push(g, *(SeatTurn.new("defect", s) for s in g.descending() if g.is_lead(s)))


def defect_value(mask: int) -> int:
    return sum(gene.defect_value for i, gene in enumerate(GENES) if mask >> i & 1)


def return_gene(g: State, seat: int, gene_id: str, reason: str) -> None:
    i = GENE_INDEX[gene_id]
    g.genes[seat] &= ~(1 << i)
    g.gene_supply[i] += 1
    g.emit({"type": "gene_returned", "seat": seat, "gene": gene_id, "reason": reason})


@step("defect")
def _defect(g: State, frame: SeatTurn) -> None:
    seat = frame.seat
    ozone = g.current_card()[1]
    mp = total_mp(g.genes[seat])
    difference = mp - ozone
    if difference <= 0:
        return
    g.emit(
        {"type": "gene_defect", "seat": seat, "mp": mp, "ozone": ozone, "difference": difference}
    )
    if defect_value(g.genes[seat]) + g.bp[seat] <= difference:
        for gene_id in genes_of(g.genes[seat]):
            return_gene(g, seat, gene_id, "gene_defect")
        if g.bp[seat]:
            g.emit({"type": "bp_paid", "seat": seat, "amount": g.bp[seat], "reason": "gene_defect"})
            g.bp[seat] = 0
        return
    push(g, DefectPay.new("defect_pay", seat, difference))


def _legal_defect_pay(g: State, frame: DefectPay) -> Decision:
    seat, remaining = frame.seat, frame.remaining
    actions = [{"type": "pay_bp", "amount": k} for k in range(min(g.bp[seat], remaining), 0, -1)]
    actions.extend({"type": "give_up_gene", "gene": gid} for gid in genes_of(g.genes[seat]))
    return Decision(seat, "pay_defect", actions, {"remaining": remaining})


@decision("defect_pay", _legal_defect_pay)
def _defect_pay(g: State, frame: DefectPay, action: dict) -> None:
    seat, remaining = frame.seat, frame.remaining
    if action["type"] == "pay_bp":
        paid = action["amount"]
        g.bp[seat] -= paid
        g.emit({"type": "bp_paid", "seat": seat, "amount": paid, "reason": "gene_defect"})
    else:
        paid = GENES[GENE_INDEX[action["gene"]]].defect_value
        return_gene(g, seat, action["gene"], "gene_defect")
    remaining -= paid
    if remaining > 0:
        push(g, DefectPay.new("defect_pay", seat, remaining))
    elif remaining < 0:
        g.emit({"type": "overpayment_lost", "seat": seat, "amount": -remaining})
