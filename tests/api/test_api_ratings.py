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
    assert service.ratings.rate_game(game_id) == 3
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
    assert service.ratings.rate_game(game_id) == 0
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


def test_each_pool_has_its_table_and_a_profile_shows_every_pool(
    client: FlaskClient, service: Any
) -> None:
    """A 3-player game and a Double I game: two pools, each its own leaderboard; the
    public profile lists both ratings and the games (a private game left out)."""
    players = [new_player(client, n) for n in ("ann", "bob", "cy")]
    tokens = [t for _, t in players]
    three = finished_game(client, service, tokens)
    double = finished_game(client, service, tokens[:2], options={"variant": "double_1"})
    hidden = finished_game(client, service, tokens, private=True)
    for game_id in (three, double, hidden):
        service.ratings.rate_game(game_id)

    every = client.get(f"{API}/ratings").json
    assert sorted({r["pool"] for r in every}) == ["3p", "double_1"]
    assert {r["player_id"] for r in client.get(f"{API}/ratings?pool=3p").json} == {
        p for p, _ in players
    }
    pair = client.get(f"{API}/ratings?pool=double_1").json
    assert {r["player_id"] for r in pair} == {players[0][0], players[1][0]}
    assert all(r["pool"] == "double_1" for r in pair)
    assert client.get(f"{API}/ratings?pool=4p").json == []
    bad = client.get(f"{API}/ratings?pool=7p")
    assert bad.status_code == 422 and bad.json["code"] == "validation_error"

    ann = players[0][0]
    history = client.get(f"{API}/players/{ann}/ratings?pool=double_1").json
    assert [(h["game_id"], h["pool"], h["seats"]) for h in history] == [(double, "double_1", 2)]
    profile = client.get(f"{API}/players/{ann}")
    assert profile.status_code == 200
    body = profile.json
    assert body["player"]["name"] == "ann" and body["bot"] is False
    assert sorted(r["pool"] for r in body["ratings"]) == ["3p", "double_1"]
    assert {g["id"] for g in body["recent_games"]} == {three, double}  # not the private one
    missing = client.get(f"{API}/players/pnobody")
    assert missing.status_code == 404 and missing.json["code"] == "player_not_found"
