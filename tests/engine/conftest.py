"""Shared set-up for the engine tests.

The helpers themselves live in ``helpers_engine.py`` (a uniquely named module, so that test
modules can import them without clashing with other folders' conftest modules); this file
makes them available as fixtures too.
"""

from __future__ import annotations

import pytest
from helpers_engine import seed_with_rolls


@pytest.fixture
def rolls():
    """``rolls(6, 2)`` -> a seed whose next dice are 6 then 2."""
    return seed_with_rolls
