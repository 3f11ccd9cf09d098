"""Helpers for the engine's rule tests: event queries and board look-ups.

Every rule test builds a position with ``engine.position.build_position`` (at a named
decision, ``at=Feeding(0, 1)``) and drives it with ``Game.apply``; the dice it needs are
scripted with ``chance=engine.chance.ScriptedDice([...])`` (docs/engine-api.md).
"""

from __future__ import annotations

from engine.board import FIELD_INDEX, FIELD_NAMES
from engine.game import Game
from engine.position import build_position

__all__ = [
    "Game",
    "build_position",
    "of_type",
    "first",
    "types",
    "food",
    "where",
    "dp",
    "play",
    "FIELD_INDEX",
    "FIELD_NAMES",
]


def of_type(events: list[dict], event_type: str) -> list[dict]:
    return [e for e in events if e["type"] == event_type]


def first(events: list[dict], event_type: str) -> dict:
    found = of_type(events, event_type)
    assert found, f"no {event_type!r} event in {types(events)}"
    return found[0]


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def food(g: Game, field: str) -> list[int]:
    return g.food_on(FIELD_INDEX[field])


def where(g: Game, seat: int, number: int) -> str | None:
    p = g.pos(seat, number)
    return FIELD_NAMES[p] if p >= 0 else None


def dp(g: Game, seat: int, number: int) -> int:
    return g.adp[seat * 7 + number - 1]


def play(g: Game, *actions: dict) -> list[dict]:
    """Apply actions in turn (each by the pending seat); return all their events."""
    events: list[dict] = []
    for action in actions:
        events.extend(g.apply(action, g.pending.seat))
    return events
