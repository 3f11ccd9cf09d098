"""Every operation of the spec, called with a token of each single scope, against a world
where the player has what a token could leak: a quick-play seek matched into a game, a
private tournament it organises, a private game it created, a challenge it received, a
label it owns. No answer may carry a credential (a seat, creator or player token, a code,
a secret: ``credentials``) unless the token plays (``game:play``), and no answer may show
the private tournament or game to a token whose scope does not read them: such a token
sees what a request without a token sees.

The operations come from the committed spec, so an operation added later is called here
without a change; its path parameters are filled by name from the world (a new name fails
the test until it is given one)."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from api_helpers import API, bearer
from credentials import credentials_in, spec_operations
from flask import Flask
from flask.testing import FlaskClient

from api.contract.operations import TOURNAMENT_READERS
from api.stream.runtime import EXTENSION as STREAM_EXTENSION
from harness.databases import FakeClock
from service.rules.scopes import SCOPES

#: The scopes that read the player's private games (its list of games, its streams).
GAME_READERS = ("profile:read",)
#: Operations whose answer carries a credential that acts for nobody beyond the operation
#: (test_api_scopes.OPEN_CREDENTIALS says why): a new player's token, a signed-in one, a
#: webhook's signing secret.
OPEN_CREDENTIALS = {"createPlayer", "signIn", "createWebhook"}
#: Called last, in this order: resigning gives the seat away, signing out ends the token.
LAST = ("resignSeat", "signOut")
_ORDER = {"get": 0, "put": 1, "patch": 1, "post": 1, "delete": 2}


@dataclass
class World:
    """What the player (``ann``) has, and the ids that fill the paths."""

    ann: str
    ann_token: str
    params: dict[str, str]
    secret_tournament: str  # the private tournament's id
    secret_name: str  # and its name, which appears nowhere else
    private_game: str
    known_credentials: list[str] = field(default_factory=list)


def _player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["player"]["id"], r.json["token"]


def _ok(r: Any, *statuses: int) -> Any:
    assert r.status_code in (statuses or (200, 201)), (r.status_code, r.get_json())
    return r.get_json()


def build_world(client: FlaskClient, clock: FakeClock) -> World:
    ann, own = _player(client, "ann")
    bob, bob_token = _player(client, "bob")
    _, cy_token = _player(client, "cy")
    seek_body = {"players": 3, "time_control": {"type": "none"}, "rated": False}
    seek = _ok(client.post(f"{API}/seeks", json=seek_body, headers=bearer(own)))
    for token in (bob_token, cy_token):
        last = _ok(client.post(f"{API}/seeks", json=seek_body, headers=bearer(token)))
    assert last["status"] == "matched", last
    read = _ok(client.get(f"{API}/seeks/{seek['id']}", headers=bearer(own)))
    game_id, seat, seat_token = read["game_id"], read["seat"], read["token"]

    name = "Secret cup " + secrets.token_hex(4)
    starts = (clock() + timedelta(hours=1)).isoformat()
    secret = _ok(
        client.post(
            f"{API}/tournaments",
            json={
                "name": name,
                "format": "swiss",
                "rounds": 1,
                "players": 3,
                "private": True,
                "entry": "invitation",
                "invite": [bob],
                "starts_at": starts,
                "time_control": {"type": "none"},
                "rated": False,
            },  # fmt: skip
            headers=bearer(own),
        )
    )
    private = _ok(
        client.post(f"{API}/games", json={"players": 3, "private": True}, headers=bearer(own))
    )
    invited = {"invited": [ann]}
    challenge = _ok(client.post(f"{API}/challenges", json=invited, headers=bearer(bob_token)))
    label = "ann-cup-" + secrets.token_hex(3)
    _ok(client.put(f"{API}/labels/{label}", headers=bearer(own)))
    params = {
        "game_id": game_id,
        "seat": str(seat),
        "seq": "0",
        "seek_id": seek["id"],
        "tournament_id": secret["id"],
        "challenge_id": challenge["id"],
        "label": label,
        "player_id": ann,
        # the player's tokens, clients, webhooks and devices: unknown ids (404 to whoever
        # may ask), as only the player's own sign-in token makes them
        "token_id": "t" + secrets.token_hex(8),
        "client_id": "c" + secrets.token_hex(8),
        "endpoint_id": "we_" + secrets.token_hex(8),
        "delivery_id": "msg_" + secrets.token_hex(12),
        "subscription_id": "s" + secrets.token_hex(8),
    }
    known = [own, seat_token, private["creator_token"]]
    known += [i["code"] for i in private.get("invitations", ())]
    return World(ann, own, params, secret["id"], name, private["game"]["id"], known)


#: Bodies that make a write do what it does for the player; others get ``{}`` (a refusal
#: of the body is an answer too, and it is checked the same way).
def bodies(world: World, clock: FakeClock) -> dict[str, Any]:
    starts = (clock() + timedelta(hours=2)).isoformat()
    return {
        "createGame": {"players": 3, "private": True},
        "createGamesInBulk": {"games": [{"players": 3, "seats": [
            {"kind": "human", "player": world.ann}, {"kind": "human"}, {"kind": "human"}]}]},
        "joinGame": {"name": "ann"},
        "createSeek": {"players": 4, "time_control": {"type": "none"}, "rated": False},
        "createTournament": {"name": "Open cup", "format": "swiss", "rounds": 1,
                             "starts_at": starts},
        "inviteToTournament": {"player_ids": [world.ann]},
        "postChatMessage": {"text": "hello"},
        "updateMe": {"name": "ann2"},
        "createChallenge": {"invited": [world.ann]},
        "declineChallenge": {"reason": "later"},
        "enterLabel": {},
        "createWebhook": {"url": "https://hooks.example/ursuppe", "events": ["game.ended"]},
    }  # fmt: skip


@pytest.fixture(autouse=True)
def short_streams(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A live stream ends after 50 ms (its maximum duration: a client would resume), so
    an operation that opens one answers its first messages and returns."""
    monkeypatch.setenv("URSUPPE_STREAM_MAX_DURATION", "0.05")
    monkeypatch.setenv("URSUPPE_STREAM_HEARTBEAT", "0.02")
    yield
    runtime = app.extensions.get(STREAM_EXTENSION)
    if runtime is not None:
        runtime.hub.stop()


