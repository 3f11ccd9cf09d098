"""One rule for one kind of input on every route (docs/api.md, "Errors" and "Limits"):
booleans are JSON true or false, text shown to others is one line of visible text, a
player's webhook endpoints are capped. SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import API, Http, assert_problem, bearer
from flask.testing import FlaskClient

from service.parts.webhooks import MAX_ENDPOINTS

NOT_BOOLEANS = ["no", "off", "yes", "true", 0, 1, None]


def new_player(client: FlaskClient, name: str = "ann") -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["player"]["id"], r.json["token"]


# ----------------------------------------------------------------------------- booleans


@pytest.mark.parametrize("value", NOT_BOOLEANS)
def test_every_boolean_of_a_body_is_json_true_or_false(
    client: FlaskClient, http: Http, value: Any
) -> None:
    ann_id, ann = new_player(client)
    table = http.create()
    label = client.put(f"{API}/labels/cup", headers=bearer(ann))
    assert label.status_code == 201
    bodies = [
        ("put", f"{table.url}/chat/settings", {"spectators": value}, table.creator_token),
        ("post", f"{API}/labels/cup/entries", {"share_seat_tokens": value}, ann),
        ("post", f"{API}/games", {"players": 3, "private": value}, None),
        ("post", f"{API}/games", {"players": 3, "rated": value}, None),
        ("post", f"{API}/seeks", {"players": 3, "rated": value}, ann),
        (
            "post",
            f"{API}/games/bulk",
            {"games": [{"players": 3, "rated": value}]},
            ann,
        ),
    ]
    for method, url, body, token in bodies:
        headers = bearer(token) if token else {}
        r = getattr(client, method)(url, json=body, headers=headers)
        assert_problem(r, 422, "validation_error")
    # Nothing changed: the chat is open, ann entered nothing.
    assert client.get(f"{table.url}/chat").json["spectators"] is True
    assert client.get(f"{API}/labels/cup/entries").json == []
    assert ann_id


def test_true_and_false_still_work(client: FlaskClient, http: Http) -> None:
    _, ann = new_player(client)
    table = http.create()
    url = f"{table.url}/chat/settings"
    r = client.put(url, json={"spectators": False}, headers=bearer(table.creator_token))
    assert r.status_code == 200 and r.json == {"spectators": False}
    assert client.put(f"{API}/labels/cup", headers=bearer(ann)).status_code == 201
    entry = client.post(
        f"{API}/labels/cup/entries", json={"share_seat_tokens": True}, headers=bearer(ann)
    )
    assert entry.status_code in (200, 201) and entry.json["share_seat_tokens"] is True


@pytest.mark.parametrize("value", ["yes", "1", "on", "no", "0"])
@pytest.mark.parametrize("name", ["open_seats", "count"])
def test_a_boolean_in_a_query_is_true_or_false(client: FlaskClient, name: str, value: str) -> None:
    assert_problem(client.get(f"{API}/games?{name}={value}"), 422, "validation_error")
    assert client.get(f"{API}/games?{name}=true").status_code == 200
    assert client.get(f"{API}/games?{name}=False").status_code == 200


# ----------------------------------------------------------------------------- text

NOT_ONE_VISIBLE_LINE = [
    "two\u2028lines",  # line separator
    "two\u2029paragraphs",  # paragraph separator
    "\u202egpj.exe",  # right-to-left override
    "a\u202ab\u202c",  # embedding
    "\u2067isolate\u2069",  # isolate
    "\u200b\u200b\u200b",  # zero-width spaces only
    "\u200d\ufeff\u2060",  # joiner, BOM, word joiner only
    "\u3164",  # Hangul filler
    "\u2800\u2800",  # blank braille pattern
    "\u0301\u0301",  # combining marks without a base
    "bell\x07",
]
VISIBLE = ["Zoë 🦠", "👩\u200d🔬 lab", "שלום\u200f!", "a\u200bb"]


@pytest.mark.parametrize("text", NOT_ONE_VISIBLE_LINE)
def test_chat_refuses_what_is_not_one_line_of_visible_text(
    client: FlaskClient, http: Http, text: str
) -> None:
    table = http.started(players=3)
    r = client.post(f"{table.url}/chat", json={"text": text}, headers=bearer(table.tokens[0]))
    assert_problem(r, 422, "invalid_chat_text")
    assert client.get(f"{table.url}/chat").json["items"] == []


@pytest.mark.parametrize("text", NOT_ONE_VISIBLE_LINE)
def test_names_refuse_what_is_not_one_line_of_visible_text(
    client: FlaskClient, http: Http, text: str
) -> None:
    _, ann = new_player(client)
    table = http.create()
    bot_seat = {"kind": "bot", "level": "random", "name": text}
    refusals = [
        client.post(f"{API}/players", json={"name": text}),
        client.patch(f"{API}/players/me", json={"name": text}, headers=bearer(ann)),
        client.post(f"{table.url}/seats", json={"name": text}),
        client.post(f"{API}/games", json={"players": 3, "seats": [bot_seat] * 3}),
    ]
    for r in refusals:
        assert_problem(r, 422, "invalid_name")


@pytest.mark.parametrize("text", VISIBLE)
def test_visible_text_with_invisible_characters_inside_is_kept(
    client: FlaskClient, http: Http, text: str
) -> None:
    table = http.started(players=3)
    r = client.post(f"{table.url}/chat", json={"text": text}, headers=bearer(table.tokens[0]))
    assert r.status_code == 201 and r.json["text"] == text
    other = http.create()
    http.join(other, text)
    assert client.get(other.url).json["seats"][0]["name"] == text


# ----------------------------------------------------------------------------- webhooks


def test_a_player_has_at_most_the_documented_number_of_webhook_endpoints(
    client: FlaskClient,
) -> None:
    _, ann = new_player(client)
    hooks = f"{API}/players/me/webhooks"
    body = {"url": "http://93.184.215.14/hooks", "events": ["game.finished"]}
    made = [client.post(hooks, json=body, headers=bearer(ann)) for _ in range(MAX_ENDPOINTS)]
    assert [r.status_code for r in made] == [201] * MAX_ENDPOINTS
    body_of = assert_problem(
        client.post(hooks, json=body, headers=bearer(ann)), 409, "too_many_webhooks"
    )
    assert str(MAX_ENDPOINTS) in body_of["detail"]
    assert len(client.get(hooks, headers=bearer(ann)).json) == MAX_ENDPOINTS
    # Another player has its own; deleting one makes room.
    _, bob = new_player(client, "bob")
    assert client.post(hooks, json=body, headers=bearer(bob)).status_code == 201
    gone = client.delete(f"{hooks}/{made[0].json['webhook']['id']}", headers=bearer(ann))
    assert gone.status_code == 204
    assert client.post(hooks, json=body, headers=bearer(ann)).status_code == 201
