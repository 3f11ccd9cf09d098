"""Submitting actions: authorisation, preconditions, idempotency and every refusal.

Every refusal must leave the stored game exactly as it was: same version, same seq, same
log. ``unchanged`` checks that after each bad request.
"""

from __future__ import annotations

import json
from contextlib import contextmanager

from api_helpers import Http, Table, assert_problem, bearer
from sqlalchemy import func, select

from service.models import ActionLogRow


def log_rows(service, game_id: str) -> int:
    with service.sessions() as s:
        return s.scalar(
            select(func.count()).select_from(ActionLogRow).where(ActionLogRow.game_id == game_id)
        )


@contextmanager
def unchanged(service, table: Table):
    before = service.games.get(table.id)
    rows = log_rows(service, table.id)
    yield
    assert service.games.get(table.id) == before
    assert log_rows(service, table.id) == rows


def test_submit_action_with_expected_seq(client, http: Http, service, scheduler) -> None:
    table = http.started(players=3)
    p = http.pending(table)
    scheduler.clear()
    r = http.act(table)
    assert r.status_code == 200, r.json
    body = r.json
    assert body["seq"] == p["seq"] + 1 and body["seat"] == p["pending"]["seat"]
    assert body["action"] == p["pending"]["actions"][0]
    assert body["actor"] == "human" and body["replayed"] is False
    assert isinstance(body["events"], list) and body["events"]
    assert body["pending"]["seat"] == service.games.get(table.id).pending_seat
    # The pending decision carries the seq to echo as expected_seq, as the spec says.
    assert p["pending"]["seq"] == p["seq"] and body["pending"]["seq"] == body["seq"]
    assert client.get(table.url).json["pending"]["seq"] == body["seq"]
    assert r.headers["ETag"] == f'"v{body["version"]}"' == service.games.get(table.id).etag
    assert [c[:3] for c in scheduler.calls] == [("deadline", table.id, body["seq"])]
    assert log_rows(service, table.id) == 1


def test_submit_with_if_match(client, http: Http, service) -> None:
    table = http.started(players=3)
    etag = client.get(table.url).headers["ETag"]
    r = http.act(table, headers={"If-Match": etag})
    assert r.status_code == 200
    # The same ETag again is stale now: 412, nothing applied.
    with unchanged(service, table):
        r = http.act(table, headers={"If-Match": etag})
        assert_problem(r, 412, "precondition_failed")
        assert r.json["current_etag"] == service.games.get(table.id).etag
        assert_problem(
            http.act(table, headers={"If-Match": '"nonsense"'}), 412, "precondition_failed"
        )
        assert_problem(http.act(table, headers={"If-Match": '"v1", "v2"'}), 400, "invalid_if_match")
    assert http.act(table, headers={"If-Match": "*"}).status_code == 200


def test_precondition_required(client, http: Http, service) -> None:
    table = http.started(players=3)
    p = http.pending(table)
    with unchanged(service, table):
        r = client.post(
            f"{table.url}/actions",
            json={"action": p["pending"]["actions"][0]},
            headers=bearer(table.tokens[p["pending"]["seat"]]),
        )
        assert_problem(r, 428, "precondition_required")


def test_stale_seq(client, http: Http, service) -> None:
    table = http.started(players=3)
    assert http.act(table).status_code == 200
    with unchanged(service, table):
        r = http.act(table, expected_seq=0)
        body = assert_problem(r, 409, "stale_seq")
        assert body["current_seq"] == 1


def test_idempotency_key_returns_first_result(client, http: Http, service) -> None:
    table = http.started(players=3)
    p = http.pending(table)
    headers = {"Idempotency-Key": "retry-me-1"}
    first = http.act(table, headers=headers)
    assert first.status_code == 200 and first.json["replayed"] is False
    # The retry carries the now-stale expected_seq: still the first result, not a 409.
    second = client.post(
        f"{table.url}/actions",
        json={"action": p["pending"]["actions"][0], "expected_seq": p["seq"]},
        headers={**bearer(table.tokens[p["pending"]["seat"]]), **headers},
    )
    assert second.status_code == 200
    assert second.headers["Idempotent-Replayed"] == "true"
    assert second.json["replayed"] is True
    strip = lambda b: {k: v for k, v in b.items() if k != "replayed"}  # noqa: E731
    assert strip(second.json) == strip(first.json)
    assert log_rows(service, table.id) == 1
    # The same key with another action is a client bug.
    other = p["pending"]["actions"][-1] if len(p["pending"]["actions"]) > 1 else {"type": "x"}
    if other != p["pending"]["actions"][0]:
        r = client.post(
            f"{table.url}/actions",
            json={"action": other, "expected_seq": p["seq"]},
            headers={**bearer(table.tokens[p["pending"]["seat"]]), **headers},
        )
        assert_problem(r, 422, "idempotency_key_reused")
    with unchanged(service, table):
        bad = http.act(table, headers={"Idempotency-Key": "ä" * 3})
        assert_problem(bad, 400, "invalid_idempotency_key")
        bad = http.act(table, headers={"Idempotency-Key": "k" * 129})
        assert_problem(bad, 400, "invalid_idempotency_key")


