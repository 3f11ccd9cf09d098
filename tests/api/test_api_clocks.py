"""Time controls over HTTP: what a creator may ask for, the stable codes of
what it may not, and the banks in the game document (SQLite and PostgreSQL)."""

from __future__ import annotations

from api_helpers import API, Http, assert_problem, bearer
from flask.testing import FlaskClient

BANK = {"type": "bank", "initial": 90, "increment": 2}


def test_a_bank_game_shows_its_control_and_every_human_seat_s_bank(http: Http, client) -> None:
    table = http.create(players=3, time_control=BANK, seats=[{"kind": "human"}] * 2
                        + [{"kind": "bot", "level": "random"}])  # fmt: skip
    http.join(table, "a")
    http.join(table, "b")
    doc = client.get(table.url).json
    assert doc["time_control"] == BANK and doc["time_limit"] == 0
    assert [s["bank"] for s in doc["seats"]] == [90.0, 90.0, None]


def test_the_old_time_limit_still_works(http: Http, client) -> None:
    table = http.create(players=3, time_limit=120)
    assert client.get(table.url).json["time_control"] == {"type": "per_decision", "seconds": 120}


def test_bad_time_controls_get_stable_codes(client: FlaskClient) -> None:
    def post(control: object, **more: object) -> object:
        body = {"players": 3, "time_control": control, **more}
        return client.post(f"{API}/games", json=body)

    for control in (
        {"type": "bank", "initial": 0},
        {"type": "bank", "initial": 10, "days": 2},
        {"type": "correspondence", "days": 15},
        {"type": "per_decision"},
    ):
        assert_problem(post(control), 422, "invalid_time_control")
    assert_problem(post(BANK, time_limit=30), 422, "invalid_time_control")
    assert_problem(post({"type": "hourglass"}), 422, "invalid_time_control")
    assert_problem(post({"type": "bank", "initial": "5"}), 422, "validation_error")
    assert_problem(post("bank"), 422, "validation_error")


def test_bulk_games_take_a_time_control_too(client: FlaskClient) -> None:
    token = client.post(f"{API}/players", json={"name": "host"}).json["token"]
    spec = {"players": 3, "seats": [{"kind": "bot", "level": "random"}] * 3}
    r = client.post(f"{API}/games/bulk", headers=bearer(token),
                    json={"games": [{**spec, "time_control": {"type": "bank", "initial": 0}}]})  # fmt: skip
    assert_problem(r, 422, "invalid_time_control")
    corr = {**spec, "time_control": {"type": "correspondence", "days": 3}}
    r = client.post(f"{API}/games/bulk", headers=bearer(token), json={"games": [corr]})
    assert r.status_code == 201, r.json
    doc = client.get(f"{API}/games/{r.json['games'][0]['id']}").json
    assert doc["time_control"] == {"type": "none"}  # bots only: no clock
