"""The worker plumbing on real Redis and a real worker process, before any game logic."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import redis

from workers.celery_app import make_celery
from workers.config import WorkerSettings
from workers.scheduler import CeleryScheduler

pytestmark = pytest.mark.integration

WORKERS = Path(__file__).resolve().parents[2] / "workers"


def imported_workers(path: Path) -> set[str]:
    """The modules of ``workers`` that a module imports, at any depth of its code."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "workers":
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("workers."):
            names.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            names.update(a.name.split(".")[1] for a in node.names if a.name.startswith("workers."))
    return names


def test_series_recorded_after_a_fork_reach_the_directory_prepared_after_every_import() -> None:
    """Import order does not matter: a worker's main process may import its task modules,
    prometheus_client with them, before it prepares its metrics directory at start-up
    (``workers.metrics``); what a forked child records still lands there, where the main
    process's exporter adds it up. (With the series made at import, the child kept it in
    its own memory and the scrape never showed it.)"""
    code = """
import os, shutil, sys
import workers.tasks
assert "prometheus_client" in sys.modules
from workers import metrics_dir
created = metrics_dir.prepare()
from service.plumbing import metrics
pid = os.fork()
if pid == 0:
    metrics.RATING_RUNS.labels("rated").inc(3)
    os._exit(0)
os.waitpid(pid, 0)
print(metrics.exposition()[0].decode())
shutil.rmtree(created)
"""
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert 'ursuppe_rating_runs_total{result="rated"} 3.0' in done.stdout, done.stderr


def test_no_two_modules_of_the_workers_import_each_other() -> None:
    """The worker's modules form no cycle: the signal handlers (``workers.metrics``) find
    the settings in ``workers.config``, not in the app that imports them."""
    graph = {path.stem: imported_workers(path) for path in WORKERS.glob("*.py")}
    for start in graph:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for name in graph.get(todo.pop(), set()):
                assert name != start, f"workers.{start} imports itself through workers.{name}"
                if name not in seen:
                    seen.add(name)
                    todo.append(name)


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
