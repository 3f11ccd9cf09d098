"""Small helpers the rule modules share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.board import FIELD_NAMES
from engine.machine import push

if TYPE_CHECKING:
    from engine.state import State


def amoeba_ref(g: State, seat: int, number: int) -> dict:
    """An amoeba as clients see it in contexts and events."""
    field = g.pos(seat, number)
    return {"seat": seat, "number": number, "field": FIELD_NAMES[field] if field >= 0 else None}


# One shared dict per (field, number): placements are offered often (setup, every division)
# and building 133 fresh dicts each time was a measurable share of a random playout. Action
# dicts handed out by the engine are never mutated, by the engine or by its callers.
_PLACE: Final = tuple(
    tuple({"type": "place", "field": name, "number": k} for k in range(8)) for name in FIELD_NAMES
)


def amoeba_context(seat: int, number: int, field: int) -> dict:
    """Lazy-context builder: the decision is about this amoeba."""
    return {"amoeba": {"seat": seat, "number": number, "field": FIELD_NAMES[field]}}


def place_actions(fields: list[int], numbers: list[int]) -> list[dict]:
    return [_PLACE[f][k] for f in fields for k in numbers]


def free_numbers(g: State, seat: int) -> list[int]:
    base = seat * 7
    return [k + 1 for k in range(7) if g.apos[base + k] < 0]


def starve(g: State, seat: int, number: int) -> None:
    """The amoeba eats nothing, excretes nothing and takes 1 DP (phase 1, failed attacks)."""
    dp = g.add_damage(seat, number)
    g.emit("amoeba_starved", seat=seat, number=number, dp=dp)


def push_feed(g: State, seat: int, number: int, may_attack: bool) -> None:
    """Schedule the amoeba's feeding; ``may_attack`` is off once its one attack is spent."""
    push(g, ("p1_feed", seat, number, 1 if may_attack else 0))
