"""The seeded generator: SplitMix64, and the fast word-sized path the engine rolls with."""

from __future__ import annotations

import random

import pytest

from engine.rng import next_below, next_u64


def test_splitmix64_matches_the_reference_sequence() -> None:
    """Seed 0 gives SplitMix64's published first outputs (Vigna's splitmix64.c)."""
    state, out = 0, []
    for _ in range(3):
        state, bits = next_u64(state)
        out.append(bits)
    assert out == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize(
    "state",
    [0, 1, (1 << 32) - 1, 1 << 32, (1 << 62) - 1, 1 << 62, 1 << 63, (1 << 64) - 1,
     (1 << 64) - 0x9E3779B97F4A7C15],
)  # fmt: skip
@pytest.mark.parametrize("k", [1, 2, 6, 7, 55, 1 << 20])
def test_next_below_equals_next_u64_modulo_k_at_edge_states(state: int, k: int) -> None:
    """Dice and shuffles use ``next_below``: the same state and ``bits % k`` as ``next_u64``."""
    new_state, bits = next_u64(state)
    assert next_below(state, k) == (new_state, bits % k)


def test_next_below_equals_next_u64_modulo_k_on_random_states() -> None:
    rng = random.Random(20261122)
    for _ in range(20_000):
        state, k = rng.getrandbits(64), rng.randint(1, 5000)
        new_state, bits = next_u64(state)
        assert next_below(state, k) == (new_state, bits % k)
