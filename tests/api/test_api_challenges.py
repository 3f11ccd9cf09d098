"""Challenges and rematches over HTTP (docs/api.md, "Challenges and rematches"): the one
create path when all accepted, idempotent acceptance, declines with a reason, cancelling,
expiry on a fake clock, bad input refused with nothing half-created, the player stream's
messages, and a rematch with the same seats."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

from api_helpers import API, assert_problem, bearer
from bot_play import new_player, play_to_the_end
from flask.testing import FlaskClient

from api.stream.player import PlayerStreamSession
from service.models import PlayerRow


def challenge(client: FlaskClient, token: str, invited: list[str], **terms: Any) -> Any:
    return client.post(
        f"{API}/challenges", json={"invited": invited, **terms}, headers=bearer(token)
    )


def games_count(client: FlaskClient) -> int:
    return int(client.get(f"{API}/games?count=true").headers["X-Total-Count"])


def test_a_challenge_accepted_by_all_creates_the_game(client: FlaskClient) -> None:
    ann_id, ann = new_player(client, "ann")
    bob_id, bob = new_player(client, "bob")
    bot_id, bot = new_player(client, "engine", bot=True)
    r = challenge(client, ann, [bob_id, bot_id], players=4, bot_level="random", rated=False)
    assert r.status_code == 201, r.json
    c = r.json
    assert r.headers["Location"] == f"/api/v1/challenges/{c['id']}"
    assert c["status"] == "open" and c["direction"] == "outgoing" and c["seat"] == 0
    assert c["challenger"] == {"id": ann_id, "name": "ann", "bot": False}
    assert [(i["player"]["id"], i["seat"], i["status"]) for i in c["invited"]] == [
        (bob_id, 1, "pending"),
        (bot_id, 2, "pending"),
    ]
    assert c["invited"][1]["player"]["bot"] is True
    assert [s["kind"] for s in c["terms"]["seats"]] == ["human", "human", "bot", "bot"]

    incoming = client.get(f"{API}/challenges?direction=incoming", headers=bearer(bot)).json
    assert [x["id"] for x in incoming] == [c["id"]] and incoming[0]["seat"] == 2
    assert client.get(f"{API}/challenges?direction=incoming", headers=bearer(ann)).json == []
    assert [x["id"] for x in client.get(f"{API}/challenges", headers=bearer(ann)).json] == [c["id"]]
    _, eve = new_player(client, "eve")
    assert_problem(client.get(f"{API}/challenges/{c['id']}", headers=bearer(eve)), 404,
                   "challenge_not_found")  # fmt: skip
    assert_problem(client.post(f"{API}/challenges/{c['id']}/accept", headers=bearer(eve)), 403,
                   "not_invited")  # fmt: skip

    before = games_count(client)
    first = client.post(f"{API}/challenges/{c['id']}/accept", headers=bearer(bob))
    assert first.status_code == 200 and first.json["status"] == "open"
    again = client.post(f"{API}/challenges/{c['id']}/accept", headers=bearer(bob))
    assert again.status_code == 200 and again.json["game_id"] is None  # idempotent
    assert games_count(client) == before
    last = client.post(f"{API}/challenges/{c['id']}/accept", headers=bearer(bot))
    assert last.status_code == 200, last.json
    assert last.json["status"] == "accepted" and last.json["game_id"]
    game_id = last.json["game_id"]
    twice = client.post(f"{API}/challenges/{c['id']}/accept", headers=bearer(bot))
    assert twice.status_code == 200 and twice.json["game_id"] == game_id
    assert games_count(client) == before + 1  # one game, however often accepted

    game = client.get(f"{API}/games/{game_id}").json
    assert game["status"] == "active" and game["rated"] is False
    assert [s["player_id"] for s in game["seats"]][:3] == [ann_id, bob_id, bot_id]
    assert [s["kind"] for s in game["seats"]] == ["human", "human", "bot", "bot"]
    assert game["seats"][2]["bot_account"] is True and game["seats"][3]["bot_level"] == "random"
    # Everybody plays with its player token; open challenges no longer list it.
    assert client.get(f"{API}/challenges", headers=bearer(ann)).json == []
    r = client.post(f"{API}/challenges/{c['id']}/decline", json={"reason": "later"},
                    headers=bearer(bob))  # fmt: skip
    assert_problem(r, 409, "challenge_accepted")


def test_declining_cancelling_and_expiry(client: FlaskClient, clock: Any) -> None:
    ann_id, ann = new_player(client, "ann")
    bob_id, bob = new_player(client, "bob")
    c = challenge(client, ann, [bob_id]).json
    r = client.post(f"{API}/challenges/{c['id']}/decline", json={"reason": "too_fast"},
                    headers=bearer(bob))  # fmt: skip
    assert r.status_code == 200
    assert (r.json["status"], r.json["declined_by"], r.json["decline_reason"]) == (
        "declined", bob_id, "too_fast")  # fmt: skip
    assert_problem(client.post(f"{API}/challenges/{c['id']}/accept", headers=bearer(bob)), 409,
                   "challenge_declined")  # fmt: skip
    r = client.post(f"{API}/challenges/{c['id']}/decline", json={"reason": "whatever"},
                    headers=bearer(bob))  # fmt: skip
    assert r.status_code == 422

    c = challenge(client, ann, [bob_id]).json
    assert_problem(client.delete(f"{API}/challenges/{c['id']}", headers=bearer(bob)), 403,
                   "not_challenger")  # fmt: skip
    r = client.delete(f"{API}/challenges/{c['id']}", headers=bearer(ann))
    assert r.status_code == 200 and r.json["status"] == "cancelled"
    assert_problem(client.post(f"{API}/challenges/{c['id']}/accept", headers=bearer(bob)), 409,
                   "challenge_cancelled")  # fmt: skip

    before = games_count(client)
    c = challenge(client, ann, [bob_id], expires_in=60).json
    clock.advance(61)
    assert client.get(f"{API}/challenges", headers=bearer(bob)).json == []
    assert_problem(client.post(f"{API}/challenges/{c['id']}/accept", headers=bearer(bob)), 409,
                   "challenge_expired")  # fmt: skip
    assert (
        client.get(f"{API}/challenges/{c['id']}", headers=bearer(ann)).json["status"] == "expired"
    )
    assert games_count(client) == before


def test_bad_challenges_are_refused_with_nothing_created(client: FlaskClient) -> None:
    ann_id, ann = new_player(client, "ann")
    bob_id, bob = new_player(client, "bob")
    bot_id, bot = new_player(client, "engine", bot=True)
    assert_problem(challenge(client, ann, [ann_id]), 422, "challenge_self")
    assert_problem(challenge(client, ann, ["pnobody"]), 404, "player_not_found")
    assert_problem(challenge(client, ann, [bob_id, bob_id]), 422, "invalid_challenge")
    r = challenge(client, ann, [bob_id], options={"variant": "nope"})
    assert r.status_code == 422
    assert_problem(challenge(client, ann, [bob_id], players=2, options={}), 422, "invalid_players")
    # A person who muted the challenger (the chat's mutes) is not challenged by it.
    assert client.post(f"{API}/players/me/mutes", json={"player_id": bot_id},
                       headers=bearer(bob)).status_code in (200, 201)  # fmt: skip
    assert_problem(challenge(client, bot, [bob_id]), 403, "muted_by_player")
    assert challenge(client, bot, [ann_id]).status_code == 201  # ann did not mute it
    assert_problem(challenge(client, ann, [bob_id], expires_in=5), 422, "validation_error")
    assert client.get(f"{API}/challenges", headers=bearer(bob)).json == []
    assert games_count(client) == 0


def test_the_player_stream_tells_of_challenges(client: FlaskClient, service: Any) -> None:
    ann_id, ann = new_player(client, "ann")
    bot_id, bot = new_player(client, "engine", bot=True)
    ann_stream, bot_stream = PlayerStreamSession(ann_id), PlayerStreamSession(bot_id)
    opened = service.clock() - timedelta(seconds=1)  # when the streams opened

    def look(session: PlayerStreamSession, player_id: str) -> list[tuple[str, Any]]:
        looked = (service.accounts.player_board(player_id, opened),
                  service.challenges.for_stream(player_id, opened))  # fmt: skip
        return [(kind, data) for kind, data, _ in session.advance(looked)]

    assert [k for k, _ in look(bot_stream, bot_id)] == ["hello"]
    assert [k for k, _ in look(ann_stream, ann_id)] == ["hello"]
    c = challenge(client, ann, [bot_id], players=3).json
    got = look(bot_stream, bot_id)
    assert [k for k, _ in got] == ["challenge"]
    data = got[0][1]
    assert data["id"] == c["id"] and data["challenger"]["id"] == ann_id and data["seat"] == 1
    assert data["expires_at"] and data["terms"]["players"] == 3
    assert look(bot_stream, bot_id) == []  # once
    assert look(ann_stream, ann_id) == []  # the challenger is not invited

    client.post(f"{API}/challenges/{c['id']}/accept", headers=bearer(bot))
    accepted = look(ann_stream, ann_id)
    kinds = [k for k, _ in accepted]
    assert "challenge_accepted" in kinds and "game_started" in kinds
    game_id = next(d for k, d in accepted if k == "challenge_accepted")["game_id"]
    assert game_id and client.get(f"{API}/games/{game_id}").json["status"] == "active"
    assert "game_started" in [k for k, _ in look(bot_stream, bot_id)]

    c = challenge(client, ann, [bot_id]).json
    assert [k for k, _ in look(bot_stream, bot_id)] == ["challenge"]
    client.post(f"{API}/challenges/{c['id']}/decline", json={"reason": "no_bot"},
                headers=bearer(bot))  # fmt: skip
    assert look(ann_stream, ann_id) == [
        ("challenge_declined", {"id": c["id"], "player_id": bot_id, "reason": "no_bot"})
    ]
    c = challenge(client, ann, [bot_id]).json
    look(bot_stream, bot_id)
    client.delete(f"{API}/challenges/{c['id']}", headers=bearer(ann))
    assert look(bot_stream, bot_id) == [("challenge_cancelled", {"id": c["id"]})]
    c = challenge(client, ann, [bot_id], expires_in=30).json
    look(bot_stream, bot_id)
    service.clock.advance(31)
    assert look(bot_stream, bot_id) == [("challenge_expired", {"id": c["id"]})]  # on read


def test_a_rematch_offers_the_same_seats_and_terms(client: FlaskClient, service: Any) -> None:
    ann_id, ann = new_player(client, "ann")
    bot_id, bot = new_player(client, "engine", bot=True)
    c = challenge(client, ann, [bot_id], players=3, bot_level="random", rated=False,
                  time_control={"type": "none"}).json  # fmt: skip
    game_id = client.post(f"{API}/challenges/{c['id']}/accept", headers=bearer(bot)).json["game_id"]
    _, eve = new_player(client, "eve")
    assert_problem(client.post(f"{API}/games/{game_id}/rematch", headers=bearer(ann)), 409,
                   "game_not_finished")  # fmt: skip
    play_to_the_end(client, service, game_id, {ann_id: ann, bot_id: bot})
    assert_problem(client.post(f"{API}/games/{game_id}/rematch", headers=bearer(eve)), 403,
                   "not_your_seat")  # fmt: skip

    r = client.post(f"{API}/games/{game_id}/rematch", headers=bearer(bot))
    assert r.status_code == 201, r.json
    rematch = r.json
    assert rematch["rematch_of"] == game_id and rematch["challenger"]["id"] == bot_id
    assert [(i["player"]["id"], i["seat"]) for i in rematch["invited"]] == [(ann_id, 0)]
    assert rematch["terms"]["seats"] == [
        {"kind": "human", "player": ann_id},
        {"kind": "bot", "player": bot_id},
        {"kind": "bot", "level": "random"},
    ]
    assert rematch["terms"]["rated"] is False
    same = client.post(f"{API}/games/{game_id}/rematch", headers=bearer(ann))
    assert same.status_code == 200 and same.json["id"] == rematch["id"]
    r = client.post(f"{API}/challenges/{rematch['id']}/accept", headers=bearer(ann))
    new_game = client.get(f"{API}/games/{r.json['game_id']}").json
    assert [s["player_id"] for s in new_game["seats"]] == [ann_id, bot_id, None]
    assert new_game["time_control"] == {"type": "none"}


def service_bot(service: Any, level: str) -> str:
    """A bot level's player row, as its first rated game (or ``scripts.bot_ratings``)
    makes it."""
    with service.store.writing() as session:
        session.add(PlayerRow(id=f"bot-{level}", name=f"bot:{level}", created_at=service.clock()))
    return f"bot-{level}"


def test_a_service_bot_accepts_at_once_and_lists_the_game(
    client: FlaskClient, service: Any
) -> None:
    ann_id, ann = new_player(client, "ann")
    greedy = service_bot(service, "greedy")
    r = challenge(client, ann, [greedy], players=3, bot_level="random", rated=False)
    assert r.status_code == 201, r.json
    c = r.json
    assert c["status"] == "accepted" and c["game_id"], c  # answered in the same request
    assert [(i["player"]["id"], i["status"]) for i in c["invited"]] == [(greedy, "accepted")]
    assert c["invited"][0]["player"]["bot"] is True
    game = client.get(f"{API}/games/{c['game_id']}").json
    assert [(s["kind"], s["bot_level"], s["player_id"]) for s in game["seats"]] == [
        ("human", None, ann_id), ("bot", "greedy", None), ("bot", "random", None),
    ]  # fmt: skip
    play_to_the_end(client, service, c["game_id"], {ann_id: ann})
    profile = client.get(f"{API}/players/{greedy}").json
    assert profile["bot"] is True
    assert [g["id"] for g in profile["recent_games"]] == [c["game_id"]]


def test_a_service_bot_declines_what_the_admission_gate_would_refuse(
    client: FlaskClient, service: Any
) -> None:
    _, ann = new_player(client, "ann")
    mcts = service_bot(service, "mcts-fast")
    service.settings = replace(service.settings, search_game_rate_limit="1/3600")
    first = challenge(client, ann, [mcts], players=3, rated=False).json
    assert first["status"] == "accepted" and first["game_id"]  # the one search game allowed
    before = games_count(client)
    r = challenge(client, ann, [mcts], players=3, rated=False)
    assert r.status_code == 201, r.json
    assert r.json["status"] == "declined" and r.json["game_id"] is None
    assert r.json["declined_by"] == mcts and r.json["decline_reason"] == "later"
    assert games_count(client) == before
