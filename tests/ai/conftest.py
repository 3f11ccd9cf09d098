"""Positions for the bot tests, spread over whole random games."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers_ai import make_random_positions

from engine import Game


@pytest.fixture
def random_positions() -> Callable[..., list[Game]]:
    return make_random_positions
