"""A seat is never stranded by a lost response: create and join with ``Idempotency-Key``."""

from __future__ import annotations

import threading

from api_helpers import API, assert_problem
from sqlalchemy import func, select

from service.models import GameRow, IdempotentRequestRow, SeatRow
from service.store import idempotency

BODY = {"players": 3, "seats": [{"kind": "human"}] * 3}


def test_retried_create_returns_the_same_game_and_token(client, service) -> None:
    key = {"Idempotency-Key": "create-1"}
    first = client.post(f"{API}/games", json=BODY, headers=key)
    again = client.post(f"{API}/games", json=BODY, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert again.json["game"]["id"] == first.json["game"]["id"]
    assert again.json["creator_token"] == first.json["creator_token"]
    with service.sessions() as s:
        assert s.scalar(select(func.count()).select_from(GameRow)) == 1
        kept = s.scalar(select(IdempotentRequestRow))
    # The database alone holds no usable token: only the key's hash and a sealed token.
    assert first.json["creator_token"] not in repr(vars(kept)) and "create-1" not in kept.key_hash
    other = client.post(f"{API}/games", json=BODY, headers={"Idempotency-Key": "create-2"})
    assert other.json["game"]["id"] != first.json["game"]["id"]
    changed = client.post(f"{API}/games", json={**BODY, "label": "other"}, headers=key)
    assert_problem(changed, 422, "idempotency_key_reused")


def test_retried_join_returns_the_same_seat_and_token(client, service) -> None:
    game = client.post(f"{API}/games", json=BODY).json["game"]["id"]
    url, key = f"{API}/games/{game}/seats", {"Idempotency-Key": "join-ann"}
    first = client.post(url, json={"name": "ann"}, headers=key)
    again = client.post(url, json={"name": "ann"}, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert (again.json["seat"], again.json["token"]) == (first.json["seat"], first.json["token"])
    assert again.json["game"]["open_seats"] == [1, 2]  # no second seat taken
    # The same key in another game is another request.
    other = client.post(f"{API}/games", json=BODY).json["game"]["id"]
    assert (
        client.post(f"{API}/games/{other}/seats", json={"name": "ann"}, headers=key).json["token"]
        != first.json["token"]
    )
    assert_problem(
        client.post(url, json={"name": "bob"}, headers=key), 422, "idempotency_key_reused"
    )


def test_concurrent_twins_take_one_seat(app, service) -> None:
    game = service.creation.create_game(players=3).game.id
    results = []

    def join() -> None:
        results.append(service.seating.join(game, "ann", idempotency_key="twin"))

    threads = [threading.Thread(target=join) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({(r.seat, r.token) for r in results}) == 1
    with service.sessions() as s:
        taken = s.scalar(
            select(func.count()).select_from(SeatRow).where(SeatRow.token_hash.is_not(None))
        )
    assert taken == 1


def test_the_kept_response_expires(service, clock) -> None:
    game = service.creation.create_game(players=3).game.id
    first = service.seating.join(game, "ann", idempotency_key="k")
    clock.advance(idempotency.RETENTION.total_seconds() + 1)
    second = service.seating.join(game, "ann", idempotency_key="k")
    assert second.seat != first.seat and not second.replayed
    with service.sessions() as s:  # the expired row was purged on the way
        assert s.scalar(select(func.count()).select_from(IdempotentRequestRow)) == 1
