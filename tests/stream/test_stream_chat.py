"""Chat on the game's stream, on the real stack (gunicorn with gevent, Redis
notices, PostgreSQL): a message arrives live, and a client that resumes with its last
event id gets every message and entry it missed exactly once."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from stream_stack import Stack

from harness.streams import Api, StreamReader, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]

HUMAN = {"kind": "human"}


def say(api: Api, game_id: str, token: str, text: str) -> dict[str, Any]:
    r = api.http.post(
        f"{api.base}/games/{game_id}/chat",
        json={"text": text},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert r.status_code == 201, r.text
    return r.json()


def chats(reader: StreamReader) -> list[str]:
    return [m["data"]["text"] for m in reader.messages if m["type"] == "chat"]


def test_chat_arrives_live_and_on_resume_exactly_once(stack: Stack) -> None:
    api = stack.api
    game_id = api.create([HUMAN, HUMAN, HUMAN], time_limit=0)
    tokens = dict(api.join(game_id, f"p{i}") for i in range(3))
    say(api, game_id, tokens[0], "before anyone watched")

    url = f"{api.stream_url(game_id)}?chat_since=0"
    first = StreamReader(url)
    first.start()
    wait_until(lambda: chats(first) == ["before anyone watched"], 10, "the backlog")
    say(api, game_id, tokens[1], "live one")
    wait_until(lambda: chats(first)[-1:] == ["live one"], 10, "a live message")
    first.cut()
    first.closed.wait(10)
    last_id = first.messages[-1]["id"]
    assert isinstance(last_id, str) and last_id.endswith(f":{first.messages[-1]['data']['id']}")

    # Missed while away: a message, a move, another message.
    say(api, game_id, tokens[2], "while you were away")
    pending = api.pending(game_id)
    assert api.play_first(game_id, tokens[pending["pending"]["seat"]], pending["seq"]) == 200
    say(api, game_id, tokens[0], "and after the move")

    second = StreamReader(api.stream_url(game_id), headers={"Last-Event-ID": last_id})
    second.start()
    wait_until(lambda: len(chats(second)) >= 2, 10, "the missed messages")
    say(api, game_id, tokens[1], "live again")
    wait_until(lambda: chats(second)[-1:] == ["live again"], 10, "live after the resume")
    second.cut()
    assert chats(second) == ["while you were away", "and after the move", "live again"]
    # The missed move too, once; both positions in every id.
    assert [m["data"]["seq"] for m in second.entries()] == [pending["seq"] + 1]
    assert second.entries()[0]["id"].startswith(f"{pending['seq'] + 1}:")
    all_ids = [m["data"]["id"] for r in (first, second) for m in r.messages if m["type"] == "chat"]
    stored = requests.get(f"{api.base}/games/{game_id}/chat", timeout=10).json()["items"]
    assert all_ids == [m["id"] for m in stored]  # every message once, in order
