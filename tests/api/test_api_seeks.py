"""Quick play over HTTP (issue 31): post, list, read (game and seat token), cancel, the
wait's end on the fake clock, and every refusal's code."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import API, assert_problem, bearer
from flask.testing import FlaskClient

from harness.databases import FakeClock
from service.game_service import GameService

SEEKS = f"{API}/seeks"


def new_player(client: FlaskClient, name: str) -> str:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201
    return r.json["token"]


def seek(client: FlaskClient, token: str, **body: Any) -> Any:
    return client.post(SEEKS, json=body, headers=bearer(token))


def test_three_seekers_meet_and_each_reads_its_seat(client: FlaskClient, clock: FakeClock) -> None:
    tokens = [new_player(client, name) for name in ("ann", "bob", "cy")]
    body = {"players": 3, "time_control": {"type": "bank", "initial": 180, "increment": 2}}
    first = seek(client, tokens[0], **body)
    assert first.status_code == 201 and first.json["status"] == "waiting"
    assert first.headers["Location"] == f"{SEEKS}/{first.json['id']}"
    clock.advance(1)
    assert seek(client, tokens[1], **body).json["status"] == "waiting"
    listed = client.get(SEEKS).json["items"]
    assert [s["name"] for s in listed] == ["ann", "bob"] and listed[0]["wait"] == 60
    clock.advance(1)
    last = seek(client, tokens[2], **body)
    assert last.status_code == 201 and last.json["status"] == "matched"
    game_id = last.json["game_id"]
    assert client.get(SEEKS).json["items"] == []
    seen = set()
    for token in tokens:
        mine = client.get(f"{SEEKS}", headers=bearer(token))  # the list has no tokens
        assert all("token" not in s for s in mine.json["items"])
    for token, seek_id in zip(tokens, [first.json["id"], None, last.json["id"]], strict=True):
        if seek_id is None:
            continue
        r = client.get(f"{SEEKS}/{seek_id}", headers=bearer(token))
        assert r.status_code == 200 and r.headers["Cache-Control"] == "no-store"
        assert r.json["game_id"] == game_id and r.json["token"]
        seen.add(r.json["seat"])
        # The token plays the seat: the pending decision of a human seat accepts it.
        game = client.get(f"{API}/games/{game_id}").json
        assert game["status"] == "active"
        assert game["seats"][r.json["seat"]]["player_id"] == r.json["player_id"]
    assert seen == {0, 2}


def test_the_wait_ends_with_bots(
    client: FlaskClient, clock: FakeClock, service: GameService
) -> None:
    token = new_player(client, "ann")
    r = seek(client, token, players=4, wait=15, bot_level="random", rated=False)
    seek_id = r.json["id"]
    clock.advance(15)
    (game_id,) = service.seeks.sweep()
    r = client.get(f"{SEEKS}/{seek_id}", headers=bearer(token))
    assert r.json["status"] == "matched" and r.json["game_id"] == game_id and r.json["seat"] == 0
    game = client.get(f"{API}/games/{game_id}").json
    assert [s["kind"] for s in game["seats"]] == ["human", "bot", "bot", "bot"]
    assert game["rated"] is False
    # Each read hands out a new token; the earlier one stops working.
    again = client.get(f"{SEEKS}/{seek_id}", headers=bearer(token)).json["token"]
    assert again != r.json["token"]
    chat = {"text": "hi"}
    old = client.post(f"{API}/games/{game_id}/chat", json=chat, headers=bearer(r.json["token"]))
    assert_problem(old, 401, "invalid_token")
    new = client.post(f"{API}/games/{game_id}/chat", json=chat, headers=bearer(again))
    assert new.status_code == 201 and new.json["seat"] == 0


def test_cancel(client: FlaskClient, clock: FakeClock, service: GameService) -> None:
    token = new_player(client, "ann")
    seek_id = seek(client, token, players=3).json["id"]
    r = client.delete(f"{SEEKS}/{seek_id}", headers=bearer(token))
    assert r.status_code == 200 and r.json["status"] == "cancelled"
    assert client.delete(f"{SEEKS}/{seek_id}", headers=bearer(token)).status_code == 200
    assert client.get(SEEKS).json["items"] == []
    other = seek(client, token, players=3, wait=5).json["id"]
    clock.advance(5)
    service.seeks.sweep()
    r = client.delete(f"{SEEKS}/{other}", headers=bearer(token))
    body = assert_problem(r, 409, "seek_matched")
    assert body["game_id"] and body["seat"] == 0


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"players": 7}, 422, "invalid_players"),
        ({"players": 2}, 422, "invalid_players"),
        ({"players": 5, "variant": "decoy"}, 422, "invalid_players"),
        ({"variant": "nope"}, 422, "invalid_option"),
        ({"rated": "no"}, 422, "validation_error"),
        ({"wait": 1}, 422, "invalid_seek"),
        ({"wait": 3600}, 422, "invalid_seek"),
        ({"bot_level": "mcts"}, 422, "invalid_seek"),
        ({"bot_level": "nobody"}, 422, "invalid_seek"),
        ({"time_control": {"type": "bank"}}, 422, "invalid_time_control"),
        ({"time_control": {"type": "per_decision", "seconds": 5, "days": 1}}, 422,
         "invalid_time_control"),
        ({"extra": 1}, 422, "validation_error"),
    ],
)  # fmt: skip
def test_refusals_of_a_seek(client: FlaskClient, body: dict, status: int, code: str) -> None:
    token = new_player(client, "ann")
    assert_problem(seek(client, token, **body), status, code)


@pytest.mark.parametrize(
    ("seek_body", "game_body"),
    [
        ({"players": 7}, {"players": 7}),
        ({"players": 1}, {"players": 1}),
        ({"players": 2}, {"players": 2}),
        ({"variant": "nope"}, {"players": 2, "options": {"variant": "nope"}}),
        ({"players": 3, "variant": "decoy"}, {"players": 3, "options": {"variant": "decoy"}}),
    ],
)
def test_a_rule_has_the_same_code_on_both_routes_that_make_games(
    client: FlaskClient, seek_body: dict, game_body: dict
) -> None:
    token = new_player(client, "ann")
    sought = seek(client, token, **seek_body)
    created = client.post(f"{API}/games", json=game_body, headers=bearer(token))
    assert sought.status_code == created.status_code == 422
    assert sought.json["code"] == created.json["code"] != "validation_error"


def test_who_may_do_what(client: FlaskClient) -> None:
    assert_problem(client.post(SEEKS, json={}), 401, "missing_token")
    assert_problem(
        client.post(SEEKS, json={}, headers=bearer("player." + "x" * 40)), 401, "invalid_token"
    )
    ann, bob = new_player(client, "ann"), new_player(client, "bob")
    seek_id = seek(client, ann, players=3).json["id"]
    body = assert_problem(seek(client, ann, players=4), 409, "seek_exists")
    assert body["seek_id"] == seek_id
    assert_problem(client.get(f"{SEEKS}/{seek_id}"), 401, "missing_token")
    assert_problem(client.get(f"{SEEKS}/{seek_id}", headers=bearer(bob)), 404, "seek_not_found")
    assert_problem(client.delete(f"{SEEKS}/{seek_id}", headers=bearer(bob)), 404, "seek_not_found")
    assert_problem(client.get(f"{SEEKS}/nope", headers=bearer(ann)), 404, "seek_not_found")
    assert client.get(f"{SEEKS}/{seek_id}", headers=bearer(ann)).json["token"] is None
