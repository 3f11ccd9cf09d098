"""The Celery application shared by the web process (to send), the worker and beat.

Reliability choices, all deliberate:

* ``acks_late`` + ``task_reject_on_worker_lost``: a message is acknowledged only after its
  task returned, so a worker killed mid-task (SIGKILL, OOM, lost container) loses nothing:
  the broker redelivers it. Every task is idempotent on ``(game_id, seq)`` in the service
  (a stale or repeated task is a no-op), so redelivery is always safe.
* ``worker_prefetch_multiplier = 1``: a bot task can take seconds; one worker must not
  hoard messages that an idle sibling could run.
* JSON only: tasks carry ``(game_id, seq)``, never a pickled game.
* Results are ignored: nothing waits on a task; the database is the outcome.
"""

from __future__ import annotations

from datetime import timedelta

from celery import Celery

from workers.config import WorkerSettings


def make_celery(settings: WorkerSettings | None = None) -> Celery:
    """Build a configured Celery app; tests build their own with other settings."""
    settings = settings or WorkerSettings.from_env()
    app = Celery("ursuppe", include=["workers.tasks"])
    transport_options: dict[str, object] = {}
    if settings.is_filesystem_broker:
        # Embedded mode: one directory is both the inbox and the outbox of every process.
        queue_dir = settings.broker_dir / "queue"
        queue_dir.mkdir(parents=True, exist_ok=True)
        transport_options = {
            "data_folder_in": str(queue_dir),
            "data_folder_out": str(queue_dir),
            # Exchange bindings; kombu's default is a relative "control" folder in the cwd.
            "control_folder": str(settings.broker_dir / "control"),
            "store_processed": False,  # a consumed message file is deleted
            # The default 1 s poll would add up to a second to every bot reply.
            "polling_interval": 0.05,
        }
    elif settings.is_redis_broker:
        transport_options = {
            "visibility_timeout": settings.visibility_timeout,
            # Look for abandoned (unacknowledged) messages every few seconds, so a killed
            # worker's task comes back about ``visibility_timeout`` after it was taken.
            "unacked_restore_interval": min(10.0, max(1.0, settings.visibility_timeout / 4)),
            "unacked_restore_throttle": 1,
            "socket_connect_timeout": 5,
            "health_check_interval": 25,
        }

    app.conf.update(
        broker_url=settings.broker_url,
        result_backend=settings.result_backend,
        broker_transport_options=transport_options,
        result_backend_transport_options={"retry_policy": {"timeout": 5.0}},
        broker_connection_retry_on_startup=True,
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
        # The filesystem transport's fanout is a poor fit for remote control / pidbox.
        worker_enable_remote_control=not settings.is_filesystem_broker,
        worker_send_task_events=False,
        beat_schedule={
            "sweep-deadlines": {
                "task": "workers.tasks.sweep_deadlines",
                "schedule": settings.sweep_interval,
                # A sweep nobody ran in time is superseded by the next one: never pile up.
                "options": {"expires": max(settings.sweep_interval, 1.0)},
            },
        },
    )
    app.ursuppe_settings = settings  # type: ignore[attr-defined]
    return app


#: The application ``celery -A workers.celery_app`` finds.
app: Celery = make_celery()
celery = app


def settings_of(celery_app: Celery) -> WorkerSettings:
    """The settings an app was built with (falls back to the environment)."""
    return getattr(celery_app, "ursuppe_settings", None) or WorkerSettings.from_env()
