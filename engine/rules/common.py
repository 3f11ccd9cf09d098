"""Small helpers the rule modules share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board import FIELD_NAMES

if TYPE_CHECKING:
    from engine.state import State


def amoeba_ref(g: State, seat: int, number: int) -> dict:
    """An amoeba as clients see it in contexts and events."""
    field = g.pos(seat, number)
    return {"seat": seat, "number": number, "field": FIELD_NAMES[field] if field >= 0 else None}


def place_actions(fields: list[int], numbers: list[int]) -> list[dict]:
    return [
        {"type": "place", "field": FIELD_NAMES[f], "number": k} for f in fields for k in numbers
    ]


def free_numbers(g: State, seat: int) -> list[int]:
    base = seat * 7
    return [k + 1 for k in range(7) if g.apos[base + k] < 0]
