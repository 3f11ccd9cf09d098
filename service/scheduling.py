"""How the service hands follow-up work to the workers.

After every commit that leaves a new pending decision the service calls exactly one of
``bot_turn`` (a bot must decide) or ``deadline`` (a human must decide before ``eta``);
after the commit that finishes a rated game, ``game_finished`` (its ratings are due).
Implementations must only enqueue: bots and timers never run inside the caller (an HTTP
request). The production implementation is ``workers.scheduler.CeleryScheduler``;
``build_scheduler`` is the one place that picks it.
"""

from __future__ import annotations

import importlib
import logging
import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from service.config import Settings

log = logging.getLogger(__name__)


@runtime_checkable
class Scheduler(Protocol):
    """Enqueue-only hooks. Calls are hints: every task re-checks ``seq`` and is a no-op
    when the game has moved on, so duplicates and late deliveries are harmless."""

    def bot_turn(self, game_id: str, seq: int, *, live: bool = True) -> None:
        """``live``: a human is in the game (bot-only games may wait behind it)."""

    def deadline(self, game_id: str, seq: int, eta: datetime) -> None: ...

    def game_finished(self, game_id: str) -> None:
        """A rated game finished: its ratings are due (``workers.tasks.rate_game``)."""


# Optional on a scheduler (looked up with getattr, so older test doubles need not have it):
# ``webhooks(delivery_ids)``, the webhook deliveries a commit wrote, to be sent now;
# ``seek_due(seek_id, eta)``, a quick-play seek whose wait ends at ``eta`` (service.seeks).


class NullScheduler:
    """Drops every call; the periodic deadline sweep (``due_deadlines``) still recovers
    overdue human decisions and lost bot turns, only later."""

    def bot_turn(self, game_id: str, seq: int, *, live: bool = True) -> None:
        log.debug("no scheduler: bot turn %s@%s not enqueued", game_id, seq)

    def deadline(self, game_id: str, seq: int, eta: datetime) -> None:
        log.debug("no scheduler: deadline %s@%s not enqueued", game_id, seq)

    def game_finished(self, game_id: str) -> None:
        log.debug("no scheduler: ratings of %s not enqueued", game_id)

    def webhooks(self, delivery_ids: list[str]) -> None:
        log.debug("no scheduler: %d webhook deliveries wait for a sweep", len(delivery_ids))

    def seek_due(self, seek_id: str, eta: datetime) -> None:
        log.debug("no scheduler: seek %s waits for a sweep", seek_id)


@dataclass
class RecordingScheduler:
    """Records calls in order, for tests (thread-safe)."""

    calls: list[tuple] = field(default_factory=list)
    #: ``live`` of each bot turn, by (game_id, seq).
    live: dict[tuple[str, int], bool] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def bot_turn(self, game_id: str, seq: int, *, live: bool = True) -> None:
        with self._lock:
            self.calls.append(("bot_turn", game_id, seq))
            self.live[(game_id, seq)] = live

    def deadline(self, game_id: str, seq: int, eta: datetime) -> None:
        with self._lock:
            self.calls.append(("deadline", game_id, seq, eta))

    def game_finished(self, game_id: str) -> None:
        with self._lock:
            self.calls.append(("game_finished", game_id))

    def finished_games(self) -> list[str]:
        return [c[1] for c in self.calls if c[0] == "game_finished"]

    def webhooks(self, delivery_ids: list[str]) -> None:
        with self._lock:
            self.calls.extend(("webhook", i) for i in delivery_ids)

    def bot_turns(self) -> list[tuple[str, int]]:
        return [(c[1], c[2]) for c in self.calls if c[0] == "bot_turn"]

    def deadlines(self) -> list[tuple[str, int, datetime]]:
        return [(c[1], c[2], c[3]) for c in self.calls if c[0] == "deadline"]

    def clear(self) -> None:
        with self._lock:
            self.calls.clear()
            self.live.clear()


CELERY_SCHEDULER_PATH = "workers.scheduler:CeleryScheduler"


def build_scheduler(settings: Settings) -> Scheduler:
    """Pick the scheduler from ``settings.scheduler``: the single wiring point.

    ``"none"`` → ``NullScheduler``; ``"celery"`` → ``workers.scheduler.CeleryScheduler``
    (import errors propagate); ``"auto"`` → the Celery one when importable, else Null.
    The class is built as ``CeleryScheduler(settings)``.
    """
    if settings.scheduler == "none":
        return NullScheduler()
    module_name, _, attr = CELERY_SCHEDULER_PATH.partition(":")
    try:
        factory = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError):
        if settings.scheduler == "celery":
            raise
        log.warning("workers.scheduler.CeleryScheduler not importable; using NullScheduler")
        return NullScheduler()
    return factory(settings)
