"""Fixtures shared by the suites that need a database: tests/service and tests/api run every
test once on SQLite and once on PostgreSQL, each on its own temporary database.

In parallel (``make test``: pytest-xdist, ``--dist loadgroup``) every test goes to whichever
worker is free, in pytest's order. Servers a directory's tests share (tests/web's gunicorn,
Celery worker and beat, the browsers; tests/stream's) are session fixtures: each xdist
worker that runs one of those tests starts them once and stops them after its last test of
that directory (``tests.support.directory_scope``). (A mark added in a conftest's
``pytest_collection_modifyitems`` comes too late for loadgroup, which names groups in its own
hook first; ``@pytest.mark.xdist_group`` on a test works. Running the long tests first was
tried for issue 27 and dropped: the workers already ended within 22 s of each other, and
servers started early idle (beat sweeping every second) for the rest of the run.)

How a stopped run still cleans up is the plugin ``tests.support.interrupts``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine

from harness.databases import FakeClock, temporary_database, wipe
from service.game_service import GameService
from service.plumbing.config import Settings
from service.plumbing.db import make_engine, make_sessionmaker, upgrade_database
from tests.support.schedulers import RecordingScheduler


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
