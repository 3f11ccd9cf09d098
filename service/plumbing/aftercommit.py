"""What every write does once its transaction has committed: hand the follow-up (a bot
turn, a deadline, a finished game) to the scheduler, hand it new webhook deliveries and
notices, and announce the change to the live streams.

One object shared by every part of the service, so that a scheduler swapped in (tests do)
is seen by all of them. Nothing here raises: the commit already happened, and the sweeps
(deadlines, deliveries) and the streams' periodic re-check make up for a lost hand-over.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from service.plumbing.outages import log_failure
from service.plumbing.publishing import NullPublisher, Publisher
from service.plumbing.scheduling import NullScheduler, Scheduler
from service.rules import play

log = logging.getLogger(__name__)


class AfterCommit:
    """``AfterCommit(scheduler, publisher)``: the hand-overs after a commit."""

    def __init__(self, scheduler: Scheduler | None, publisher: Publisher | None) -> None:
        self.scheduler: Scheduler = scheduler or NullScheduler()
        self.publisher: Publisher = publisher or NullPublisher()

    def send(self, followup: play.Followup | None) -> None:
        """Hand a follow-up to the scheduler; the deadline sweep recovers a lost one."""
        if followup is None:
            return
        try:
            followup.send(self.scheduler)
        except Exception as err:  # noqa: BLE001 - the sweep is the safety net
            log_failure(log, err, "scheduler failed for %s@%s", followup.game_id, followup.seq)

    def webhooks(self, ids: list[str]) -> None:
        """Hand the webhook deliveries a commit wrote to the scheduler
        (``service.parts.webhooks``)."""
        if ids:
            self._hand_over(lambda: self.scheduler.webhooks(ids), f"{len(ids)} webhook deliveries")

    def notices(self, ids: list[str]) -> None:
        """Hand the notices (email, push) a commit wrote to the scheduler
        (``service.parts.notices``)."""
        if ids:
            self._hand_over(lambda: self.scheduler.notices(ids), f"{len(ids)} notices")

    @staticmethod
    def _hand_over(send: Callable[[], None], what: str) -> None:
        """A hint only: the rows are the truth, and the sweep sends whatever is due, so
        nothing is lost when the scheduler fails here (or, a test's double, lacks the
        method: the lookup is inside the guard too)."""
        try:
            send()
        except Exception as err:  # noqa: BLE001 - the sweep is the safety net
            log_failure(log, err, "scheduler failed for %s", what)

    def committed(self, game_id: str, seq: int, followup: play.Followup | None) -> None:
        """After every commit that changed a game: its follow-up, then the streams' notice
        (a lost notice is made up by the streams' periodic re-check)."""
        self.send(followup)
        try:
            self.publisher.game_changed(game_id, seq)
        except Exception as err:  # noqa: BLE001 - streams re-check the log periodically
            log_failure(log, err, "publisher failed for %s@%s", game_id, seq)
