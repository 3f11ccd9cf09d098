"""The real stack for the stream tests: PostgreSQL (a database of its own), Redis (a
claimed database index), a Celery worker playing the bots and the app under gunicorn with
the gevent worker, as the Procfile's ``stream`` process runs it."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from stream_stack import Stack

from harness.streams import (
    Api,
    base_env,
    celery_worker,
    postgres_database,
    redis_database,
    stream_server,
)
from tests.support.directory_scope import directory_stack

pytestmark = pytest.mark.integration


# The stack stops, and its databases go, after this process's last stream test
# (tests.support.directory_scope).
STREAM = Path(__file__).parent


@pytest.fixture(scope="session")
def pg_url(request: pytest.FixtureRequest) -> str:
    return directory_stack(STREAM, request).enter_context(postgres_database())


@pytest.fixture(scope="session")
def redis_url(request: pytest.FixtureRequest) -> str:
    return directory_stack(STREAM, request).enter_context(redis_database())


@pytest.fixture(scope="session")
def logdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("stream")


@pytest.fixture(scope="session")
def stack(pg_url: str, redis_url: str, logdir: Path, request: pytest.FixtureRequest) -> Stack:
    env = base_env(pg_url, redis_url, f"ursuppe-stream-{uuid.uuid4().hex[:8]}")
    stops = directory_stack(STREAM, request)
    worker = celery_worker(env, logdir)
    stops.callback(worker.stop)
    server, base = stream_server(env, logdir)
    stops.callback(server.stop)  # the last in, the first to stop: the server, then the worker
    return Stack(env, server, worker, Api(base))