def _calls() -> list[tuple[str, str, str, dict[str, Any]]]:
    """(operationId, method, path, operation): reads first, then writes, then deletes, and
    the operations that end the token last."""
    ops = [(name, m, p, op) for name, (m, p, op) in spec_operations().items()]
    last = {name: i + 1 for i, name in enumerate(LAST)}
    return sorted(ops, key=lambda c: (last.get(c[0], 0), _ORDER[c[1]], c[2], c[1]))


def _url(path: str, params: dict[str, str]) -> str:
    missing = set(re.findall(r"\{(\w+)\}", path)) - set(params)
    assert not missing, f"give the world a value for {missing} ({path})"
    return re.sub(r"\{(\w+)\}", lambda m: params[m[1]], path)


def _answer(r: Any) -> tuple[str, Any]:
    """The answer as text (body and headers) and its JSON (None when not JSON; each line
    of an ndjson or SSE body parsed where it is JSON)."""
    text = r.get_data(as_text=True)
    headers = " ".join(f"{k}: {v}" for k, v in r.headers.items())
    return text + "\n" + headers, r.get_json(silent=True)


def call_everything(
    client: FlaskClient, world: World, token: str, clock: FakeClock
) -> dict[str, tuple[int, str, Any]]:
    """operationId -> (status, text, JSON) of each operation called with ``token``."""
    sent = bodies(world, clock)
    seen = {}
    for name, method, path, op in _calls():
        url = _url(path, world.params)
        kwargs: dict[str, Any] = {"headers": {**bearer(token), "Accept-Encoding": "identity"}}
        if "requestBody" in op:
            kwargs["json"] = sent.get(name, {})
        r = getattr(client, method)(url, **kwargs)
        assert r.status_code < 500, (name, r.status_code, r.get_data(as_text=True)[:500])
        text, body = _answer(r)
        seen[name] = (r.status_code, text, body)
    return seen


