"""Deleting an account over HTTP (SQLite and PostgreSQL): the person's credentials,
addresses and hooks go, the name leaves every public view and record, the games stay
complete and replayable, open seats are given back and seats under way resigned."""

from __future__ import annotations

import json
from typing import Any

from bot_play import play_to_the_end
from flask.testing import FlaskClient
from sqlalchemy import func, select

from engine import replay
from service.models import (
    NoticeSettingsRow,
    PlayerTokenRow,
    RatingHistoryRow,
    RatingRow,
    SigninCodeRow,
    WebhookEndpointRow,
)
from service.parts.account_deletion import DELETED_NAME
from tests.api.api_helpers import API, assert_problem, bearer

NAME = "Zelda Quist"


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["player"]["id"], r.json["token"]


def seated_game(client: FlaskClient, players: int, tokens: list[tuple[str, str]]) -> str:
    """A game of ``players`` seats, joined with the player tokens ``(name, token)`` given."""
    r = client.post(f"{API}/games", json={"players": players, "time_limit": 0})
    assert r.status_code == 201, r.json
    game_id = r.json["game"]["id"]
    for name, token in tokens:
        r = client.post(f"{API}/games/{game_id}/seats", json={"name": name}, headers=bearer(token))
        assert r.status_code == 201, r.json
    return game_id


def public_views(client: FlaskClient, player_id: str, games: list[str]) -> str:
    """Everything anybody may read about the player and the games, as one text."""
    docs: list[Any] = [
        client.get(f"{API}/players/{player_id}").json,
        client.get(f"{API}/players/{player_id}/ratings").json,
        client.get(f"{API}/ratings").json,
        client.get(f"{API}/games").json,
    ]
    for game_id in games:
        for tail in ("", "/chat", "/events", "/pending"):
            docs.append(client.get(f"{API}/games/{game_id}{tail}").json)
    return json.dumps(docs)


def count(service: Any, table: Any, player_id: str) -> int:
    with service.sessions() as session:
        return session.scalar(
            select(func.count()).select_from(table).where(table.player_id == player_id)
        )


def test_a_deleted_account_is_gone_and_its_games_stay(client: FlaskClient, service: Any) -> None:
    ann_id, ann = new_player(client, NAME)
    bob_id, bob = new_player(client, "Bob")
    cy_id, cy = new_player(client, "Cy")

    finished = seated_game(client, 3, [(NAME, ann), ("Bob", bob), ("Cy", cy)])
    r = client.post(f"{API}/games/{finished}/chat", json={"text": "good luck"}, headers=bearer(ann))
    assert r.status_code == 201, r.json
    play_to_the_end(client, service, finished, {ann_id: ann, bob_id: bob, cy_id: cy})
    assert service.ratings.rate_game(finished) == 3
    under_way = seated_game(client, 3, [(NAME, ann), ("Bob", bob), ("Cy", cy)])
    waiting = seated_game(client, 4, [(NAME, ann), ("Bob", bob)])
    games = [finished, under_way, waiting]

    personal = client.post(
        f"{API}/players/me/tokens",
        json={"label": "script", "scopes": ["profile:read"]},
        headers=bearer(ann),
    )
    assert personal.status_code == 201, personal.json
    code = client.post(f"{API}/players/me/signin-codes", headers=bearer(ann)).json["code"]
    hook = client.post(
        f"{API}/players/me/webhooks",
        json={"url": "http://93.184.215.14/hooks", "events": ["game.finished"]},
        headers=bearer(ann),
    )
    assert hook.status_code == 201, hook.json
    assert NAME in public_views(client, ann_id, games)
    assert count(service, RatingRow, ann_id) == 1

    # Only the player's own sign-in token deletes the account.
    assert_problem(
        client.delete(f"{API}/players/me", headers=bearer(personal.json["token"])),
        403,
        "missing_scope",
    )
    assert_problem(client.delete(f"{API}/players/me"), 401, "missing_token")
    assert client.delete(f"{API}/players/me", headers=bearer(ann)).status_code == 204

    # No way back in.
    assert_problem(client.get(f"{API}/players/me", headers=bearer(ann)), 401, "invalid_token")
    assert_problem(
        client.get(f"{API}/players/me", headers=bearer(personal.json["token"])),
        401,
        "invalid_token",
    )
    assert_problem(
        client.post(f"{API}/players/signin", json={"code": code}), 401, "invalid_signin_code"
    )
    assert_problem(client.delete(f"{API}/players/me", headers=bearer(ann)), 401, "invalid_token")
    for table in (PlayerTokenRow, SigninCodeRow, WebhookEndpointRow, NoticeSettingsRow,
                  RatingRow, RatingHistoryRow):  # fmt: skip
        assert count(service, table, ann_id) == 0, table

    # The name is nowhere public; the profile and every seat say "deleted player".
    seen = public_views(client, ann_id, games)
    assert NAME not in seen and DELETED_NAME in seen
    profile = client.get(f"{API}/players/{ann_id}").json
    assert profile["player"]["name"] == DELETED_NAME and profile["ratings"] == []
    assert ann_id not in {r["player_id"] for r in client.get(f"{API}/ratings").json}
    assert {r["player_id"] for r in client.get(f"{API}/ratings").json} == {bob_id, cy_id}

    # The finished game is whole: its record replays, the chat message stays anonymised.
    record = client.get(f"{API}/games/{finished}/record").json
    assert NAME not in json.dumps(record)
    assert [(m["name"], m["text"]) for m in record["chat"]] == [(DELETED_NAME, "good luck")]
    game = client.get(f"{API}/games/{finished}").json
    again = replay(
        record["players"],
        record["seed"],
        [a["action"] for a in record["actions"]],
        deck=record["deck"],
    )
    assert again.is_over and list(again.ranking()) == game["result"]["ranking"]

    # The game under way goes on with a bot in the seat; the open seat is free again.
    seats = client.get(f"{API}/games/{under_way}").json["seats"]
    mine = [s for s in seats if s["player_id"] == ann_id]
    assert len(mine) == 1 and mine[0]["resigned"] and mine[0]["name"] == DELETED_NAME
    play_to_the_end(client, service, under_way, {bob_id: bob, cy_id: cy})
    assert client.get(f"{API}/games/{under_way}").json["status"] == "finished"
    seats = client.get(f"{API}/games/{waiting}").json["seats"]
    assert ann_id not in {s["player_id"] for s in seats}
    assert sum(s["occupied"] for s in seats) == 1
