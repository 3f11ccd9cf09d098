"""Where the dice come from: the game's own seeded generator, or a script a test writes.

A rule test needs "the next die shows 4" without searching seeds. OpenSpiel makes chance an
explicit part of the game's interface for the same reason; here a game takes an optional
``chance`` source (``Game.new(..., chance=ScriptedDice([4, 2]))``, or ``build_position``'s
``chance=``). Without one (production, saved games, replays) every die comes from the
generator kept in the state, as before: a script never touches it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class ChanceSource(Protocol):
    """Anything that rolls one die and can be copied with a game (``Game.clone``)."""

    def roll(self) -> int:
        """The next die, 1..6."""
        ...

    def copy(self) -> ChanceSource:
        """An independent source that rolls what this one would roll next."""
        ...


class DiceExhausted(LookupError):
    """The game rolled more dice than the script holds: the test scripted too few."""


class ScriptedDice:
    """The dice, in the order the game rolls them (compass rolls, Movement I's pair, fights,
    start-order rolls); shuffles still use the game's generator."""

    __slots__ = ("faces", "rolled")

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        if any(type(f) is not int or not 1 <= f <= 6 for f in self.faces):
            raise ValueError(f"die faces are 1..6, not {self.faces!r}")
        self.rolled = 0

    def roll(self) -> int:
        if self.rolled >= len(self.faces):
            raise DiceExhausted(f"the script's {len(self.faces)} dice are all rolled")
        self.rolled += 1
        return self.faces[self.rolled - 1]

    @property
    def remaining(self) -> list[int]:
        """The faces not rolled yet (a test may assert that all were used)."""
        return self.faces[self.rolled :]

    def copy(self) -> ScriptedDice:
        twin = ScriptedDice(self.remaining)
        return twin
