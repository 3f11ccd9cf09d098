"""The second feature set of the fitted leaf value (``ai.value``, version 2): what the hand
evaluation's terms do not see.

Why: the first fit reweighed only ``ai.evaluation``'s terms (ladder, advances, BP, food within
reach...), which count the food on a field as if nobody else wanted it, know nothing of
attacks, and treat the end of the game as a horizon rather than a race. Each term here is one
number per seat, cheap enough for every leaf of a search (a few dozen microseconds):

- ``feed_contested``: the food each amoeba finds on its field after the rivals have eaten:
  the other colours' cubes against three per mouth, counting the amoebas already there and
  half of every opponent amoeba next door whose colour moves before this one in phase 1
  (``phase1_order``: they arrive first and eat first). Summed over the seat's amoebas.
- ``moves_late``: the seat's place in the phase-1 order (0 first, 1 last): moving last sees
  where the others went but finds less food.
- ``attack_victims``: with Struggle for Survival or Aggression, the opponent amoebas without
  Armor on or next to each own amoeba's field (what an attack could take).
- ``exposure``: own amoebas without Armor on or next to an opponent amoeba that can attack,
  halved with Defense or Escape (what an attack could cost).
- ``rounds_to_finish``: scorings the seat needs to reach the finish zone at its current
  advance (amoeba table of its expected amoebas plus the gene table), capped at the scorings
  left. Taken relative to the opponents, it is the race for the finish: who ends the game,
  and how soon.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ai.evaluation import (
    _AMOEBA_VALUES,
    ADJACENT,
    FINISH_ZONE,
    GENE_VALUE,
    _amoeba_table,
    _feasible,
    gene_stats,
    remaining_scorings,
)
from engine.counts import AMOEBAS_PER_COLOUR
from engine.genes import ARMOR, DEFENSE, ESCAPE, FRUGALITY, HAS_STRUGGLE, PARASITISM, SUBSTITUTION

if TYPE_CHECKING:
    from engine import Game

EXTRA_NAMES: Final = (
    "feed_contested",
    "moves_late",
    "attack_victims",
    "exposure",
    "rounds_to_finish",
)
_FEED_GENES: Final = SUBSTITUTION | FRUGALITY | PARASITISM


def extra_parts(g: Game, amoebas_next: list[float]) -> list[list[float]]:
    """The ``EXTRA_NAMES`` terms of every seat; ``amoebas_next`` is each seat's expected
    amoeba count at the next scoring (``evaluate_parts``' ``amoebas_next``)."""
    n = g.players
    apos = g.apos
    genes = g.genes
    food = g.food
    scores = g.scores
    rem = remaining_scorings(g)
    order = g.phase1_order()
    place = [0] * n
    for i, s in enumerate(order):
        place[s] = i
    # Who stands where: per field, the amoebas of each seat.
    on: dict[int, list[int]] = {}
    for s in range(n):
        base = s * AMOEBAS_PER_COLOUR
        for k in range(AMOEBAS_PER_COLOUR):
            f = apos[base + k]
            if f >= 0:
                on.setdefault(f, []).append(s)
    values = _AMOEBA_VALUES[n]
    out: list[list[float]] = []
    for s in range(n):
        fg = genes[s] & _FEED_GENES
        attacker = bool(genes[s] & HAS_STRUGGLE)
        shield = 0.0 if genes[s] & ARMOR else (0.5 if genes[s] & (DEFENSE | ESCAPE) else 1.0)
        contested = victims = exposure = 0.0
        for f, seats in on.items():
            mine = seats.count(s)
            if not mine:
                continue
            near = list(seats)
            for a in ADJACENT[f]:
                near.extend(on.get(a, ()))
            cubes = tuple(food[f * n : f * n + n])
            if _feasible(cubes, n, s, fg):
                early = sum(1 for o in near if o != s and place[o] < place[s])
                mouths = len(seats) + 0.5 * early
                share = (sum(cubes) - cubes[s]) / (3.0 * mouths)
                contested += mine * min(share, 1.0)
            if attacker:
                victims += mine * sum(1 for o in near if o != s and not genes[o] & ARMOR)
            if shield:
                threats = sum(1 for o in near if o != s and genes[o] & HAS_STRUGGLE)
                exposure += mine * min(threats, 2) * shield
        advance = (
            _amoeba_table(amoebas_next[s], values) + GENE_VALUE[min(gene_stats(genes[s])[1], 6)]
        )
        rounds = max(FINISH_ZONE - scores[s], 0) / max(advance, 0.5)
        out.append(
            [
                contested,
                place[s] / max(n - 1, 1),
                victims,
                exposure,
                min(rounds, float(rem)),
            ]
        )
    return out
