"""A player token acts in every seat its player holds: actions, resigning, leaving and
hints take it as they take the seat's own token (docs/api.md, "Acting with a player
token"), and seat tokens keep working beside it."""

from __future__ import annotations

from typing import Any

from api_helpers import API, assert_problem, bearer
from flask.testing import FlaskClient


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["player"]["id"], r.json["token"]


def game_of(client: FlaskClient, creator: str, **body: Any) -> str:
    r = client.post(f"{API}/games", json=body, headers=bearer(creator))
    assert r.status_code == 201, r.json
    return r.json["game"]["id"]


def join(client: FlaskClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = bearer(token) if token else {}
    r = client.post(f"{API}/games/{game_id}/seats", json={"name": "p"}, headers=headers)
    assert r.status_code == 201, r.json
    return r.json


def pending(client: FlaskClient, game_id: str) -> dict[str, Any]:
    r = client.get(f"{API}/games/{game_id}/pending")
    assert r.status_code == 200
    return r.json


def submit(client: FlaskClient, game_id: str, token: str, **body: Any) -> Any:
    p = pending(client, game_id)
    body.setdefault("action", p["pending"]["actions"][0])
    body.setdefault("expected_seq", p["seq"])
    extra = body.pop("headers", {})
    return client.post(
        f"{API}/games/{game_id}/actions", json=body, headers={**bearer(token), **extra}
    )


def play_until_seat(client: FlaskClient, game_id: str, seat: int, tokens: dict[int, str]) -> None:
    """Play the other seats' first actions (with their seat tokens) until ``seat`` decides."""
    for _ in range(200):
        p = pending(client, game_id)
        assert p["status"] == "active"
        if p["pending"]["seat"] == seat:
            return
        r = submit(client, game_id, tokens[p["pending"]["seat"]])
        assert r.status_code == 200, r.json
    raise AssertionError("the seat never came to decide")


def test_the_player_token_plays_the_players_seat(client: FlaskClient) -> None:
    _, ann = new_player(client, "ann")
    _, bob = new_player(client, "bob")
    game = game_of(client, ann, players=3)
    ann_seat = join(client, game, ann)["seat"]
    bob_join = join(client, game, bob)
    anon = join(client, game)
    seat_tokens = {bob_join["seat"]: bob_join["token"], anon["seat"]: anon["token"]}
    play_until_seat(client, game, ann_seat, seat_tokens)

    # Another player's seat, or a seat the player does not hold: 403, nothing applied.
    seq = pending(client, game)["seq"]
    assert_problem(submit(client, game, bob, seat=ann_seat), 403, "not_your_seat")
    assert_problem(submit(client, game, bob), 409, "not_your_turn")  # bob's own seat waits
    assert pending(client, game)["seq"] == seq

    # Without `seat`: the player's seat whose decision is pending.
    r = submit(client, game, ann)
    assert r.status_code == 200, r.json
    assert r.json["seat"] == ann_seat and r.json["actor"] == "human"

    # An unknown player token is a 401, as everywhere.
    assert_problem(submit(client, game, "player." + "x" * 43), 401, "invalid_token")


def test_a_player_holding_no_seat_is_refused(client: FlaskClient) -> None:
    _, ann = new_player(client, "ann")
    _, eve = new_player(client, "eve")
    game = game_of(client, ann, players=3)
    tokens = {}
    for _ in range(3):
        joined = join(client, game)
        tokens[joined["seat"]] = joined["token"]
    seq = pending(client, game)["seq"]
    assert_problem(submit(client, game, eve), 403, "not_your_seat")
    assert_problem(submit(client, game, eve, seat=0), 403, "not_your_seat")
    r = client.post(f"{API}/games/{game}/seats/0/resign", headers=bearer(eve))
    assert_problem(r, 403, "not_your_seat")
    assert pending(client, game)["seq"] == seq
    # The seat tokens keep working.
    seat = pending(client, game)["pending"]["seat"]
    assert submit(client, game, tokens[seat]).status_code == 200


def test_a_player_with_several_seats_names_the_one_it_acts_in(client: FlaskClient) -> None:
    ann_id, ann = new_player(client, "ann")
    seats = [{"kind": "human", "player": ann_id}, {"kind": "human", "player": ann_id},
             {"kind": "human", "player": ann_id}]  # fmt: skip
    game = game_of(client, ann, players=3, seats=seats)
    for _ in range(3):
        join(client, game, ann)
    for _ in range(6):  # the pending seat, whichever it is, with or without naming it
        p = pending(client, game)
        if p["status"] != "active":
            break
        seat = p["pending"]["seat"]
        wrong = (seat + 1) % 3
        r = submit(client, game, ann, seat=wrong)
        assert_problem(r, 409, "not_your_turn")
        r = submit(client, game, ann, seat=seat)
        assert r.status_code == 200 and r.json["seat"] == seat
        after = pending(client, game)
        if after["status"] == "active":
            r = submit(client, game, ann)  # no seat named: the pending one
            assert r.status_code == 200 and r.json["seat"] == after["pending"]["seat"]


def test_an_idempotent_retry_with_the_player_token_applies_once(client: FlaskClient) -> None:
    _, ann = new_player(client, "ann")
    game = game_of(client, ann, players=3)
    join(client, game, ann)
    join(client, game, ann)
    join(client, game, ann)
    p = pending(client, game)
    body = {"action": p["pending"]["actions"][0], "expected_seq": p["seq"]}
    headers = {**bearer(ann), "Idempotency-Key": "move-1"}
    first = client.post(f"{API}/games/{game}/actions", json=body, headers=headers)
    again = client.post(f"{API}/games/{game}/actions", json=body, headers=headers)
    assert first.status_code == again.status_code == 200, (first.json, again.json)
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.json["seq"] == first.json["seq"]
    assert pending(client, game)["seq"] == p["seq"] + 1


def test_resign_leave_and_hints_with_the_player_token(client: FlaskClient) -> None:
    _, ann = new_player(client, "ann")
    _, bob = new_player(client, "bob")
    # Leave before the start: the seat opens again.
    game = game_of(client, ann, players=3)
    seat = join(client, game, ann)["seat"]
    assert_problem(client.delete(f"{API}/games/{game}/seats/{seat}", headers=bearer(bob)), 403,
                   "not_your_seat")  # fmt: skip
    r = client.delete(f"{API}/games/{game}/seats/{seat}", headers=bearer(ann))
    assert r.status_code == 200, r.json
    assert r.json["seats"][seat]["player_id"] is None

    # Hints and resigning during play.
    game = game_of(client, ann, players=3, rated=False, options={"hints": True})
    mine = join(client, game, ann)["seat"]
    others = {}
    for _ in range(2):
        joined = join(client, game)
        others[joined["seat"]] = joined["token"]
    play_until_seat(client, game, mine, others)
    r = client.post(f"{API}/games/{game}/seats/{mine}/hint", headers=bearer(ann))
    assert r.status_code in (200, 202), r.json
    assert (
        client.get(f"{API}/games/{game}/seats/{mine}/hint", headers=bearer(ann)).status_code == 200
    )
    r = client.post(f"{API}/games/{game}/seats/{mine}/hint", headers=bearer(bob))
    assert_problem(r, 403, "not_your_seat")
    r = client.post(f"{API}/games/{game}/seats/{mine}/resign", headers=bearer(ann))
    assert r.status_code == 200, r.json
    assert r.json["seats"][mine]["resigned"] is True
    assert_problem(submit(client, game, ann, seat=mine), 403, "seat_resigned")
