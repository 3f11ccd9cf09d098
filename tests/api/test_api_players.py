"""Players, private seats and label ownership over HTTP (SQLite and PostgreSQL)."""

from __future__ import annotations

import hashlib
from typing import Any

from api_helpers import API, Http, bearer
from flask.testing import FlaskClient


def new_player(client: FlaskClient, name: str = "ann") -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    assert r.json["token"].startswith("player.")
    return r.json["player"]["id"], r.json["token"]


def create(client: FlaskClient, token: str | None = None, **body: Any) -> Any:
    body.setdefault("players", 3)
    return client.post(f"{API}/games", json=body, headers=bearer(token) if token else {})


def join(client: FlaskClient, game_id: str, token: str | None = None, **body: Any) -> Any:
    body.setdefault("name", "p")
    headers = bearer(token) if token else {}
    return client.post(f"{API}/games/{game_id}/seats", json=body, headers=headers)


def test_a_player_token_is_shown_once_and_stored_hashed(client: FlaskClient, service: Any) -> None:
    player_id, token = new_player(client)
    me = client.get(f"{API}/players/me", headers=bearer(token))
    assert me.status_code == 200 and me.json["id"] == player_id
    from service.models import PlayerRow, PlayerTokenRow

    with service.sessions() as session:
        row = session.get(PlayerRow, player_id)
        stored = session.query(PlayerTokenRow).filter_by(player_id=player_id).one()
        assert token not in (stored.token_hash, row.name)
        assert stored.token_hash == hashlib.sha256(token.encode()).hexdigest()
    bad = client.get(f"{API}/players/me", headers=bearer("player." + "x" * 43))
    assert bad.status_code == 401 and bad.json["code"] == "invalid_token"
    assert client.get(f"{API}/players/me").json["code"] == "missing_token"


def test_my_games_and_my_turns(client: FlaskClient, http: Http) -> None:
    ann_id, ann = new_player(client, "ann")
    _, bob = new_player(client, "bob")
    game = create(client, ann).json["game"]["id"]
    assert join(client, game, ann).json["seat"] == 0
    seat1 = join(client, game, bob).json
    casual = join(client, game)  # casual play without a player stays possible
    assert casual.status_code == 201
    doc = client.get(f"{API}/games/{game}").json
    assert [s["player_id"] for s in doc["seats"]] == [
        ann_id,
        seat1["game"]["seats"][1]["player_id"],
        None,
    ]
    assert doc["status"] == "active"
    other = create(client, ann).json["game"]["id"]  # created, not joined: not "mine"

    mine = client.get(f"{API}/players/me/games", headers=bearer(ann)).json
    assert [g["id"] for g in mine] == [game]
    assert client.get(f"{API}/players/me/games?status=open", headers=bearer(ann)).json == []
    assert other not in [g["id"] for g in mine]

    pending = doc["pending_seat"]
    owner = {0: ann, 1: bob}.get(pending)
    if owner is not None:
        turns = client.get(f"{API}/players/me/turns", headers=bearer(owner)).json
        assert [(t["game_id"], t["seat"], t["seq"]) for t in turns] == [(game, pending, doc["seq"])]
    for token in {ann, bob} - ({owner} if owner else set()):
        assert client.get(f"{API}/players/me/turns", headers=bearer(token)).json == []


def test_nobody_else_joins_a_reserved_seat(client: FlaskClient) -> None:
    ann_id, ann = new_player(client, "ann")
    _, bob = new_player(client, "bob")
    seats = [{"kind": "human", "player": ann_id}, {"kind": "human"}, {"kind": "bot"}]
    game = create(client, bob, seats=seats).json["game"]["id"]
    for token in (bob, None):
        r = join(client, game, token, seat=0)
        assert r.status_code == 403 and r.json["code"] == "seat_reserved"
    assert join(client, game, bob).json["seat"] == 1  # the lowest seat bob may take
    assert join(client, game).json["code"] == "seat_reserved"
    r = join(client, game, ann)
    assert r.status_code == 201 and r.json["seat"] == 0


