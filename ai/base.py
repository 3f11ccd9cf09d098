"""The interface every bot shares.

A bot sees the game only through the engine's public interface and never draws from the
game's own random generator (that would change the game's dice): each bot owns its RNG.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine import Game


class Bot(Protocol):
    """Chooses one of ``game.legal_actions()`` for the seat that must decide."""

    name: str

    def choose(self, game: Game) -> dict:
        """Return one legal action for ``game.pending.seat``. Must not mutate ``game``."""
        ...
