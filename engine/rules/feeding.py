"""Phase 1, the feeding half (docs/rules.md, "Phase 1", Substitution, Frugality, Parasitism).

A feeding *pattern* is the multiset of cube counts an amoeba eats from the other colours:
(1, 1, 1) with 4 players, (2, 1) with 3, (1, 1, 1, 1) with 5, (1, 1, 1, 1, 0) with 6. Alternative feeding genes transform patterns and
combine: the legal patterns are every base pattern transformed by any subset of the genes
held, in any order. Patterns are enumerated once per (players, gene subset) and cached; at
run time only the concrete eat vectors the field can supply are kept.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations
from typing import TYPE_CHECKING, Final

from engine.counts import PLAYER_COUNTS
from engine.decision import Decision
from engine.frames import Feed
from engine.genes import FRUGALITY, HAS_STRUGGLE, PARASITISM, SUBSTITUTION
from engine.machine import decision
from engine.rules.combat import attack_targets, start_attack
from engine.rules.common import amoeba_context, starve

if TYPE_CHECKING:
    from engine.state import State

EXCRETED: Final = 2
_FEED_GENES: Final = SUBSTITUTION | FRUGALITY | PARASITISM


def base_pattern(players: int) -> tuple[int, ...]:
    """The pattern without genes, from ``engine.counts.PLAYER_COUNTS`` (4 players: one of each
    other colour; 3: two of one and one of the other; 5: four of four; 6: four of five)."""
    return PLAYER_COUNTS[players].feed_pattern


def _norm(p: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(p, reverse=True))


def _substitute(p: tuple[int, ...]) -> set[tuple[int, ...]]:
    """One colour fewer, one cube more: (1,1,1) -> (2,2,0), (3,1,0); (2,1) -> (4,0)."""
    colours = sum(1 for x in p if x) - 1
    total = sum(p) + 1
    if colours < 1:
        return set()
    out = set()

    def split(left: int, parts: int, most: int, acc: list[int]) -> None:
        if parts == 0:
            if left == 0:
                out.add(_norm(acc + [0] * (len(p) - len(acc))))
            return
        for x in range(min(left, most), 0, -1):
            split(left - x, parts - 1, x, acc + [x])

    split(total, colours, total, [])
    return out


def _one_fewer(p: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Any one cube fewer (Frugality, Parasitism); an amoeba always eats something."""
    if sum(p) <= 1:
        return set()
    return {_norm([x - (i == j) for j, x in enumerate(p)]) for i, x in enumerate(p) if x}


_TRANSFORMS: Final = {SUBSTITUTION: _substitute, FRUGALITY: _one_fewer, PARASITISM: _one_fewer}


@cache
def patterns(players: int, feed_genes: int) -> tuple[tuple[tuple[int, ...], bool], ...]:
    """(pattern, needs a parasitism victim) for every legal pattern, base pattern first."""
    held = [bit for bit in (SUBSTITUTION, FRUGALITY, PARASITISM) if feed_genes & bit]
    found: dict[tuple[tuple[int, ...], bool], None] = {(base_pattern(players), False): None}
    for size in range(1, len(held) + 1):
        for order in permutations(held, size):
            current = {base_pattern(players)}
            for bit in order:
                current = set().union(*(_TRANSFORMS[bit](p) for p in current))
            for p in sorted(current, reverse=True):
                found.setdefault((p, PARASITISM in order), None)
    return tuple(found)


def eat_vectors(
    players: int, seat: int, feed_genes: int
) -> tuple[tuple[list[int], bool, bool], ...]:
    """(cubes per colour, needs a victim, is the base pattern) for the seat, deduplicated."""
    others = [c for c in range(players) if c != seat]
    out: dict[tuple[tuple[int, ...], bool], bool] = {}
    base = base_pattern(players)
    for pattern, parasitic in patterns(players, feed_genes):
        for perm in sorted(set(permutations(pattern)), reverse=True):
            vec = [0] * players
            for c, k in zip(others, perm, strict=True):
                vec[c] = k
            out.setdefault((tuple(vec), parasitic), pattern == base and not parasitic)
    return tuple((list(v), par, is_base) for (v, par), is_base in out.items())


FeedTable = tuple[tuple[tuple[tuple[int, int], ...], list[int], dict | None, bool], ...]
# Per (players, seat, feed genes): a plain dict, not functools.cache, whose wrapper costs a
# Python-level call with a key tuple on every feeding decision.
_FEED_TABLES: Final[dict[int, FeedTable]] = {}


