"""The stream's HTTP edges through the Flask test client, on SQLite and PostgreSQL: the
problems (404, 401, 429), the end of a finished or aborted game, the idle limit, CORS, and
the notices the service publishes after each commit."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.stream.runtime import EXTENSION
from service.game_service import GameService
from service.plumbing.publishing import RecordingPublisher, decode_notice, encode_notice

API = "/api/v1"


@pytest.fixture
def app(service: GameService, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    monkeypatch.setenv("URSUPPE_STREAM_MAX_PER_CLIENT", "2")
    monkeypatch.setenv("URSUPPE_STREAM_IDLE_TIMEOUT", "0.3")
    monkeypatch.setenv("URSUPPE_STREAM_HEARTBEAT", "0.1")
    app = create_app(service=service)
    yield app
    runtime = app.extensions.get(EXTENSION)
    if runtime is not None:
        runtime.hub.stop()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def create(client: FlaskClient, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    seats = seats or [{"kind": "human"}] * 3
    r = client.post(f"{API}/games", json={"players": len(seats), "seats": seats})
    assert r.status_code == 201, r.json
    return r.json


def sse_messages(body: bytes) -> list[dict[str, Any]]:
    out = []
    for block in body.decode().split("\n\n"):
        fields = dict(
            line.split(": ", 1)
            for line in block.splitlines()
            if ": " in line and not line.startswith(":")
        )
        if "event" in fields:
            out.append(
                {
                    "type": fields["event"],
                    "data": json.loads(fields["data"]),
                    "id": fields.get("id"),
                }
            )
    return out


def assert_problem(resp: Any, status: int, code: str) -> None:
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == "application/problem+json"
    assert resp.get_json()["code"] == code


def test_an_unknown_game_is_a_404_problem(client: FlaskClient) -> None:
    assert_problem(client.get(f"{API}/games/nosuchgame/stream"), 404, "game_not_found")


def test_a_token_that_is_no_seat_of_the_game_is_a_401(client: FlaskClient) -> None:
    game = create(client)["game"]
    resp = client.get(
        f"{API}/games/{game['id']}/stream", headers={"Authorization": "Bearer " + "x" * 32}
    )
    assert_problem(resp, 401, "invalid_token")


def test_a_bad_since_is_a_422(client: FlaskClient) -> None:
    game = create(client)["game"]
    assert_problem(client.get(f"{API}/games/{game['id']}/stream?since=-1"), 422, "invalid_since")


def test_streams_per_client_are_capped_with_a_429(client: FlaskClient) -> None:
    game = create(client)["game"]
    url = f"{API}/games/{game['id']}/stream"
    first = client.get(url, buffered=False)
    second = client.get(url, buffered=False)
    assert (first.status_code, second.status_code) == (200, 200)
    third = client.get(url, buffered=False)
    assert_problem(third, 429, "too_many_streams")
    assert third.headers["Retry-After"]
    first.close()  # a closed stream gives its slot back
    fourth = client.get(url, buffered=False)
    assert fourth.status_code == 200
    second.close()
    fourth.close()


def test_an_aborted_game_sends_its_state_then_end_and_closes(client: FlaskClient) -> None:
    created = create(client)
    game_id = created["game"]["id"]
    r = client.post(
        f"{API}/games/{game_id}/abort",
        headers={"Authorization": f"Bearer {created['creator_token']}"},
    )
    assert r.status_code == 200
    resp = client.get(f"{API}/games/{game_id}/stream")
    assert resp.status_code == 200 and resp.mimetype == "text/event-stream"
    assert resp.headers["X-Accel-Buffering"] == "no"
    messages = sse_messages(resp.get_data())
    assert [m["type"] for m in messages] == ["state", "end"]
    assert messages[1]["data"]["status"] == "aborted"
    assert messages[0]["data"] == client.get(f"{API}/games/{game_id}").get_json()


def test_a_finished_game_replays_its_log_then_ends(
    client: FlaskClient, service: GameService
) -> None:
    game_id = create(client, [{"kind": "bot", "level": "random"}] * 3)["game"]["id"]
    while service.turns.play_bot_turn(game_id, service.games.get(game_id).seq):
        pass
    final = client.get(f"{API}/games/{game_id}").get_json()
    assert final["status"] == "finished"
    resp = client.get(
        f"{API}/games/{game_id}/stream?since=0", headers={"Accept": "application/x-ndjson"}
    )
    assert resp.mimetype == "application/x-ndjson"
    lines = [json.loads(line) for line in resp.get_data().splitlines()]
    entries = [m for m in lines if m["type"] == "entry"]
    assert [m["id"] for m in entries] == list(range(1, final["seq"] + 1))
    assert lines[-1] == {"type": "end", "data": final}
    # EventSource reconnecting after the end: 204, which stops it
    again = client.get(
        f"{API}/games/{game_id}/stream", headers={"Last-Event-ID": str(final["seq"])}
    )
    assert again.status_code == 204


def test_an_idle_stream_closes_after_heartbeats(client: FlaskClient) -> None:
    game = create(client)["game"]
    resp = client.get(
        f"{API}/games/{game['id']}/stream", headers={"Accept": "application/x-ndjson"}
    )
    lines = [json.loads(line) for line in resp.get_data().splitlines()]
    assert [m["type"] for m in lines if m["type"] != "heartbeat"] == ["state"]
    assert lines.count({"type": "heartbeat"}) >= 2  # the opening one and at least one more


def test_cors_allows_configured_origins_on_streams(service: GameService) -> None:
    from dataclasses import replace

    service.settings = replace(service.settings, cors_origins=("https://play.example",))
    client = create_app(service=service).test_client()
    game = create(client)["game"]
    url = f"{API}/games/{game['id']}/stream"
    ok = client.get(url, headers={"Origin": "https://play.example"}, buffered=False)
    assert ok.headers["Access-Control-Allow-Origin"] == "https://play.example"
    ok.close()
    other = client.get(f"{API}/games/{game['id']}", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers
    pre = client.options(
        url,
        headers={
            "Origin": "https://play.example",
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "authorization, last-event-id",
        },
    )
    assert pre.headers["Access-Control-Allow-Origin"] == "https://play.example"
    assert "last-event-id" in pre.headers["Access-Control-Allow-Headers"].lower()


def test_the_service_announces_every_public_change(service: GameService) -> None:
    notices = service.publisher = RecordingPublisher()
    created = service.creation.create_game(players=3, time_limit=0)
    game_id = created.game.id
    joined = [service.seating.join(game_id, f"p{i}") for i in range(3)]
    assert notices.notices == [(game_id, 0)] * 3  # the third join also started the game
    view = service.games.get(game_id)
    token = {j.seat: j.token for j in joined}[view.pending_seat]
    result = service.moves.submit(game_id, token, view.pending["actions"][0], expected_seq=view.seq)
    assert notices.notices[-1] == (game_id, result.seq)
    other = service.creation.create_game(players=3, time_limit=0)
    service.creation.abort(other.game.id, other.creator_token)
    assert notices.notices[-1] == (other.game.id, 0)


def test_notices_round_trip() -> None:
    assert decode_notice(encode_notice("abc", 7)) == ("abc", 7)
    assert decode_notice(b"not json") is None
    assert decode_notice(b'{"game_id": "x"}') is None


def test_without_notices_the_recheck_still_delivers_a_move(
    client: FlaskClient, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No Redis here: the stream learns of the move from its periodic version re-check."""
    monkeypatch.setenv("URSUPPE_STREAM_RECHECK", "0.2")
    monkeypatch.setenv("URSUPPE_STREAM_IDLE_TIMEOUT", "10")
    game_id = create(client)["game"]["id"]
    tokens = {j.seat: j.token for j in (service.seating.join(game_id, f"p{i}") for i in range(3))}
    resp = client.get(
        f"{API}/games/{game_id}/stream", headers={"Accept": "application/x-ndjson"}, buffered=False
    )
    chunks = iter(resp.response)
    assert b'"type":"state"' in next(chunks) + next(chunks)
    view = service.games.get(game_id)
    service.moves.submit(
        game_id, tokens[view.pending_seat], view.pending["actions"][0], expected_seq=view.seq
    )
    for chunk in chunks:
        if b'"type":"entry"' in chunk:
            assert json.loads(chunk)["id"] == view.seq + 1
            break
    else:
        pytest.fail("the stream ended without the move")
    resp.close()
