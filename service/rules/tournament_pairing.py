"""Pairing of tournament rounds (docs/tournaments.md, "Pairing"): pure functions, no I/O.

**Swiss for tables.** The entrants are ordered by score, then rating, then id. The
round's table sizes come from ``table_sizes``: tables of the game's size, and when the
count does not divide, tables one or more seats smaller (down to ``smallest``, the
smallest table the tournament's game allows) instead; only when even that is impossible
do the remaining entrants get byes. Byes go to the entrants with the fewest byes so far,
among them the lowest in the order. Then the seated entrants are split into tables so
that, first, as few pairs as possible meet again (each earlier meeting of a pair at one
table counts once), and second, the sum over the tables of the score spread (best score
minus worst score at the table) is as small as possible; the bigger tables go to the top
of the order. Up to ``EXACT_MAX`` seated entrants the split is the best one (an exhaustive
search with bounds); beyond, a greedy split down the order that skips players already met,
improved by swaps between nearby tables, which is within a second for 1,000 entrants.

**Round robin** (``round_robin``): a schedule fixed at the start. For two-player tables
the circle method: every pair meets exactly once per cycle. For bigger tables every round
is the split with the fewest repeated meetings given the rounds before, until every pair
has met (or for the rounds asked for).

**Arena** (``arena_tables``): of the players waiting, the longest waiting are seated,
as many full tables as they make, by the Swiss split (score order, apart from whom they
met in their last game); the others wait for the next game to end.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

#: Up to this many seated entrants the split is found by exhaustive search.
EXACT_MAX = 12
#: How far down the order the greedy split looks for a player not yet met.
WINDOW = 4
#: How many tables apart the improving swaps look.
SWAP_REACH = 3
#: Improving passes at most (each pass stops early when nothing improves).
SWAP_PASSES = 4


@dataclass(frozen=True)
class Entrant:
    """An entrant as pairing sees them."""

    id: str
    score: Fraction | float = 0
    rating: float = 1500.0
    byes: int = 0


@dataclass
class Pairing:
    """A round: its tables (entrant ids, in seating order) and its byes."""

    tables: list[list[str]]
    byes: list[str] = field(default_factory=list)
    #: Pairs at one table that had met before (each earlier meeting counted).
    repeats: int = 0
    #: The sum over the tables of the best score minus the worst.
    spread: float = 0.0


def table_sizes(count: int, size: int, smallest: int | None = None) -> tuple[list[int], int]:
    """The table sizes (largest first) and the number of byes for ``count`` entrants at
    tables of ``size`` where tables down to ``smallest`` seats are allowed (``size`` when
    None): as few tables as hold everyone, sizes as even as possible; byes only when no
    such split exists, as few as make one."""
    smallest = size if smallest is None else smallest
    if not 1 <= smallest <= size:  # 1: the service's bots fill the other seats
        raise ValueError("1 <= smallest <= size")
    for byes in range(count + 1):
        seated = count - byes
        if seated == 0:
            return [], byes
        tables = -(-seated // size)
        base, extra = divmod(seated, tables)
        if base >= smallest:
            return [base + 1] * extra + [base] * (tables - extra), byes
    return [], count  # unreachable: seated == 0 returns


def order(entrants: Sequence[Entrant]) -> list[Entrant]:
    """The standing order pairing uses: score, then rating, best first, then id. The
    scores are compared exactly, as whole numbers over their common denominator (quicker
    to sort than fractions)."""
    exact = [Fraction(e.score) for e in entrants]
    scale = math.lcm(*(score.denominator for score in exact)) if exact else 1
    keys = {e.id: -(score.numerator * (scale // score.denominator))
            for e, score in zip(entrants, exact, strict=True)}  # fmt: skip
    return sorted(entrants, key=lambda e: (keys[e.id], -e.rating, e.id))


def choose_byes(entrants: Sequence[Entrant], count: int) -> list[Entrant]:
    """The ``count`` entrants who sit out: the fewest byes so far, then the lowest in the
    order."""
    if count <= 0:
        return []
    ranked = order(entrants)
    position = {e.id: i for i, e in enumerate(ranked)}
    return sorted(ranked, key=lambda e: (e.byes, -position[e.id]))[:count]


def swiss(
    entrants: Sequence[Entrant],
    size: int,
    met: Mapping[frozenset[str], int] | None = None,
    *,
    smallest: int | None = None,
) -> Pairing:
    """One Swiss round (module docstring) of ``entrants`` at tables of ``size`` (down
    to ``smallest``), ``met`` counting the earlier meetings of each pair."""
    met = met or {}
    sizes, bye_count = table_sizes(len(entrants), size, smallest)
    byes = choose_byes(entrants, bye_count)
    bye_ids = {e.id for e in byes}
    seated = order([e for e in entrants if e.id not in bye_ids])
    groups, (repeats, spread) = split(seated, sizes, met)
    tables = [[e.id for e in group] for group in groups]
    return Pairing(tables, [e.id for e in byes], repeats, spread)


def _cost(groups: Sequence[Sequence[Entrant]], field_: _Field) -> tuple[int, float]:
    """(repeated meetings, score spread) of a split."""
    repeats = 0
    spread = 0.0
    for group in groups:
        r, s = field_.table_cost(group)
        repeats += r
        spread += s
    return repeats, spread


class _Field:
    """The entrants of one split as its search reads them, prepared once: each one's
    score as a float and, for each, how often they met each other entrant (a lookup by
    id, not by pair), so that a table's cost and a swap's change cost no allocation."""

    def __init__(self, entrants: Sequence[Entrant], met: Mapping[frozenset[str], int]) -> None:
        self.score = {e.id: float(e.score) for e in entrants}
        self.met: dict[str, dict[str, int]] = {e.id: {} for e in entrants}
        for pair, times in met.items():
            if times and len(pair) == 2:
                a, b = pair
                if a in self.met and b in self.met:
                    self.met[a][b] = times
                    self.met[b][a] = times

    def repeats_with(self, entrant: Entrant, group: Sequence[Entrant]) -> int:
        """How often ``entrant`` met the others of ``group`` before (``entrant`` itself,
        in it or not, adds nothing)."""
        met = self.met[entrant.id]
        return sum(met.get(other.id, 0) for other in group) if met else 0

    def table_cost(self, group: Sequence[Entrant]) -> tuple[int, float]:
        """(repeats, spread) of one table."""
        repeats = sum(self.repeats_with(e, group) for e in group) // 2
        scores = [self.score[e.id] for e in group]
        return repeats, (max(scores) - min(scores)) if scores else 0.0


def split(
    ranked: Sequence[Entrant], sizes: Sequence[int], met: Mapping[frozenset[str], int]
) -> tuple[list[list[Entrant]], tuple[int, float]]:
    """Split ``ranked`` (in standing order) into tables of ``sizes``: exhaustive up to
    ``EXACT_MAX``, else greedy with improving swaps; each table in standing order, the
    tables in the order of their best entrant. Also the split's (repeats, spread)."""
    if not sizes:
        return [], (0, 0.0)
    field_ = _Field(ranked, met)
    greedy = _greedy(ranked, sizes, field_)
    _improve(greedy, field_)
    if len(ranked) <= EXACT_MAX:
        best = _exact(ranked, sizes, field_, _cost(greedy, field_))
        if best is not None:
            greedy = best
    position = {e.id: i for i, e in enumerate(ranked)}
    tables = [sorted(group, key=lambda e: position[e.id]) for group in greedy]
    tables.sort(key=lambda group: position[group[0].id])
    return tables, _cost(tables, field_)


