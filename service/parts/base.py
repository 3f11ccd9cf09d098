"""What every part of the game service works with: the store, the settings, the clock and
the hand-overs after a commit (``service.game_service`` composes the parts)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from service.plumbing.aftercommit import AfterCommit
from service.plumbing.config import Settings
from service.store.games import GameStore


@dataclass(eq=False)
class Part:
    """``Part(store, settings, clock, after)``: the base of the parts that write games; a
    part that needs more declares it as a field of its own (``Creation.labels``)."""

    store: GameStore
    settings: Settings
    clock: Callable[[], datetime]
    after: AfterCommit
