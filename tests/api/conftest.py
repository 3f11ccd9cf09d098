"""API fixtures: every test runs once on SQLite and once on PostgreSQL, through the
Flask test client on a GameService with a RecordingScheduler.

One app per settings and process, not one per test (issue 27). Building an app is mostly
flask-smorest writing the OpenAPI document of every route (67 ms, a fifth of the API tests'
CPU when it ran for each of them). What an app keeps between requests is rebound for every
test, so no test sees another's: the service it serves (``api.deps``), the cache of rendered
documents (a game id may come back on a wiped database), the rate limiter's counts and the
live streams' runtime."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from api_helpers import Http
from flask import Flask
from flask.testing import FlaskClient
from spec_check import SpecCheckingClient

from api import create_app, deps, representations
from api.stream.runtime import EXTENSION as STREAM_EXTENSION
from service.game_service import GameService

# ----------------------------------------------------------------------------- HTTP layer


@pytest.fixture(scope="session")
def apps_by_settings() -> dict[str, Flask]:
    """Apps by ``repr`` of their settings (``Settings`` holds a dict: it cannot be a key)."""
    return {}


def _stop_streams(app: Flask) -> None:
    runtime = app.extensions.pop(STREAM_EXTENSION, None)
    if runtime is not None:
        runtime.hub.stop()


@pytest.fixture
def app(service: GameService, apps_by_settings: dict[str, Flask]) -> Iterator[Flask]:
    key = repr(service.settings)
    app = apps_by_settings.get(key)
    if app is None:
        app = apps_by_settings[key] = create_app(service=service)
        app.config["TESTING"] = True
        app.test_client_class = SpecCheckingClient
    else:
        app.extensions[deps.EXTENSION] = service
        representations.install(app)
        for limiter in app.extensions.get("limiter", ()):
            limiter.reset()  # its memory storage: counts of an earlier test's requests
    yield app
    _stop_streams(app)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def http(client: FlaskClient) -> Http:
    return Http(client)
