"""Hints over HTTP: POST asks (202, computed by a worker: here the test plays the worker's
call), GET reads; rated games and every other refusal with its problem code."""

from __future__ import annotations

from typing import Any

from api_helpers import Http, Table, assert_problem, bearer


def hint_url(table: Table, seat: int) -> str:
    return f"{table.url}/seats/{seat}/hint"


def unrated(http: Http, **body: Any) -> tuple[Table, int]:
    """A running unrated game of three people and the seat to play."""
    table = http.started(rated=False, **body)
    return table, http.pending(table)["pending"]["player"]


def test_ask_then_read_the_hint_for_your_decision(client, http: Http, service, scheduler) -> None:
    table, seat = unrated(http)
    pending = http.pending(table)
    r = client.post(hint_url(table, seat), headers=bearer(table.tokens[seat]))
    assert r.status_code == 202, r.json
    assert r.headers["Location"].endswith(f"/games/{table.id}/seats/{seat}/hint")
    assert r.headers["Cache-Control"] == "no-store"
    assert (r.json["status"], r.json["seq"], r.json["action"]) == ("pending", pending["seq"], None)
    assert scheduler.hints() == [(table.id, pending["seq"])]
    r = client.get(hint_url(table, seat), headers=bearer(table.tokens[seat]))
    assert r.status_code == 200 and r.json["status"] == "pending"

    assert service.hints.compute(table.id, pending["seq"]) is True  # the worker's call
    r = client.get(hint_url(table, seat), headers=bearer(table.tokens[seat]))
    assert r.status_code == 200 and r.json["status"] == "ready"
    assert r.json["action"] in pending["pending"]["actions"]
    reason = r.json["reason"]
    assert reason["kind"] == "search" and reason["level"] == "mcts-fast"
    assert reason["alternative"]["action"] in pending["pending"]["actions"]
    assert isinstance(reason["value"], float) and isinstance(reason["gain"], float)
    # Asking again: the same hint, already computed (200), nothing sent to the workers.
    scheduler.clear()
    again = client.post(hint_url(table, seat), headers=bearer(table.tokens[seat]))
    assert again.status_code == 200 and again.json["action"] == r.json["action"]
    assert scheduler.hints() == []
    # The suggestion is an action the seat may submit as it is.
    assert http.act(table, seat=seat, action=r.json["action"]).status_code == 200
    stale = client.get(hint_url(table, seat), headers=bearer(table.tokens[seat]))
    assert stale.json["status"] == "stale" and stale.json["action"] is None
    assert stale.json["current_seq"] == pending["seq"] + 1


def test_the_game_says_whether_hints_are_offered(client, http: Http) -> None:
    assert http.game(http.create(rated=False))["options"]["hints"] is True
    assert http.game(http.create())["options"]["hints"] is False  # rated
    off = http.create(rated=False, options={"hints": False})
    assert http.game(off)["options"]["hints"] is False
    r = client.post("/api/v1/games", json={"players": 3, "options": {"hints": True}})
    assert_problem(r, 422, "invalid_option")  # hints in a rated game
    r = client.post("/api/v1/games", json={"players": 3, "rated": False, "options": {"hints": 1}})
    assert_problem(r, 422, "validation_error")


def test_rated_games_and_games_without_hints_refuse(client, http: Http) -> None:
    table = http.started()  # rated by default
    seat = http.pending(table)["pending"]["player"]
    r = client.post(hint_url(table, seat), headers=bearer(table.tokens[seat]))
    body = assert_problem(r, 403, "hints_not_allowed")
    assert "rated" in body["detail"]
    table, seat = unrated(http, options={"hints": False})
    r = client.post(hint_url(table, seat), headers=bearer(table.tokens[seat]))
    assert_problem(r, 403, "hints_not_allowed")


def test_every_other_refusal_has_its_code(client, http: Http) -> None:
    table, seat = unrated(http)
    other = next(s for s in table.tokens if s != seat)
    url = hint_url(table, seat)
    assert_problem(client.post(url), 401, "missing_token")
    assert_problem(client.post(url, headers=bearer("nope")), 401, "invalid_token")
    assert_problem(client.post(url, headers=bearer(table.tokens[other])), 403, "wrong_seat")
    r = client.post(hint_url(table, other), headers=bearer(table.tokens[other]))
    assert_problem(r, 409, "not_your_turn")
    assert_problem(client.get(url, headers=bearer(table.tokens[seat])), 404, "hint_not_found")
    r = client.post("/api/v1/games/nope/seats/0/hint", headers=bearer(table.tokens[seat]))
    assert_problem(r, 404, "game_not_found")
    # An open game has no decision yet.
    waiting = http.create(rated=False)
    joined = http.join(waiting, "a")
    r = client.post(hint_url(waiting, joined), headers=bearer(waiting.tokens[joined]))
    assert_problem(r, 409, "game_not_active")
    # A resigned seat is a bot's now.
    r = client.post(f"{table.url}/seats/{seat}/resign", headers=bearer(table.tokens[seat]))
    assert r.status_code == 200
    assert_problem(client.post(url, headers=bearer(table.tokens[seat])), 403, "seat_resigned")
