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


# IPv6 forms that embed an IPv4 address: each is judged by the address inside.
EMBEDDING_LOOPBACK = [
    "http://[::127.0.0.1]/hook",  # IPv4-compatible
    "http://[::ffff:0:127.0.0.1]/hook",  # IPv4-translated (SIIT)
    "http://[64:ff9b::7f00:1]/hook",  # NAT64, well-known prefix
    "http://[64:ff9b::10.0.0.1]/hook",
    "http://[64:ff9b:1::7f00:1]/hook",  # NAT64, local-use prefix, as a /96
    "http://[64:ff9b:1:7f00:0:100::]/hook",  # ... as a /48 (bits 64-71 skipped)
    "http://[2002:7f00:1::]/hook",  # 6to4
    "http://[2002:a9fe:a9fe::1]/hook",  # 6to4 of 169.254.169.254
    "http://[2001:0:5db8:d822::80ff:fefe]/hook",  # Teredo, client 127.0.1.1 (inverted)
    "http://[2001:0:7f00:1::f7f7:f7f7]/hook",  # Teredo, server 127.0.0.1
]
# The same forms around public addresses (8.8.8.8, 93.184.215.14): nothing to refuse.
EMBEDDING_PUBLIC = [
    "http://[64:ff9b::808:808]/hook",
    "http://[2002:5db8:d70e::1]/hook",
    "http://[2001:0:5db8:d70e::f7f7:f7f7]/hook",
]


@pytest.mark.parametrize("url", EMBEDDING_LOOPBACK)
def test_ipv6_forms_are_judged_by_the_ipv4_inside(client: FlaskClient, url: str) -> None:
    token = new_player(client, "ann")
    r = register(client, token, url=url)
    assert r.status_code == 422, r.json
    assert r.json["code"] == "webhook_target_refused"
    assert client.get(HOOKS, headers=bearer(token)).json == []


@pytest.mark.parametrize("url", EMBEDDING_PUBLIC)
def test_ipv6_forms_of_public_ipv4_addresses_are_accepted(client: FlaskClient, url: str) -> None:
    r = register(client, new_player(client, "ann"), url=url)
    assert r.status_code == 201, r.json


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
    pending_seat = service.games.get(game).pending_seat
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
