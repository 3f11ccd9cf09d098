"""Blocking a player over HTTP (SQLite and PostgreSQL; docs/api.md, "Blocking a player"):
the list and its refusals, no challenge across a block either way (made or accepted),
the blocked player's chat hidden from the blocker only, quick play keeping the two apart,
unblocking undoing it all, and the account's download and deletion."""

from __future__ import annotations

import json
from typing import Any

from api_helpers import API, Http, Table, assert_problem, bearer
from bot_play import new_player
from flask.testing import FlaskClient

from harness.databases import FakeClock
from service.game_service import GameService

BLOCKS = f"{API}/players/me/blocks"


def block(client: FlaskClient, token: str, player_id: str) -> Any:
    return client.put(f"{BLOCKS}/{player_id}", headers=bearer(token))


def unblock(client: FlaskClient, token: str, player_id: str) -> Any:
    return client.delete(f"{BLOCKS}/{player_id}", headers=bearer(token))


def challenge(client: FlaskClient, token: str, invited: list[str]) -> Any:
    body = {"invited": invited, "players": 3, "rated": False}
    return client.post(f"{API}/challenges", json=body, headers=bearer(token))


def chat_texts(client: FlaskClient, table: Table, token: str | None = None) -> list[str]:
    r = client.get(f"{table.url}/chat", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.json
    return [m["text"] for m in r.json["items"]]


def test_blocks_are_listed_with_names_and_each_refusal_has_its_code(client: FlaskClient) -> None:
    ann_id, ann = new_player(client, "Ann")
    bob_id, _ = new_player(client, "Bob")
    cy_id, _ = new_player(client, "Cy")

    assert_problem(block(client, ann, ann_id), 422, "cannot_block_self")
    assert_problem(block(client, ann, "pnobody"), 404, "player_not_found")
    assert_problem(client.get(BLOCKS), 401, "missing_token")
    assert_problem(client.put(f"{BLOCKS}/{bob_id}"), 401, "missing_token")

    first = block(client, ann, bob_id)
    assert first.status_code == 200, first.json
    assert first.json["player_id"] == bob_id and first.json["name"] == "Bob"
    again = block(client, ann, bob_id)  # idempotent: the first block is kept
    assert again.status_code == 200 and again.json == first.json
    assert block(client, ann, cy_id).status_code == 200

    r = client.get(BLOCKS, headers=bearer(ann))
    assert r.status_code == 200
    assert {(b["player_id"], b["name"]) for b in r.json} == {(bob_id, "Bob"), (cy_id, "Cy")}
    assert json.loads(r.headers["X-Pagination"])["total"] == 2
    one = client.get(BLOCKS, query_string={"page_size": 1, "page": 2}, headers=bearer(ann))
    assert len(one.json) == 1 and json.loads(one.headers["X-Pagination"])["total_pages"] == 2

    assert unblock(client, ann, bob_id).status_code == 204
    assert unblock(client, ann, bob_id).status_code == 204  # not blocked: no change
    assert [b["player_id"] for b in client.get(BLOCKS, headers=bearer(ann)).json] == [cy_id]


def test_a_block_refuses_challenges_either_way_until_unblocked(client: FlaskClient) -> None:
    ann_id, ann = new_player(client, "Ann")
    bob_id, bob = new_player(client, "Bob")
    _, cy = new_player(client, "Cy")
    # Offered before the block: the blocked player may not accept it afterwards.
    offered = challenge(client, bob, [ann_id])
    assert offered.status_code == 201, offered.json
    assert block(client, ann, bob_id).status_code == 200

    assert_problem(challenge(client, bob, [ann_id]), 403, "blocked")
    assert_problem(challenge(client, ann, [bob_id]), 403, "blocked")  # the blocker too
    accept = client.post(f"{API}/challenges/{offered.json['id']}/accept", headers=bearer(ann))
    assert_problem(accept, 403, "blocked")
    assert client.get(f"{API}/challenges", headers=bearer(ann)).json[0]["status"] == "open"
    # Others are challenged as usual, the blocked player included.
    assert challenge(client, cy, [bob_id]).status_code == 201

    assert unblock(client, ann, bob_id).status_code == 204
    accepted = client.post(f"{API}/challenges/{offered.json['id']}/accept", headers=bearer(ann))
    assert accepted.status_code == 200 and accepted.json["status"] == "accepted"
    assert challenge(client, bob, [ann_id]).status_code == 201


def test_a_block_hides_the_blocked_players_chat_from_the_blocker_only(
    client: FlaskClient, http: Http
) -> None:
    _, ann = new_player(client, "Ann")
    bob_id, bob = new_player(client, "Bob")
    _, cy = new_player(client, "Cy")
    table = http.started(players=3)
    for token, text in ((bob, "before"), (table.tokens[0], "from a seat")):
        r = client.post(f"{table.url}/chat", json={"text": text}, headers=bearer(token))
        assert r.status_code == 201, r.json

    assert block(client, ann, bob_id).status_code == 200
    r = client.post(f"{table.url}/chat", json={"text": "after"}, headers=bearer(bob))
    assert r.status_code == 201  # the blocked player still writes, for everybody else
    assert chat_texts(client, table, ann) == ["from a seat"]
    assert chat_texts(client, table, cy) == ["before", "from a seat", "after"]
    assert chat_texts(client, table) == ["before", "from a seat", "after"]
    assert chat_texts(client, table, bob) == ["before", "from a seat", "after"]
    assert client.get(f"{API}/players/me/mutes", headers=bearer(ann)).json == []

    assert unblock(client, ann, bob_id).status_code == 204
    assert chat_texts(client, table, ann) == ["before", "from a seat", "after"]


def test_quick_play_never_seats_a_blocked_pair_together(
    client: FlaskClient, clock: FakeClock, service: GameService
) -> None:
    people = {name: new_player(client, name) for name in ("ann", "bob", "cy", "dan", "eve")}
    assert block(client, people["ann"][1], people["bob"][0]).status_code == 200
    body = {"players": 3, "rated": False, "wait": 60}
    seeks = {}
    for name in ("ann", "bob", "cy"):
        r = client.post(f"{API}/seeks", json=body, headers=bearer(people[name][1]))
        assert r.status_code == 201 and r.json["status"] == "waiting", r.json
        seeks[name] = r.json["id"]
        clock.advance(1)
    last = client.post(f"{API}/seeks", json=body, headers=bearer(people["dan"][1]))
    assert last.json["status"] == "matched", last.json  # ann, cy and dan; bob passed over
    game = client.get(f"{API}/games/{last.json['game_id']}").json
    seated = {s["player_id"] for s in game["seats"]}
    assert seated == {people[n][0] for n in ("ann", "cy", "dan")}
    bob_seek = client.get(f"{API}/seeks/{seeks['bob']}", headers=bearer(people["bob"][1]))
    assert bob_seek.json["status"] == "waiting"

    # The wait's end fills bob's game with a seeker he is not kept apart from, then bots.
    r = client.post(f"{API}/seeks", json=body, headers=bearer(people["eve"][1]))
    assert r.json["status"] == "waiting"
    clock.advance(60)
    service.seeks.sweep()
    bob_seek = client.get(f"{API}/seeks/{seeks['bob']}", headers=bearer(people["bob"][1]))
    assert bob_seek.json["status"] == "matched"
    seats = client.get(f"{API}/games/{bob_seek.json['game_id']}").json["seats"]
    assert [s["player_id"] for s in seats][:2] == [people["bob"][0], people["eve"][0]]
    assert seats[2]["kind"] == "bot"


def test_a_seeker_kept_apart_from_all_the_others_holds_up_nobody(
    client: FlaskClient, clock: FakeClock
) -> None:
    people = {name: new_player(client, name) for name in ("ann", "bob", "cy", "dan")}
    for other in ("bob", "cy", "dan"):
        assert block(client, people["ann"][1], people[other][0]).status_code == 200
    body = {"players": 3, "rated": False, "wait": 60}
    answers = {}
    for name in ("ann", "bob", "cy", "dan"):  # ann has waited longest
        answers[name] = client.post(f"{API}/seeks", json=body, headers=bearer(people[name][1])).json
        clock.advance(1)
    assert answers["dan"]["status"] == "matched", answers["dan"]
    game = client.get(f"{API}/games/{answers['dan']['game_id']}").json
    assert [s["player_id"] for s in game["seats"]] == [people[n][0] for n in ("bob", "cy", "dan")]
    ann_seek = client.get(f"{API}/seeks/{answers['ann']['id']}", headers=bearer(people["ann"][1]))
    assert ann_seek.json["status"] == "waiting"


def test_after_unblocking_quick_play_seats_the_two_together(
    client: FlaskClient, clock: FakeClock
) -> None:
    people = [new_player(client, name) for name in ("ann", "bob", "cy")]
    (_, ann), (bob_id, _), _ = people
    assert block(client, ann, bob_id).status_code == 200
    assert unblock(client, ann, bob_id).status_code == 204
    body = {"players": 3, "rated": False}
    answers = []
    for _, token in people:
        answers.append(client.post(f"{API}/seeks", json=body, headers=bearer(token)).json)
        clock.advance(1)
    assert answers[-1]["status"] == "matched"
    game = client.get(f"{API}/games/{answers[-1]['game_id']}").json
    assert {s["player_id"] for s in game["seats"]} == {p for p, _ in people}


def test_the_download_lists_blocks_and_deleting_removes_them_both_ways(
    client: FlaskClient,
) -> None:
    ann_id, ann = new_player(client, "Ann")
    bob_id, bob = new_player(client, "Bob")
    cy_id, cy = new_player(client, "Cy")
    assert block(client, ann, bob_id).status_code == 200
    assert block(client, cy, ann_id).status_code == 200
    export = client.get(f"{API}/players/me/export", headers=bearer(ann))
    assert export.status_code == 200, export.json
    assert [(b["player_id"], b["name"]) for b in export.json["blocks"]] == [(bob_id, "Bob")]

    assert client.delete(f"{API}/players/me", headers=bearer(ann)).status_code == 204
    assert client.get(BLOCKS, headers=bearer(cy)).json == []
    # Nothing stands between Cy and Bob and the deleted account's old block is gone.
    assert challenge(client, bob, [cy_id]).status_code == 201
