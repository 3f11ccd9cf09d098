"""Ratings over HTTP: the leaderboard, a player's history, unrated games (SQLite and
PostgreSQL). The games are played through the service and rated as the worker does."""

from __future__ import annotations

from typing import Any

from api_helpers import API, bearer
from flask.testing import FlaskClient


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    return r.json["player"]["id"], r.json["token"]


def finished_game(client: FlaskClient, service: Any, tokens: list[str], **body: Any) -> str:
    r = client.post(f"{API}/games", json={"players": len(tokens), "time_limit": 0, **body})
    assert r.status_code == 201, r.json
    game_id = r.json["game"]["id"]
    seats = [
        client.post(f"{API}/games/{game_id}/seats", json={"name": "x"}, headers=bearer(t)).json
        for t in tokens
    ]
    while (doc := client.get(f"{API}/games/{game_id}").json)["status"] == "active":
        seat = doc["pending_seat"]
        r = client.post(
            f"{API}/games/{game_id}/actions",
            json={"action": doc["pending"]["actions"][0], "expected_seq": doc["seq"]},
            headers=bearer(seats[seat]["token"]),
        )
        assert r.status_code in (200, 201), r.json
    return game_id


def test_leaderboard_and_history(client: FlaskClient, service: Any) -> None:
    players = [new_player(client, n) for n in ("ann", "bob", "cy")]
    game_id = finished_game(client, service, [t for _, t in players])
    assert client.get(f"{API}/ratings").json == []  # rated by a worker, after the finish
    assert service.rate_game(game_id) == 3
    board = client.get(f"{API}/ratings").json
    assert len(board) == 3 and {r["player_id"] for r in board} == {p for p, _ in players}
    ordinals = [r["ordinal"] for r in board]
    assert ordinals == sorted(ordinals, reverse=True)
    winner = client.get(f"{API}/games/{game_id}").json["result"]["ranking"][0]
    history = client.get(f"{API}/players/{players[winner][0]}/ratings").json
    assert [(h["game_id"], h["rank"], h["seats"]) for h in history] == [(game_id, 1, 3)]
    assert history[0]["mu"] > history[0]["mu_before"] == 25.0
    missing = client.get(f"{API}/players/pnobody/ratings")
    assert missing.status_code == 404 and missing.json["code"] == "player_not_found"


def test_an_unrated_game_changes_no_rating(client: FlaskClient, service: Any) -> None:
    players = [new_player(client, n) for n in ("ann", "bob", "cy")]
    game_id = finished_game(client, service, [t for _, t in players], rated=False)
    assert client.get(f"{API}/games/{game_id}").json["rated"] is False
    assert service.rate_game(game_id) == 0
    assert client.get(f"{API}/ratings").json == []
    assert client.get(f"{API}/players/{players[0][0]}/ratings").json == []


def test_standings_over_http(client: FlaskClient, service: Any) -> None:
    players = [new_player(client, n) for n in ("ann", "bob", "cy")]
    game_id = finished_game(client, service, [t for _, t in players], label="cup-1")
    ranking = client.get(f"{API}/games/{game_id}").json["result"]["ranking"]
    rows = client.get(f"{API}/labels/cup-1/standings?points=3,2,1").json
    assert [(r["position"], r["player_id"], r["points"]) for r in rows] == [
        (1, players[ranking[0]][0], 3),
        (2, players[ranking[1]][0], 2),
        (3, players[ranking[2]][0], 1),
    ]
    assert rows[0]["wins"] == 1 and rows[0]["places"] == [1]
    default = client.get(f"{API}/labels/cup-1/standings").json
    assert [r["points"] for r in default] == [2, 1, 0]
    bad = client.get(f"{API}/labels/cup-1/standings?points=3,x")
    assert bad.status_code == 422
    too_many = client.get(f"{API}/labels/cup-1/standings?points=5000")
    assert too_many.status_code == 422 and too_many.json["code"] == "invalid_points"
