"""Joining, leaving and resigning seats; seat tokens."""

from __future__ import annotations

import hashlib

from api_helpers import API, Http, assert_problem, bearer
from sqlalchemy import select

from service.models import SeatRow


def test_join_returns_token_once_and_stores_only_its_hash(client, http: Http, service) -> None:
    table = http.create(players=3)
    r = client.post(f"{table.url}/seats", json={"name": "ann"})
    assert r.status_code == 201
    assert r.headers["Cache-Control"] == "no-store"
    token, seat = r.json["token"], r.json["seat"]
    assert seat == 0 and r.json["game_id"] == table.id
    assert r.json["game"]["seats"][0]["name"] == "ann"
    # The token never appears again: not in the game, not in the list.
    for url in (table.url, f"{API}/games", f"{table.url}/pending"):
        assert token not in client.get(url).get_data(as_text=True)
    with service.sessions() as s:
        stored = s.scalar(select(SeatRow.token_hash).where(SeatRow.game_id == table.id))
    assert stored == hashlib.sha256(token.encode()).hexdigest()


def test_join_specific_seat_and_full_game(client, http: Http, scheduler) -> None:
    table = http.create(players=3)
    assert http.join(table, "c", seat=2) == 2
    assert_problem(
        client.post(f"{table.url}/seats", json={"name": "x", "seat": 2}), 409, "seat_taken"
    )
    assert_problem(
        client.post(f"{table.url}/seats", json={"name": "x", "seat": 3}), 404, "seat_not_found"
    )
    assert http.join(table, "a") == 0
    assert scheduler.calls == []
    assert http.join(table, "b") == 1
    game = http.game(table)
    assert game["status"] == "active" and game["started_at"]
    assert game["pending"]["actions"]
    assert game["deadline_at"]
    assert [c[:3] for c in scheduler.calls] == [("deadline", table.id, 0)]
    assert_problem(client.post(f"{table.url}/seats", json={"name": "x"}), 409, "game_not_open")


def test_join_bot_seat_is_refused_and_full_game_reports_full(client, http: Http) -> None:
    table = http.create(players=3, seats=[{"kind": "bot"}, {"kind": "human"}, {"kind": "human"}])
    assert_problem(
        client.post(f"{table.url}/seats", json={"name": "x", "seat": 0}), 409, "seat_taken"
    )
    http.join(table)
    http.join(table)
    assert_problem(client.post(f"{table.url}/seats", json={"name": "x"}), 409, "game_not_open")


def test_join_validation(client, http: Http) -> None:
    table = http.create(players=3)
    for body in (
        {},
        {"name": 3},
        {"name": "a", "seat": "1"},
        {"name": "a", "token": "mine"},
    ):
        assert_problem(client.post(f"{table.url}/seats", json=body), 422, "validation_error")
    for body in ({"name": ""}, {"name": "x" * 65}):  # a name that is no display text
        assert_problem(client.post(f"{table.url}/seats", json=body), 422, "invalid_name")
    assert http.game(table)["open_seats"] == [0, 1, 2]


def test_leave_before_start(client, http: Http) -> None:
    table = http.create(players=3)
    a = http.join(table, "a")
    b = http.join(table, "b")
    url = f"{table.url}/seats/{a}"
    assert_problem(client.delete(url), 401, "missing_token")
    assert_problem(client.delete(url, headers=bearer("x" * 43)), 401, "invalid_token")
    assert_problem(client.delete(url, headers=bearer(table.tokens[b])), 403, "wrong_seat")
    r = client.delete(url, headers=bearer(table.tokens[a]))
    assert r.status_code == 200 and r.json["open_seats"] == [0, 2]
    # The token is dead now.
    assert_problem(client.delete(url, headers=bearer(table.tokens[a])), 401, "invalid_token")
    assert http.join(table, "c") == 0


def test_leave_after_start_is_refused(client, http: Http, service) -> None:
    table = http.started(players=3)
    before = service.games.get(table.id)
    r = client.delete(f"{table.url}/seats/0", headers=bearer(table.tokens[0]))
    assert_problem(r, 409, "game_not_open")
    assert service.games.get(table.id) == before


def test_resign_hands_the_seat_to_a_bot(client, http: Http, service, scheduler) -> None:
    table = http.started(players=3)
    seat = http.pending(table)["pending"]["seat"]
    other = (seat + 1) % 3
    # Resigning a seat that is not pending: no bot turn yet.
    scheduler.clear()
    r = client.post(f"{table.url}/seats/{other}/resign", headers=bearer(table.tokens[other]))
    assert r.status_code == 200
    assert r.json["seats"][other]["kind"] == "bot" and r.json["seats"][other]["resigned"]
    assert scheduler.bot_turns() == []
    # The resigned token can no longer act or resign again.
    r = http.act(table, seat=other)
    assert_problem(r, 403, "seat_resigned")
    r = client.post(f"{table.url}/seats/{other}/resign", headers=bearer(table.tokens[other]))
    assert_problem(r, 403, "seat_resigned")
    # Resigning the pending seat schedules its bot turn at once.
    r = client.post(f"{table.url}/seats/{seat}/resign", headers=bearer(table.tokens[seat]))
    assert r.status_code == 200
    assert scheduler.bot_turns() == [(table.id, r.json["seq"])]
    assert service.turns.play_bot_turn(table.id, r.json["seq"]) is True
    assert service.games.get(table.id).seq == r.json["seq"] + 1


def test_resign_errors(client, http: Http) -> None:
    table = http.create(players=3)
    http.join(table)
    r = client.post(f"{table.url}/seats/0/resign", headers=bearer(table.tokens[0]))
    assert_problem(r, 409, "game_not_active")
    r = client.post(f"{table.url}/seats/1/resign", headers=bearer(table.tokens[0]))
    assert_problem(r, 403, "wrong_seat")
    assert_problem(client.post(f"{table.url}/seats/0/resign"), 401, "missing_token")


def test_token_of_another_game_is_rejected(client, http: Http) -> None:
    one = http.started(players=3)
    two = http.started(players=3)
    seat = http.pending(one)["pending"]["seat"]
    r = client.post(
        f"{one.url}/actions",
        json={"action": http.pending(one)["pending"]["actions"][0], "expected_seq": 0},
        headers=bearer(two.tokens[seat]),
    )
    assert_problem(r, 401, "invalid_token")
    r = client.delete(f"{one.url}/seats/0", headers=bearer(two.tokens[0]))
    assert_problem(r, 401, "invalid_token")
