"""``Client.player_games``: the filters go out as query parameters, the ndjson comes back
one record at a time, an error answer is a ``ProblemError``."""

from __future__ import annotations

import json

import httpx
import pytest
from ursuppe_client import Client, ProblemError


def test_player_games_sends_the_filters_and_yields_each_line() -> None:
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        body = b"".join(json.dumps({"id": g}).encode() + b"\n" for g in ("g1", "g2"))
        return httpx.Response(200, content=body, headers={"Content-Type": "application/x-ndjson"})

    client = Client("http://server", transport=httpx.MockTransport(answer), player_token="player.x")
    records = client.player_games("p1", since="2026-01-01T00:00:00Z", max=2, rated=False)
    assert [r["id"] for r in records] == ["g1", "g2"]
    (request,) = seen
    assert request.url.path == "/api/v1/players/p1/games"
    assert dict(request.url.params) == {
        "since": "2026-01-01T00:00:00Z",
        "max": "2",
        "rated": "false",
    }
    assert request.headers["Authorization"] == "Bearer player.x"


def test_player_games_raises_the_problem() -> None:
    problem = {"type": "urn:ursuppe:problem:player_not_found", "title": "x", "status": 404,
               "detail": "no player", "code": "player_not_found"}  # fmt: skip

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            404, json=problem, headers={"Content-Type": "application/problem+json"}
        )

    client = Client("http://server", transport=httpx.MockTransport(answer))
    with pytest.raises(ProblemError) as raised:
        list(client.player_games("nobody"))
    assert raised.value.code == "player_not_found"
