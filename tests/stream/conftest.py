"""The real stack for the stream tests: PostgreSQL (a database of its own), Redis (a
claimed database index), a Celery worker playing the bots and the app under gunicorn with
the gevent worker, as the Procfile's ``stream`` process runs it."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from harness.streams import (
    Api,
    Process,
    base_env,
    celery_worker,
    postgres_database,
    redis_database,
    stream_server,
)

pytestmark = pytest.mark.integration


@dataclass
class Stack:
    env: dict[str, str]
    server: Process
    worker: Process
    api: Api

    def logs(self) -> str:
        return f"--- gunicorn ---\n{self.server.tail()}\n--- worker ---\n{self.worker.tail()}"


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    with postgres_database() as url:
        yield url


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    with redis_database() as url:
        yield url


@pytest.fixture(scope="session")
def logdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("stream")


@pytest.fixture(scope="session")
def stack(pg_url: str, redis_url: str, logdir: Path) -> Iterator[Stack]:
    env = base_env(pg_url, redis_url, f"ursuppe-stream-{uuid.uuid4().hex[:8]}")
    worker = celery_worker(env, logdir)
    try:
        server, base = stream_server(env, logdir)
    except BaseException:
        worker.stop()
        raise
    yield Stack(env, server, worker, Api(base))
    server.stop()
    worker.stop()
