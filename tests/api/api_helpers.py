"""Helpers shared by the API tests (a unique module name: conftest.py is not importable
reliably when several test folders have one)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from flask.testing import FlaskClient
from spec_check import SpecCheckingClient

from api import create_app

API = "/api/v1"


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


def client_with(service: Any, **settings: Any) -> FlaskClient:
    """A client of a new app with these settings (fresh budgets), calling from 127.0.0.1;
    every answer is checked against the spec."""
    service.settings = replace(service.settings, **settings)
    app = create_app(service=service)
    app.test_client_class = SpecCheckingClient
    return app.test_client()


def from_address(client: FlaskClient, address: str) -> FlaskClient:
    """Another client of the same app (the same counts), calling from ``address``."""
    other = client.application.test_client()
    other.environ_base["REMOTE_ADDR"] = address
    return other


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    """A new player's id and token."""
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["player"]["id"], r.json["token"]
