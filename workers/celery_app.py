"""The Celery application shared by the web process (to send), the worker and beat.

Reliability choices, all deliberate:

* ``acks_late`` + ``task_reject_on_worker_lost``: a message is acknowledged only after its
  task returned, so a worker killed mid-task (SIGKILL, OOM, lost container) loses nothing:
  the broker redelivers it. Every task is idempotent on ``(game_id, seq)`` in the service
  (a stale or repeated task is a no-op), so redelivery is always safe.
* ``worker_prefetch_multiplier = 1``: a bot task can take seconds; one worker must not
  hoard messages that an idle sibling could run.
* Two queues, consumed in order (``queue_order_strategy="priority"``: one ``BRPOP`` lists
  the live queue first): the live queue (deadlines, sweeps, bot turns in games where a
  human sits) and ``<queue>.bots`` (bot-only games). A free worker process always takes a
  human-facing task before a tournament's; workers started with ``-Q <queue>`` serve
  humans only.
* JSON only: tasks carry ``(game_id, seq)``, never a pickled game.
* Results are ignored: nothing waits on a task; the database is the outcome.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from datetime import timedelta
from typing import Any

from celery import Celery, platforms, signals
from kombu import Queue

from workers import metrics as _metrics  # noqa: F401 - its signal handlers
from workers import recovery
from workers.broker import transport_for
from workers.config import WorkerSettings, settings_of

log = logging.getLogger(__name__)


@signals.beat_embedded_init.connect
def _beat_dies_with_its_worker(**_: object) -> None:
    """``worker -B`` runs beat in a child process that, unlike the pool's, Celery does not
    tie to the worker: a worker killed with SIGKILL left its beat running, re-parented to
    init, still scheduling sweeps. The kernel now kills it with the worker (Linux)."""
    platforms.set_pdeathsig("SIGKILL")
    log.info("embedded beat started (pid %d)", os.getpid())


@signals.worker_ready.connect
def _worker_dies_with_its_beat(sender: Any = None, **_: object) -> None:
    """The converse: Celery does not restart a ``worker -B``'s beat that died (killed, out of
    memory), and the worker would go on without any sweep. It stops warmly instead (as on
    SIGTERM), so that whatever supervises it (``make run``'s runner) restarts both."""
    service = getattr(getattr(sender, "controller", None), "beat", None)
    if service is None:
        return

    def watch() -> None:
        from celery.worker import state as worker_state

        while service.pid is None:  # started by its bootstep, which may come after this one
            time.sleep(0.1)
        service.join()
        if worker_state.should_stop is None and worker_state.should_terminate is None:
            log.error("the embedded beat exited with %s; stopping the worker", service.exitcode)
            os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="beat-watch", daemon=True).start()


@signals.worker_ready.connect
def _worker_says_it_is_alive(sender: Any = None, **_: object) -> None:
    """The worker's liveness and the messages it holds (``workers.recovery``), so that the
    sweep puts back at once what a killed worker held."""
    app = getattr(sender, "app", None)
    if app is None or not str(app.conf.broker_url or "").startswith("redis"):
        return
    recovery.start_keeper(app, settings_of(app).queue)


@signals.task_received.connect
def _worker_took_a_message(sender: Any = None, request: Any = None, **_: object) -> None:
    instance = recovery.current()
    if instance is None or request is None or sender is None:
        return
    try:
        with sender.app.pool.acquire(block=True, timeout=1.0) as conn:
            recovery.took(
                conn.default_channel.client,
                settings_of(sender.app).queue,
                instance,
                request.message.delivery_tag,
            )
    except Exception as err:  # noqa: BLE001 - a broker outage: the visibility timeout remains
        log.debug("message taken not recorded (%s)", type(err).__name__)


def make_celery(settings: WorkerSettings | None = None) -> Celery:
    """Build a configured Celery app; tests build their own with other settings."""
    settings = settings or WorkerSettings.from_env()
    app = Celery("ursuppe", include=["workers.tasks"])
    transport_options: dict[str, object] = {
        "visibility_timeout": settings.visibility_timeout,
        # Look for abandoned (unacknowledged) messages every few seconds, so a killed
        # worker's task comes back about ``visibility_timeout`` after it was taken.
        "unacked_restore_interval": min(10.0, max(1.0, settings.visibility_timeout / 4)),
        "unacked_restore_throttle": 1,
        # Take from the queues in the order of ``task_queues``: live before bot-only.
        "queue_order_strategy": "priority",
        "socket_connect_timeout": 5,
        "health_check_interval": 25,
    }

    app.conf.update(
        broker_url=settings.broker_url,
        # kombu's Redis transport with its restart fault fixed (workers.broker).
        broker_transport=transport_for(settings.broker_url),
        result_backend=settings.result_backend,
        broker_transport_options=transport_options,
        result_backend_transport_options={"retry_policy": {"timeout": 5.0}},
        broker_connection_retry_on_startup=True,
        task_queues=(Queue(settings.queue), Queue(settings.bots_queue)),
        task_default_queue=settings.queue,
        task_default_exchange=settings.queue,
        task_default_routing_key=settings.queue,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_serializer="json",
        result_serializer="json",
        accept_content=["json"],
        task_ignore_result=True,
        result_expires=timedelta(hours=1),
        # A web request that schedules a task must not hang on a dead broker: a few quick
        # retries, then the scheduler logs and the sweep/DB take over.
        task_publish_retry=True,
        task_publish_retry_policy={
            "max_retries": 3,
            "interval_start": 0.0,
            "interval_step": 0.2,
            "interval_max": 0.5,
        },
        timezone="UTC",
        enable_utc=True,
        worker_send_task_events=False,
        beat_schedule={
            "sweep-deadlines": {
                "task": "workers.tasks.sweep_deadlines",
                "schedule": settings.sweep_interval,
                # A sweep nobody ran in time is superseded by the next one: never pile up.
                "options": {"expires": max(settings.sweep_interval, 1.0)},
            },
            # Webhook deliveries whose attempt is due: retries, and first attempts whose
            # message was lost (the outbox rows are the truth).
            "sweep-webhooks": {
                "task": "workers.tasks.sweep_webhooks",
                "schedule": settings.sweep_interval,
                "options": {"expires": max(settings.sweep_interval, 1.0)},
            },
            # Email and push notices that are due: retries, digests, lost first attempts.
            "sweep-notices": {
                "task": "workers.tasks.sweep_notices",
                "schedule": settings.sweep_interval,
                "options": {"expires": max(settings.sweep_interval, 1.0)},
            },
            # Quick-play seeks whose wait is over and whose ETA message was lost.
            "sweep-seeks": {
                "task": "workers.tasks.sweep_seeks",
                "schedule": settings.sweep_interval,
                "options": {"expires": max(settings.sweep_interval, 1.0)},
            },
            # Tournaments: rounds closed and paired, games made (service/parts/tournament_lifecycle.py).
            "sweep-tournaments": {
                "task": "workers.tasks.sweep_tournaments",
                "schedule": settings.sweep_interval,
                "options": {"expires": max(settings.sweep_interval, 1.0)},
            },
        },
    )
    app.ursuppe_settings = settings  # type: ignore[attr-defined]
    return app


#: The application ``celery -A workers.celery_app`` finds.
app: Celery = make_celery()
celery = app