def _greedy(ranked: Sequence[Entrant], sizes: Sequence[int], field_: _Field) -> list[list[Entrant]]:
    left = list(ranked)
    tables: list[list[Entrant]] = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best_index, best_key = 0, None
            for index, candidate in enumerate(left[: WINDOW + size]):
                repeats = field_.repeats_with(candidate, table)
                key = (repeats, index)
                if best_key is None or key < best_key:
                    best_index, best_key = index, key
                if repeats == 0:
                    break
            table.append(left.pop(best_index))
        tables.append(table)
    return tables


def _improve(tables: list[list[Entrant]], field_: _Field) -> None:
    """Swap players between tables at most ``SWAP_REACH`` apart while a swap lowers
    (repeats, spread) of the two tables together."""
    costs = [field_.table_cost(t) for t in tables]
    for _pass in range(SWAP_PASSES):
        improved = False
        for i in range(len(tables)):
            if costs[i] == (0, 0.0):
                continue
            for j in range(max(0, i - SWAP_REACH), min(len(tables), i + SWAP_REACH + 1)):
                if j == i:
                    continue
                if _best_swap(tables, costs, i, j, field_):
                    improved = True
                    if costs[i] == (0, 0.0):
                        break
        if not improved:
            return


def _best_swap(
    tables: list[list[Entrant]], costs: list[tuple[int, float]], i: int, j: int, field_: _Field
) -> bool:
    """The swap of one player of table ``i`` with one of table ``j`` that lowers their
    (repeats, spread) the most, made; False when none does. Each candidate's cost comes
    from the tables' costs without the leaving player and with the arriving one, the same
    numbers a table's cost gives."""
    a_table, b_table = tables[i], tables[j]
    now = (costs[i][0] + costs[j][0], costs[i][1] + costs[j][1])
    a_out, a_in, a_rest = _swap_terms(a_table, b_table, costs[i][0], field_)
    b_out, b_in, b_rest = _swap_terms(b_table, a_table, costs[j][0], field_)
    best = None
    for x, a in enumerate(a_table):
        a_met = field_.met[a.id]
        a_score = field_.score[a.id]
        a_high, a_low = a_rest[x]
        for y, b in enumerate(b_table):
            met_ab = a_met.get(b.id, 0)
            b_score = field_.score[b.id]
            b_high, b_low = b_rest[y]
            ra = a_out[x] + a_in[y] - met_ab
            rb = b_out[y] + b_in[x] - met_ab
            sa = max(a_high, b_score) - min(a_low, b_score)
            sb = max(b_high, a_score) - min(b_low, a_score)
            total = (ra + rb, sa + sb)
            better = total[0] < now[0] or (total[0] == now[0] and total[1] < now[1] - 1e-9)
            if better and (best is None or total < best[0]):
                best = (total, x, y, (ra, sa), (rb, sb))
    if best is None:
        return False
    _, x, y, costs[i], costs[j] = best
    a_table[x], b_table[y] = b_table[y], a_table[x]
    return True


