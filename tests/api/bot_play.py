"""Helpers of the bot-account and challenge tests: players, and playing a game to its end
with player tokens and the service's bots (a unique module name, like api_helpers)."""

from __future__ import annotations

import random
from typing import Any

from api_helpers import API, bearer
from flask.testing import FlaskClient


def new_player(client: FlaskClient, name: str, *, bot: bool = False) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    player_id, token = r.json["player"]["id"], r.json["token"]
    if bot:
        r = client.post(f"{API}/players/me/bot-account", headers=bearer(token))
        assert r.status_code == 200 and r.json["bot"] is True, r.json
    return player_id, token


def play_to_the_end(
    client: FlaskClient, service: Any, game_id: str, tokens: dict[str, str], seed: int = 1
) -> int:
    """Play ``game_id`` to its end: each pending seat's player acts with its player token
    (``tokens`` by player id), the service's bots through ``play_bot_turn``."""
    rng = random.Random(seed)
    for count in range(5000):
        game = client.get(f"{API}/games/{game_id}").json
        if game["status"] != "active":
            return count
        p = client.get(f"{API}/games/{game_id}/pending").json
        seat = game["seats"][p["pending"]["seat"]]
        if seat["player_id"] in tokens and not seat["resigned"]:
            r = client.post(
                f"{API}/games/{game_id}/actions",
                json={"action": rng.choice(p["pending"]["actions"]), "expected_seq": p["seq"]},
                headers=bearer(tokens[seat["player_id"]]),
            )
            assert r.status_code == 200, r.json
        else:
            assert service.turns.play_bot_turn(game_id, p["seq"])
    raise AssertionError("the game does not end")
