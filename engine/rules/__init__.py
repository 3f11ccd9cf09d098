"""The rules, one module per part of the game; importing the package registers them all."""

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
