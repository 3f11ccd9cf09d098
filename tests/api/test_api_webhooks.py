"""Webhook endpoints over HTTP (SQLite and PostgreSQL): registration, the SSRF refusal,
one player never seeing another's endpoints, and the outbox rows a game change writes in
its own transaction. Sending them is tested against real workers in tests/workers."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import API, bearer
from flask.testing import FlaskClient

from service.models import WebhookDeliveryRow

HOOKS = f"{API}/players/me/webhooks"
PUBLIC_URL = "http://93.184.215.14/hooks"  # a global address: never resolved, never sent to


def new_player(client: FlaskClient, name: str) -> str:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["token"]


def register(client: FlaskClient, token: str, **body: Any) -> Any:
    body.setdefault("url", PUBLIC_URL)
    body.setdefault("events", ["game.finished"])
    return client.post(HOOKS, json=body, headers=bearer(token))


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8080/hook",
        "http://localhost/hook",
        "http://10.1.2.3/hook",
        "http://192.168.0.10/hook",
        "http://169.254.169.254/latest/meta-data",  # cloud metadata (link-local)
        "http://[::1]/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "http://0.0.0.0/hook",
    ],
)
def test_targets_on_private_addresses_are_refused(client: FlaskClient, url: str) -> None:
    token = new_player(client, "ann")
    r = register(client, token, url=url)
    assert r.status_code == 422, r.json
    assert r.json["code"] == "webhook_target_refused"
    assert client.get(HOOKS, headers=bearer(token)).json == []


@pytest.mark.parametrize("url", ["ftp://93.184.215.14/x", "not a url", "http:///path"])
def test_a_target_must_be_an_http_url(client: FlaskClient, url: str) -> None:
    r = register(client, new_player(client, "ann"), url=url)
    assert r.status_code == 422 and r.json["code"] == "invalid_webhook_url", r.json


def test_the_setting_allows_private_targets(client: FlaskClient, service: Any) -> None:
    from dataclasses import replace

    service.webhooks.settings = replace(service.settings, webhooks_allow_private=True)
    r = register(client, new_player(client, "ann"), url="http://127.0.0.1:9/hook")
    assert r.status_code == 201, r.json


def test_registration_returns_the_secret_once(client: FlaskClient) -> None:
    token = new_player(client, "ann")
    r = register(client, token, events=["game.started", "game.finished"], label="cup-1")
    assert r.status_code == 201, r.json
    assert r.json["secret"].startswith("whsec_")
    hook = r.json["webhook"]
    assert hook["events"] == ["game.finished", "game.started"] and hook["label"] == "cup-1"
    assert hook["enabled"] is True
    listed = client.get(HOOKS, headers=bearer(token)).json
    assert [h["id"] for h in listed] == [hook["id"]]
    assert "secret" not in listed[0]
    one = client.get(f"{HOOKS}/{hook['id']}", headers=bearer(token))
    assert one.status_code == 200 and "secret" not in one.json
    bad = register(client, token, events=["game.exploded"])
    assert bad.status_code == 422 and bad.json["code"] == "validation_error"


def test_a_player_never_sees_or_touches_another_players_endpoints(client: FlaskClient) -> None:
    ann, bob = new_player(client, "ann"), new_player(client, "bob")
    hook = register(client, ann).json["webhook"]["id"]
    assert client.get(HOOKS, headers=bearer(bob)).json == []
    for method, path in [
        ("get", f"{HOOKS}/{hook}"),
        ("delete", f"{HOOKS}/{hook}"),
        ("get", f"{HOOKS}/{hook}/deliveries"),
        ("post", f"{HOOKS}/{hook}/deliveries/msg_x/redeliver"),
    ]:
        r = getattr(client, method)(path, headers=bearer(bob))
        assert r.status_code == 404 and r.json["code"] == "webhook_not_found", (method, path)
        assert getattr(client, method)(path).status_code == 401
    assert client.get(f"{HOOKS}/{hook}", headers=bearer(ann)).status_code == 200
    assert client.delete(f"{HOOKS}/{hook}", headers=bearer(ann)).status_code == 204
    assert client.get(HOOKS, headers=bearer(ann)).json == []


def test_a_game_change_writes_its_deliveries_in_its_transaction(
    client: FlaskClient, service: Any, scheduler: Any
) -> None:
    """A bot game created with a player token: game.started commits with the game, and
    only for endpoints whose events and label match; the ids go to the scheduler."""
    token = new_player(client, "ann")
    wanted = register(client, token, events=["game.started", "game.finished"]).json["webhook"]
    register(client, token, events=["game.aborted"])  # not this event
    register(client, token, events=["game.started"], label="other")  # not this label
    bots = [{"kind": "bot", "level": "random"}] * 3
    r = client.post(
        f"{API}/games", json={"players": 3, "seats": bots, "label": "mine"}, headers=bearer(token)
    )
    assert r.status_code == 201, r.json
    with service.sessions() as session:
        rows = session.query(WebhookDeliveryRow).all()
    assert [(d.endpoint_id, d.event, d.game_id) for d in rows] == [
        (wanted["id"], "game.started", r.json["game"]["id"])
    ]
    assert rows[0].status == "pending" and rows[0].payload["type"] == "game.started"
    assert ("webhook", rows[0].id) in scheduler.calls
    log = client.get(f"{HOOKS}/{wanted['id']}/deliveries", headers=bearer(token))
    assert log.status_code == 200 and [d["id"] for d in log.json] == [rows[0].id]
    assert log.json[0]["attempts"] == 0 and log.json[0]["status"] == "pending"


def test_your_turn_goes_to_the_seat_player_only(client: FlaskClient, service: Any) -> None:
    ann, bob = new_player(client, "ann"), new_player(client, "bob")
    for token in (ann, bob):
        register(client, token, events=["game.your_turn", "game.started"])
    game = client.post(f"{API}/games", json={"players": 3}).json["game"]["id"]
    for token in (ann, bob, None):
        headers = bearer(token) if token else {}
        r = client.post(f"{API}/games/{game}/seats", json={"name": "p"}, headers=headers)
        assert r.status_code == 201, r.json
    pending_seat = service.get(game).pending_seat
    with service.sessions() as session:
        events = sorted(d.event for d in session.query(WebhookDeliveryRow))
        turns = [d.payload["data"]["pending"] for d in session.query(WebhookDeliveryRow)
                 if d.event == "game.your_turn"]  # fmt: skip
    expected_turns = 1 if pending_seat in (0, 1) else 0
    assert events.count("game.started") == 2
    assert events.count("game.your_turn") == expected_turns
    assert all(t["seat"] == pending_seat for t in turns)


def test_bulk_created_games_write_their_deliveries(client: FlaskClient, service: Any) -> None:
    """A round created in one request: every game that starts at once announces it to the
    reserved player, in the round's transaction."""
    site, ann = new_player(client, "site"), new_player(client, "ann")
    ann_id = client.get(f"{API}/players/me", headers=bearer(ann)).json["id"]
    register(client, ann, events=["game.started"])
    bot = {"kind": "bot", "level": "random"}
    assert client.put(f"{API}/labels/club", headers=bearer(site)).status_code == 201
    assert (
        client.post(f"{API}/labels/club/entries", json={}, headers=bearer(ann)).status_code == 201
    )
    spec = {"players": 3, "seats": [{"kind": "human", "player": ann_id}, bot, bot],
            "label": "club"}  # fmt: skip
    r = client.post(f"{API}/games/bulk", json={"games": [spec, spec]}, headers=bearer(site))
    assert r.status_code == 201, r.json
    ids = {g["id"] for g in r.json["games"]}
    with service.sessions() as session:
        rows = session.query(WebhookDeliveryRow).all()
    assert sorted((d.event, d.game_id) for d in rows) == sorted(("game.started", i) for i in ids)
