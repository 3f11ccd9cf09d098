"""Many games on one stream (``/api/v1/stream``) on the real stack (gunicorn with gevent,
Redis notices, PostgreSQL, a Celery worker): 50 games followed over one connection
through a cut and a resume, every entry of every game exactly once; a player's own games
and notices; the stream's refusals."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from stream_stack import Stack

from harness.streams import Api, StreamReader, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

HUMAN = {"kind": "human"}
GAMES = 50


def started_games(api: Api, count: int) -> dict[str, dict[int, str]]:
    """``count`` games of three people, all seats taken (so they are active): id → seat
    → token."""
    games: dict[str, dict[int, str]] = {}
    for _ in range(count):
        game_id = api.create([HUMAN, HUMAN, HUMAN], time_limit=0)
        games[game_id] = dict(api.join(game_id, f"p{i}") for i in range(3))
    return games


def move_each(api: Api, games: dict[str, dict[int, str]]) -> dict[str, int]:
    """One decision in every game; each game's seq after it."""
    seqs: dict[str, int] = {}
    for game_id, tokens in games.items():
        pending = api.pending(game_id)
        seat = pending["pending"].get("player", pending["pending"]["seat"])
        assert api.play_first(game_id, tokens[seat], pending["seq"]) == 200
        seqs[game_id] = api.pending(game_id)["seq"]
    return seqs


def positions(reader: StreamReader) -> dict[str, int]:
    """Per game the last seq the client has: its `state`, then its entries."""
    have: dict[str, int] = {}
    for m in reader.messages:
        if m["type"] == "state":
            have[m["data"]["id"]] = m["data"]["seq"]
        elif m["type"] == "entry":
            # "<game id>:<seq>", and "<game id>:<seq>:<chat id>" with the game's chat
            assert m["id"].startswith(f"{m['data']['game_id']}:{m['data']['seq']}")
            have[m["data"]["game_id"]] = m["data"]["seq"]
    return have


def reached(reader: StreamReader, seqs: dict[str, int]) -> bool:
    have = positions(reader)
    return all(have.get(game_id, -1) >= seq for game_id, seq in seqs.items())


def test_fifty_games_through_a_resume_each_entry_exactly_once(stack: Stack) -> None:
    api = stack.api
    games = started_games(api, GAMES)
    ids = ",".join(games)

    first = StreamReader(f"{api.base}/stream?games={ids}", ndjson=True)
    first.start()
    wait_until(lambda: len(positions(first)) == GAMES, 30, "a state of every game")
    following = [m for m in first.messages if m["type"] == "following"]
    assert sorted(following[0]["data"]["games"]) == sorted(games)
    starts = positions(first)  # each game's seq in its first state
    live = move_each(api, games)
    wait_until(lambda: reached(first, live), 30, "a live move of every game")
    first.cut()
    first.closed.wait(10)

    away = move_each(api, games)  # while nobody listens
    resume = ",".join(f"{game_id}:{seq}" for game_id, seq in positions(first).items())
    second = StreamReader(f"{api.base}/stream?games={ids}&since={resume}")  # SSE this time
    second.start()
    wait_until(lambda: reached(second, away), 30, "the missed entries")
    assert not [m for m in second.messages if m["type"] == "state"], "a resume sends no state"
    again = move_each(api, games)
    wait_until(lambda: reached(second, again), 30, "live after the resume")
    second.cut()

    got: dict[str, list[int]] = {game_id: [] for game_id in games}
    for reader in (first, second):
        for m in reader.entries():
            got[m["data"]["game_id"]].append(m["data"]["seq"])
    for game_id in games:
        logged = [e["seq"] for e in api.events(game_id) if e["seq"] > starts[game_id]]
        assert got[game_id] == logged, game_id  # all of them, each once, in order


def test_a_player_follows_its_own_games_and_hears_its_turns(stack: Stack) -> None:
    api = stack.api
    token = requests.post(f"{api.base}/players", json={"name": "ann"}, timeout=10).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    reader = StreamReader(f"{api.base}/stream?mine=true", ndjson=True, headers=auth)
    reader.start()
    wait_until(lambda: "hello" in reader.types(), 10, "hello")
    assert reader.types()[0] == "following" and reader.messages[1]["data"]["games"] == []

    game_id = api.create([HUMAN, HUMAN, HUMAN], time_limit=0)
    r = requests.post(f"{api.base}/games/{game_id}/seats", json={"name": "ann"}, headers=auth)
    assert r.status_code == 201, r.text
    seat = r.json()["seat"]
    others = dict(api.join(game_id, f"p{i}") for i in range(2))
    others[seat] = r.json()["token"]

    def joined() -> bool:
        return any(
            m["type"] == "following" and m["data"]["games"] == [game_id] for m in reader.messages
        )

    wait_until(joined, 10, "the player's new game joins the set")
    turns: list[dict[str, Any]] = []
    while not turns:  # play until it is ann's turn; the stream says so
        wait_until(lambda: reached(reader, {game_id: api.pending(game_id)["seq"]}), 10, "entries")
        turns = [m["data"] for m in reader.messages if m["type"] == "your_turn"]
        if not turns:
            move_each(api, {game_id: others})
    assert turns[0]["game_id"] == game_id and turns[0]["seat"] == seat
    reader.cut()


