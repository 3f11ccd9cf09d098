"""A player on several devices: one-time sign-in codes, a token per device,
signing out one device, changing the name; and the migration that keeps old tokens."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import API, bearer
from flask.testing import FlaskClient
from sqlalchemy import select, text

from harness.databases import temporary_database
from service.game_service import GameService
from service.models import PlayerTokenRow, SigninCodeRow
from service.parts.accounts import SIGNIN_CODE_TTL
from service.plumbing.db import make_engine, make_sessionmaker, upgrade_database
from service.rules.seat_tokens import hash_token


def new_player(client: FlaskClient, name: str = "ann") -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201
    return r.json["player"]["id"], r.json["token"]


def me(client: FlaskClient, token: str) -> Any:
    return client.get(f"{API}/players/me", headers=bearer(token))


def code_for(client: FlaskClient, token: str) -> str:
    r = client.post(f"{API}/players/me/signin-codes", headers=bearer(token))
    assert r.status_code == 201 and r.headers["Cache-Control"] == "no-store"
    return r.json["code"]


def test_a_one_time_code_signs_the_player_in_on_another_device(
    client: FlaskClient, service: Any
) -> None:
    ann, laptop = new_player(client)
    code = code_for(client, laptop)
    with service.sessions() as s:  # stored only as its hash
        assert s.scalar(select(SigninCodeRow.code_hash)) == hash_token(code)

    phone = client.post(f"{API}/players/signin", json={"code": code.lower().replace("-", "")})
    assert phone.status_code == 201 and phone.json["player"]["id"] == ann
    phone_token = phone.json["token"]
    assert phone_token != laptop and phone_token.startswith("player.")
    assert me(client, phone_token).json["id"] == me(client, laptop).json["id"] == ann

    again = client.post(f"{API}/players/signin", json={"code": code})
    assert again.status_code == 401 and again.json["code"] == "invalid_signin_code"

    # Signing out the phone leaves the laptop signed in.
    assert client.delete(f"{API}/players/me/token", headers=bearer(phone_token)).status_code == 204
    assert me(client, phone_token).json["code"] == "invalid_token"
    assert me(client, laptop).status_code == 200


def test_a_code_expires_and_a_newer_code_replaces_it(
    client: FlaskClient, service: Any, clock: Any
) -> None:
    _, laptop = new_player(client)
    stale = code_for(client, laptop)
    clock.advance(SIGNIN_CODE_TTL + 1)
    expired = client.post(f"{API}/players/signin", json={"code": stale})
    assert expired.status_code == 401 and expired.json["code"] == "invalid_signin_code"

    first, second = code_for(client, laptop), code_for(client, laptop)
    assert client.post(f"{API}/players/signin", json={"code": first}).status_code == 401
    clock.advance(SIGNIN_CODE_TTL - 1)
    assert client.post(f"{API}/players/signin", json={"code": second}).status_code == 201

    refused = client.post(f"{API}/players/me/signin-codes")
    assert refused.status_code == 401 and refused.json["code"] == "missing_token"
    unknown = client.post(f"{API}/players/signin", json={"code": "AAAAA-AAAAA"})
    assert unknown.status_code == 401 and unknown.json["code"] == "invalid_signin_code"
    assert client.post(f"{API}/players/signin", json={}).json["code"] == "validation_error"


def test_a_player_changes_its_name_and_names_need_not_be_unique(
    client: FlaskClient, http: Any
) -> None:
    ann, token = new_player(client, "ann")
    _, other = new_player(client, "ann")  # a second "ann": names are display names
    assert me(client, other).json["name"] == "ann"
    table = http.create(players=3, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "human"}])
    joined = client.post(f"{table.url}/seats", json={"name": "ann"}, headers=bearer(token))
    assert joined.status_code == 201

    r = client.patch(f"{API}/players/me", json={"name": "Ann B."}, headers=bearer(token))
    assert r.status_code == 200 and r.json == {**r.json, "id": ann, "name": "Ann B."}
    assert me(client, token).json["name"] == "Ann B."
    assert client.get(table.url).json["seats"][0]["name"] == "ann"  # the seat keeps its name
    bad = client.patch(f"{API}/players/me", json={"name": ""}, headers=bearer(token))
    assert bad.status_code == 422
    assert client.patch(f"{API}/players/me", json={"name": "x"}).json["code"] == "missing_token"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_tokens_issued_before_the_migration_keep_working(backend: str, tmp_path: Any) -> None:
    with temporary_database(backend, tmp_path) as url:
        upgrade_database(url, "0009_label_entries")
        engine = make_engine(url)
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO players (id, name, token_hash, created_at) VALUES "
                    "('pold', 'old', :h, CURRENT_TIMESTAMP), "
                    "('bot-greedy', 'bot:greedy', 'bot-greedy', CURRENT_TIMESTAMP)"
                ),
                {"h": hash_token("player.old-token")},
            )
        upgrade_database(url)
        sessions = make_sessionmaker(engine)
        accounts = GameService(sessions).accounts
        assert accounts.for_token("player.old-token").id == "pold"
        with make_sessionmaker(engine)() as s:  # the bot never had a token
            assert s.scalars(select(PlayerTokenRow.player_id)).all() == ["pold"]
        engine.dispose()


def test_every_refusal_of_signing_in_has_its_code(client: FlaskClient) -> None:
    """Each problem of the sign-in endpoints (docs/api.md, "Signing in on another
    device"), with its status and stable code."""
    _, token = new_player(client)
    gone = client.post(f"{API}/players/signin", json={"code": code_for(client, token)}).json
    assert (
        client.delete(f"{API}/players/me/token", headers=bearer(gone["token"])).status_code == 204
    )
    unknown = "player." + "x" * 30
    cases = [
        (client.post(f"{API}/players/me/signin-codes"), 401, "missing_token"),
        (client.post(f"{API}/players/me/signin-codes", headers=bearer(unknown)), 401, "invalid_token"),
        (client.post(f"{API}/players/signin", json={"code": "AAAAA-AAAAA"}), 401, "invalid_signin_code"),
        (client.post(f"{API}/players/signin", json={"code": ""}), 422, "validation_error"),
        (client.post(f"{API}/players/signin", json={}), 422, "validation_error"),
        (client.delete(f"{API}/players/me/token"), 401, "missing_token"),
        (client.delete(f"{API}/players/me/token", headers=bearer(gone["token"])), 401, "invalid_token"),
        (client.get(f"{API}/players/me/turns", headers=bearer(gone["token"])), 401, "invalid_token"),
        (client.patch(f"{API}/players/me", json={"name": ""}, headers=bearer(token)), 422, "invalid_name"),
        (client.patch(f"{API}/players/me", json={"name": "x" * 65}, headers=bearer(token)), 422, "invalid_name"),
        (client.patch(f"{API}/players/me", json={"name": "x"}, headers=bearer(unknown)), 401, "invalid_token"),
    ]  # fmt: skip
    for response, status, code in cases:
        assert (response.status_code, response.json["code"]) == (status, code), response.json
    assert me(client, token).status_code == 200  # the first device is still signed in
