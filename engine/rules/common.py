"""Small helpers the rule modules share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.board import FIELD_COUNT, FIELD_NAMES
from engine.counts import AMOEBAS_PER_COLOUR
from engine.frames import Feed
from engine.machine import push

if TYPE_CHECKING:
    from engine.state import State


def amoeba_ref(g: State, seat: int, number: int) -> dict:
    """An amoeba as clients see it in contexts and events."""
    field = g.pos(seat, number)
    return {"seat": seat, "number": number, "field": FIELD_NAMES[field] if field >= 0 else None}


def _placement_sets() -> tuple[tuple[tuple[dict, ...], ...], ...]:
    """``[field][mask]``: the placements on ``field`` for the amoeba numbers whose bits are set
    in ``mask`` (bit k-1 = number k), by number.

    One shared dict per (field, number): placements are offered often (setup, every division)
    and building up to 133 fresh dicts each time was a measurable share of a random playout;
    with the sets precomputed a decision's list is a few ``extend`` calls. Action dicts handed
    out by the engine are never mutated, by the engine or by its callers.
    """
    one = [
        [{"type": "place", "field": name, "number": k} for k in range(AMOEBAS_PER_COLOUR + 1)]
        for name in FIELD_NAMES
    ]
    return tuple(
        tuple(
            tuple(row[k] for k in range(1, AMOEBAS_PER_COLOUR + 1) if mask >> (k - 1) & 1)
            for mask in range(1 << AMOEBAS_PER_COLOUR)
        )
        for row in one
    )


_PLACE_SETS: Final = _placement_sets()


def amoeba_context(seat: int, number: int, field: int) -> dict:
    """Lazy-context builder: the decision is about this amoeba."""
    return {"amoeba": {"seat": seat, "number": number, "field": FIELD_NAMES[field]}}


def place_actions(field_mask: int, number_mask: int) -> list[dict]:
    """Every placement on the fields of ``field_mask`` (bit f = field f) with the numbers of
    ``number_mask`` (bit k-1 = number k): by field, then number."""
    out: list[dict] = []
    for f in range(FIELD_COUNT):
        if field_mask >> f & 1:
            out.extend(_PLACE_SETS[f][number_mask])
    return out


def free_number_mask(g: State, seat: int) -> int:
    """The amoeba numbers of ``seat`` not on the board, as bits (bit k-1 = number k)."""
    apos = g.apos
    base = seat * AMOEBAS_PER_COLOUR
    mask = 0
    for k in range(AMOEBAS_PER_COLOUR):
        if apos[base + k] < 0:
            mask |= 1 << k
    return mask


def starve(g: State, seat: int, number: int) -> None:
    """The amoeba eats nothing, excretes nothing and takes 1 DP (phase 1, failed attacks)."""
    dp = g.add_damage(seat, number)
    g.emit({"type": "amoeba_starved", "seat": seat, "number": number, "dp": dp})


def push_feed(g: State, seat: int, number: int, may_attack: bool) -> None:
    """Schedule the amoeba's feeding; ``may_attack`` is off once its one attack is spent."""
    push(g, Feed.new("p1_feed", seat, number, 1 if may_attack else 0))