def _feed_table(players: int, seat: int, feed_genes: int) -> FeedTable:
    key = (feed_genes << 8) | (seat << 4) | players
    table = _FEED_TABLES.get(key)
    if table is None:
        table = _FEED_TABLES[key] = _build_feed_table(players, seat, feed_genes)
    return table


def _build_feed_table(players: int, seat: int, feed_genes: int) -> FeedTable:
    """Per eat vector: the (colour, count) pairs to check, the vector, its shared action dict
    (None when a victim must be named) and whether it is the base pattern."""
    return tuple(
        (
            tuple((c, k) for c, k in enumerate(vec) if k),
            vec,
            None if parasitic else {"type": "feed", "eat": vec},
            is_base,
        )
        for vec, parasitic, is_base in eat_vectors(players, seat, feed_genes)
    )


def feed_actions(g: State, seat: int, field: int) -> tuple[list[dict], list[dict], bool]:
    """The concrete feeding actions on ``field``: those that make no other player pay, those
    that do (Parasitism), and whether the base pattern is possible."""
    food = g.food
    base = field * g.n
    victims: list[int] | None = None
    actions: list[dict] = []
    parasitic: list[dict] = []
    base_ok = False
    for needs, vec, action, is_base in _feed_table(g.n, seat, g.genes[seat] & _FEED_GENES):
        for c, k in needs:
            if food[base + c] < k:
                break
        else:
            if action is not None:
                base_ok = base_ok or is_base
                actions.append(action)
                continue
            if victims is None:
                victims = sorted(  # another player's (Double II: not the partner colour)
                    {s for s, _ in g.amoebas_on(field) if not g.partners(s, seat) and g.bp[s] >= 1}
                )
            parasitic.extend({"type": "feed", "eat": vec, "parasite": v} for v in victims)
    return actions, parasitic, base_ok


_STARVE: Final = {"type": "starve"}


def _legal_feed(g: State, frame: Feed) -> Decision | None:
    """docs/rules.md "Alternative feeding is optional": when the base pattern cannot be eaten,
    starving is always offered beside the alternative patterns, so that the owner decides; an
    alternative pattern is never applied on its own, and Parasitism never makes another
    player pay unless the owner picks it. ``actions[0]`` (the timeout default) is a pattern
    that makes no one else pay, else starving."""
    _, seat, number, may_attack = frame
    field = g.pos(seat, number)
    if field < 0:
        return None
    actions, parasitic, base_ok = feed_actions(g, seat, field)
    if not base_ok:
        actions.append(_STARVE)
    actions.extend(parasitic)
    if may_attack and not base_ok and g.genes[seat] & HAS_STRUGGLE and g.bp[seat] >= 1:
        actions.extend(attack_targets(g, seat, number, field))
    food = tuple(g.food[field * g.n : field * g.n + g.n])
    return Decision(seat, "feed", actions, (_feed_context, seat, number, field, food))


def _feed_context(seat: int, number: int, field: int, food: tuple[int, ...]) -> dict:
    context = amoeba_context(seat, number, field)
    context["food"] = list(food)
    return context


@decision("p1_feed", _legal_feed)
def _feed(g: State, frame: Feed, action: dict) -> None:
    seat, number = frame.seat, frame.number
    kind = action["type"]
    if kind == "feed":
        eat(g, seat, number, action["eat"], action.get("parasite"))
    elif kind == "starve":
        starve(g, seat, number)
    else:
        g.bp[seat] -= 1
        g.emit({"type": "bp_paid", "seat": seat, "amount": 1, "reason": "struggle_for_survival"})
        target = action["target"]
        start_attack(g, seat, number, target["seat"], target["number"], phase=1, flags=0)


def eat(g: State, seat: int, number: int, vec: list[int], parasite: int | None) -> None:
    """Eat the cubes, let the parasitised player pay 1 BP, excrete two of one's own colour."""
    field = g.pos(seat, number)
    n = g.n
    for c, k in enumerate(vec):
        g.food[field * n + c] -= k
        g.supply[c] += k
    if parasite is not None:
        g.bp[parasite] -= 1
        g.emit({"type": "bp_paid", "seat": parasite, "amount": 1, "reason": "parasitism"})
    excreted = g.add_cubes(field, seat, EXCRETED)
    g.emit(
        {
            "type": "amoeba_fed",
            "seat": seat,
            "number": number,
            "eaten": vec,
            "excreted": excreted,
            "parasite": parasite,
        }
    )
