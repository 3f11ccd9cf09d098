"""Fixtures shared by the suites that need a database: tests/service and tests/api run every
test once on SQLite and once on PostgreSQL, each on its own temporary database.

Also how the suite shares servers when it runs in parallel (``make test``: pytest-xdist,
``--dist loadgroup``): ``pytest_collection_modifyitems``. How a stopped run still cleans up
is the plugin ``tests.support.interrupts``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from harness.databases import FakeClock, temporary_database, wipe
from service.config import Settings
from service.db import make_engine, make_sessionmaker, upgrade_database
from service.games import GameService
from tests.support.schedulers import RecordingScheduler

TESTS = Path(__file__).resolve().parent
#: Directories whose tests share one expensive session fixture (a gunicorn, a Celery worker
#: and for the web tests Chromium): under xdist each runs on one worker, so the servers are
#: started once per run rather than once per worker. New tests there join automatically.
SHARED_SERVERS = ("web", "stream")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the tests of each ``SHARED_SERVERS`` directory in one xdist group."""
    for item in items:
        path = item.path.resolve()
        parts = path.relative_to(TESTS).parts if path.is_relative_to(TESTS) else ()
        if len(parts) > 1 and parts[0] in SHARED_SERVERS:
            item.add_marker(pytest.mark.xdist_group(parts[0]))


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def db_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    with temporary_database(request.param, tmp_path_factory.mktemp("db")) as url:
        upgrade_database(url)
        yield url


@pytest.fixture(scope="session")
def db_engine(db_url: str) -> Iterator[Engine]:
    engine = make_engine(db_url)
    yield engine
    engine.dispose()


@pytest.fixture
def scheduler() -> RecordingScheduler:
    return RecordingScheduler()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def settings(db_url: str) -> Settings:
    return Settings(database_url=db_url, auto_migrate=False, scheduler="none", bot_time_budget=0.5)


@pytest.fixture
def service(
    db_engine: Engine, scheduler: RecordingScheduler, settings: Settings, clock: FakeClock
) -> GameService:
    wipe(db_engine)
    return GameService(make_sessionmaker(db_engine), scheduler, settings, clock=clock)
