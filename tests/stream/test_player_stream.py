"""The player's event stream on real parts (gunicorn/gevent, Celery bots, Redis, PostgreSQL):
a player learns its turns only from its own stream and plays a whole game with them."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from stream_stack import Stack

from harness.streams import StreamReader, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

BOT = {"kind": "bot", "level": "random"}


def test_a_player_plays_a_game_from_its_own_stream(stack: Stack) -> None:
    api = stack.api
    r = requests.post(f"{api.base}/players", json={"name": "ann"}, timeout=10)
    player_token = r.json()["token"]
    auth = {"Authorization": f"Bearer {player_token}"}
    r = requests.post(
        f"{api.base}/games",
        json={"players": 3, "seats": [{"kind": "human"}, BOT, BOT], "time_limit": 0},
        headers=auth,
        timeout=10,
    )
    game_id = r.json()["game"]["id"]
    seat_token: dict[str, str] = {}
    played: list[int] = []

    def on(message: dict[str, Any]) -> None:
        if message["type"] == "your_turn":
            seq = message["data"]["seq"]
            # The stream may tell the turn before the join's answer has brought the token.
            wait_until(lambda: "t" in seat_token, 10, "the seat's token")
            assert api.play_first(game_id, seat_token["t"], seq) == 200
            played.append(seq)

    reader = StreamReader(
        f"{api.base}/players/me/stream",
        ndjson=True,
        headers=auth,
        on_message=on,
        stop_after=lambda m: m["type"] == "game_finished",
    )
    reader.start()
    wait_until(lambda: [m for m in reader.messages if m["type"] == "hello"], 10, "hello")
    r = requests.post(
        f"{api.base}/games/{game_id}/seats", json={"name": "ann"}, headers=auth, timeout=10
    )
    seat, seat_token["t"] = r.json()["seat"], r.json()["token"]

    assert reader.closed.wait(180), stack.logs()
    assert reader.error is None, reader.error
    types = reader.types()
    assert types[0] == "hello" and types.count("game_started") == 1
    assert types[-1] == "game_finished" and types.count("game_finished") == 1
    final = api.game(game_id)
    assert final["status"] == "finished"
    assert reader.messages[-1]["data"] == {
        "game_id": game_id,
        "seat": seat,
        "label": None,
        "result": final["result"],
    }
    turns = [m["data"] for m in reader.messages if m["type"] == "your_turn"]
    assert turns and all(t["game_id"] == game_id and t["seat"] == seat for t in turns)
    assert len({t["seq"] for t in turns}) == len(turns), "each decision announced once"
    mine = [e for e in api.events(game_id) if e["seat"] == seat and e["actor"] == "human"]
    assert len(mine) == len(played) == len(turns), "every decision came as your_turn"
