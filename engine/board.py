"""The 19-field board (docs/rules.md, "Material and board").

Fields sit on a 5x5 grid, x = column 0..4 (A..E, west to east), y = row 0..4 (1..5, north to
south). C3 is the compass island and, like every cell off the board, an obstacle: a drift or
move toward an obstacle leaves the amoeba where it is. Neighbours are orthogonal only.

Fields are numbered 0..18 in reading order; the engine works on these indexes and the outside
world sees the names ("B1", "A2", ...).
"""

from __future__ import annotations

from typing import Final

from engine.compass import DIRECTION_DELTAS

# (x, y) of every field, in reading order.
_CELLS: Final[tuple[tuple[int, int], ...]] = (
    (1, 0),
    (0, 1), (1, 1), (2, 1), (3, 1), (4, 1),
    (0, 2), (1, 2), (3, 2), (4, 2),
    (0, 3), (1, 3), (2, 3), (3, 3), (4, 3),
    (0, 4), (1, 4), (2, 4), (3, 4),
)  # fmt: skip

FIELD_COUNT: Final = len(_CELLS)
FIELDS: Final = range(FIELD_COUNT)
ISLAND: Final = (2, 2)
LADDER_START_CELL: Final = (4, 4)  # E5: where the scoring ladder starts, not a field


def _name(x: int, y: int) -> str:
    return "ABCDE"[x] + str(y + 1)


FIELD_NAMES: Final[tuple[str, ...]] = tuple(_name(x, y) for x, y in _CELLS)
FIELD_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(FIELD_NAMES)}
CELL_OF: Final[tuple[tuple[int, int], ...]] = _CELLS
_AT: Final[dict[tuple[int, int], int]] = {cell: i for i, cell in enumerate(_CELLS)}

# NEIGHBOUR[field][direction] -> field index, or -1 for an obstacle (island, off-board).
NEIGHBOUR: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_AT.get((x + dx, y + dy), -1) for dx, dy in DIRECTION_DELTAS) for x, y in _CELLS
)

# Orthogonally adjacent fields, for cell division.
ADJACENT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(f for f in row if f >= 0) for row in NEIGHBOUR
)
# The same as bit masks (bit f = field f): set algebra on small ints, for division's hot path.
ADJACENT_MASK: Final[tuple[int, ...]] = tuple(sum(1 << f for f in row) for row in ADJACENT)
ALL_FIELDS_MASK: Final = (1 << FIELD_COUNT) - 1


def board_data() -> dict:
    """The board as JSON-able data for clients."""
    return {
        "fields": [
            {
                "name": FIELD_NAMES[f],
                "x": CELL_OF[f][0],
                "y": CELL_OF[f][1],
                "neighbours": {
                    d: FIELD_NAMES[n] for d, n in zip("WNES", NEIGHBOUR[f], strict=True) if n >= 0
                },
            }
            for f in FIELDS
        ],
        "island": _name(*ISLAND),
        "ladder_start": _name(*LADDER_START_CELL),
        "grid": {"columns": "ABCDE", "rows": [1, 2, 3, 4, 5]},
    }
