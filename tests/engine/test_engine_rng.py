"""The seeded generator: SplitMix64, and the numbers below k that dice and shuffles use."""

from __future__ import annotations

from engine.rng import next_below, next_u64


def test_splitmix64_matches_the_reference_sequence() -> None:
    """Seed 0 gives SplitMix64's published first outputs (Vigna's splitmix64.c)."""
    state, out = 0, []
    for _ in range(3):
        state, bits = next_u64(state)
        out.append(bits)
    assert out == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_next_below_is_the_reference_sequence_modulo_k() -> None:
    """Saved games replay only while dice and shuffles map the same bits to the same numbers."""
    state, rolls = 0, []
    for k in (6, 7, 1 << 20):
        state, value = next_below(state, k)
        rolls.append(value)
    assert rolls == [0xE220A8397B1DCDAF % 6, 0x6E789E6AA1B965F4 % 7, 0x06C45D188009454F % (1 << 20)]


def test_next_below_wraps_at_the_top_of_the_state() -> None:
    """The state stays 64 bits: one step from the largest state wraps around."""
    top = (1 << 64) - 1
    new_state, value = next_below(top, 6)
    assert new_state == (top + 0x9E3779B97F4A7C15) & top
    assert 0 <= value < 6
