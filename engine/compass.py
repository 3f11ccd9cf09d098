"""Directions and the compass die (docs/rules.md, "Material and board").

Die 1 = West, 2 = North, 3 = East, 4 = South, 5 = no movement, 6 = free choice of the four
directions.
"""

from __future__ import annotations

from typing import Final

WEST, NORTH, EAST, SOUTH = 0, 1, 2, 3
DIRECTIONS: Final = (WEST, NORTH, EAST, SOUTH)
DIRECTION_NAMES: Final = ("W", "N", "E", "S")
DIRECTION_INDEX: Final = {name: i for i, name in enumerate(DIRECTION_NAMES)}
# (dx, dy) with y growing southwards.
DIRECTION_DELTAS: Final[tuple[tuple[int, int], ...]] = ((-1, 0), (0, -1), (1, 0), (0, 1))

STAY: Final = -1  # the die's 5, Movement II's "none", or the no-drift card
FREE_CHOICE: Final = -2  # the die's 6

# Die face -> direction, STAY or FREE_CHOICE. Index 0 unused.
DIE_FACE: Final = (None, WEST, NORTH, EAST, SOUTH, STAY, FREE_CHOICE)


def compass_data() -> dict:
    """The compass as JSON-able data for clients."""
    return {
        "directions": list(DIRECTION_NAMES),
        "die": {"1": "W", "2": "N", "3": "E", "4": "S", "5": "stay", "6": "free choice"},
    }
