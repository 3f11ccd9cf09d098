"""What every part of the game service works with: the store, the settings, the clock and
the hand-overs after a commit (``service.games`` composes the parts)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from service.aftercommit import AfterCommit
from service.config import Settings
from service.store import GameStore


class Part:
    """``Part(store, settings, clock, after)``: the base of the parts that write games."""

    def __init__(
        self,
        store: GameStore,
        settings: Settings,
        clock: Callable[[], datetime],
        after: AfterCommit,
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.after = after
