"""``CeleryScheduler``: how the game service hands decisions to the workers.

The service calls it after every commit that leaves a new pending decision (the
``service.scheduling.Scheduler`` protocol). Sending is fire-and-forget and never raises
into the caller: the action is already committed, and the database, not the message, is
the source of truth — a deadline whose message is lost is fired by the beat sweep.
"""

from __future__ import annotations

import logging
import os
from datetime import UTC, datetime, timedelta

from celery import Celery

from workers.config import WorkerSettings

log = logging.getLogger(__name__)

BOT_TURN_TASK = "workers.tasks.bot_turn"
EXPIRE_DEADLINE_TASK = "workers.tasks.expire_deadline"
RATE_GAME_TASK = "workers.tasks.rate_game"
DELIVER_WEBHOOK_TASK = "workers.tasks.deliver_webhook"


class CeleryScheduler:
    """Sends bot turns at once and deadlines as ETA tasks, by task name.

    Tasks are sent by name (``send_task``) so a web process never imports the worker's
    task modules (nor the bots) just to schedule something.
    """

    def __init__(
        self,
        settings: object | None = None,
        *,
        app: Celery | None = None,
        eta_horizon: float | None = None,
    ) -> None:
        """``settings`` is the service's ``Settings`` (``service.scheduling.build_scheduler``
        passes it): its ``redis_url`` picks the broker.
        """
        if app is None:
            app = _app_for(getattr(settings, "redis_url", None))
        self.app = app
        worker_settings: WorkerSettings = getattr(app, "ursuppe_settings", None) or (
            WorkerSettings.from_env()
        )
        self.eta_horizon = worker_settings.eta_horizon if eta_horizon is None else eta_horizon
        self.live_queue = worker_settings.queue
        self.bots_queue = worker_settings.bots_queue

    def bot_turn(self, game_id: str, seq: int, *, live: bool = True) -> None:
        """A bot seat must decide ``seq``: run its turn now, on the live queue when a human
        is in the game, else on the bot-only queue (which waits for the live one)."""
        try:
            self.app.send_task(
                BOT_TURN_TASK,
                args=(game_id, seq),
                queue=self.live_queue if live else self.bots_queue,
                task_id=f"bot-{game_id}-{seq}-{_stamp()}",
                ignore_result=True,  # never subscribe to the result backend from a request
            )
        except Exception:  # broker down after the publish retries: log, never fail the commit
            log.exception("could not enqueue bot turn %s/%s", game_id, seq)

    def deadline(self, game_id: str, seq: int, eta: datetime) -> None:
        """A human seat's decision ``seq`` expires at ``eta`` (already stored in the DB).

        Only a deadline within the ETA horizon gets an ETA message now: a worker holds an
        ETA message (about 9 KB) unacknowledged until it fires, and Redis redelivers what
        stays unacknowledged past the visibility timeout. A later one waits in the database
        alone; the sweep sends its message once it comes within the horizon
        (``workers.tasks.sweep_deadlines``). One message per deadline: a short Redis key
        (``SET NX``) records that it was sent, so the sweep and this call never both send.
        """
        if eta.tzinfo is None:
            eta = eta.replace(tzinfo=UTC)
        if eta - datetime.now(UTC) > timedelta(seconds=self.eta_horizon):
            log.debug("deadline %s/%s at %s beyond the ETA horizon: sweep only", game_id, seq, eta)
            return
        try:
            if not self._first_message(game_id, seq):
                return
        except Exception:  # Redis down: send anyway; a duplicate is a no-op
            log.warning("could not mark the deadline message %s/%s as sent", game_id, seq)
        try:
            self.app.send_task(
                EXPIRE_DEADLINE_TASK,
                args=(game_id, seq),
                eta=eta,
                task_id=f"deadline-{game_id}-{seq}-{_stamp()}",
                ignore_result=True,
            )
        except Exception:
            log.exception("could not enqueue deadline %s/%s; the sweep will fire it", game_id, seq)

    def game_finished(self, game_id: str) -> None:
        """A rated game finished: rate it. The task is idempotent on the game id, and the
        game's ``ratings_due`` row has the sweep send it again if this message is lost."""
        try:
            self.app.send_task(
                RATE_GAME_TASK,
                args=(game_id,),
                queue=self.live_queue,
                task_id=f"rate-{game_id}-{_stamp()}",
                ignore_result=True,
            )
        except Exception:
            log.exception("could not enqueue the rating of %s; the sweep will send it", game_id)

    def webhooks(self, delivery_ids: list[str]) -> None:
        """Webhook deliveries just committed (the outbox rows): send each now. A lost
        message only waits for the webhook sweep; a spare one finds nothing due."""
        for delivery_id in delivery_ids:
            try:
                self.app.send_task(
                    DELIVER_WEBHOOK_TASK,
                    args=(delivery_id,),
                    queue=self.live_queue,
                    task_id=f"webhook-{delivery_id}-{_stamp()}",
                    ignore_result=True,
                )
            except Exception:
                log.exception("could not enqueue webhook %s; the sweep will send it", delivery_id)

    def _first_message(self, game_id: str, seq: int) -> bool:
        """True once per ``(game, seq)`` within twice the horizon: the marker outlives
        the message's wait, and expires by itself."""
        with self.app.pool.acquire(block=True) as conn:
            client = conn.default_channel.client
            ttl_ms = int(max(self.eta_horizon, 1.0) * 2000)
            return bool(client.set(f"ursuppe:eta:{game_id}:{seq}", 1, nx=True, px=ttl_ms))


_apps: dict[str, Celery] = {}


def _app_for(redis_url: str | None) -> Celery:
    """The default app, or (once per URL) an app for the service's explicit ``redis_url``."""
    from workers.celery_app import app as default_app
    from workers.celery_app import make_celery

    if not redis_url or redis_url == os.environ.get("REDIS_URL"):
        return default_app
    if redis_url not in _apps:
        _apps[redis_url] = make_celery(
            WorkerSettings.from_env({**os.environ, "REDIS_URL": redis_url})
        )
    return _apps[redis_url]


def _stamp() -> str:
    """A short suffix so a re-sent task (after a retry/restore) still has a unique id."""
    return f"{datetime.now(UTC).timestamp():.6f}"
