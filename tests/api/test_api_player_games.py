"""A player's games as ndjson over HTTP (SQLite and PostgreSQL): one record a line, as
``GET /games/{id}/record``, in finish order, filtered, private games only to the player."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from engine import replay
from tests.api.api_helpers import API, assert_problem, bearer


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["player"]["id"], r.json["token"]


def finished(client: FlaskClient, service: Any, clock: Any, ann: tuple[str, str],
             **terms: Any) -> str:  # fmt: skip
    """A game of ann against the service's bots, played to its end a minute later."""
    players = 2 if "options" in terms else 3  # a 2-player game is a variant's
    bot = {"kind": "bot", "level": "random"}
    body = {"players": players, "seats": [{"kind": "human"}] + [bot] * (players - 1),
            "time_limit": 0, **terms}  # fmt: skip
    r = client.post(f"{API}/games", json=body, headers=bearer(ann[1]))
    assert r.status_code == 201, r.json
    game_id = r.json["game"]["id"]
    join: dict[str, Any] = {"name": "ann"}
    if terms.get("private"):
        join["invite"] = r.json["invitations"][0]["code"]
    r = client.post(f"{API}/games/{game_id}/seats", json=join, headers=bearer(ann[1]))
    assert r.status_code == 201, r.json
    clock.advance(60)
    while client.get(f"{API}/games/{game_id}").json["status"] == "active":
        p = client.get(f"{API}/games/{game_id}/pending").json
        seat = p["pending"].get("player", p["pending"]["seat"])  # a variant's: the player
        if seat == 0:
            r = client.post(f"{API}/games/{game_id}/actions",
                            json={"action": p["pending"]["actions"][0], "expected_seq": p["seq"]},
                            headers=bearer(ann[1]))  # fmt: skip
            assert r.status_code == 200, r.json
        else:
            assert service.turns.play_bot_turn(game_id, p["seq"])
    return game_id


def lines(client: FlaskClient, player_id: str, token: str | None = None, **query: Any) -> list:
    r = client.get(
        f"{API}/players/{player_id}/games",
        query_string=query,
        headers=bearer(token) if token else {},
    )
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.mimetype == "application/x-ndjson"
    return [json.loads(line) for line in r.get_data(as_text=True).splitlines()]


def test_a_players_games_stream_as_records(client: FlaskClient, service: Any, clock: Any) -> None:
    ann = new_player(client, "ann")
    first = finished(client, service, clock, ann)
    unrated = finished(client, service, clock, ann, rated=False)
    hidden = finished(client, service, clock, ann, private=True)
    variant = finished(client, service, clock, ann, options={"variant": "double_1"})
    open_game = client.post(f"{API}/games", json={"players": 3}, headers=bearer(ann[1])).json
    client.post(f"{API}/games/{open_game['game']['id']}/seats", json={"name": "ann"},
                headers=bearer(ann[1]))  # fmt: skip

    everything = lines(client, ann[0])
    assert [r["id"] for r in everything] == [first, unrated, variant]  # finish order
    for record in everything:
        full = client.get(f"{API}/games/{record['id']}/record").json
        full.pop("replay")  # the usage note; the label export leaves it out too
        assert record == full
        again = replay(record["players"], record["seed"],
                       [a["action"] for a in record["actions"]], deck=record["deck"],
                       variant=record["variant"])  # fmt: skip
        assert again.is_over
    own = [r["id"] for r in lines(client, ann[0], ann[1])]
    assert own == [first, unrated, hidden, variant]
    _, bob = new_player(client, "bob")
    assert hidden not in [r["id"] for r in lines(client, ann[0], bob)]

    assert [r["id"] for r in lines(client, ann[0], ann[1], rated="false")] == [unrated]
    assert [r["id"] for r in lines(client, ann[0], ann[1], variant="double_1")] == [variant]
    assert [r["id"] for r in lines(client, ann[0], ann[1], max=2)] == [first, unrated]
    assert [r["id"] for r in lines(client, ann[0], players=2)] == [variant]
    assert lines(client, ann[0], players=4) == []
    hidden_at = client.get(f"{API}/games/{hidden}").json["finished_at"]
    assert [r["id"] for r in lines(client, ann[0], ann[1], since=hidden_at)] == [hidden, variant]
    assert [r["id"] for r in lines(client, ann[0], ann[1], until=hidden_at)] == [first, unrated]

    assert_problem(client.get(f"{API}/players/pnobody/games"), 404, "player_not_found")
    assert_problem(client.get(f"{API}/players/{ann[0]}/games?max=0"), 422, "validation_error")
    assert_problem(client.get(f"{API}/players/{ann[0]}/games?variant=x"), 422, "validation_error")
