"""The rules, one module per part of the game; importing the package registers them all."""

import native

native.activate(__path__, __name__)  # the compiled build of these sources, when current

# ruff: noqa: E402 - the imports below must come after ``activate``

from engine.rules import (  # noqa: F401
    combat,
    deaths,
    defects,
    division,
    feeding,
    market,
    movement,
    rounds,
    scoring,
    setup,
)
