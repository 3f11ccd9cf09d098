"""The worker plumbing on real Redis and a real worker process, before any game logic."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from datetime import UTC, datetime, timedelta

import pytest
import redis

from workers.celery_app import make_celery
from workers.config import WorkerSettings
from workers.scheduler import CeleryScheduler

pytestmark = pytest.mark.integration


def test_the_worker_imports_its_tasks_before_prometheus_client() -> None:
    """The worker's main process imports the task modules before it sets up its metrics
    directory (``workers.metrics``); a prometheus_client imported by then keeps every series
    of the pool's processes out of the worker's scrape, with no error but a log line."""
    code = "import sys, workers.tasks; print('prometheus_client' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False", done.stdout + done.stderr


def test_settings_default_to_a_local_redis() -> None:
    """One transport everywhere: without REDIS_URL, Redis on this machine (``make run``
    always sets REDIS_URL to its own server)."""
    settings = WorkerSettings.from_env({})
    assert settings.broker_url == settings.result_backend == "redis://127.0.0.1:6379/0"
    app = make_celery(settings)
    assert app.conf.task_acks_late and app.conf.task_reject_on_worker_lost
    assert app.conf.worker_prefetch_multiplier == 1
    assert app.conf.broker_transport_options["visibility_timeout"] == 3600


def test_settings_from_redis_url() -> None:
    settings = WorkerSettings.from_env(
        {"REDIS_URL": "redis://h:1/2", "URSUPPE_VISIBILITY_TIMEOUT": "100"}
    )
    assert settings.broker_url == settings.result_backend == "redis://h:1/2"
    assert settings.eta_horizon == 50  # never beyond half the visibility timeout


def queued(client: redis.Redis, queue: str) -> list[dict]:
    """The messages waiting in a queue (kombu's Redis transport keeps each as JSON, the
    task's name in its headers)."""
    return [json.loads(raw) for raw in client.lrange(queue, 0, -1)]


def test_scheduler_sends_bot_turns_and_near_deadlines_only(redis_url: str) -> None:
    queue = f"ursuppe-test-{uuid.uuid4().hex[:10]}"
    app = make_celery(WorkerSettings.from_env({"REDIS_URL": redis_url, "URSUPPE_QUEUE": queue}))
    scheduler = CeleryScheduler(app=app, eta_horizon=60)
    client = redis.Redis.from_url(redis_url)
    try:
        scheduler.bot_turn("g1", 7)
        scheduler.deadline("g1", 8, datetime.now(UTC) + timedelta(seconds=30))
        scheduler.deadline("g1", 9, datetime.now(UTC) + timedelta(days=2))  # sweep only
        messages = queued(client, queue)
        tasks = sorted((m["headers"]["task"], tuple(m["headers"]["argsrepr"][1:-1].split(", ")))
                       for m in messages)  # fmt: skip
        assert tasks == [
            ("workers.tasks.bot_turn", ("'g1'", "7")),
            ("workers.tasks.expire_deadline", ("'g1'", "8")),
        ]
        eta = next(m["headers"]["eta"] for m in messages if "expire" in m["headers"]["task"])
        assert eta is not None
    finally:
        client.delete(queue)
        app.close()


def test_scheduler_never_raises_when_the_broker_is_down() -> None:
    app = make_celery(WorkerSettings.from_env({"REDIS_URL": "redis://127.0.0.1:1/0"}))
    scheduler = CeleryScheduler(app=app)
    scheduler.bot_turn("g", 1)  # logged, not raised: the commit already happened
    scheduler.deadline("g", 2, datetime.now(UTC) + timedelta(seconds=5))
    app.close()


def test_a_worker_process_answers_on_its_own_queue(start_worker) -> None:  # noqa: ANN001
    worker = start_worker(beat=False)
    assert worker.proc is not None and worker.proc.poll() is None