def test_unknown_reserved_player_is_refused(client: FlaskClient) -> None:
    r = create(client, seats=[{"kind": "human", "player": "pnobody"}] + [{"kind": "bot"}] * 2)
    assert r.status_code == 422 and r.json["code"] == "invalid_seats"


def test_a_private_game_is_not_listed_and_needs_its_code(client: FlaskClient) -> None:
    ann_id, ann = new_player(client, "ann")
    _, bob = new_player(client, "bob")
    r = create(client, ann, private=True, label="ann-cup")
    assert r.status_code == 201
    game = r.json["game"]["id"]
    codes = {i["seat"]: i["code"] for i in r.json["invitations"]}
    assert sorted(codes) == [0, 1, 2]
    public = create(client).json["game"]["id"]

    def listed(token: str | None, query: str = "") -> list[str]:
        resp = client.get(f"{API}/games{query}", headers=bearer(token) if token else {})
        return [g["id"] for g in resp.json]

    for query in ("", "?open_seats=true", "?label=ann-cup"):
        assert game not in listed(None, query)
        assert game not in listed(bob, query)
    assert game in listed(ann, "?open_seats=true")
    assert public in listed(bob, "?open_seats=true")

    for body in ({}, {"invite": "wrong"}, {"invite": codes[1], "seat": 0}):
        refused = join(client, game, bob, **body)
        assert refused.status_code == 403 and refused.json["code"] == "invitation_required"
    assert join(client, game, bob, invite=codes[1]).json["seat"] == 1
    assert join(client, game, invite=codes[1]).json["code"] == "invitation_required"
    assert join(client, game, invite=codes[0]).json["seat"] == 0
    assert game in [
        g["id"] for g in client.get(f"{API}/players/me/games", headers=bearer(bob)).json
    ]


def test_an_invitation_code_admits_one_join(client: FlaskClient) -> None:
    """Once, after the holder left, the code let a different person into the seat."""
    r = create(client, private=True)
    game = r.json["game"]["id"]
    code = {i["seat"]: i["code"] for i in r.json["invitations"]}[1]
    key = {"Idempotency-Key": "holder-joins"}
    url = f"{API}/games/{game}/seats"
    first = client.post(url, json={"name": "holder", "invite": code}, headers=key)
    assert first.status_code == 201 and first.json["seat"] == 1
    # A retry of that join replays its answer: the spent code does not refuse it.
    again = client.post(url, json={"name": "holder", "invite": code}, headers=key)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert (again.json["seat"], again.json["token"]) == (1, first.json["token"])

    left = client.delete(f"{url}/1", headers=bearer(first.json["token"]))
    assert left.status_code == 200, left.json
    assert 1 in left.json["open_seats"]
    for name in ("someone-else", "holder"):
        for body in ({"invite": code}, {"invite": code, "seat": 1}):
            refused = join(client, game, name=name, **body)
            assert refused.status_code == 403, refused.json
            assert refused.json["code"] == "invitation_required"
    assert "used" in join(client, game, invite=code, seat=1).json["detail"]
    assert client.get(f"{API}/games/{game}").json["seats"][1]["invited"] is True


def test_a_bulk_invitation_code_admits_one_join(client: FlaskClient) -> None:
    _, ann = new_player(client, "ann")
    spec = {"players": 3, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]}
    r = client.post(f"{API}/games/bulk", json={"games": [spec]}, headers=bearer(ann))
    assert r.status_code == 201, r.json
    [created] = r.json["games"]
    code = created["seats"][0]["invitation"]
    joined = join(client, created["id"], invite=code)
    assert joined.status_code == 201 and joined.json["seat"] == 0, joined.json
    seat = f"{API}/games/{created['id']}/seats/0"
    assert client.delete(seat, headers=bearer(joined.json["token"])).status_code == 200
    again = join(client, created["id"], invite=code, seat=0)
    assert again.status_code == 403 and again.json["code"] == "invitation_required"


