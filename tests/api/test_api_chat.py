"""Chat at the table (issue 30): who may write as whom, every refusal's code, the rate
limit on a fake clock, the creator's switch, mutes, and the record's copy."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from api_helpers import API, Http, Table, bearer
from flask.testing import FlaskClient

from harness.databases import FakeClock
from service.parts.chat import RATE_COUNT, RATE_WINDOW


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201
    return r.json["player"]["id"], r.json["token"]


def say(client: FlaskClient, table: Table, token: str | None, text: str) -> Any:
    headers = bearer(token) if token else {}
    return client.post(f"{table.url}/chat", json={"text": text}, headers=headers)


def read(client: FlaskClient, table: Table, token: str | None = None, **query: Any) -> Any:
    r = client.get(f"{table.url}/chat", query_string=query, headers=bearer(token) if token else {})
    assert r.status_code == 200, r.json
    return r.json


def test_seats_players_and_spectators_write_as_themselves(client: FlaskClient, http: Http) -> None:
    ann, ann_token = new_player(client, "Ann")
    _, bob_token = new_player(client, "Bob")
    table = http.create(players=3)
    r = client.post(f"{table.url}/seats", json={"name": "Annie"}, headers=bearer(ann_token))
    assert r.status_code == 201
    http.join(table, "Cleo")
    http.join(table, "Dan")
    cleo_token = table.tokens[1]

    assert say(client, table, ann_token, "  hello  ").status_code == 201
    assert say(client, table, cleo_token, "hi Ann").status_code == 201
    assert say(client, table, bob_token, "watching").status_code == 201

    items = read(client, table)["items"]
    assert [(m["text"], m["seat"], m["spectator"], m["name"]) for m in items] == [
        ("hello", 0, False, "Annie"),
        ("hi Ann", 1, False, "Cleo"),
        ("watching", None, True, "Bob"),
    ]
    assert items[0]["player_id"] == ann and items[1]["player_id"] is None
    page = read(client, table, since=items[0]["id"], limit=1)
    assert [m["text"] for m in page["items"]] == ["hi Ann"]
    assert page["next_since"] == items[1]["id"]


def test_every_refusal_has_its_code(client: FlaskClient, http: Http) -> None:
    table = http.started(players=3)
    seat = table.tokens[0]
    cases = [
        (say(client, table, None, "hi"), 401, "missing_token"),
        (say(client, table, "x" * 20, "hi"), 401, "invalid_token"),
        (say(client, table, "player." + "x" * 30, "hi"), 401, "invalid_token"),
        (say(client, table, seat, "   "), 422, "invalid_chat_text"),
        (say(client, table, seat, "a" * 281), 422, "invalid_chat_text"),
        (say(client, table, seat, "two\nlines"), 422, "invalid_chat_text"),
        (say(client, table, seat, "bell\x07"), 422, "invalid_chat_text"),
        (
            client.post(f"{API}/games/nope/chat", json={"text": "hi"}, headers=bearer(seat)),
            404,
            "game_not_found",
        ),
        (client.get(f"{API}/games/nope/chat"), 404, "game_not_found"),
        (client.post(f"{table.url}/chat", json={}, headers=bearer(seat)), 422, "validation_error"),
    ]
    for response, status, code in cases:
        assert (response.status_code, response.json["code"]) == (status, code), response.json
    assert say(client, table, seat, "a" * 280).status_code == 201


def test_the_rate_is_per_author_and_counted_from_stored_messages(
    client: FlaskClient, http: Http, clock: FakeClock
) -> None:
    table = http.started(players=3)
    first, second = table.tokens[0], table.tokens[1]
    for i in range(RATE_COUNT):
        assert say(client, table, first, f"m{i}").status_code == 201
    refused = say(client, table, first, "one too many")
    assert refused.status_code == 429 and refused.json["code"] == "chat_rate_limited"
    # flask-limiter (the address's chat budget) rewrites the header, rounding down.
    assert RATE_WINDOW - 1 <= int(refused.headers["Retry-After"]) <= RATE_WINDOW
    assert say(client, table, second, "my own budget").status_code == 201
    clock.now += timedelta(seconds=RATE_WINDOW - 1)
    assert say(client, table, first, "still too soon").status_code == 429
    clock.now += timedelta(seconds=1)
    assert say(client, table, first, "again").status_code == 201


def test_the_creator_closes_chat_to_spectators(client: FlaskClient, http: Http) -> None:
    _, bob = new_player(client, "Bob")
    table = http.started(players=3)
    url = f"{table.url}/chat/settings"
    wrong = client.put(url, json={"spectators": False}, headers=bearer(table.tokens[0]))
    assert wrong.status_code == 403 and wrong.json["code"] == "not_creator"
    closed = client.put(url, json={"spectators": False}, headers=bearer(table.creator_token))
    assert closed.status_code == 200 and closed.json == {"spectators": False}
    assert read(client, table)["spectators"] is False

    refused = say(client, table, bob, "let me in")
    assert refused.status_code == 403 and refused.json["code"] == "chat_closed_to_spectators"
    assert say(client, table, table.tokens[0], "players still talk").status_code == 201

    client.put(url, json={"spectators": True}, headers=bearer(table.creator_token))
    assert say(client, table, bob, "thanks").status_code == 201


def test_a_player_mutes_another(client: FlaskClient, http: Http) -> None:
    ann, ann_token = new_player(client, "Ann")
    bob, bob_token = new_player(client, "Bob")
    table = http.started(players=3)
    say(client, table, bob_token, "spam")
    say(client, table, table.tokens[0], "from a seat")

    mutes = f"{API}/players/me/mutes"
    self_mute = client.post(mutes, json={"player_id": ann}, headers=bearer(ann_token))
    assert self_mute.status_code == 422 and self_mute.json["code"] == "cannot_mute_self"
    unknown = client.post(mutes, json={"player_id": "nobody"}, headers=bearer(ann_token))
    assert unknown.status_code == 404 and unknown.json["code"] == "player_not_found"
    assert client.get(mutes).json["code"] == "missing_token"
    r = client.post(mutes, json={"player_id": bob}, headers=bearer(ann_token))
    assert r.status_code == 201 and r.json["name"] == "Bob"
    assert client.get(mutes, headers=bearer(ann_token)).json[0]["player_id"] == bob

    assert [m["text"] for m in read(client, table, ann_token)["items"]] == ["from a seat"]
    assert [m["text"] for m in read(client, table)["items"]] == ["spam", "from a seat"]

    gone = client.delete(f"{mutes}/{bob}", headers=bearer(ann_token))
    assert gone.status_code == 204
    again = client.delete(f"{mutes}/{bob}", headers=bearer(ann_token))
    assert again.status_code == 404 and again.json["code"] == "mute_not_found"
    assert len(read(client, table, ann_token)["items"]) == 2


def test_chat_ends_with_the_game_and_is_in_its_record(client: FlaskClient, http: Http) -> None:
    _, owner = new_player(client, "Owner")
    r = client.post(f"{API}/games", json={"players": 3, "label": "chat-cup"}, headers=bearer(owner))
    assert r.status_code == 201, r.json
    table = Table(r.json["game"]["id"], r.json["creator_token"])
    for i in range(3):
        http.join(table, f"p{i}")
    assert say(client, table, table.tokens[0], "good luck").status_code == 201
    while (r := http.act(table)).json["status"] != "finished":
        assert r.status_code == 200, r.json
    ended = say(client, table, table.tokens[1], "gg")
    assert ended.status_code == 409 and ended.json["code"] == "chat_ended"
    record = client.get(f"{table.url}/record").json
    assert [(m["text"], m["seat"]) for m in record["chat"]] == [("good luck", 0)]
    lines = client.get(f"{API}/labels/chat-cup/records").get_data().splitlines()
    assert [json.loads(line)["chat"] for line in lines] == [record["chat"]]


def test_every_refusal_of_the_switch_and_the_mutes_has_its_code(
    client: FlaskClient, http: Http
) -> None:
    table = http.started(players=3)
    _, ann = new_player(client, "Ann")
    url = f"{table.url}/chat/settings"
    off = {"spectators": False}
    unknown = "player." + "x" * 30
    cases = [
        (client.put(url, json=off), 401, "missing_token"),
        (client.put(url, json=off, headers={"Authorization": "Bearer not a token"}), 401, "invalid_token"),
        (client.put(url, json=off, headers=bearer(table.tokens[0])), 403, "not_creator"),
        (client.put(url, json=off, headers=bearer(ann)), 403, "not_creator"),
        (client.put(url, json={}, headers=bearer(table.creator_token)), 422, "validation_error"),
        (client.put(f"{API}/games/nope/chat/settings", json=off, headers=bearer(table.creator_token)), 404, "game_not_found"),
        (client.get(f"{API}/players/me/mutes", headers=bearer(unknown)), 401, "invalid_token"),
        (client.post(f"{API}/players/me/mutes", json={}, headers=bearer(ann)), 422, "validation_error"),
        (client.delete(f"{API}/players/me/mutes/p123"), 401, "missing_token"),
        (client.delete(f"{API}/players/me/mutes/p123", headers=bearer(ann)), 404, "mute_not_found"),
    ]  # fmt: skip
    for response, status, code in cases:
        assert (response.status_code, response.json["code"]) == (status, code), response.json
    assert read(client, table)["spectators"] is True  # no refused call changed the switch
