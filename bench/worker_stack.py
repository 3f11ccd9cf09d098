"""The layout the worker benchmarks share: a queue of their own on a Redis, a migrated
database, the environment a Celery worker runs with, and a ``GameService`` in this process
that schedules onto that queue (``workers.scheduler.CeleryScheduler``)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any


@contextmanager
def celery_service(
    db_url: str,
    redis_url: str,
    *,
    prefix: str = "ursuppe-bench",
    env: Mapping[str, str] | None = None,
    **settings: Any,
) -> Iterator[tuple[dict[str, str], str, Any]]:
    """(worker environment, queue, service) on ``db_url`` (migrated here) and
    ``redis_url``; ``env`` adds to the worker's environment, ``settings`` to the
    service's ``Settings``. Start the worker with that environment and queue
    (``harness.processes.WorkerProcess``) and stop it inside the block: on leaving,
    the service's pool is closed and the Celery app with it."""
    from service import Settings, build_service
    from service.plumbing.db import upgrade_database
    from workers.celery_app import make_celery
    from workers.config import WorkerSettings
    from workers.scheduler import CeleryScheduler

    queue = f"{prefix}-{uuid.uuid4().hex[:8]}"
    worker_env = {
        "DATABASE_URL": db_url, "REDIS_URL": redis_url, "URSUPPE_QUEUE": queue,
        "URSUPPE_SCHEDULER": "celery", "URSUPPE_AUTO_MIGRATE": "0", **(env or {}),
    }  # fmt: skip
    upgrade_database(db_url)
    app = make_celery(WorkerSettings.from_env(worker_env))
    service = build_service(
        Settings(database_url=db_url, redis_url=redis_url, auto_migrate=False, **settings),
        CeleryScheduler(app=app),
        migrate=False,
    )
    try:
        yield worker_env, queue, service
    finally:
        service.sessions.kw["bind"].dispose()
        app.close()
