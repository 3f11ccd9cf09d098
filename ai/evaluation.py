"""A fast hand-written evaluation of an Ursuppe position, shared by GreedyBot and MctsBot.

Why projected ladder points: the winner is the furthest marker, and a marker advances each
round by a table of amoebas on the board and gene cards held. So a position is worth, for each
seat, its ladder space plus the advance it can expect in the scorings still to come, corrected
for what will change that advance: amoebas about to die (damage points, no food within reach),
BP that will become amoebas or genes, gene abilities, and gene defects the remaining ozone cards
threaten. Everything here reads only public information: the multiset of undrawn environment
cards is known (all cards minus the revealed ones), their order is not and is never used.

The numbers are hand-tuned, not fitted; they are meant to be cheap (tens of microseconds), so
that search can call them at every leaf.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from engine import feeding_patterns
from engine.board import FIELD_COUNT, NEIGHBOUR
from engine.counts import AMOEBAS_PER_COLOUR, PLAYER_COUNTS
from engine.genes import (
    DIVISION_RATE,
    FRUGALITY,
    GENES,
    HOLDING,
    MASK_BITS,
    MOVEMENT_1,
    MOVEMENT_2,
    PARASITISM,
    STREAMLINING,
    SUBSTITUTION,
)

if TYPE_CHECKING:
    from engine import Game
    from engine.environment import Card

# DEST[field][direction 0..3] -> field after one step (an obstacle leaves it in place).
DEST: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i if f < 0 else f for f in row) for i, row in enumerate(NEIGHBOUR)
)
ADJACENT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted({d for d in row if d != i})) for i, row in enumerate(DEST)
)

GENE_IDS: Final[tuple[str, ...]] = tuple(g.id for g in GENES)
_MP: Final = tuple(g.mp for g in GENES)
_PROGRESS: Final = tuple(g.progress for g in GENES)

GENE_ADVANCE: Final = (0, 0, 0, 1, 2, 3, 4)
# The tables as the evaluation uses them: the printed tables pay nothing below 3 amoebas or 3
# genes, so a one-step search would never buy the first genes or rebuild from one amoeba (each
# step alone gains nothing). The first steps are credited with a share of what they lead to.
# (Greedy vs 3 random: printed tables 80%, these 93%, 1000 games each; docs/ai.md.)
AMOEBA_VALUE: Final[tuple[float, ...]] = (0.0, 0.4, 0.8, 1.3, 2.2, 3.9, 5.0, 6.0)
GENE_VALUE: Final[tuple[float, ...]] = (0.0, 0.35, 0.7, 1.2, 2.0, 3.0, 4.0)
FINISH_ZONE: Final = 41

# What a gene's ability is worth per remaining round, in ladder points (hand-tuned guesses;
# progress and mutation points are counted separately).
_ABILITY: Final = {
    "intelligence": 0.0,
    "movement_1": 0.25,
    "spores": 0.15,
    "speed": 0.2,
    "defense": 0.15,
    "escape": 0.15,
    "substitution": 0.35,
    "ray_protection": 0.1,
    "streamlining": 0.25,
    "tentacle": 0.15,
    "holding": 0.2,
    "life_expectancy": 0.5,
    "frugality": 0.45,
    "struggle_for_survival": 0.2,
    "parasitism": 0.3,
    "division_rate": 0.45,
    "persistence": 0.3,
    "movement_2": 0.45,
    "aggression": 0.3,
    "armor": 0.35,
}
_ABILITY_BY_INDEX: Final = tuple(_ABILITY.get(gid, 0.0) for gid in GENE_IDS)


def _mask_sum(mask: int, table: tuple) -> float:
    total = 0.0
    i = 0
    while mask:
        if mask & 1:
            total += table[i]
        mask >>= 1
        i += 1
    return total


_MASK_CACHE: Final[dict[int, tuple[int, int, float]]] = {}


def gene_stats(mask: int) -> tuple[int, int, float]:
    """(mutation points, progress cards, ability value per round) of a gene mask, cached."""
    hit = _MASK_CACHE.get(mask)
    if hit is None:
        hit = (
            int(_mask_sum(mask, _MP)),
            int(_mask_sum(mask, _PROGRESS)),
            float(_mask_sum(mask, _ABILITY_BY_INDEX)),
        )
        _MASK_CACHE[mask] = hit
    return hit


def _patterns(players: int, genes: int) -> tuple[tuple[int, ...], ...]:
    """Feeding patterns (cubes of the other colours, largest first) the genes allow.

    The engine's own patterns (``engine.feeding_patterns``, so every player count is
    covered), with one approximation: a parasitic pattern counts as available, since a victim
    is usually around when it matters.
    """
    return tuple(sorted({p for p, _parasitic in feeding_patterns(players, genes & _FEED_GENES)}))


_PATTERN_CACHE: Final[dict[tuple[int, int], tuple[tuple[int, ...], ...]]] = {}
_FEED_CACHE: Final[dict[int, bool]] = {}
_FEED_GENES: Final = SUBSTITUTION | FRUGALITY | PARASITISM


def _cube_code(cubes: tuple[int, ...]) -> int:
    """The cubes of one field as one int (6 bits a colour: at most 55 cubes of a colour)."""
    code = 0
    for c in cubes:
        code = code * 64 + c
    return code


def _feasible(cubes: tuple[int, ...], n: int, seat: int, feed_genes: int) -> bool:
    return _feasible_coded(_cube_code(cubes), cubes, n, seat, feed_genes)


def _feasible_coded(code: int, cubes: tuple[int, ...], n: int, seat: int, feed_genes: int) -> bool:
    """Whether ``seat`` can eat ``cubes``; cached under an int key (no tuple hashing: this
    is the evaluation's most frequent call). A gene mask uses the bits below
    ``1 << MASK_BITS`` (``engine.genes``), so it is packed below them."""
    key = (((code * 8 + n) * 8 + seat) << MASK_BITS) | feed_genes
    hit = _FEED_CACHE.get(key)
    if hit is not None:
        return hit
    pats = _PATTERN_CACHE.get((n, feed_genes))
    if pats is None:
        pats = _PATTERN_CACHE[(n, feed_genes)] = _patterns(n, feed_genes)
    others = sorted((cubes[c] for c in range(n) if c != seat), reverse=True)
    result = any(all(need <= have for need, have in zip(p, others, strict=False)) for p in pats)
    if len(_FEED_CACHE) > 500_000:
        _FEED_CACHE.clear()
    _FEED_CACHE[key] = result
    return result


def can_feed(food: list[int], n: int, seat: int, field: int, genes: int) -> bool:
    """Whether an amoeba of ``seat`` could eat on ``field`` with the cubes there now."""
    base = field * n
    return _feasible(tuple(food[base : base + n]), n, seat, genes & _FEED_GENES)


def remaining_scorings(g: Game) -> int:
    """Phase-6 scorings still to come, the current round's included (0 when over)."""
    if g.pending is None:
        return 0
    left = g.cards_left
    if g.round >= 1 and g.phase >= 2:
        left += 1
    return left


_UNDRAWN_CACHE: Final[dict[tuple, tuple[list[float], list[int]]]] = {}


def _undrawn(g: Game) -> tuple[list[float], list[int]]:
    """(drift weights [W, N, E, S, none], ozones) of the undrawn cards, cached by their
    multiset: it is public, the order is not (and the engine does not give it)."""
    undrawn = g.undrawn_cards()
    key = tuple(undrawn)
    hit = _UNDRAWN_CACHE.get(key)
    if hit is None:
        counts = undrawn_drifts(undrawn)
        total = sum(counts) or 1
        hit = ([c / total for c in counts], undrawn_ozones(undrawn))
        if len(_UNDRAWN_CACHE) > 10_000:
            _UNDRAWN_CACHE.clear()
        _UNDRAWN_CACHE[key] = hit
    return hit


def undrawn_drifts(undrawn: list[Card]) -> list[int]:
    """Drift counts [W, N, E, S, none] over the undrawn cards (``Game.undrawn_cards``)."""
    counts = [0, 0, 0, 0, 0]
    for d, _ozone in undrawn:
        counts[d if 0 <= d <= 3 else 4] += 1
    return counts


def undrawn_ozones(undrawn: list[Card]) -> list[int]:
    """Ozone values of the undrawn cards (``Game.undrawn_cards``)."""
    return [ozone for _drift, ozone in undrawn]


def _amoeba_values(players: int) -> tuple[float, ...]:
    """``AMOEBA_VALUE`` (made for the 3-4 player table) moved to where the player count's
    printed table starts paying: the 5-6 table pays one amoeba earlier (docs/rules.md)."""
    table = PLAYER_COUNTS[players].amoeba_advance
    shift = 3 - next(k for k, v in enumerate(table) if v)
    last = len(AMOEBA_VALUE) - 1
    return (0.0, *(AMOEBA_VALUE[min(k + shift, last)] for k in range(1, last + 1)))


_AMOEBA_VALUES: Final = {n: _amoeba_values(n) for n in PLAYER_COUNTS}


def _amoeba_table(count: float, values: tuple[float, ...]) -> float:
    """The amoeba table (as valued here), interpolated for an expected (fractional) count."""
    if count <= 0:
        return 0.0
    if count >= 7:
        return values[7]
    lo = int(count)
    return values[lo] + (count - lo) * (values[lo + 1] - values[lo])


class _Food:
    """What one evaluation reads about the food on every field, computed once per call."""

    __slots__ = ("n", "cubes", "codes", "crowd", "totals", "area")

    def __init__(self, g: Game) -> None:
        n = g.players
        food = g.food
        self.n = n
        self.cubes = [tuple(food[b : b + n]) for b in range(0, FIELD_COUNT * n, n)]
        self.codes = [_cube_code(c) for c in self.cubes]
        self.totals = [sum(c) for c in self.cubes]
        crowd = [0] * FIELD_COUNT
        for f in g.apos:
            if f >= 0:
                crowd[f] += 1
        self.crowd = crowd
        self.area: dict[tuple[int, int], float] = {}


def _reach(food: _Food, f: int, s: int, fg: int, arriving: int) -> float:
    """The chance an amoeba of ``s`` eats on ``f``: feasible at all, then food per mouth
    (cubes of the other colours against 3 per amoeba there, ``arriving`` included)."""
    cubes = food.cubes[f]
    if not _feasible_coded(food.codes[f], cubes, food.n, s, fg):
        return 0.0
    mouths = food.crowd[f] + arriving
    other = food.totals[f] - cubes[s]
    r = other / (3.0 * mouths) if mouths else 1.0
    return r if r < 1.0 else 1.0


def _area(food: _Food, f: int, s: int, fg: int) -> float:
    """Food within two steps, for feedings after the next one: the mean reach of the field
    and its neighbours (food moves, amoebas drift; this is what the region offers)."""
    key = (f, s)
    hit = food.area.get(key)
    if hit is None:
        tot = _reach(food, f, s, fg, 0)
        adj = ADJACENT[f]
        for a in adj:
            tot += _reach(food, a, s, fg, 1)
        hit = food.area[key] = tot / (1 + len(adj))
    return hit


def evaluate(g: Game) -> list[float]:
    """Projected final ladder points per seat (higher is better), from public information."""
    if g.pending is None:
        return [float(s) for s in g.scores]
    return _project(g, None)


# The terms of one seat's projection, in the order ``evaluate_parts`` gives them.
PART_NAMES: Final = (
    "score",
    "gene_advance",
    "amoeba_advance",
    "bp",
    "abilities",
    "feeding",
    "defects",
    "amoebas_now",
    "amoebas_next",
    "bp_raw",
    "progress_cards",
)


def evaluate_parts(g: Game) -> tuple[list[float], list[list[float]]]:
    """``evaluate`` and the terms behind it, per seat (``PART_NAMES``), for a fitted value
    (``ai.value``) that weighs them by the stage of the game instead of one hand-set way.
    Only for a game that is not over."""
    parts: list[list[float]] = []
    totals = _project(g, parts)
    return totals, parts


def _project(g: Game, parts: list[list[float]] | None) -> list[float]:
    """``evaluate`` for a game in progress; appends each seat's terms to ``parts`` if given."""
    n = g.players
    score = g.scores
    rem = remaining_scorings(g)
    apos, adp, bp, genes_l = g.apos, g.adp, g.bp, g.genes
    phase = g.phase if g.round >= 1 else 0
    this_round_pending = g.round >= 1 and phase <= 5
    # Drift distribution for the next feeding: the current card during phase 1, else unknown.
    if phase == 1:
        d = g.current_card()[0]
        drift_w = [0.0] * 5
        drift_w[d if 0 <= d <= 3 else 4] = 1.0
        ozones = _undrawn(g)[1]
    else:
        drift_w, ozones = _undrawn(g)

    fields = _Food(g)

    # Phase 1: which amoebas still have to move and feed this round; the others have fed
    # already and face their next feeding next round.
    to_feed = g.amoebas_to_feed() if phase == 1 else None
    # Scorings still to come and how many phase-1 feedings precede the first of them.
    first_k = 0 if this_round_pending else 1
    horizon_cap = rem

    count_l: list[list[float]] = []
    extras: list[float] = []
    for s in range(n):
        genes = genes_l[s]
        mp, progress, ability = gene_stats(genes)
        limit = g.death_limit(s)  # Life Expectancy, or the decoy's (docs/rules.md)
        can_move = bp[s] >= 1 or bool(genes & STREAMLINING)
        counts = [0.0] * (horizon_cap + 1)
        feed_sum = 0.0
        base = s * AMOEBAS_PER_COLOUR
        fg = genes & _FEED_GENES
        pcache: dict[int, float] = {}
        for k in range(AMOEBAS_PER_COLOUR):
            f = apos[base + k]
            if f < 0:
                continue
            dp = adp[base + k]
            if dp >= limit and this_round_pending:
                continue  # dies in the coming phase 5
            p = pcache.get(f)
            if p is None:
                dest = DEST[f]
                ok_here = _reach(fields, f, s, fg, 0)
                ok0 = _reach(fields, dest[0], s, fg, dest[0] != f)
                ok1 = _reach(fields, dest[1], s, fg, dest[1] != f)
                ok2 = _reach(fields, dest[2], s, fg, dest[2] != f)
                ok3 = _reach(fields, dest[3], s, fg, dest[3] != f)
                p = (
                    drift_w[4] * ok_here
                    + drift_w[0] * ok0
                    + drift_w[1] * ok1
                    + drift_w[2] * ok2
                    + drift_w[3] * ok3
                )
                if genes & HOLDING and ok_here > p:
                    p = ok_here
                elif can_move:
                    n_ok = ok0 + ok1 + ok2 + ok3
                    any_ok = max(ok_here, ok0, ok1, ok2, ok3)
                    if genes & MOVEMENT_2:
                        p_move = any_ok
                    else:
                        q = (n_ok + ok_here + any_ok) / 6.0
                        p_move = 1 - (1 - q) * (1 - q) if genes & MOVEMENT_1 else q
                    if p_move * 0.97 > p:
                        p = p_move * 0.97
                pcache[f] = p
            feed_sum += p
            k0 = first_k if to_feed is None else int((s, k + 1) in to_feed)
            reach = _area(fields, f, s, fg)
            p_later = LATER_BASE + LATER_AREA * reach + LATER_NOW * p
            alive = _alive(limit - dp, k0, p, p_later, horizon_cap)
            for t in range(horizon_cap):
                counts[t] += alive[t]
        count_l.append(counts)
        # BP become amoebas and genes while there are rounds left to use them.
        buys_left = rem if phase <= 4 else rem - 1
        bp_value = 0.05 + 0.045 * min(max(buys_left, 0), 5)
        if genes & DIVISION_RATE:
            bp_value *= 1.15
        bp_part = bp[s] * bp_value
        ability_part = ability * min(rem, 6) * 0.5
        feed_part = 0.15 * feed_sum * min(rem, 3) / 3
        extra = bp_part
        extra += ability_part
        extra += feed_part
        # Expected gene defects in the phase-2s still to come.
        defect_part = 0.0
        if ozones and mp > 0:
            draws = rem - 1 if phase >= 2 else rem
            if g.round == 0:
                draws = rem - 1
            if draws > 0:
                exp_over = sum(max(0, mp - oz) for oz in ozones) / len(ozones)
                defect_part = exp_over * draws * 0.3
                extra -= defect_part
        extras.append(extra)
        if parts is not None:
            alive_now = 0.0
            for k in range(AMOEBAS_PER_COLOUR):
                if apos[base + k] >= 0:
                    alive_now += 1.0
            parts.append(
                [
                    float(score[s]),
                    0.0,  # gene advance and amoeba advance: filled in below
                    0.0,
                    bp_part,
                    ability_part,
                    feed_part,
                    defect_part,
                    alive_now,
                    counts[0] if horizon_cap > 0 else alive_now,
                    float(bp[s]),
                    float(progress),
                ]
            )

    # The game ends early when a marker reaches the finish zone.
    gene_adv_l = [GENE_VALUE[min(gene_stats(genes_l[s])[1], 6)] for s in range(n)]
    values = _AMOEBA_VALUES[n]
    rounds_to_finish = rem
    # A decoy that does not score never leaves its start space (docs/rules.md, "Decoy").
    frozen = g.decoy if g.decoy >= 0 and not g.decoy_scores else -1
    for s in range(n):
        if s == frozen:
            continue
        c = count_l[s]
        a = max(_amoeba_table(c[1] if horizon_cap > 1 else c[0], values) + gene_adv_l[s], 1.0)
        r = math.ceil(max(FINISH_ZONE - score[s], 0) / a)
        if r < rounds_to_finish:
            rounds_to_finish = max(r, 1)
    horizon = min(rem, rounds_to_finish)
    out = []
    for s in range(n):
        if s == frozen:
            out.append(float(score[s]))
            continue  # its parts keep 0 for both advances
        c = count_l[s]
        proj = score[s] + horizon * gene_adv_l[s]
        amoebas = 0.0
        for t in range(horizon):
            a = _amoeba_table(c[t], values)
            proj += a
            amoebas += a
        out.append(proj + extras[s])
        if parts is not None:
            parts[s][1] = horizon * gene_adv_l[s]
            parts[s][2] = amoebas
    if g.lead is not None:
        _per_player(g, out, [score[s] + horizon * gene_adv_l[s] for s in range(n)])
    return out


def _per_player(g: Game, out: list[float], shared: list[float]) -> None:
    """Double II (docs/rules.md): a player's colours share one marker and one gene table, so
    each colour is valued at its player's projection: the colours' projections added, the
    shared part (ladder space and gene advance) counted once."""
    lead = g.lead
    assert lead is not None
    totals: dict[int, float] = {}
    for s in range(len(out)):
        p = lead[s]
        totals[p] = totals.get(p, shared[p]) + out[s] - shared[s]
    for s in range(len(out)):
        out[s] = totals[lead[s]]


# Feed chance of the feedings after the next one: partly the food around now, partly the
# region (two steps), partly a base rate (food is excreted and moves every round).
LATER_BASE: Final = 0.25
LATER_AREA: Final = 0.45
LATER_NOW: Final = 0.3

_ALIVE_CACHE: Final[dict[tuple, tuple[float, ...]]] = {}


def _alive(lives: int, k0: int, p: float, p_later: float, horizon: int) -> tuple[float, ...]:
    """P(alive at each of the next ``horizon`` scorings) of an amoeba that dies at its
    ``lives``-th starvation, with ``k0`` feedings before the first scoring and one before
    each later scoring; the first feeding succeeds with ``p``, later ones with ``p_later``."""
    pb = int(p * 20 + 0.5)
    lb = int(p_later * 20 + 0.5)
    key = (lives, k0, pb, lb, horizon)
    hit = _ALIVE_CACHE.get(key)
    if hit is not None:
        return hit
    if lives <= 0:
        hit = (0.0,) * horizon
    else:
        # dist[j] = P(j starvations so far), j < lives (alive states)
        dist = [1.0] + [0.0] * (lives - 1)
        out = []
        fed = 0
        for t in range(horizon):
            steps = k0 if t == 0 else 1
            for _ in range(steps):
                ps = pb / 20 if fed == 0 else lb / 20
                fed += 1
                new = [0.0] * lives
                for j, w in enumerate(dist):
                    new[j] += w * ps
                    if j + 1 < lives:
                        new[j + 1] += w * (1 - ps)
                dist = new
            out.append(sum(dist))
        hit = tuple(out)
    _ALIVE_CACHE[key] = hit
    return hit


def win_probabilities(values: list[float], rem: int) -> list[float]:
    """Softmax of projected points into rough win chances: sharper as the game nears its end."""
    temp = 1.5 + 0.9 * rem
    top = max(values)
    exps = [math.exp((v - top) / temp) for v in values]
    total = sum(exps)
    return [e / total for e in exps]


def rewards(g: Game) -> list[float]:
    """Per-seat rewards in [0, 1] for search: the win (plus a little rank) when over, else
    estimated win chances from ``evaluate``."""
    n = g.players
    if g.pending is None:
        ranking = g.ranking()
        out = [0.0] * n
        for place, seat in enumerate(ranking):
            out[seat] = (1.0 if place == 0 else 0.0) * 0.9 + 0.1 * (n - 1 - place) / (n - 1)
        return out
    probs = win_probabilities(evaluate(g), remaining_scorings(g))
    return probs
