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


# The same generator on 32-bit halves and 16-bit limbs, for the engine's hot path. In the
# compiled build an int beyond 62 bits is a heap object and every operation on it a library
# call, and a multiplication stays in machine words only while both factors are below 2**30.
# So the state is split into halves for the shifts and into 16-bit limbs for the products.
# The result is identical to ``next_u64`` (tested on many states): saved games replay as before.
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_GOLDEN_HI: Final = _GOLDEN >> 32
_GOLDEN_LO: Final = _GOLDEN & _M32


def _mul_const(hi: int, lo: int, c3: int, c2: int, c1: int, c0: int) -> tuple[int, int]:
    """(hi:lo) * (c3:c2:c1:c0, 16-bit limbs) mod 2**64, as 32-bit halves."""
    z0, z1, z2, z3 = lo & _M16, lo >> 16, hi & _M16, hi >> 16
    t = z0 * c0
    l0 = t & _M16
    t = (t >> 16) + z1 * c0 + z0 * c1
    l1 = t & _M16
    t = (t >> 16) + z2 * c0 + z1 * c1 + z0 * c2
    l2 = t & _M16
    t = (t >> 16) + z3 * c0 + z2 * c1 + z1 * c2 + z0 * c3
    return ((t & _M16) << 16) | l2, (l1 << 16) | l0


def next_below(state: int, k: int) -> tuple[int, int]:
    """Advance the state; return (new_state, ``bits % k``) for ``next_u64``'s bits.

    ``k`` must be below 2**30 (dice, shuffles), which keeps the last step in machine words."""
    hi = state >> 32
    lo = (state & _M32) + _GOLDEN_LO
    hi = (hi + _GOLDEN_HI + (lo >> 32)) & _M32
    lo &= _M32
    new_state = (hi << 32) | lo
    zh = hi ^ (hi >> 30)
    zl = lo ^ (((hi << 2) | (lo >> 30)) & _M32)
    zh, zl = _mul_const(zh, zl, 0xBF58, 0x476D, 0x1CE4, 0xE5B9)
    zh, zl = zh ^ (zh >> 27), zl ^ (((zh << 5) | (zl >> 27)) & _M32)
    zh, zl = _mul_const(zh, zl, 0x94D0, 0x49BB, 0x1331, 0x11EB)
    zh, zl = zh ^ (zh >> 31), zl ^ (((zh << 1) | (zl >> 31)) & _M32)
    return new_state, ((zh % k) * ((1 << 32) % k) + zl) % k
