"""Budgets that cannot be sidestepped (docs/api.md, "Rate limits"): games with search bots
count wherever they are made (single, bulk, stand-ins), costly budgets are shared by the
players of one address, sign-in codes are limited and a wrong one writes nothing, a
chat author has one budget whichever token speaks for it. SQLite and PostgreSQL."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from api_helpers import API, Http, bearer, client_with, from_address, new_player
from flask.testing import FlaskClient
from sqlalchemy import event

from service.parts.chat import RATE_COUNT

MCTS = {"kind": "bot", "level": "mcts-fast"}
GREEDY = {"kind": "bot", "level": "greedy"}


def refused(r: Any, code: str = "rate_limited") -> dict[str, Any]:
    assert r.status_code == 429, r.json
    assert r.mimetype == "application/problem+json" and r.json["code"] == code
    assert int(r.headers["Retry-After"]) >= 1
    return r.json


# ----------------------------------------------------------------------------- search games


def test_each_search_game_of_a_bulk_request_counts_against_the_search_budget(
    service: Any,
) -> None:
    client = client_with(service, search_game_rate_limit="3/3600", bulk_rate_limit="100/60")
    _, ann = new_player(client, "ann")
    search = {"players": 3, "seats": [MCTS, GREEDY, GREEDY], "time_limit": 0}
    cheap = {"players": 3, "seats": [GREEDY] * 3}
    r = client.post(
        f"{API}/games/bulk", json={"games": [search, cheap, search]}, headers=bearer(ann)
    )
    assert r.status_code == 201 and len(r.json["games"]) == 3
    # Two of three used: a bulk of two search games no longer fits, one cheap game does.
    refused(client.post(f"{API}/games/bulk", json={"games": [search] * 2}, headers=bearer(ann)))
    ok = client.post(f"{API}/games/bulk", json={"games": [cheap] * 5}, headers=bearer(ann))
    assert ok.status_code == 201


def test_a_hundred_search_games_in_one_bulk_request_are_refused(service: Any) -> None:
    client = client_with(service)  # the defaults: 30 games with search bots an hour
    _, ann = new_player(client, "ann")
    search = {"players": 3, "seats": [MCTS] * 3, "time_limit": 0}
    body = refused(
        client.post(f"{API}/games/bulk", json={"games": [search] * 100}, headers=bearer(ann))
    )
    assert "search bots" in body["detail"]
    assert service.games.list_games(page_size=100).games == []


@pytest.mark.parametrize("option", ["resign_bot_level", "timeout_bot_level"])
def test_a_search_stand_in_needs_a_player_and_counts_as_a_search_game(
    service: Any, option: str
) -> None:
    client = client_with(service, search_game_rate_limit="1/3600")
    standin = {"players": 3, "options": {option: "mcts"}, "timeout_policy": "bot"}
    r = client.post(f"{API}/games", json=standin)
    assert r.status_code == 401 and r.json["code"] == "missing_token"
    assert "stand-in" in r.json["detail"]

    elsewhere = from_address(client, "10.1.2.3")
    _, ann = new_player(elsewhere, "ann")
    assert elsewhere.post(f"{API}/games", json=standin, headers=bearer(ann)).status_code == 201
    refused(elsewhere.post(f"{API}/games", json=standin, headers=bearer(ann)))
    # A cheap stand-in is no search game.
    greedy = {**standin, "options": {option: "greedy"}}
    assert elsewhere.post(f"{API}/games", json=greedy, headers=bearer(ann)).status_code == 201


def test_a_bulk_game_with_a_search_stand_in_counts(service: Any) -> None:
    client = client_with(service, search_game_rate_limit="2/3600")
    _, ann = new_player(client, "ann")
    game = {"players": 3, "seats": [GREEDY] * 3, "options": {"resign_bot_level": "mcts-fast"}}
    refused(client.post(f"{API}/games/bulk", json={"games": [game] * 3}, headers=bearer(ann)))


def test_quick_play_never_fills_seats_with_search_bots(service: Any) -> None:
    client = client_with(service)
    _, ann = new_player(client, "ann")
    r = client.post(
        f"{API}/seeks", json={"players": 3, "bot_level": "mcts-fast"}, headers=bearer(ann)
    )
    assert r.status_code == 422 and r.json["code"] == "invalid_seek"


def test_players_minted_at_one_address_share_its_search_ceiling(service: Any) -> None:
    client = client_with(service, search_game_rate_limit="2/3600")
    search = {"players": 3, "seats": [MCTS] * 3, "time_limit": 0}
    made = []
    for i in range(4):
        _, token = new_player(client, f"sock{i}")
        made.append(client.post(f"{API}/games", json=search, headers=bearer(token)).status_code)
    assert made == [201, 201, 429, 429]


# ----------------------------------------------------------------------------- bodies


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b'{"games": [' + b"[" * 5000 + b"]" * 5000 + b"]}", 400, "invalid_json"),
        (b'{"players": 3, "name": "' + b"x" * 70_000 + b'"}', 413, "payload_too_large"),
    ],
    ids=["deep", "large"],
)
@pytest.mark.parametrize("path", ["/games", "/games/bulk"])
def test_a_body_refused_by_the_route_leaves_no_error_in_the_log(
    service: Any, caplog: pytest.LogCaptureFixture, body: bytes, status: int, code: str, path: str
) -> None:
    client = client_with(service)
    _, ann = new_player(client, "ann")
    with caplog.at_level(logging.INFO):
        r = client.post(
            f"{API}{path}",
            data=body,
            headers={**bearer(ann), "Content-Type": "application/json"},
        )
    assert (r.status_code, r.json["code"]) == (status, code)
    errors = [rec for rec in caplog.records if rec.levelno >= logging.ERROR]
    assert errors == [], [rec.getMessage() for rec in errors]


# ----------------------------------------------------------------------------- players


def test_creating_players_is_budgeted_per_address(service: Any) -> None:
    client = client_with(service, player_create_rate_limit="3/600")
    for i in range(3):
        new_player(client, f"p{i}")
    body = refused(client.post(f"{API}/players", json={"name": "one more"}))
    assert "new players" in body["detail"]
    # A player token buys nothing here: the budget is the address's.
    _, token = new_player(from_address(client, "10.0.0.9"), "x")
    refused(client.post(f"{API}/players", json={"name": "again"}, headers=bearer(token)))
    other = from_address(client, "10.0.0.8")
    assert other.post(f"{API}/players", json={"name": "elsewhere"}).status_code == 201


# ----------------------------------------------------------------------------- sign-in


def test_wrong_sign_in_codes_are_limited_per_address(service: Any) -> None:
    client = client_with(service, signin_rate_limit="4/600")
    for i in range(4):
        r = client.post(f"{API}/players/signin", json={"code": f"AAAAA-AAAA{i}"})
        assert r.status_code == 401 and r.json["code"] == "invalid_signin_code"
    body = refused(client.post(f"{API}/players/signin", json={"code": "AAAAA-BBBBB"}))
    assert "sign-in" in body["detail"]
    # Another address still signs in with a good code.
    other = from_address(client, "10.0.0.7")
    _, token = new_player(other, "ann")
    code = other.post(f"{API}/players/me/signin-codes", headers=bearer(token)).json["code"]
    assert other.post(f"{API}/players/signin", json={"code": code}).status_code == 201


def test_sign_in_codes_issued_are_limited_per_player(service: Any) -> None:
    client = client_with(service, signin_rate_limit="2/600")
    _, ann = new_player(client, "ann")
    for _ in range(2):
        assert client.post(f"{API}/players/me/signin-codes", headers=bearer(ann)).status_code == 201
    elsewhere = from_address(client, "10.0.0.6")
    refused(elsewhere.post(f"{API}/players/me/signin-codes", headers=bearer(ann)))


def test_a_wrong_sign_in_code_writes_nothing(service: Any) -> None:
    client = client_with(service, signin_rate_limit="off")
    _, ann = new_player(client, "ann")
    code = client.post(f"{API}/players/me/signin-codes", headers=bearer(ann)).json["code"]
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(statement.split(None, 1)[0].upper())

    engine = service.store.engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        for guess in (
            "ZZZZZ-ZZZZZ",
            "not a code",
            code.replace(code[0], "Q" if code[0] != "Q" else "R"),
        ):
            r = client.post(f"{API}/players/signin", json={"code": guess})
            assert r.status_code == 401 and r.json["code"] == "invalid_signin_code"
        assert statements and set(statements) <= {"SELECT"}, statements
        assert client.post(f"{API}/players/signin", json={"code": code}).status_code == 201
        assert {"DELETE", "INSERT"} <= set(statements)
    finally:
        event.remove(engine, "before_cursor_execute", seen)


# ----------------------------------------------------------------------------- chat


def test_a_seat_and_its_players_token_share_one_chat_budget(
    client: FlaskClient, http: Http
) -> None:
    _, ann = new_player(client, "ann")
    table = http.create(players=3)
    r = client.post(f"{table.url}/seats", json={"name": "ann"}, headers=bearer(ann))
    assert r.status_code == 201
    seat_token = r.json["token"]
    for i in range(RATE_COUNT):
        token = seat_token if i % 2 else ann
        r = client.post(f"{table.url}/chat", json={"text": f"m{i}"}, headers=bearer(token))
        assert r.status_code == 201, r.json
    for token in (seat_token, ann):
        refused(
            client.post(f"{table.url}/chat", json={"text": "more"}, headers=bearer(token)),
            "chat_rate_limited",
        )


def test_spectators_minted_at_one_address_share_its_chat_ceiling(service: Any) -> None:
    client = client_with(service, chat_rate_limit="6/60")
    http = Http(client)
    table = http.create(players=3)
    answers = []
    for i in range(4):
        _, token = new_player(client, f"sock{i}")
        for j in range(2):
            r = client.post(f"{table.url}/chat", json={"text": f"{i}.{j}"}, headers=bearer(token))
            answers.append(r.status_code)
    assert answers == [201] * 6 + [429] * 2
    other = from_address(client, "10.0.0.5")
    _, token = new_player(other, "elsewhere")
    ok = other.post(f"{table.url}/chat", json={"text": "hi"}, headers=bearer(token))
    assert ok.status_code == 201
