"""Floods held (docs/api.md, "Rate limits" and "Mutes hold against an address"): challenges
are budgeted per sender and per invited player, tournaments per organiser, each per client
address too; a mute also holds, for a while, against new players from the muted player's
address. Each refusal is a problem with its own code and stores nothing. SQLite and
PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

from api_helpers import API, bearer, client_with, from_address, new_player
from flask.testing import FlaskClient
from sqlalchemy import select

from harness.databases import FakeClock
from service.models import SourceMarkRow
from service.plumbing.config import Settings

MALLORY_ADDRESS = "10.0.0.66"


def challenge(client: FlaskClient, token: str, *invited: str) -> Any:
    return client.post(f"{API}/challenges", json={"invited": list(invited)}, headers=bearer(token))


def refused(r: Any, code: str) -> dict[str, Any]:
    assert r.status_code == 429, r.json
    assert r.mimetype == "application/problem+json" and r.json["code"] == code
    assert int(r.headers["Retry-After"]) >= 1
    return r.json


def incoming(client: FlaskClient, token: str) -> list[str]:
    r = client.get(f"{API}/challenges?direction=incoming", headers=bearer(token))
    assert r.status_code == 200
    return [c["challenger"]["id"] for c in r.json]


# ----------------------------------------------------------------------------- challenges


def test_forty_challenges_to_one_player_stop_at_the_senders_budget(service: Any) -> None:
    client = client_with(service, challenge_rate_limit="5/600")
    ann, ann_token = new_player(client, "ann")
    bob, bob_token = new_player(client, "bob")
    answers = [challenge(client, ann_token, bob).status_code for _ in range(40)]
    assert answers == [201] * 5 + [429] * 35
    body = refused(challenge(client, ann_token, bob), "challenge_rate_limited")
    assert "challenges" in body["detail"]
    assert incoming(client, bob_token) == [ann] * 5  # the refused ones stored nothing


def test_players_made_at_one_address_share_its_challenge_budget(service: Any) -> None:
    client = client_with(service, challenge_rate_limit="3/600")
    bob, _ = new_player(from_address(client, "10.0.0.2"), "bob")
    tokens = [new_player(client, f"sock{i}")[1] for i in range(3)]
    for token in tokens:
        assert challenge(client, token, bob).status_code == 201
    fresh = new_player(client, "sock9")[1]
    body = refused(challenge(client, fresh, bob), "challenge_rate_limited")
    assert "client address" in body["detail"]


def test_a_rematch_counts_as_a_challenge_offered(service: Any) -> None:
    client = client_with(service, challenge_rate_limit="2/600")
    _, token = new_player(client, "ann")
    bob, _ = new_player(client, "bob")
    game = client.post(
        f"{API}/games",
        json={"players": 3},
        headers=bearer(token),
    ).json["game"]["id"]
    for _ in range(2):
        assert client.post(f"{API}/games/{game}/rematch", headers=bearer(token)).status_code in (
            403,
            409,
        )
    refused(challenge(client, token, bob), "challenge_rate_limited")


def test_the_challenges_one_player_receives_are_budgeted_across_senders(service: Any) -> None:
    client = client_with(service, challenge_target_rate_limit="3/600")
    bob, bob_token = new_player(client, "bob")
    dan, _ = new_player(client, "dan")
    senders = []
    for i in range(5):
        where = from_address(client, f"10.0.1.{i}")
        senders.append((where, new_player(where, f"fan{i}")[1]))
    for where, token in senders[:3]:
        assert challenge(where, token, bob).status_code == 201
    where, token = senders[3]
    body = refused(challenge(where, token, bob), "challenge_target_rate_limited")
    assert "invited player" in body["detail"]
    # A challenge naming bob among others is refused whole; the others are not bob.
    refused(challenge(where, token, dan, bob), "challenge_target_rate_limited")
    assert len(incoming(client, bob_token)) == 3  # the refused ones stored nothing
    assert challenge(where, token, dan).status_code == 201


def test_a_refused_challenge_spends_nothing_of_its_targets_budget(service: Any) -> None:
    client = client_with(service, challenge_target_rate_limit="2/600")
    bob, bob_token = new_player(client, "bob")
    pest_at = from_address(client, "10.0.2.1")
    pest, pest_token = new_player(pest_at, "pest")
    assert client.post(
        f"{API}/players/me/mutes", json={"player_id": pest}, headers=bearer(bob_token)
    ).status_code in (200, 201)
    for _ in range(6):  # muted: refused, and bob's budget untouched
        r = challenge(pest_at, pest_token, bob)
        assert r.status_code == 403 and r.json["code"] == "muted_by_player"
    bad = pest_at.post(
        f"{API}/challenges", json={"invited": [bob], "players": 9}, headers=bearer(pest_token)
    )
    assert bad.status_code == 422
    for i in range(2):
        where = from_address(client, f"10.0.2.{10 + i}")
        assert challenge(where, new_player(where, f"friend{i}")[1], bob).status_code == 201


# ----------------------------------------------------------------------------- mute holds


def test_a_mute_holds_against_new_players_from_the_muted_address(
    service: Any, clock: FakeClock
) -> None:
    client = client_with(service, mute_hold_seconds=3600)
    bob, bob_token = new_player(client, "bob")
    dan, _ = new_player(client, "dan")
    at_mallory = from_address(client, MALLORY_ADDRESS)
    mallory, mallory_token = new_player(at_mallory, "mallory")
    assert challenge(at_mallory, mallory_token, bob).status_code == 201
    r = client.post(
        f"{API}/players/me/mutes", json={"player_id": mallory}, headers=bearer(bob_token)
    )
    assert r.status_code in (200, 201)

    r = challenge(at_mallory, mallory_token, bob)
    assert r.status_code == 403 and r.json["code"] == "muted_by_player"
    sock, sock_token = new_player(at_mallory, "not mallory")
    r = challenge(at_mallory, sock_token, bob)
    assert r.status_code == 403 and r.json["code"] == "address_muted"
    assert r.mimetype == "application/problem+json"
    assert incoming(client, bob_token) == [mallory]  # nothing stored
    # The hold is bob's alone, and only the address's: others challenge bob as ever.
    assert challenge(at_mallory, sock_token, dan).status_code == 201
    elsewhere = from_address(client, "10.0.0.77")
    assert challenge(elsewhere, new_player(elsewhere, "eve")[1], bob).status_code == 201
    # The sock wrote from mallory's address: from another one it is still held.
    r = challenge(elsewhere, sock_token, bob)
    assert r.status_code == 403 and r.json["code"] == "address_muted"

    clock.advance(3601)  # mallory's mark is past the window: the hold lapses with it
    assert challenge(at_mallory, sock_token, bob).status_code == 201
    r = challenge(at_mallory, mallory_token, bob)  # the mute itself stays
    assert r.status_code == 403 and r.json["code"] == "muted_by_player"


def test_chat_from_the_muted_address_is_hidden_from_the_muter(
    service: Any, clock: FakeClock
) -> None:
    client = client_with(service, mute_hold_seconds=3600)
    bob, bob_token = new_player(client, "bob")
    game = client.post(f"{API}/games", json={"players": 3}).json["game"]["id"]
    chat = f"{API}/games/{game}/chat"
    at_mallory = from_address(client, MALLORY_ADDRESS)
    mallory, mallory_token = new_player(at_mallory, "mallory")

    def say(where: FlaskClient, token: str, text: str) -> None:
        r = where.post(chat, json={"text": text}, headers=bearer(token))
        assert r.status_code == 201, r.json

    say(at_mallory, mallory_token, "spam 1")  # marks mallory's address
    _, neighbour_token = new_player(at_mallory, "neighbour")
    say(at_mallory, neighbour_token, "hi from next door")
    clock.advance(1)
    r = client.post(
        f"{API}/players/me/mutes", json={"player_id": mallory}, headers=bearer(bob_token)
    )
    assert r.status_code in (200, 201)
    _, sock_token = new_player(at_mallory, "sock")
    clock.advance(1)
    say(at_mallory, sock_token, "spam 2")
    elsewhere = from_address(client, "10.0.0.77")
    say(elsewhere, new_player(elsewhere, "eve")[1], "hello")
    say(at_mallory, bob_token, "bob here")  # bob at that address too: never hidden from bob

    def texts(token: str | None) -> list[str]:
        r = client.get(chat, headers=bearer(token) if token else {})
        assert r.status_code == 200
        return [m["text"] for m in r.json["items"]]

    # What the neighbour wrote before the mute stays; what it writes now is held too.
    say(at_mallory, neighbour_token, "me again")
    assert texts(bob_token) == ["hi from next door", "hello", "bob here"]
    everything = ["spam 1", "hi from next door", "spam 2", "hello", "bob here", "me again"]
    assert texts(None) == everything  # others read it all
    # With a hold of 0 s nothing is held by address (the mute itself still is).
    service.settings = replace(service.settings, mute_hold_seconds=0)
    assert [m.text for m in service.chat.messages(game, reader=bob)] == everything[1:]


def test_addresses_are_kept_hashed_and_only_for_the_window(service: Any, clock: FakeClock) -> None:
    client = client_with(service, mute_hold_seconds=600)
    bob, _ = new_player(client, "bob")
    at_mallory = from_address(client, MALLORY_ADDRESS)
    mallory, token = new_player(at_mallory, "mallory")
    assert challenge(at_mallory, token, bob).status_code == 201

    def marks() -> list[SourceMarkRow]:
        with service.store.sessions() as session:
            return list(session.scalars(select(SourceMarkRow)))

    [mark] = marks()
    assert mark.player_id == mallory and MALLORY_ADDRESS not in mark.digest
    assert len(mark.digest) == 32
    clock.advance(601)
    elsewhere = from_address(client, "10.0.0.9")
    eve, eve_token = new_player(elsewhere, "eve")
    assert challenge(elsewhere, eve_token, bob).status_code == 201
    assert challenge(elsewhere, token, eve).status_code == 201  # mallory, elsewhere now
    # A player's new mark takes its marks past the window with it.
    assert sorted((m.player_id, m.digest == mark.digest) for m in marks()) == sorted(
        [(eve, False), (mallory, False)]
    )
    clock.advance(300)
    assert service.holds.forget() == 0  # the sweep leaves those in the window
    clock.advance(301)  # with nobody writing, the workers' sweep forgets them
    assert service.holds.forget() == 2 and marks() == []


# ----------------------------------------------------------------------------- tournaments


def tournament(client: FlaskClient, clock: FakeClock, token: str) -> Any:
    body = {
        "name": "Friday pods",
        "format": "swiss",
        "rounds": 2,
        "players": 3,
        "rated": False,
        "time_control": {"type": "none"},
        "starts_at": (clock() + timedelta(minutes=10)).isoformat(),
    }
    return client.post(f"{API}/tournaments", json=body, headers=bearer(token))


def test_tournament_creation_is_budgeted_per_player_and_per_address(
    service: Any, clock: FakeClock
) -> None:
    client = client_with(service, tournament_rate_limit="2/3600")
    _, ann = new_player(client, "ann")
    assert [tournament(client, clock, ann).status_code for _ in range(2)] == [201, 201]
    refused(tournament(client, clock, ann), "tournament_rate_limited")
    _, sock = new_player(client, "sock")  # a new player at the same address
    body = refused(tournament(client, clock, sock), "tournament_rate_limited")
    assert "client address" in body["detail"]
    assert len(client.get(f"{API}/tournaments").json["items"]) == 2  # nothing stored
    elsewhere = from_address(client, "10.0.3.1")
    _, cy = new_player(elsewhere, "cy")
    assert tournament(elsewhere, clock, cy).status_code == 201


def test_sixty_tournaments_in_a_row_are_refused_by_default(service: Any, clock: FakeClock) -> None:
    client = client_with(service)
    _, ann = new_player(client, "ann")
    answers = [tournament(client, clock, ann).status_code for _ in range(60)]
    assert answers.count(201) == 5 and answers[5:] == [429] * 55


def test_the_flood_budgets_are_settings(monkeypatch: Any) -> None:
    monkeypatch.setenv("URSUPPE_CHALLENGE_RATE_LIMIT", "7/60")
    monkeypatch.setenv("URSUPPE_CHALLENGE_TARGET_RATE_LIMIT", "off")
    monkeypatch.setenv("URSUPPE_TOURNAMENT_RATE_LIMIT", "1/86400")
    monkeypatch.setenv("URSUPPE_MUTE_HOLD_SECONDS", "120")
    settings = Settings.from_env()
    assert settings.challenge_rate_limit == "7/60"
    assert settings.challenge_target_rate_limit == "off"
    assert settings.tournament_rate_limit == "1/86400"
    assert settings.mute_hold_seconds == 120


def test_a_budget_switched_off_counts_nothing(service: Any) -> None:
    client = client_with(service, challenge_rate_limit="off", challenge_target_rate_limit="off")
    _, token = new_player(client, "ann")
    bob, _ = new_player(client, "bob")
    assert {challenge(client, token, bob).status_code for _ in range(25)} == {201}
