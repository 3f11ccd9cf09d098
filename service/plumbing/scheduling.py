"""How the service hands follow-up work to the workers.

After every commit that leaves a new pending decision the service calls exactly one of
``bot_turn``/``owned_bot_turn`` (a bot must decide) or ``deadline`` (a human must decide
before ``eta``);
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
    """Enqueue-only hooks, every one declared here: the service calls them directly, so a
    scheduler (or a test double) that lacks one fails type checking instead of silently
    losing fair share, webhooks or hints. Calls are hints: every task re-checks ``seq`` and
    is a no-op when the game has moved on, so duplicates and late deliveries are harmless.
    ``NullScheduler`` is the base a double overrides only what it records."""

    #: Whether this scheduler holds an owner's bot turns back in a fair share
    #: (``owned_bot_turn`` may keep one unsent). The sweep offers an overdue bot turn of
    #: such a scheduler to it again instead of playing it past the share.
    shares_by_owner: bool

    def bot_turn(self, game_id: str, seq: int, *, live: bool = True) -> None:
        """``live``: a human is in the game (bot-only games may wait behind it)."""

    def owned_bot_turn(
        self, game_id: str, seq: int, *, live: bool, owner: str, search: bool
    ) -> None:
        """A bot turn that is ``owner``'s bot work (``service.rules.play.Followup``); a scheduler
        without a fair share sends it as ``bot_turn``."""

    def bot_run_ended(self, game_id: str, *, owner: str, search: bool) -> None:
        """The game's bot run ended: its owner's slot in the fair share is free again."""

    def deadline(self, game_id: str, seq: int, eta: datetime) -> None: ...

    def game_finished(self, game_id: str) -> None:
        """A rated game finished: its ratings are due (``workers.tasks.rate_game``)."""

    def webhooks(self, delivery_ids: list[str]) -> None:
        """The webhook deliveries a commit wrote, to be sent now (``service.parts.webhooks``)."""

    def notices(self, notice_ids: list[str]) -> None:
        """The email and push notices a commit wrote, to be sent now (``service.parts.notices``)."""

    def seek_due(self, seek_id: str, eta: datetime) -> None:
        """A quick-play seek whose wait ends at ``eta`` (``service.parts.seeks``)."""

    def hint(self, game_id: str, seq: int) -> None:
        """A hint asked for the decision at ``seq``, to compute (``service.parts.hints``)."""

    def tournament_due(self, tournament_id: str, eta: datetime) -> None:
        """A tournament has a step due at ``eta`` (its start, an arena's end:
        ``service.parts.tournaments``); the sweep steps running ones anyway."""

    def review(self, game_id: str) -> None:
        """A finished game a person played, or one whose review was asked for: review it
        (``service.parts.reviews``, on the reviews queue)."""

    def broker(self) -> tuple[str, str] | None:
        """The broker URL and live queue it schedules onto, for the readiness probe
        (``api.health``); None when it uses none."""


class NullScheduler:
    """Drops every call; the periodic deadline sweep (``due_deadlines``) still recovers
    overdue human decisions and lost bot turns, only later. Test doubles subclass it and
    override what they record."""

    shares_by_owner = False

    def bot_turn(self, game_id: str, seq: int, *, live: bool = True) -> None:
        log.debug("no scheduler: bot turn %s@%s not enqueued", game_id, seq)

    def owned_bot_turn(
        self, game_id: str, seq: int, *, live: bool, owner: str, search: bool
    ) -> None:
        self.bot_turn(game_id, seq, live=live)

    def bot_run_ended(self, game_id: str, *, owner: str, search: bool) -> None:
        """No fair share: no slot to give back."""

    def deadline(self, game_id: str, seq: int, eta: datetime) -> None:
        log.debug("no scheduler: deadline %s@%s not enqueued", game_id, seq)

    def game_finished(self, game_id: str) -> None:
        log.debug("no scheduler: ratings of %s not enqueued", game_id)

    def webhooks(self, delivery_ids: list[str]) -> None:
        log.debug("no scheduler: %d webhook deliveries wait for a sweep", len(delivery_ids))

    def notices(self, notice_ids: list[str]) -> None:
        log.debug("no scheduler: %d notices wait for a sweep", len(notice_ids))

    def seek_due(self, seek_id: str, eta: datetime) -> None:
        log.debug("no scheduler: seek %s waits for a sweep", seek_id)

    def hint(self, game_id: str, seq: int) -> None:
        log.debug("no scheduler: the hint %s@%s is not computed", game_id, seq)

    def tournament_due(self, tournament_id: str, eta: datetime) -> None:
        log.debug("no scheduler: tournament %s waits for a sweep", tournament_id)

    def review(self, game_id: str) -> None:
        log.debug("no scheduler: the review of %s is not computed", game_id)

    def broker(self) -> tuple[str, str] | None:
        return None
