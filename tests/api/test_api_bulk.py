"""Bulk creation and a label's records over HTTP (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
from typing import Any

from api_helpers import API, bearer
from flask.testing import FlaskClient
from sqlalchemy import func, select

from engine import replay
from service.models import GameRow, LabelRow

BOT = {"kind": "bot", "level": "random"}


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    return r.json["player"]["id"], r.json["token"]


def games_count(service: Any) -> int:
    with service.sessions() as s:
        return s.scalar(select(func.count()).select_from(GameRow))


def play(client: FlaskClient, service: Any, game_id: str, tokens: dict[int, str]) -> None:
    """Each seat's client plays its own decisions (first legal action) with its token; a
    bot's turn is played as the worker would."""
    while (doc := client.get(f"{API}/games/{game_id}").json)["status"] == "active":
        seat = doc["pending_seat"]
        if seat not in tokens:
            assert service.turns.play_bot_turn(game_id, doc["seq"])
            continue
        r = client.post(
            f"{API}/games/{game_id}/actions",
            json={"action": doc["pending"]["actions"][0], "expected_seq": doc["seq"]},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code in (200, 201), r.json


def test_bulk_create_a_round_then_play_it_and_export_its_records(
    client: FlaskClient, service: Any
) -> None:
    site_id, site = new_player(client, "site")
    people = [new_player(client, n) for n in ("ann", "bob", "cy", "dee")]
    ids = [p[0] for p in people]
    assert client.put(f"{API}/labels/cup:r1", headers=bearer(site)).status_code == 201
    for i, (_, token) in enumerate(people):  # each enters the cup; bob keeps his seat tokens
        share = {"share_seat_tokens": i != 1}
        r = client.post(f"{API}/labels/cup:r1/entries", json=share, headers=bearer(token))
        assert r.status_code == 201 and r.json["share_seat_tokens"] is share["share_seat_tokens"]
    seat = lambda p: {"kind": "human", "player": p}  # noqa: E731
    round_1 = [
        {"players": 3, "seats": [seat(ids[0]), seat(ids[1]), BOT], "label": "cup:r1",
         "time_limit": 0},
        {"players": 3, "seats": [seat(ids[2]), {"kind": "human"}, seat(ids[3])],
         "label": "cup:r1", "time_limit": 0, "private": True},
        {"players": 3, "seats": [BOT, BOT, BOT], "label": "cup:r1", "rated": False},
    ]  # fmt: skip
    r = client.post(f"{API}/games/bulk", json={"games": round_1}, headers=bearer(site))
    assert r.status_code == 201, r.json
    games = r.json["games"]
    assert [g["status"] for g in games] == ["active", "open", "active"]
    assert all(g["creator_token"] and g["label"] == "cup:r1" for g in games)
    first, second, bots = games
    assert [(s["kind"], s["player_id"], bool(s["token"])) for s in first["seats"]] == [
        ("human", ids[0], True),
        ("human", ids[1], False),  # bob did not share his: he fetches it himself
        ("bot", None, False),
    ]
    r = client.post(f"{API}/games/{first['id']}/seats/1/token", headers=bearer(people[1][1]))
    assert r.status_code == 201
    first["seats"][1]["token"] = r.json["token"]
    assert second["seats"][1]["invitation"] and not second["seats"][1]["token"]
    doc = client.get(f"{API}/games/{first['id']}").json
    assert [s["player_id"] for s in doc["seats"]] == [ids[0], ids[1], None]
    assert [s["name"] for s in doc["seats"][:2]] == ["ann", "bob"]
    with service.sessions() as s:
        assert s.get(LabelRow, "cup:r1").player_id == site_id  # the site owns its label

    # The open seat is joined with its code only.
    refused = client.post(f"{API}/games/{second['id']}/seats", json={"name": "eve"})
    assert refused.status_code == 403 and refused.json["code"] == "invitation_required"
    code = second["seats"][1]["invitation"]
    joined = client.post(f"{API}/games/{second['id']}/seats", json={"name": "eve", "invite": code})
    assert joined.status_code == 201 and joined.json["seat"] == 1
    assert client.get(f"{API}/games/{second['id']}").json["status"] == "active"

    play(
        client, service, first["id"], {0: first["seats"][0]["token"], 1: first["seats"][1]["token"]}
    )
    tokens = {0: second["seats"][0]["token"], 1: joined.json["token"],
              2: second["seats"][2]["token"]}  # fmt: skip
    play(client, service, second["id"], tokens)
    play(client, service, bots["id"], {})

    export = client.get(f"{API}/labels/cup:r1/records")
    assert export.status_code == 200
    assert export.mimetype == "application/x-ndjson"
    lines = [json.loads(line) for line in export.data.decode().splitlines()]
    assert {rec["id"] for rec in lines} == {first["id"], second["id"], bots["id"]}
    for rec in lines:
        assert rec["label"] == "cup:r1" and rec["result"]["ranking"]
        game = replay(rec["players"], rec["seed"], [a["action"] for a in rec["actions"]])
        assert list(game.player_ranking()) == rec["result"]["ranking"]
    assert client.get(f"{API}/labels/empty/records").data == b""


def test_bulk_create_is_all_or_nothing(client: FlaskClient, service: Any) -> None:
    _, owner = new_player(client, "owner")
    _, other = new_player(client, "other")
    client.post(f"{API}/games", json={"players": 3, "label": "theirs"}, headers=bearer(owner))
    before = games_count(service)
    other_id = client.get(f"{API}/players/me", headers=bearer(other)).json["id"]
    ok = {"players": 3, "seats": [{"kind": "human", "player": other_id}, BOT, BOT]}
    unknown = {"players": 3, "seats": [{"kind": "human", "player": "pnobody"}, BOT, BOT]}
    r = client.post(f"{API}/games/bulk", json={"games": [ok, ok, unknown]}, headers=bearer(other))
    assert r.status_code == 422 and r.json["code"] == "invalid_seats"
    assert r.json["detail"].startswith("games[2]:")
    stolen = [ok, {**ok, "label": "theirs"}]
    r = client.post(f"{API}/games/bulk", json={"games": stolen}, headers=bearer(other))
    assert r.status_code == 403 and r.json["code"] == "label_owned"
    r = client.post(f"{API}/games/bulk", json={"games": [ok] * 101}, headers=bearer(other))
    assert r.status_code == 422
    assert games_count(service) == before  # nothing of the refused rounds was stored
    r = client.post(f"{API}/games/bulk", json={"games": [ok] * 100}, headers=bearer(other))
    assert r.status_code == 201 and len(r.json["games"]) == 100
    assert games_count(service) == before + 100