def _swap_terms(
    table: Sequence[Entrant], other: Sequence[Entrant], repeats: int, field_: _Field
) -> tuple[list[int], list[int], list[tuple[float, float]]]:
    """For swaps between ``table`` and ``other``: per player of ``table``, its repeats
    without them; per player of ``other``, their meetings with all of ``table``; per
    player of ``table``, the highest and lowest score of the rest."""
    without = [repeats - field_.repeats_with(e, table) for e in table]
    joining = [field_.repeats_with(e, table) for e in other]
    scores = [field_.score[e.id] for e in table]
    rest = []
    for x in range(len(scores)):
        others = scores[:x] + scores[x + 1 :]
        rest.append((max(others), min(others)) if others else (float("-inf"), float("inf")))
    return without, joining, rest


def _exact(
    ranked: Sequence[Entrant],
    sizes: Sequence[int],
    field_: _Field,
    bound: tuple[int, float],
) -> list[list[Entrant]] | None:
    """The split of least (repeats, spread), or None when none beats ``bound``. Ties go
    to the first found: tables filled down the order."""
    best: list = [None, (bound[0], bound[1] - 1e-9)]
    remaining_sizes = sorted(sizes, reverse=True)

    def search(
        left: list[Entrant], sizes_left: list[int], chosen: list, repeats: int, spread: float
    ):
        if not left:
            if (repeats, spread) < best[1]:
                best[0] = [list(t) for t in chosen]
                best[1] = (repeats, spread)
            return
        first, rest = left[0], left[1:]
        for size in sorted(set(sizes_left), reverse=True):
            others_left = list(sizes_left)
            others_left.remove(size)
            for companions in itertools.combinations(rest, size - 1):
                table = [first, *companions]
                r, s = field_.table_cost(table)
                if (repeats + r, spread + s) >= best[1]:
                    continue
                taken = {e.id for e in companions}
                chosen.append(table)
                search([e for e in rest if e.id not in taken], others_left, chosen,
                       repeats + r, spread + s)  # fmt: skip
                chosen.pop()

    search(list(ranked), remaining_sizes, [], 0, 0.0)
    return best[0]


