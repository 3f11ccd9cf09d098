"""Whole games over HTTP with human seats only, then the log and the record."""

from __future__ import annotations

import random

import pytest
from api_helpers import API, Http, Table, bearer


def play_to_the_end(http: Http, table: Table, rng: random.Random, max_actions: int = 5000) -> int:
    """Always submit a legal action taken from the pending decision; return the count."""
    count = 0
    while True:
        p = http.pending(table)
        if p["status"] == "finished":
            return count
        decision = p["pending"]
        action = rng.choice(decision["actions"])
        r = http.c.post(
            f"{table.url}/actions",
            json={"action": action, "expected_seq": p["seq"]},
            headers=bearer(table.tokens[decision["seat"]]),
        )
        assert r.status_code == 200, r.json
        count += 1
        assert count < max_actions, "the game does not end"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_full_game_over_http(client, http: Http, service, players: int) -> None:
    from engine import replay

    table = http.started(players=players, time_limit=0, label=f"full-{players}p")
    n = play_to_the_end(http, table, random.Random(players))
    game = http.game(table)
    assert game["status"] == "finished" and game["finished_at"]
    assert game["seq"] == n and game["pending"] is None and game["deadline_at"] is None
    ranking = game["result"]["ranking"]
    assert sorted(ranking) == list(range(players))

    # The event log, paged, has exactly one entry per action, in order.
    entries, since, first = [], 0, True
    while True:
        r = client.get(f"{table.url}/events?since={since}&limit=37")
        assert r.status_code == 200
        if first:
            assert isinstance(r.json["setup"], list)
            first = False
        else:
            assert "setup" not in r.json
        entries += r.json["items"]
        if r.json["next_since"] is None:
            break
        since = r.json["next_since"]
    assert [e["seq"] for e in entries] == list(range(1, n + 1))
    assert all(e["actor"] == "human" for e in entries)

    # The record replays to the same final state.
    record = client.get(f"{table.url}/record").json
    assert record["players"] == players and isinstance(record["seed"], int)
    assert record["label"] == f"full-{players}p"  # results collected by label keep it
    assert [a["seq"] for a in record["actions"]] == list(range(1, n + 1))
    replayed = replay(
        players=players,
        seed=record["seed"],
        actions=[a["action"] for a in record["actions"]],
        deck=record["deck"],
    )
    assert replayed.is_over
    assert list(replayed.ranking()) == ranking
    assert replayed.public_view() == game["state"]


def test_events_paging_and_validation(client, http: Http) -> None:
    table = http.started(players=3)
    for _ in range(5):
        assert http.act(table).status_code == 200
    r = client.get(f"{table.url}/events?since=2&limit=2")
    assert [e["seq"] for e in r.json["items"]] == [3, 4] and r.json["next_since"] == 4
    r = client.get(f"{table.url}/events?since=4")
    assert [e["seq"] for e in r.json["items"]] == [5] and r.json["next_since"] is None
    r = client.get(f"{table.url}/events?since=99")
    assert r.json["items"] == [] and r.json["next_since"] is None
    for q in ("since=-1", "limit=0", "limit=501", "since=x"):
        r = client.get(f"{table.url}/events?{q}")
        assert r.status_code == 422, q
        assert r.json["code"] == "validation_error"


def test_record_only_for_finished_games(client, http: Http) -> None:
    table = http.started(players=3)
    r = client.get(f"{table.url}/record")
    assert r.status_code == 409 and r.json["code"] == "game_not_finished"
    assert client.get(f"{API}/games/nope/record").status_code == 404
