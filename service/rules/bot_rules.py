"""The rules of bot accounts that need no database (docs/bots.md, "Timeouts"): when a bot
account that keeps missing its deadlines is paused from new games, and when a game stops
waiting for one."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from service.models import SeatRow

#: A bot account is paused when at least ``PAUSE_TIMEOUTS`` of its latest
#: ``PAUSE_WINDOW`` games had a timeout of its seat...
PAUSE_TIMEOUTS = 3
PAUSE_WINDOW = 10
#: ...for this long after the latest of those games last changed.
PAUSE_FOR = timedelta(hours=1)


def paused_until(recent: Sequence[tuple[datetime, int]]) -> datetime | None:
    """When the pause of a bot account ends, or None when it is not paused by its record:
    ``recent`` is (when the game last changed, the seat's timeouts) of its latest games,
    newest first (only the first ``PAUSE_WINDOW`` count)."""
    timed_out = [when for when, timeouts in recent[:PAUSE_WINDOW] if timeouts > 0]
    if len(timed_out) < PAUSE_TIMEOUTS:
        return None
    return max(timed_out) + PAUSE_FOR


#: A bot account's seat that misses this many deadlines in one game is handed to the
#: stand-in bot for the rest of the game, whatever the game's timeout policy: its program
#: has most likely gone, and the game (of programs only, perhaps) must still end.
HAND_OVER_AFTER = 2


def hands_over(seat: SeatRow) -> bool:
    """Whether the timeout about to be counted on ``seat`` hands it to the stand-in."""
    return bool(seat.bot_account) and seat.timeouts + 1 >= HAND_OVER_AFTER
