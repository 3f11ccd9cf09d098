"""Nobody is seated, played or rated in another's name (docs/api.md "Who may do
what"): a seat is taken for a player only by the player itself or by the owner of a label
the player entered, and its token reaches the organiser only when the player shares it."""

from __future__ import annotations

from typing import Any

from api_helpers import API, bearer
from flask.testing import FlaskClient
from sqlalchemy import func, select

from service.models import GameRow, SeatRow

BOT = {"kind": "bot", "level": "random"}


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    return r.json["player"]["id"], r.json["token"]


def bulk(client: FlaskClient, token: str | None, *specs: dict[str, Any]) -> Any:
    headers = bearer(token) if token else {}
    return client.post(f"{API}/games/bulk", json={"games": list(specs)}, headers=headers)


def seated(player: str, label: str | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"players": 3, "seats": [{"kind": "human", "player": player}, BOT, BOT]}
    if label:
        spec["label"] = label
    return spec


def games_of(service: Any, player: str) -> int:
    with service.sessions() as s:
        return s.scalar(
            select(func.count()).select_from(SeatRow).where(SeatRow.player_id == player)
        )


def test_nobody_seats_another_player_without_its_entry(client: FlaskClient, service: Any) -> None:
    victim, victim_token = new_player(client, "victim")
    _, mallory = new_player(client, "mallory")
    with service.sessions() as s:
        before = s.scalar(select(func.count()).select_from(GameRow))

    anonymous = bulk(client, None, seated(victim))
    assert anonymous.status_code == 401 and anonymous.json["code"] == "missing_token"
    unlabelled = bulk(client, mallory, seated(victim))
    assert unlabelled.status_code == 403 and unlabelled.json["code"] == "reservation_forbidden"
    # Mallory's own label: the victim never entered it.
    assert client.put(f"{API}/labels/trap", headers=bearer(mallory)).status_code == 201
    trap = bulk(client, mallory, seated(victim, "trap"))
    assert trap.status_code == 403 and trap.json["code"] == "reservation_forbidden"
    assert "games[0]" in trap.json["detail"]

    with service.sessions() as s:
        assert s.scalar(select(func.count()).select_from(GameRow)) == before
    assert games_of(service, victim) == 0
    mine = client.get(f"{API}/players/me/games", headers=bearer(victim_token))
    assert mine.status_code == 200 and mine.json == []


def test_bot_rating_identities_are_never_human_seats(client: FlaskClient, service: Any) -> None:
    _, site = new_player(client, "site")
    service.ratings.leaderboard()  # nothing rated yet; the bot rows appear with the first rated game
    for level in ("greedy", "random", "mcts"):
        r = bulk(client, site, seated(f"bot-{level}"))
        assert r.status_code == 422 and r.json["code"] == "invalid_seats", r.json
        single = client.post(f"{API}/games", json=seated(f"bot-{level}"), headers=bearer(site))
        assert single.status_code == 422 and single.json["code"] == "invalid_seats"


def test_a_label_owner_seats_its_entrants_and_the_token_goes_to_the_player(
    client: FlaskClient, service: Any, clock: Any
) -> None:
    site_id, site = new_player(client, "site")
    ann, ann_token = new_player(client, "ann")
    bob, bob_token = new_player(client, "bob")
    _, other = new_player(client, "other")

    # A label is entered only once somebody owns it; claiming is idempotent for its owner.
    missing = client.post(f"{API}/labels/cup/entries", json={}, headers=bearer(ann_token))
    assert missing.status_code == 404 and missing.json["code"] == "label_not_found"
    assert client.put(f"{API}/labels/cup", headers=bearer(site)).status_code == 201
    again = client.put(f"{API}/labels/cup", headers=bearer(site))
    assert again.status_code == 200 and again.json["owner"] == site_id
    taken = client.put(f"{API}/labels/cup", headers=bearer(other))
    assert taken.status_code == 403 and taken.json["code"] == "label_owned"
    assert client.put(f"{API}/labels/cup").status_code == 401

    entry = client.post(f"{API}/labels/cup/entries", json={}, headers=bearer(ann_token))
    assert entry.status_code == 201 and entry.json["share_seat_tokens"] is False
    clock.advance(1)
    shared = {"share_seat_tokens": True}
    assert client.post(f"{API}/labels/cup/entries", json=shared, headers=bearer(bob_token)).json[
        "share_seat_tokens"
    ]
    listed = client.get(f"{API}/labels/cup/entries").json
    assert [(e["player_id"], e["name"]) for e in listed] == [(ann, "ann"), (bob, "bob")]

    # Only under the label it owns: the same entrants in an unlabelled game are refused.
    assert bulk(client, site, seated(ann)).json["code"] == "reservation_forbidden"
    spec = {"players": 3, "label": "cup",
            "seats": [{"kind": "human", "player": ann}, {"kind": "human", "player": bob}, BOT]}  # fmt: skip
    r = bulk(client, site, spec)
    assert r.status_code == 201, r.json
    game = r.json["games"][0]
    assert game["status"] == "active"
    ann_seat, bob_seat = game["seats"][0], game["seats"][1]
    assert ann_seat["player_id"] == ann and ann_seat["token"] is None  # ann did not share
    assert bob_seat["player_id"] == bob and bob_seat["token"]  # bob lets the site play

    # Ann takes her token; neither the site nor bob can take it for her.
    url = f"{API}/games/{game['id']}/seats/0/token"
    for intruder in (site, bob_token):
        refused = client.post(url, headers=bearer(intruder))
        assert refused.status_code == 403 and refused.json["code"] == "not_your_seat"
    assert client.post(url).status_code == 401
    first = client.post(url, headers=bearer(ann_token))
    assert first.status_code == 201 and first.json["seat"] == 0
    second = client.post(url, headers=bearer(ann_token)).json["token"]
    assert second != first.json["token"]
    # The newest token acts for the seat; the one it replaced no longer does.
    assert service.seating.seat_for_token(game["id"], second).seat == 0
    stale = client.post(
        f"{API}/games/{game['id']}/seats/0/resign", headers=bearer(first.json["token"])
    )
    assert stale.status_code == 401 and stale.json["code"] == "invalid_token"
    assert games_of(service, ann) == 1


def test_an_entry_ends_by_the_player_or_the_owner(client: FlaskClient, service: Any) -> None:
    _, site = new_player(client, "site")
    ann, ann_token = new_player(client, "ann")
    bob, bob_token = new_player(client, "bob")
    client.put(f"{API}/labels/cup", headers=bearer(site))
    for token in (ann_token, bob_token):
        client.post(f"{API}/labels/cup/entries", json={}, headers=bearer(token))

    refused = client.delete(f"{API}/labels/cup/entries/{ann}", headers=bearer(bob_token))
    assert refused.status_code == 403 and refused.json["code"] == "not_entrant"
    assert (
        client.delete(f"{API}/labels/cup/entries/{ann}", headers=bearer(ann_token)).status_code
        == 204
    )
    assert client.delete(f"{API}/labels/cup/entries/{bob}", headers=bearer(site)).status_code == 204
    gone = client.delete(f"{API}/labels/cup/entries/{bob}", headers=bearer(site))
    assert gone.status_code == 404 and gone.json["code"] == "entry_not_found"
    assert client.get(f"{API}/labels/cup/entries").json == []
    # Withdrawn: the owner may no longer seat them.
    r = bulk(client, site, seated(ann, "cup"))
    assert r.status_code == 403 and r.json["code"] == "reservation_forbidden"
    assert games_of(service, ann) == 0
