"""Fixtures shared by the suites that need a database: tests/service and tests/api run every
test once on SQLite and once on PostgreSQL, each on its own temporary database.

Also the order the suite runs in when it runs in parallel (``make test``: pytest-xdist):
``pytest_collection_modifyitems``. How a stopped run still cleans up is the plugin
``tests.support.interrupts``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from service.config import Settings
from service.db import make_engine, make_sessionmaker, upgrade_database
from service.games import GameService
from service.scheduling import RecordingScheduler
from tests.support.databases import FakeClock, temporary_database, wipe

TESTS = Path(__file__).resolve().parent

#: The long tests, longest kind first (``make test --durations=30`` says which): a browser
#: playing a game, worker and runner processes started, killed and restarted, a nested test
#: run, generated requests over the whole spec, thousands of random games. Under xdist the
#: first quarter of the collection is dealt out to the workers at once and the rest handed
#: to whichever worker is free; with the long tests dealt first, the run ends on short
#: ones and no worker is left alone with a minute-long test while the others are idle.
LONG_FIRST = (
    "web/test_web_play.py",
    "workers/test_no_orphans.py",
    "workers/test_embedded_soak.py",
    "workers/test_workers_embedded.py",
    "api/test_api_schemathesis.py",
    "web/",
    "workers/",
    "stream/",
    "engine/test_engine_properties.py",
    "api/test_api_full_game.py",
    "api/test_api_variants.py",
    "ai/",
)


def _rank(item: pytest.Item) -> int:
    """Where ``item`` goes: the index of its first ``LONG_FIRST`` entry, else after them."""
    path = item.path.resolve()
    where = path.relative_to(TESTS).as_posix() if path.is_relative_to(TESTS) else ""
    return next((i for i, p in enumerate(LONG_FIRST) if where.startswith(p)), len(LONG_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the long tests first (``LONG_FIRST``); otherwise pytest's order, which groups
    the tests of one database backend. The same order in every xdist worker (each
    collects; the controller checks they agree).

    Servers a directory's tests share (tests/web's gunicorn, Celery worker and browser,
    tests/stream's) are session fixtures: each xdist worker that runs one of those tests
    starts them once, so the browser tests run on all four workers side by side."""
    items.sort(key=_rank)  # stable: the order within a rank stays pytest's


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
