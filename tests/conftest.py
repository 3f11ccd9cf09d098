"""Fixtures shared by the suites that need a database: tests/service and tests/api run every
test once on SQLite and once on PostgreSQL, each on its own temporary database."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine

from service.config import Settings
from service.db import make_engine, make_sessionmaker, upgrade_database
from service.games import GameService
from service.scheduling import RecordingScheduler
from tests.support.databases import FakeClock, temporary_database, wipe


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