def test_refusals_and_an_ended_set(stack: Stack) -> None:
    api = stack.api
    base = f"{api.base}/stream"
    assert requests.get(base, timeout=10).json()["code"] == "nothing_to_follow"
    r = requests.get(base, params={"games": "0000000000000000"}, timeout=10)
    assert r.status_code == 404 and r.json()["code"] == "game_not_found"
    r = requests.get(base, params={"mine": "true", "games": "x"}, timeout=10)
    assert r.status_code == 401
    many = [f"{i:016x}" for i in range(1001)]
    r = requests.post(base, json={"games": many}, timeout=10)
    assert r.status_code == 422 and r.json()["code"] == "too_many_games"

    created = requests.post(
        f"{api.base}/games", json={"players": 3, "seats": [HUMAN] * 3}, timeout=10
    ).json()
    game_id, creator = created["game"]["id"], created["creator_token"]
    r = requests.post(
        f"{api.base}/games/{game_id}/abort",
        headers={"Authorization": f"Bearer {creator}"},
        timeout=10,
    )
    assert r.status_code == 200, r.text
    ended = StreamReader(f"{base}?games={game_id}", ndjson=True)
    ended.start()
    assert ended.closed.wait(10)
    # The game is over, and so is a stream of nothing else: it closes.
    assert ended.types() == ["following", "state", "end", "following"]
    seq = next(m for m in ended.messages if m["type"] == "end")["data"]["seq"]
    r = requests.get(base, params={"games": game_id, "since": f"{game_id}:{seq}"}, timeout=10)
    assert r.status_code == 204  # the client has all of it: EventSource stops here


def chat(api: Api, game_id: str, token: str, text: str) -> int:
    r = requests.post(
        f"{api.base}/games/{game_id}/chat",
        json={"text": text},
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    assert r.status_code == 201, r.text
    return r.json()["id"]


def chat_ids(reader: StreamReader, game_id: str) -> list[int]:
    return [
        m["data"]["id"]
        for m in reader.messages
        if m["type"] == "chat" and m["data"]["game_id"] == game_id
    ]


def test_chat_and_the_lobby_ride_the_stream_through_a_resume(stack: Stack) -> None:
    """The chat of the games named in ``chat`` and the lobby's seeks on the same stream (SSE);
    a resume from the last ids (``<game id>:<seq>:<chat id>``) loses and repeats nothing."""
    api = stack.api
    games = started_games(api, 2)
    talk, quiet = list(games)
    said = [chat(api, talk, games[talk][0], "before")]
    first = StreamReader(f"{api.base}/stream?games={talk},{quiet}&chat={talk}:0&lobby=true")
    first.start()
    wait_until(lambda: chat_ids(first, talk) == said, 10, "the chat so far")
    seeks = wait_until(lambda: [m for m in first.messages if m["type"] == "seeks"], 10, "seeks")
    assert len(seeks) == 1
    said.append(chat(api, talk, games[talk][1], "live"))
    wait_until(lambda: chat_ids(first, talk) == said, 10, "a live message")
    ids = [m["id"] for m in first.messages if m["type"] == "chat"]
    assert ids[-1] == f"{talk}:{positions(first)[talk]}:{said[-1]}"
    assert not [m for m in first.messages if m["type"] == "chat" and m["data"]["game_id"] == quiet]

    ann = requests.post(f"{api.base}/players", json={"name": "ann"}, timeout=10).json()["token"]
    want = {"players": 6, "rated": False, "wait": 600}
    want["time_control"] = {"type": "bank", "initial": 779}  # a seek nobody else makes
    auth = {"Authorization": f"Bearer {ann}"}
    r = requests.post(f"{api.base}/seeks", json=want, headers=auth, timeout=10)
    assert r.status_code == 201, r.text
    added = wait_until(
        lambda: [m for m in first.messages if m["type"] == "seek_added"], 10, "seek_added"
    )
    assert added[0]["data"]["id"] == r.json()["id"]
    first.cut()
    first.closed.wait(10)

    away_chat = chat(api, talk, games[talk][2], "while away")
    away = move_each(api, games)
    have = positions(first)
    # The SSE form of the resume point: the talking game's position names its chat too.
    since = f"{talk}:{have[talk]}:{chat_ids(first, talk)[-1]},{quiet}:{have[quiet]}"
    second = StreamReader(f"{api.base}/stream?games={talk},{quiet}&since={since}", ndjson=True)
    second.start()
    wait_until(lambda: reached(second, away), 10, "the missed entries")
    wait_until(lambda: chat_ids(second, talk) == [away_chat], 10, "the missed message")
    said.append(away_chat)
    said.append(chat(api, talk, games[talk][0], "after"))
    wait_until(lambda: chat_ids(second, talk) == said[2:], 10, "live after the resume")
    assert "seeks" not in second.types(), "the lobby only where asked for"
    second.cut()
    assert chat_ids(first, talk) + chat_ids(second, talk) == said