# ---------------------------------------------------------------------- round robin


def round_robin(
    entrants: Sequence[Entrant],
    size: int,
    *,
    smallest: int | None = None,
    rounds: int | None = None,
) -> list[Pairing]:
    """The whole schedule of a round robin (module docstring): ``rounds`` rounds, or as
    many as it takes for every pair to meet (one cycle of the circle method at tables of
    two)."""
    ranked = order(entrants)
    if size == 2:
        return _circle(ranked, rounds)
    met: dict[frozenset[str], int] = {}
    byes = {e.id: 0 for e in ranked}
    schedule: list[Pairing] = []
    pairs = len(ranked) * (len(ranked) - 1) // 2
    limit = rounds if rounds is not None else 4 * len(ranked)
    while len(schedule) < limit:
        fresh = [Entrant(e.id, 0, e.rating, byes[e.id]) for e in ranked]
        pairing = swiss(fresh, size, met, smallest=smallest)
        schedule.append(pairing)
        for bye in pairing.byes:
            byes[bye] += 1
        for table in pairing.tables:
            for a, b in itertools.combinations(table, 2):
                met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
        if rounds is None and len(met) == pairs:
            break
    return schedule


def _circle(ranked: Sequence[Entrant], rounds: int | None) -> list[Pairing]:
    players: list[str | None] = [e.id for e in ranked]
    if len(players) % 2:
        players.append(None)
    count = len(players)
    total = rounds if rounds is not None else count - 1
    schedule = []
    for index in range(total):
        tables, byes = [], []
        for k in range(count // 2):
            a, b = players[k], players[count - 1 - k]
            if a is None or b is None:
                byes.append(a if b is None else b)
            else:
                tables.append([a, b] if index % 2 == 0 or k else [b, a])
        schedule.append(Pairing(tables, [b for b in byes if b is not None]))
        players = [players[0], players[-1], *players[1:-1]]
    return schedule


# ---------------------------------------------------------------------- arena


@dataclass(frozen=True)
class Waiting:
    """A player waiting in an arena for their next game."""

    entrant: Entrant
    since: datetime
    #: Whom they met in their last game.
    last: frozenset[str] = frozenset()


def arena_tables(waiting: Sequence[Waiting], size: int) -> Pairing:
    """Seat the longest waiting at as many full tables of ``size`` as they make (module
    docstring); the others are the pairing's ``byes`` (they keep waiting)."""
    tables = len(waiting) // size
    by_wait = sorted(waiting, key=lambda w: (w.since, w.entrant.id))
    seated, left = by_wait[: tables * size], by_wait[tables * size :]
    met: dict[frozenset[str], int] = {}
    for w in seated:
        for other in w.last:
            met[frozenset((w.entrant.id, other))] = 1
    if not seated:
        return Pairing([], [w.entrant.id for w in left])
    ranked = order([w.entrant for w in seated])
    groups, (repeats, spread) = split(ranked, [size] * tables, met)
    return Pairing(
        [[e.id for e in g] for g in groups], [w.entrant.id for w in left], repeats, spread
    )
