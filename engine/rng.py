"""The game's seeded generator: SplitMix64 on a plain int.

Kept as one int in the state, so that clone() copies it for free, to_dict() stores it exactly,
and a game replays from its seed. Python's ``random.Random`` would need a 625-word state copy
per clone.
"""

from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Any int seed -> a 64-bit generator state."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Advance the state; return (new_state, 64 random bits)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def next_below(state: int, k: int) -> tuple[int, int]:
    """Advance the state; return (new_state, a number in 0..k-1): the 64 bits modulo ``k``.

    The modulo's bias is below k / 2**64: nothing for dice and shuffles. Saved games depend on
    this exact mapping, so it never changes."""
    state, bits = next_u64(state)
    return state, bits % k
