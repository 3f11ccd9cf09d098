"""Twenty clients submit the same action at once: exactly one wins, one log row."""

from __future__ import annotations

import threading

from api_helpers import Http, bearer
from sqlalchemy import select

from service.models import ActionLogRow

THREADS = 20


def _race(app, table, payload: dict, headers: dict) -> list:
    barrier = threading.Barrier(THREADS)
    results: list = [None] * THREADS

    def run(i: int) -> None:
        client = app.test_client()
        barrier.wait()
        r = client.post(f"{table.url}/actions", json=payload, headers=headers)
        results[i] = (r.status_code, r.get_json())

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def _log(service, game_id: str) -> list:
    with service.sessions() as s:
        return list(s.scalars(select(ActionLogRow).where(ActionLogRow.game_id == game_id)))


def test_twenty_threads_same_action_exactly_one_applied(app, http: Http, service) -> None:
    table = http.started(players=3)
    p = http.pending(table)
    etag = http.c.get(table.url).headers["ETag"]
    payload = {"action": p["pending"]["actions"][0]}
    headers = {**bearer(table.tokens[p["pending"]["seat"]]), "If-Match": etag}
    results = _race(app, table, payload, headers)
    codes = sorted(code for code, _ in results)
    assert codes.count(200) == 1, codes
    assert set(codes) <= {200, 409, 412}, codes
    for code, body in results:
        if code != 200:
            assert body["code"] in {"precondition_failed", "version_conflict"}, body
    rows = _log(service, table.id)
    assert len(rows) == 1
    assert service.games.get(table.id).seq == p["seq"] + 1


def test_twenty_threads_expected_seq(app, http: Http, service) -> None:
    table = http.started(players=3)
    p = http.pending(table)
    payload = {"action": p["pending"]["actions"][0], "expected_seq": p["seq"]}
    headers = bearer(table.tokens[p["pending"]["seat"]])
    results = _race(app, table, payload, headers)
    codes = sorted(code for code, _ in results)
    assert codes.count(200) == 1, codes
    assert set(codes) <= {200, 409}, codes
    assert len(_log(service, table.id)) == 1


def test_twenty_retries_with_one_idempotency_key(app, http: Http, service) -> None:
    table = http.started(players=3)
    p = http.pending(table)
    payload = {"action": p["pending"]["actions"][0], "expected_seq": p["seq"]}
    headers = {**bearer(table.tokens[p["pending"]["seat"]]), "Idempotency-Key": "same-key"}
    results = _race(app, table, payload, headers)
    codes = [code for code, _ in results]
    assert codes == [200] * THREADS, codes
    firsts = [b for _, b in results if not b["replayed"]]
    assert len(firsts) == 1
    assert {b["seq"] for _, b in results} == {firsts[0]["seq"]}
    assert len(_log(service, table.id)) == 1
