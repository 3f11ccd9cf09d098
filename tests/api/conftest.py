"""API fixtures: every test runs once on SQLite and once on PostgreSQL, through the
Flask test client on a GameService with a RecordingScheduler."""

from __future__ import annotations

import pytest
from api_helpers import Http
from flask import Flask
from flask.testing import FlaskClient
from spec_check import SpecCheckingClient

from api import create_app
from service.games import GameService

# ----------------------------------------------------------------------------- HTTP layer


@pytest.fixture
def app(service: GameService) -> Flask:
    app = create_app(service=service)
    app.config["TESTING"] = True
    app.test_client_class = SpecCheckingClient
    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def http(client: FlaskClient) -> Http:
    return Http(client)
