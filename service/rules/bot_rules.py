"""The rules of bot accounts that need no database (docs/bots.md, "Bot accounts"): when a
bot account that keeps missing its deadlines is paused from new games."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

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