@pytest.mark.parametrize("scope", list(SCOPES))
def test_no_scope_reaches_a_credential_or_a_private_thing_outside_it(
    client: FlaskClient, clock: FakeClock, scope: str
) -> None:
    world = build_world(client, clock)
    made = client.post(
        f"{API}/players/me/tokens",
        json={"label": scope, "scopes": [scope]},
        headers=bearer(world.ann_token),
    )
    token = _ok(made)["token"]
    answers = call_everything(client, world, token, clock)

    leaks = []
    for name, (status, text, body) in answers.items():
        _, path, _ = spec_operations()[name]
        asked = _url(path, world.params)
        for known in world.known_credentials:
            if known in text:
                leaks.append(f"{name} {status}: a credential shown before comes back")
        if scope != "game:play" and name not in OPEN_CREDENTIALS and 200 <= status < 300:
            found = credentials_in(body)
            if found:
                leaks.append(f"{name} {status}: credential {found} to a {scope} token")
        # its id in an answer to a path that names it is the caller's own word
        shown = world.secret_name in text or (
            world.secret_tournament in text and world.secret_tournament not in asked
        )
        if scope not in TOURNAMENT_READERS and shown:
            leaks.append(f"{name} {status}: the private tournament to a {scope} token")
        if scope not in GAME_READERS and world.private_game in text:
            leaks.append(f"{name} {status}: the private game to a {scope} token")
    assert not leaks, "\n".join(leaks)

    # The check sees what it looks for: the scopes that read or play do get them.
    if scope == "game:play":
        for name in ("getSeek", "renewSeatToken"):
            assert credentials_in(answers[name][2]), answers[name]
    if scope in TOURNAMENT_READERS:
        assert world.secret_name in answers["getTournament"][1], answers["getTournament"]
        assert world.secret_tournament in answers["listTournaments"][1]
    if scope in GAME_READERS:
        assert world.private_game in answers["listGames"][1], answers["listGames"]
    assert answers["getSeek"][0] == (200 if scope == "game:play" else 403)
    assert answers["signOut"][0] == 204  # any token ends itself


def test_a_token_without_a_reading_scope_sees_what_nobody_sees(
    client: FlaskClient, clock: FakeClock
) -> None:
    """On an open operation, a token whose scopes do not read there is answered as a
    request without a token: the private tournament is 404, the lists leave it out."""
    world = build_world(client, clock)
    token = _ok(
        client.post(
            f"{API}/players/me/tokens",
            json={"label": "hooks", "scopes": ["webhook:manage"]},
            headers=bearer(world.ann_token),
        )
    )["token"]
    url = f"{API}/tournaments/{world.secret_tournament}"
    for headers in ({}, bearer(token)):
        r = client.get(url, headers=headers)
        assert r.status_code == 404 and r.json["code"] == "tournament_not_found"
        assert world.secret_tournament not in str(client.get(f"{API}/tournaments",
                                                             headers=headers).json)  # fmt: skip
    assert client.get(url, headers=bearer(world.ann_token)).status_code == 200
    seek = f"{API}/seeks/{world.params['seek_id']}"
    r = client.get(seek, headers=bearer(token))
    assert r.status_code == 403 and r.json["scope"] == "game:play"
    assert client.head(seek, headers=bearer(token)).status_code == 403  # HEAD runs GET's view
    assert client.head(url, headers=bearer(token)).status_code == 404
