"""The lobby stream on real parts (gunicorn/gevent, Redis notices, PostgreSQL): seeks
added, matched and cancelled arrive as they commit, in both media types."""

from __future__ import annotations

import pytest
import requests
from stream_stack import Stack

from harness.streams import StreamReader, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]


def player(base: str, name: str) -> dict[str, str]:
    r = requests.post(f"{base}/players", json={"name": name}, timeout=10)
    return {"Authorization": f"Bearer {r.json()['token']}"}


def seek(base: str, auth: dict[str, str], **body: object) -> dict:
    r = requests.post(f"{base}/seeks", json=body, headers=auth, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()


@pytest.mark.parametrize("ndjson", [True, False], ids=["ndjson", "sse"])
def test_the_lobby_sees_seeks_come_and_go(stack: Stack, ndjson: bool) -> None:
    base = stack.api.base
    # A game nobody else in this session seeks: 6 players, unrated, a bank of its own.
    want = {"players": 6, "rated": False, "wait": 600,
            "time_control": {"type": "bank", "initial": 777 if ndjson else 778}}  # fmt: skip
    ann, bob = player(base, "ann"), player(base, "bob")
    early = seek(base, ann, **want)
    reader = StreamReader(f"{base}/seeks/stream", ndjson=ndjson)
    reader.start()
    first = wait_until(lambda: [m for m in reader.messages if m["type"] == "seeks"], 10, "seeks")
    assert early["id"] in [s["id"] for s in first[0]["data"]["items"]]

    late = seek(base, bob, **want)
    added = wait_until(
        lambda: [m for m in reader.messages if m["type"] == "seek_added"], 10, "seek_added"
    )
    assert added[0]["data"]["id"] == late["id"] and added[0]["data"]["name"] == "bob"
    requests.delete(f"{base}/seeks/{late['id']}", headers=bob, timeout=10).raise_for_status()
    removed = wait_until(
        lambda: [m for m in reader.messages if m["type"] == "seek_removed"], 10, "seek_removed"
    )
    assert removed[0]["data"] == {"id": late["id"]}

    others = [player(base, f"p{i}") for i in range(5)]
    for auth in others:
        last = seek(base, auth, **want)
    assert last["status"] == "matched"
    matched = wait_until(
        lambda: [m for m in reader.messages if m["type"] == "seek_matched"], 10, "seek_matched"
    )
    assert {m["data"]["id"] for m in matched} >= {early["id"]}
    assert {m["data"]["game_id"] for m in matched} == {last["game_id"]}
    reader.cut()


def test_the_player_stream_tells_the_seeker_its_game(stack: Stack) -> None:
    base = stack.api.base
    want = {"variant": "double_2", "rated": False, "wait": 600,
            "time_control": {"type": "per_decision", "seconds": 4321}}  # fmt: skip
    ann, bob = player(base, "ann"), player(base, "bob")
    reader = StreamReader(f"{base}/players/me/stream", ndjson=True, headers=ann,
                          stop_after=lambda m: m["type"] == "game_started")  # fmt: skip
    reader.start()
    wait_until(lambda: [m for m in reader.messages if m["type"] == "hello"], 10, "hello")
    mine = seek(base, ann, **want)
    matched = seek(base, bob, **want)
    assert matched["status"] == "matched"
    assert reader.closed.wait(20), "no game_started"
    started = [m for m in reader.messages if m["type"] == "game_started"]
    assert started[0]["data"] == {"game_id": matched["game_id"], "seat": 0, "label": None}
    r = requests.get(f"{base}/seeks/{mine['id']}", headers=ann, timeout=10)
    assert r.json()["game_id"] == matched["game_id"] and r.json()["seat"] == 0
