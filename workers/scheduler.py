"""``CeleryScheduler``: how the game service hands decisions to the workers.

The service calls it after every commit that leaves a new pending decision (the
``service.plumbing.scheduling.Scheduler`` protocol). Sending is fire-and-forget and never raises
into the caller: the action is already committed, and the database, not the message, is
the source of truth — a deadline whose message is lost is fired by the beat sweep.
"""

from __future__ import annotations

import logging
import os
from datetime import UTC, datetime, timedelta

from celery import Celery

from workers.config import WorkerSettings
from workers.fairshare import FairShare

log = logging.getLogger(__name__)

BOT_TURN_TASK = "workers.tasks.bot_turn"
EXPIRE_DEADLINE_TASK = "workers.tasks.expire_deadline"
RATE_GAME_TASK = "workers.tasks.rate_game"
DELIVER_WEBHOOK_TASK = "workers.tasks.deliver_webhook"
FILL_SEEK_TASK = "workers.tasks.fill_seek"
COMPUTE_HINT_TASK = "workers.tasks.compute_hint"
STEP_TOURNAMENT_TASK = "workers.tasks.step_tournament"
REVIEW_GAME_TASK = "workers.tasks.review_game"
SEND_NOTICE_TASK = "workers.tasks.send_notice"


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
        """``settings`` is the service's ``Settings`` (``api.app`` passes it): its
        ``redis_url`` picks the broker.
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
        self.reviews_queue = worker_settings.reviews_queue
        self._worker_settings = worker_settings
        self._fair: FairShare | None = None

    #: Bot turns of an owner wait in its fair share (``owned_bot_turn``).
    shares_by_owner = True

    def broker(self) -> tuple[str, str] | None:
        """The broker's URL and the live queue (``api.health`` probes them)."""
        return str(self.app.conf.broker_url), self.live_queue

    def bot_turn(self, game_id: str, seq: int, *, live: bool = True) -> None:
        """A bot seat must decide ``seq``: run its turn now, on the live queue when a human
        is in the game, else on the bot-only queue (which waits for the live one)."""
        queue = self.live_queue if live else self.bots_queue
        self._send(BOT_TURN_TASK, (game_id, seq), f"bot-{game_id}-{seq}", queue=queue,
                   failed=f"bot turn {game_id}/{seq}")  # fmt: skip

    def owned_bot_turn(
        self, game_id: str, seq: int, *, live: bool, owner: str, search: bool
    ) -> None:
        """A bot turn that is ``owner``'s bot work (``service.rules.play.Followup``): bot-only
        games and games with a search bot go through the owner's fair share
        (``workers.fairshare``) and wait there, unsent, while the owner has its quota of
        games in bot play; a live game of cheap bots is paced by its human and is sent.
        Redis unreachable: sent anyway (fairness waits, the game does not)."""
        if not live or search:
            try:
                if not self.fair_share().admit(game_id, seq, owner=owner, search=search, live=live):
                    log.debug("bot turn %s/%s waits for %s's share", game_id, seq, owner)
                    return
            except Exception:
                log.warning("fair share unavailable; bot turn %s/%s sent", game_id, seq)
        self.bot_turn(game_id, seq, live=live)

    def bot_run_ended(self, game_id: str, *, owner: str, search: bool) -> None:
        """The game's bot run ended (a human decides, or it is over): its slot goes to the
        owner's first waiting game(s), whose turns are sent now."""
        for waiting in self.fair_share().release(game_id, owner=owner, search=search):
            self.bot_turn(waiting.game_id, waiting.seq, live=waiting.live)

    def fair_share(self) -> FairShare:
        """The Redis-held slots of every owner (one client per process, made on first use)."""
        if self._fair is None:
            import redis

            settings = self._worker_settings
            client = redis.Redis.from_url(
                self.app.conf.broker_url, socket_timeout=2.0, socket_connect_timeout=2.0
            )
            self._fair = FairShare(
                client, f"ursuppe:fair:{self.live_queue}",
                quota=settings.owner_bot_games, search_quota=settings.owner_search_games,
                lease=settings.bot_lease,
            )  # fmt: skip
        return self._fair

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
        self._send(EXPIRE_DEADLINE_TASK, (game_id, seq), f"deadline-{game_id}-{seq}", eta=eta,
                   failed=f"deadline {game_id}/{seq}; the sweep will fire it")  # fmt: skip

    def game_finished(self, game_id: str) -> None:
        """A rated game finished: rate it. The task is idempotent on the game id, and the
        game's ``ratings_due`` row has the sweep send it again if this message is lost."""
        self._send(RATE_GAME_TASK, (game_id,), f"rate-{game_id}", queue=self.live_queue,
                   failed=f"the rating of {game_id}; the sweep will send it")  # fmt: skip

    def webhooks(self, delivery_ids: list[str]) -> None:
        """Webhook deliveries just committed (the outbox rows): send each now. A lost
        message only waits for the webhook sweep; a spare one finds nothing due."""
        for delivery_id in delivery_ids:
            self._send(DELIVER_WEBHOOK_TASK, (delivery_id,), f"webhook-{delivery_id}",
                       queue=self.live_queue,
                       failed=f"webhook {delivery_id}; the sweep will send it")  # fmt: skip

    def notices(self, notice_ids: list[str]) -> None:
        """Email and push notices just committed (outbox rows): send each now. A lost
        message waits for the notice sweep; a spare one finds nothing due."""
        for notice_id in notice_ids:
            self._send(SEND_NOTICE_TASK, (notice_id,), f"notice-{notice_id}",
                       queue=self.live_queue,
                       failed=f"notice {notice_id}; the sweep will send it")  # fmt: skip

    def seek_due(self, seek_id: str, eta: datetime) -> None:
        """A quick-play seek's wait ends at ``eta`` (stored with the seek): fill its game
        then. The sweep fills it too if this message is lost; a second fill is a no-op."""
        if eta.tzinfo is None:
            eta = eta.replace(tzinfo=UTC)
        self._send(FILL_SEEK_TASK, (seek_id,), f"seek-{seek_id}", queue=self.live_queue, eta=eta,
                   failed=f"seek {seek_id}; the sweep will fill it")  # fmt: skip

    def hint(self, game_id: str, seq: int) -> None:
        """A seat asked for a hint at ``seq`` (its row is stored): compute it now, on the
        live queue (a person waits for it). A lost message leaves the hint pending until
        the seat asks again, which sends it again; a spare one computes nothing."""
        self._send(COMPUTE_HINT_TASK, (game_id, seq), f"hint-{game_id}-{seq}",
                   queue=self.live_queue, failed=f"hint {game_id}/{seq}")  # fmt: skip

    def tournament_due(self, tournament_id: str, eta: datetime) -> None:
        """A tournament's start (or an arena's end) at ``eta``: step it then. The sweep
        steps every running tournament too; a second step is a no-op."""
        if eta.tzinfo is None:
            eta = eta.replace(tzinfo=UTC)
        self._send(STEP_TOURNAMENT_TASK, (tournament_id,), f"tournament-{tournament_id}",
                   queue=self.live_queue, eta=eta,
                   failed=f"tournament {tournament_id}; the sweep will step it")  # fmt: skip

    def review(self, game_id: str) -> None:
        """A finished game's review is due (its finish, or a request): on the reviews
        queue, which only the review workers consume, so a review never takes a worker
        from a game in play. A lost message is sent again by the sweep."""
        self._send(REVIEW_GAME_TASK, (game_id,), f"review-{game_id}", queue=self.reviews_queue,
                   failed=f"the review of {game_id}")  # fmt: skip

    def _send(
        self,
        task: str,
        args: tuple[object, ...],
        task_id: str,
        *,
        failed: str,
        queue: str | None = None,
        eta: datetime | None = None,
    ) -> None:
        """Send ``task`` by name, fire-and-forget: its id is ``task_id`` with a stamp (a
        re-sent task stays unique), its result is never stored, and a broker still down
        after the publish retries is logged ("could not enqueue <failed>"), never raised
        into the commit that asked for it."""
        try:
            self.app.send_task(
                task,
                args=args,
                queue=queue,
                eta=eta,
                task_id=f"{task_id}-{_stamp()}",
                ignore_result=True,  # never subscribe to the result backend from a request
            )
        except Exception as err:
            # Imported here: the worker's main process imports this module before it sets
            # up its metrics directory, and the ``service`` package imports prometheus_client
            # (tests/workers/test_workers_plumbing.py pins the order).
            from service.plumbing.outages import log_failure

            log_failure(log, err, "could not enqueue %s", failed)

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
