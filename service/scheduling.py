"""How the service hands follow-up work to the workers.

After every commit that leaves a new pending decision the service calls exactly one of
``bot_turn`` (a bot must decide) or ``deadline`` (a human must decide before ``eta``);
after the commit that finishes a rated game, ``game_finished`` (its ratings are due).
Implementations must only enqueue: bots and timers never run inside the caller (an HTTP
request). The production implementation is ``workers.scheduler.CeleryScheduler``, handed
to the service where the app and the worker are built (``api.app.scheduler_for``
picks it from the settings).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Protocol, runtime_checkable

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
# ``seek_due(seek_id, eta)``, a quick-play seek whose wait ends at ``eta`` (service.seeks);
# ``hint(game_id, seq)``, a hint asked for the decision at ``seq``, to compute (service.hints).


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

    def hint(self, game_id: str, seq: int) -> None:
        log.debug("no scheduler: the hint %s@%s is not computed", game_id, seq)