def test_illegal_and_malformed_actions_carry_the_engine_reason(client, http: Http, service) -> None:
    from engine import EngineError, Game  # noqa: F401 - the codes come from the engine

    table = http.started(players=3)
    with unchanged(service, table):
        r = http.act(table, action={"type": "teleport"})
        body = assert_problem(r, 422, r.json["code"])
        assert body["code"] in {"malformed_action", "illegal_action"}
        assert body["detail"]
        p = http.pending(table)["pending"]
        legal = p["actions"][0]
        wrong = {**legal, **{k: 999 for k, v in legal.items() if isinstance(v, int)}}
        if wrong != legal:
            r = http.act(table, action=wrong)
            assert r.status_code == 422 and r.json["code"] in {"illegal_action", "malformed_action"}


def test_not_your_turn_and_wrong_seat(client, http: Http, service) -> None:
    table = http.started(players=3)
    p = http.pending(table)
    other = (p["pending"]["seat"] + 1) % 3
    with unchanged(service, table):
        r = http.act(table, seat=other)
        assert_problem(r, 409, "not_your_turn")
        # A token that claims another seat in the body.
        r = client.post(
            f"{table.url}/actions",
            json={
                "action": p["pending"]["actions"][0],
                "expected_seq": p["seq"],
                "seat": p["pending"]["seat"],
            },
            headers=bearer(table.tokens[other]),
        )
        assert_problem(r, 403, "wrong_seat")


def test_bad_requests_leave_the_game_unchanged(client, http: Http, service) -> None:
    table = http.started(players=3)
    p = http.pending(table)
    seat = p["pending"]["seat"]
    url = f"{table.url}/actions"
    auth = bearer(table.tokens[seat])
    action = p["pending"]["actions"][0]
    with unchanged(service, table):
        assert_problem(
            client.post(url, data='{"action": {', content_type="application/json", headers=auth),
            400,
            "invalid_json",
        )
        for body in (
            {"action": "move"},  # wrong type
            {"action": action, "expected_seq": "0"},  # wrong type
            {"action": action, "expected_seq": 0, "hint": 1},  # unknown field
            {"expected_seq": 0},  # missing action
            [action],  # not an object
        ):
            assert_problem(client.post(url, json=body, headers=auth), 422, "validation_error")
        huge = json.dumps({"action": {"type": "x", "pad": "y" * 200_000}, "expected_seq": 0})
        r = client.post(url, data=huge, content_type="application/json", headers=auth)
        assert_problem(r, 413, "payload_too_large")
        r = client.post(url, json={"action": action, "expected_seq": 0})
        assert_problem(r, 401, "missing_token")
        assert r.headers["WWW-Authenticate"].startswith("Bearer")
        r = client.post(url, json={"action": action, "expected_seq": 0}, headers=bearer("short"))
        assert_problem(r, 401, "invalid_token")
        r = client.post(url, json={"action": action, "expected_seq": 0}, headers=bearer("A" * 43))
        assert_problem(r, 401, "invalid_token")
        assert_problem(client.get(url), 405, "method_not_allowed")


def test_actions_on_open_aborted_and_finished_games(client, http: Http, service) -> None:
    table = http.create(players=3)
    http.join(table)
    r = client.post(
        f"{table.url}/actions",
        json={"action": {"type": "x"}, "expected_seq": 0},
        headers=bearer(table.tokens[0]),
    )
    assert_problem(r, 409, "game_not_active")

    finished = http.started(players=3)
    while True:
        r = http.act(finished)
        assert r.status_code == 200
        if r.json["status"] == "finished":
            break
    last = http.pending(finished)
    assert last["pending"] is None and last["status"] == "finished"
    with unchanged(service, finished):
        r = client.post(
            f"{finished.url}/actions",
            json={"action": r.json["action"], "expected_seq": r.json["seq"]},
            headers=bearer(finished.tokens[r.json["seat"]]),
        )
        assert_problem(r, 409, "game_over")
