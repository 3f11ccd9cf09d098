"""Fixtures for the worker tests: real Redis, a PostgreSQL database of their own and real
Celery worker processes.

Isolation from parallel runs and from running servers: every session starts its own Redis
server and creates (then drops) a uniquely named PostgreSQL database; every worker gets its
own queue name.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from harness import processes
from harness.databases import postgres_database

pytestmark = pytest.mark.integration


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A Redis server of this session's own (never the one on the default port)."""
    with processes.redis_server() as url:
        yield url


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A freshly created PostgreSQL database with the schema migrated to head."""
    from service.plumbing.db import upgrade_database

    with postgres_database("ursuppe_wk") as url:
        upgrade_database(url)
        yield url


@pytest.fixture(scope="session")
def worker_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("workers")


def worker_env(redis_url: str, pg_url: str, queue: str, **extra: str) -> dict[str, str]:
    """The environment a worker process (and this test process's scheduler) runs with."""
    env = {
        "DATABASE_URL": pg_url,
        "REDIS_URL": redis_url,
        "URSUPPE_QUEUE": queue,
        "URSUPPE_SCHEDULER": "celery",
        "URSUPPE_AUTO_MIGRATE": "0",
        "URSUPPE_SWEEP_INTERVAL": "1",
        "URSUPPE_BOT_TIME_BUDGET": "0.5",
        # A killed worker's unacknowledged task comes back after this many seconds.
        "URSUPPE_VISIBILITY_TIMEOUT": "8",
    }
    env.update(extra)
    return env


@pytest.fixture
def start_worker(
    redis_url: str, pg_url: str, worker_dir: Path
) -> Iterator[Callable[..., processes.WorkerProcess]]:
    """Factory: start a worker process on a fresh queue; every one is stopped afterwards."""
    started: list[processes.WorkerProcess] = []

    def _start(
        queue: str | None = None, *, beat: bool = True, concurrency: int = 2, **extra: str
    ) -> processes.WorkerProcess:
        queue = queue or f"ursuppe-test-{uuid.uuid4().hex[:10]}"
        proc = processes.WorkerProcess(
            worker_env(redis_url, pg_url, queue, **extra),
            queue=queue,
            beat=beat,
            concurrency=concurrency,
            workdir=worker_dir,
            name=f"w{len(started) + 1}",
        )
        started.append(proc)
        return proc.start()

    yield _start
    for proc in started:
        proc.stop()


class Stack:
    """One worker queue as seen from the test process: its env, a Celery app sending to
    it, and a GameService (on the test database) whose scheduler sends there."""

    def __init__(self, redis_url: str, pg_url: str, queue: str, **extra: str) -> None:
        from service import Settings, build_service
        from workers.celery_app import make_celery
        from workers.config import WorkerSettings
        from workers.scheduler import CeleryScheduler

        self.queue = queue
        self.env = worker_env(redis_url, pg_url, queue, **extra)
        self.app = make_celery(WorkerSettings.from_env(self.env))
        self.scheduler = CeleryScheduler(app=self.app)
        settings = Settings(
            database_url=pg_url,
            redis_url=redis_url,
            auto_migrate=False,
            bot_grace=int(self.env.get("URSUPPE_BOT_GRACE", "120")),
        )
        self.service = build_service(settings, self.scheduler, migrate=False)

    def close(self) -> None:
        self.service.sessions.kw["bind"].dispose()
        self.app.close()


@pytest.fixture
def stack(
    redis_url: str, pg_url: str, worker_dir: Path
) -> Iterator[Callable[..., tuple[Stack, processes.WorkerProcess]]]:
    """Factory: a fresh queue with a worker process (beat included) and a test-side service."""
    made: list[tuple[Stack, processes.WorkerProcess]] = []

    def _make(  # noqa: ANN202
        *, beat: bool = True, concurrency: int = 2, app_module: str = "workers.celery_app",
        database_url: str | None = None, **extra: str,
    ):  # fmt: skip
        queue = f"ursuppe-test-{uuid.uuid4().hex[:10]}"
        st = Stack(redis_url, database_url or pg_url, queue, **extra)
        proc = processes.WorkerProcess(
            st.env, queue=queue, beat=beat, concurrency=concurrency, workdir=worker_dir,
            name=f"{queue[-6:]}-{len(made) + 1}", app_module=app_module,
        )  # fmt: skip
        made.append((st, proc))
        proc.start()
        return st, proc

    yield _make
    for st, proc in made:
        proc.stop()
        st.close()
