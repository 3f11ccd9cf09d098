"""Helpers for the engine's rule tests: hand-made positions, dice control, event queries.

Every rule test builds a position with ``engine.position.build_position`` and drives it with
``Game.apply``. Dice come from the state's SplitMix64 generator, whose state starts as the
position's seed, so ``seed_with_rolls(6, 2)`` finds a seed whose next two dice are 6 then 2.
"""

from __future__ import annotations

from functools import cache

from engine.board import FIELD_INDEX, FIELD_NAMES
from engine.game import Game
from engine.position import build_position
from engine.rng import next_u64

__all__ = [
    "Game",
    "build_position",
    "seed_with_rolls",
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


@cache
def seed_with_rolls(*faces: int) -> int:
    """The smallest seed whose generator yields exactly these die faces first."""
    for seed in range(10_000_000):
        state = seed
        for face in faces:
            state, bits = next_u64(state)
            if bits % 6 + 1 != face:
                break
        else:
            return seed
    raise AssertionError(f"no seed rolls {faces}")


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
