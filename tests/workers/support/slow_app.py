"""A worker app whose bot turn hangs once, to exercise the Celery time limits.

Started as ``celery -A slow_app worker`` with this directory on ``PYTHONPATH``.
``SLOW_MODE=soft``: the turn at ``SLOW_SEQ`` sleeps past the soft limit (the task's
handler plays the RandomBot fallback). ``SLOW_MODE=hard``: it also swallows the soft
limit and is killed at the hard limit (``on_failure`` enqueues ``bot_fallback``).
A marker file makes it hang only on the first delivery.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from celery.exceptions import SoftTimeLimitExceeded

import workers.tasks  # noqa: F401 - registers the tasks on the app
from service.parts.turns import Turns
from workers.celery_app import app

__all__ = ["app"]

_original = Turns.play_bot_run


def _hanging_play_bot_turn(self: Turns, game_id: str, seq: int) -> bool:
    marker = Path(os.environ["SLOW_DIR"]) / f"{game_id}-{seq}"
    if seq == int(os.environ.get("SLOW_SEQ", "3")) and not marker.exists():
        marker.touch()
        if os.environ.get("SLOW_MODE") == "hard":
            end = time.monotonic() + 60
            while time.monotonic() < end:
                try:
                    time.sleep(60)
                except SoftTimeLimitExceeded:
                    continue  # a bot stuck in C code would not notice either
        else:
            time.sleep(60)
    return _original(self, game_id, seq)


Turns.play_bot_run = _hanging_play_bot_turn  # type: ignore[method-assign]
