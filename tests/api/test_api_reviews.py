"""Reviews over HTTP: a game a person played is reviewed when it finishes (here the test
plays the worker's call), an older one on request; the problem codes while it runs, before
the end, and past the owner's budget."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from typing import Any

from api_helpers import API, assert_problem
from flask.testing import FlaskClient
from test_api_ratings import finished_game, new_player

from service.parts.reviews import LEASE

CLASSES = {None, "inaccuracy", "mistake", "blunder"}


def quick(service: Any, **changes: Any) -> None:
    """Reviews with few iterations: the test is about the plumbing."""
    service.settings = dataclasses.replace(service.settings, review_iterations=16, **changes)


def test_a_finished_game_is_reviewed(client: FlaskClient, service: Any, scheduler) -> None:
    quick(service)
    tokens = [new_player(client, n)[1] for n in ("ann", "bob", "cy")]
    game_id = finished_game(client, service, tokens, rated=False)
    assert scheduler.reviews() == [game_id]  # the finish sent it to the reviews queue
    url = f"{API}/games/{game_id}/review"
    assert_problem(client.get(url), 404, "review_not_found")  # the worker has not run yet

    assert service.reviews.review(game_id) is True  # the worker's call
    r = client.get(url)
    assert r.status_code == 200, r.json
    doc = r.json
    assert doc["status"] == "ready" and doc["href"] == f"/api/v1/games/{game_id}/review"
    assert doc["cpu_seconds"] > 0 and doc["iterations"] == 16
    assert set(doc["thresholds"]) == {"inaccuracy", "mistake", "blunder"}
    assert [p["seat"] for p in doc["players"]] == [0, 1, 2]
    record = client.get(f"{API}/games/{game_id}/record").json
    entries = {e["seq"]: e for e in record["actions"]}
    assert doc["decisions"], "a whole game has decisions with a choice"
    for d in doc["decisions"]:
        assert d["class"] in CLASSES and d["loss"] >= 0
        assert entries[d["seq"]]["action"] == d["action"]  # the action the log has
        assert (d["best"] is None) == (d["loss"] == 0 and d["best"] is None)
    for p in doc["players"]:
        mine = [d for d in doc["decisions"] if d["seat"] == p["seat"]]
        assert p["decisions"] == len(mine)
        assert p["blunders"] == sum(d["class"] == "blunder" for d in mine)
        assert 0 <= p["accuracy"] <= 100
    assert service.reviews.review(game_id) is False  # done once


def test_ask_for_a_review_and_its_problems(client: FlaskClient, service: Any, scheduler) -> None:
    quick(service, review_owner_budget=1, review_on_finish=False)
    tokens = [new_player(client, n)[1] for n in ("ann", "bob", "cy")]
    game_id = finished_game(client, service, tokens, rated=False)
    assert service.reviews.review(game_id) is False  # reviews on finish are off here
    url = f"{API}/games/{game_id}/review"
    assert_problem(client.get(url), 404, "review_not_found")

    scheduler.clear()
    r = client.post(url)
    assert r.status_code == 202, r.json
    assert r.json["status"] == "pending" and r.json["decisions"] is None
    assert r.headers["Location"].endswith(f"/games/{game_id}/review")
    assert scheduler.reviews() == [game_id]
    assert_problem(client.get(url), 409, "review_pending")
    # A message lost on the way: the sweep finds the review pending past its lease.
    later = service.clock() + LEASE + timedelta(seconds=1)
    assert service.reviews.resend_pending(later, 10) == [game_id]
    assert service.reviews.resend_pending(service.clock(), 10) == []
    assert client.post(url).status_code == 202  # the same one, on its way

    assert service.reviews.review(game_id) is True
    assert client.get(url).status_code == 200
    assert client.post(url).status_code == 200  # made once

    # The budget: one review a day from this address; a second game is refused.
    other = finished_game(client, service, tokens, rated=False)
    assert_problem(client.post(f"{API}/games/{other}/review"), 429, "review_budget_exhausted")
    # Only finished games, only games that exist.
    running = client.post(f"{API}/games", json={"players": 3}).json["game"]["id"]
    assert_problem(client.post(f"{API}/games/{running}/review"), 409, "game_not_finished")
    assert_problem(client.get(f"{API}/games/gnothing/review"), 404, "game_not_found")


def test_the_player_stream_says_when_a_review_is_ready(
    client: FlaskClient, service: Any, clock: Any, scheduler
) -> None:
    """The game's stream has ended when its review is written: the seats' players hear of
    it on their player stream, once; a stream opened between the end and the review tells
    the review and not the end, and one opened after the review tells nothing."""
    from api.stream.player import PlayerStreamSession

    quick(service)
    players = [new_player(client, n) for n in ("ann", "bob", "cy")]
    ann_id = players[0][0]

    def look(session: PlayerStreamSession, since: Any) -> list[tuple[str, Any]]:
        looked = (service.accounts.player_board(ann_id, since),
                  service.challenges.for_stream(ann_id, since))  # fmt: skip
        return [(kind, data) for kind, data, _ in session.advance(looked)]

    opened = clock()
    stream = PlayerStreamSession(ann_id)
    assert [k for k, _ in look(stream, opened)] == ["hello"]
    clock.advance(1)
    game_id = finished_game(client, service, [t for _, t in players], rated=False)
    assert "game_finished" in [k for k, _ in look(stream, opened)]
    clock.advance(1)
    between = clock()
    late = PlayerStreamSession(ann_id)
    assert [k for k, _ in look(late, between)] == ["hello"]
    clock.advance(1)
    assert service.reviews.review(game_id) is True  # the worker writes it
    href = f"/api/v1/games/{game_id}/review"
    assert look(stream, opened) == [("review_ready", {"game_id": game_id, "label": None,
                                                      "href": href})]  # fmt: skip
    assert client.get(href).status_code == 200
    assert look(stream, opened) == []  # once
    assert [k for k, _ in look(late, between)] == ["review_ready"]  # not game_finished
    clock.advance(1)
    after = PlayerStreamSession(ann_id)
    assert [k for k, _ in look(after, clock())] == ["hello"]