def test_nobody_else_creates_under_a_players_label(client: FlaskClient) -> None:
    _, ann = new_player(client, "ann")
    _, bob = new_player(client, "bob")
    assert create(client, label="free-for-all").status_code == 201  # nobody owns it yet
    assert create(client, ann, label="ann-cup").status_code == 201  # ann uses it first
    for token in (bob, None):
        r = create(client, token, label="ann-cup")
        assert r.status_code == 403 and r.json["code"] == "label_owned"
    assert create(client, ann, label="ann-cup").status_code == 201
    # A label used anonymously before is claimed by the first player using it.
    assert create(client, bob, label="free-for-all").status_code == 201
    assert create(client, label="free-for-all").json["code"] == "label_owned"


def test_a_player_token_has_its_own_rate_budget(service: Any) -> None:
    from dataclasses import replace

    from api import create_app

    service.settings = replace(service.settings, rate_limit="", player_rate_limit="3/60")
    client = create_app(service=service).test_client()
    _, token = new_player(client)  # without a player token: not limited here
    for _ in range(5):
        assert client.get(f"{API}/games").status_code == 200
    remaining = [
        client.get(f"{API}/players/me", headers=bearer(token)).headers["X-RateLimit-Remaining"]
        for _ in range(3)
    ]
    assert remaining == ["2", "1", "0"]
    r = client.get(f"{API}/players/me", headers=bearer(token))
    assert r.status_code == 429 and r.json["code"] == "rate_limited"
    assert int(r.headers["Retry-After"]) >= 1
    _, other = new_player(client, "bob")
    assert client.get(f"{API}/players/me", headers=bearer(other)).status_code == 200


def test_expensive_requests_need_a_player_and_have_budgets_of_their_own(service: Any) -> None:
    """Bulk creation and games with search bots: refused without a player (401), counted
    on their own budgets (429), apart from every other request, for the player and again
    for its address (another player at the same address shares the address's ceiling)."""
    from dataclasses import replace

    from api import create_app

    service.settings = replace(
        service.settings, rate_limit="", bulk_rate_limit="2/60", search_game_rate_limit="1/60"
    )
    client = create_app(service=service).test_client()
    elsewhere = client.application.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "10.9.8.7"
    mcts = {"players": 3, "seats": [{"kind": "bot", "level": "mcts-fast"}] * 3, "time_limit": 0}
    greedy = {"players": 3, "seats": [{"kind": "bot", "level": "greedy"}] * 3}
    bulk = {"games": [greedy]}

    anonymous = client.post(f"{API}/games", json=mcts)
    assert anonymous.status_code == 401 and anonymous.json["code"] == "missing_token"
    assert client.post(f"{API}/games/bulk", json=bulk).json["code"] == "missing_token"
    assert client.post(f"{API}/games", json=greedy).status_code == 201  # cheap: open to all

    _, ann = new_player(client, "ann")
    _, bob = new_player(client, "bob")
    _, cid = new_player(elsewhere, "cid")
    assert elsewhere.post(f"{API}/games", json=mcts, headers=bearer(ann)).status_code == 201
    r = elsewhere.post(f"{API}/games", json=mcts, headers=bearer(ann))
    assert r.status_code == 429 and r.json["code"] == "rate_limited"
    assert "for each player" in r.json["detail"]
    # The anonymous attempt above counted for the address: bob's first is refused there.
    r = client.post(f"{API}/games", json=mcts, headers=bearer(bob))
    assert r.status_code == 429 and "for each client address" in r.json["detail"]
    assert client.post(f"{API}/games", json=greedy, headers=bearer(ann)).status_code == 201

    # The anonymous bulk attempt counted for the address too: one left there.
    assert client.post(f"{API}/games/bulk", json=bulk, headers=bearer(ann)).status_code == 201
    r = client.post(f"{API}/games/bulk", json=bulk, headers=bearer(ann))
    assert r.status_code == 429 and r.json["code"] == "rate_limited"
    # Bob is another player but at ann's address; cid is elsewhere.
    assert client.post(f"{API}/games/bulk", json=bulk, headers=bearer(bob)).status_code == 429
    assert elsewhere.post(f"{API}/games/bulk", json=bulk, headers=bearer(cid)).status_code == 201
