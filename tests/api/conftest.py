"""API fixtures: every test runs once on SQLite and once on PostgreSQL, through the
Flask test client on a GameService with a RecordingScheduler."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import Engine

from api import create_app
from service.config import Settings
from service.db import make_engine, make_sessionmaker, upgrade_database
from service.games import GameService
from service.scheduling import RecordingScheduler
from service.testing import FakeClock, temporary_database, wipe


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


# ----------------------------------------------------------------------------- HTTP layer


API = "/api/v1"


@pytest.fixture
def app(service: GameService) -> Flask:
    app = create_app(service=service)
    app.config["TESTING"] = True
    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Table:
    """A game created over HTTP, with the tokens the test holds."""

    id: str
    creator_token: str
    tokens: dict[int, str] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"{API}/games/{self.id}"


class Http:
    """Small helpers over the test client so tests read like a client's session."""

    def __init__(self, client: FlaskClient) -> None:
        self.c = client

    def create(self, **body: Any) -> Table:
        body.setdefault("players", 3)
        r = self.c.post(f"{API}/games", json=body)
        assert r.status_code == 201, r.json
        return Table(r.json["game"]["id"], r.json["creator_token"])

    def join(self, table: Table, name: str = "p", **extra: Any) -> int:
        r = self.c.post(f"{table.url}/seats", json={"name": name, **extra})
        assert r.status_code == 201, r.json
        table.tokens[r.json["seat"]] = r.json["token"]
        return r.json["seat"]

    def started(self, players: int = 3, **body: Any) -> Table:
        """A running game with every seat human and joined."""
        table = self.create(players=players, **body)
        for i in range(players):
            self.join(table, f"player{i}")
        return table

    def pending(self, table: Table) -> dict[str, Any]:
        r = self.c.get(f"{table.url}/pending")
        assert r.status_code == 200, r.json
        return r.json

    def act(
        self,
        table: Table,
        *,
        seat: int | None = None,
        action: Any = None,
        headers: dict[str, str] | None = None,
        **body: Any,
    ) -> Any:
        """Submit ``action`` (default: the pending decision's first action) for ``seat``
        (default: the pending seat) with expected_seq unless the body overrides it."""
        p = self.pending(table)
        seat = p["pending"]["seat"] if seat is None else seat
        payload = {"action": p["pending"]["actions"][0] if action is None else action}
        if "expected_seq" not in body and not (headers and "If-Match" in headers):
            payload["expected_seq"] = p["seq"]
        payload.update(body)
        return self.c.post(
            f"{table.url}/actions",
            json=payload,
            headers={**bearer(table.tokens[seat]), **(headers or {})},
        )

    def game(self, table: Table) -> dict[str, Any]:
        r = self.c.get(table.url)
        assert r.status_code == 200
        return r.json


@pytest.fixture
def http(client: FlaskClient) -> Http:
    return Http(client)


def assert_problem(resp: Any, status: int, code: str) -> dict[str, Any]:
    """The response is an RFC 9457 problem with this status and stable code."""
    assert resp.status_code == status, (resp.status_code, resp.get_data(as_text=True)[:500])
    assert resp.mimetype == "application/problem+json", resp.mimetype
    body = resp.get_json()
    assert body["status"] == status
    assert body["code"] == code, body
    assert body["type"] == f"urn:ursuppe:problem:{code}"
    assert body["title"] and body["detail"]
    return body
