"""Downloading one's data over HTTP (SQLite and PostgreSQL): every game and chat message
of the player, its tokens and hooks listed without a secret, for its own token only."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from tests.api.api_helpers import API, assert_problem, bearer

EXPORT = f"{API}/players/me/export"


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["player"]["id"], r.json["token"]


def test_the_export_holds_every_game_and_message_and_no_secret(client: FlaskClient) -> None:
    ann_id, ann = new_player(client, "Ann")
    _, bob = new_player(client, "Bob")
    games = []
    for private in (False, True, False):
        r = client.post(
            f"{API}/games", json={"players": 3, "private": private}, headers=bearer(bob)
        )
        assert r.status_code == 201, r.json
        game_id = r.json["game"]["id"]
        join = {"name": "Ann"}
        if private:
            join["invite"] = r.json["invitations"][0]["code"]
        r = client.post(f"{API}/games/{game_id}/seats", json=join, headers=bearer(ann))
        assert r.status_code == 201, r.json
        games.append(game_id)
    elsewhere = client.post(f"{API}/games", json={"players": 3}, headers=bearer(bob)).json
    said = []
    for n, game_id in enumerate(games):
        text = f"message {n}"
        r = client.post(f"{API}/games/{game_id}/chat", json={"text": text}, headers=bearer(ann))
        assert r.status_code == 201, r.json
        said.append((game_id, text))
    r = client.post(f"{API}/games/{games[0]}/chat", json={"text": "not hers"}, headers=bearer(bob))
    assert r.status_code == 201, r.json
    personal = client.post(
        f"{API}/players/me/tokens",
        json={"label": "script", "scopes": ["profile:read"]},
        headers=bearer(ann),
    ).json
    hook = client.post(
        f"{API}/players/me/webhooks",
        json={"url": "http://93.184.215.14/hooks", "events": ["game.finished"]},
        headers=bearer(ann),
    )
    assert hook.status_code == 201, hook.json

    assert_problem(client.get(EXPORT), 401, "missing_token")
    assert_problem(client.get(EXPORT, headers=bearer(personal["token"])), 403, "missing_scope")
    r = client.get(EXPORT, headers=bearer(ann))
    assert r.status_code == 200, r.json
    assert "no-store" in r.headers["Cache-Control"]
    doc = r.json
    assert doc["player"]["id"] == ann_id and doc["player"]["name"] == "Ann"
    assert sorted(g["id"] for g in doc["games"]) == sorted(games)
    assert elsewhere["game"]["id"] not in json.dumps(doc)
    assert [(m["game_id"], m["text"]) for m in doc["chat_messages"]] == said
    assert {t["label"] for t in doc["tokens"]} == {None, "script"}
    assert [w["id"] for w in doc["webhooks"]] == [hook.json["webhook"]["id"]]
    assert doc["notices"]["email"] is None
    text = r.get_data(as_text=True)
    for secret in (ann, personal["token"], hook.json["secret"]):
        assert secret not in text
