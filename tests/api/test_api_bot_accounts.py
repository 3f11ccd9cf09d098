"""Bot accounts over HTTP (docs/bots.md, "Bot accounts"): becoming one, being seated as a
bot by id and acting with the player token, never in a human seat, paused after repeated
timeouts (a fake clock), rated apart from people."""

from __future__ import annotations

from typing import Any

from api_helpers import API, assert_problem, bearer
from bot_play import new_player, play_to_the_end
from flask.testing import FlaskClient


def create(client: FlaskClient, token: str | None, **body: Any) -> Any:
    body.setdefault("players", 3)
    return client.post(f"{API}/games", json=body, headers=bearer(token) if token else {})


def test_a_player_becomes_a_bot_account_shown_as_a_bot(client: FlaskClient) -> None:
    bot_id, bot = new_player(client, "engine", bot=True)
    assert client.get(f"{API}/players/me", headers=bearer(bot)).json["bot"] is True
    profile = client.get(f"{API}/players/{bot_id}").json
    assert profile["bot"] is True and profile["player"]["bot"] is True
    assert profile["paused_until"] is None
    again = client.post(f"{API}/players/me/bot-account", headers=bearer(bot))
    assert again.status_code == 200 and again.json["bot"] is True
    _, person = new_player(client, "ann")
    assert client.get(f"{API}/players/me", headers=bearer(person)).json["bot"] is False
    assert_problem(client.post(f"{API}/players/me/bot-account"), 401, "missing_token")

    # Before its first game it may change its mind; not afterwards.
    r = client.delete(f"{API}/players/me/bot-account", headers=bearer(bot))
    assert r.status_code == 200 and r.json["bot"] is False
    client.post(f"{API}/players/me/bot-account", headers=bearer(bot))
    seats = [{"kind": "bot", "player": bot_id}, {"kind": "bot"}, {"kind": "bot"}]
    assert create(client, bot, seats=seats).status_code == 201
    r = client.delete(f"{API}/players/me/bot-account", headers=bearer(bot))
    assert_problem(r, 409, "bot_account_irreversible")


def test_a_person_who_played_cannot_become_a_bot(client: FlaskClient) -> None:
    _, ann = new_player(client, "ann")
    game = create(client, ann).json["game"]["id"]
    assert client.post(f"{API}/games/{game}/seats", json={"name": "a"},
                       headers=bearer(ann)).status_code == 201  # fmt: skip
    r = client.post(f"{API}/players/me/bot-account", headers=bearer(ann))
    assert_problem(r, 409, "bot_account_not_eligible")
    assert client.get(f"{API}/players/me", headers=bearer(ann)).json["bot"] is False


def test_a_bot_account_plays_its_seat_with_its_player_token(
    client: FlaskClient, service: Any
) -> None:
    bot_id, bot = new_player(client, "engine", bot=True)
    seats = [{"kind": "bot", "level": "random"}, {"kind": "bot", "player": bot_id},
             {"kind": "bot", "level": "random"}]  # fmt: skip
    r = create(client, bot, seats=seats, time_limit=0)
    assert r.status_code == 201, r.json
    game = r.json["game"]
    assert game["status"] == "active"  # every seat taken at once
    seat = game["seats"][1]
    assert seat["kind"] == "bot" and seat["bot_account"] is True
    assert seat["player_id"] == bot_id and seat["name"] == "engine"
    assert seat["bot_level"] is None and seat["occupied"] is True
    assert game["seats"][0]["bot_account"] is False

    # Its turns are its player's turns; the game is played to the end with its token.
    play_to_the_end(client, service, game["id"], {bot_id: bot})
    done = client.get(f"{API}/games/{game['id']}").json
    assert done["status"] == "finished"
    log, since = [], 0
    while since is not None:
        page = client.get(f"{API}/games/{game['id']}/events?since={since}").json
        log, since = log + page["items"], page["next_since"]
    assert {e["actor"] for e in log if e["seat"] == 1} == {"bot"}  # its own moves
    mine = client.get(f"{API}/players/me/games", headers=bearer(bot)).json
    assert [g["id"] for g in mine] == [game["id"]]


def test_bot_accounts_never_take_a_human_seat(client: FlaskClient) -> None:
    bot_id, bot = new_player(client, "engine", bot=True)
    ann_id, ann = new_player(client, "ann")
    game = create(client, ann).json["game"]["id"]
    r = client.post(f"{API}/games/{game}/seats", json={"name": "x"}, headers=bearer(bot))
    assert_problem(r, 409, "bot_account_human_seat")
    assert all(s["player_id"] is None for s in client.get(f"{API}/games/{game}").json["seats"])

    r = create(client, ann, seats=[{"kind": "human", "player": bot_id}, {"kind": "human"},
                                   {"kind": "bot"}])  # fmt: skip
    assert_problem(r, 409, "bot_account_human_seat")
    # A person is not a bot seat; a bot seat names a level or an account, not both.
    r = create(client, ann, seats=[{"kind": "bot", "player": ann_id}, {"kind": "human"},
                                   {"kind": "bot"}])  # fmt: skip
    assert_problem(r, 422, "invalid_seats")
    r = create(client, bot, seats=[{"kind": "bot", "player": bot_id, "level": "random"},
                                   {"kind": "bot"}, {"kind": "bot"}])  # fmt: skip
    assert r.status_code == 422
    # Nobody seats a bot account that did not agree (a challenge asks it).
    r = create(client, ann, seats=[{"kind": "bot", "player": bot_id}, {"kind": "human"},
                                   {"kind": "bot"}])  # fmt: skip
    assert_problem(r, 403, "reservation_forbidden")
    # Nothing was created by the refusals.
    mine = client.get(f"{API}/games?count=true").headers["X-Total-Count"]
    assert mine == "1"


def test_a_bot_account_that_keeps_timing_out_is_paused(
    client: FlaskClient, service: Any, clock: Any
) -> None:
    from service.models import SeatRow

    bot_id, bot = new_player(client, "engine", bot=True)
    seats = [{"kind": "bot", "player": bot_id}, {"kind": "bot"}, {"kind": "bot"}]
    games = [create(client, bot, seats=seats).json["game"]["id"] for _ in range(3)]
    with service.sessions() as session:  # its seat timed out in three of its games
        for seat in session.query(SeatRow).filter(SeatRow.game_id.in_(games[:2])).all():
            if seat.player_id == bot_id:
                seat.timeouts = 1
        session.commit()
    clock.advance(1)
    assert create(client, bot, seats=seats).status_code == 201  # 2 of its games: not yet
    with service.sessions() as session:
        seat = session.get(SeatRow, (games[2], 0))
        seat.timeouts = 2
        session.commit()
    r = create(client, bot, seats=seats)
    body = assert_problem(r, 409, "bot_account_paused")
    assert body["paused_until"]
    profile = client.get(f"{API}/players/{bot_id}").json
    assert profile["paused_until"] is not None
    clock.advance(3601)  # the documented hour after its latest such game
    assert create(client, bot, seats=seats).status_code == 201
    assert client.get(f"{API}/players/{bot_id}").json["paused_until"] is None


def test_bot_accounts_rate_in_pools_of_their_own(client: FlaskClient, service: Any) -> None:
    bot_id, bot = new_player(client, "engine", bot=True)
    ann_id, ann = new_player(client, "ann")
    seats = [{"kind": "bot", "player": bot_id}, {"kind": "bot", "level": "random"},
             {"kind": "bot", "level": "random"}]  # fmt: skip
    game = create(client, bot, seats=seats, time_limit=0).json["game"]["id"]
    play_to_the_end(client, service, game, {bot_id: bot})
    assert service.ratings.rate_game(game) == 2
    board = client.get(f"{API}/ratings").json
    assert {(r["player_id"], r["pool"]) for r in board} == {
        (bot_id, "bots-3p"), ("bot-random", "bots-3p")}  # fmt: skip
    assert all(r["bot"] for r in board)
    assert client.get(f"{API}/ratings?bots=exclude").json == []
    assert len(client.get(f"{API}/ratings?bots=only&pool=bots-3p").json) == 2
    assert client.get(f"{API}/ratings?pool=3p").json == []  # people's pool untouched
    assert client.get(f"{API}/ratings?bots=maybe").status_code == 422

    # Asked for by the creator, a game with a bot account rates in the people's pool.
    seats = [{"kind": "bot", "player": bot_id}, {"kind": "bot", "level": "random"},
             {"kind": "bot", "level": "random"}]  # fmt: skip
    r = create(client, bot, seats=seats, time_limit=0, options={"people_pool": True})
    game = r.json["game"]["id"]
    play_to_the_end(client, service, game, {bot_id: bot}, seed=2)
    service.ratings.rate_game(game)
    pools = {r["pool"] for r in client.get(f"{API}/players/{bot_id}/ratings").json}
    assert pools == {"bots-3p", "3p"}
    assert ann_id not in {r["player_id"] for r in client.get(f"{API}/ratings").json}


def test_a_bot_account_seeks_only_among_those_who_welcome_bots(client: FlaskClient) -> None:
    bot_id, bot = new_player(client, "engine", bot=True)
    _, ann = new_player(client, "ann")
    _, bob = new_player(client, "bob")
    _, cid = new_player(client, "cid")
    terms = {"players": 3, "time_control": {"type": "per_decision", "seconds": 60}}
    r = client.post(f"{API}/seeks", json=terms, headers=bearer(bot))
    assert_problem(r, 409, "bot_account_human_seat")  # it must opt in
    r = client.post(f"{API}/seeks", json={**terms, "bot_accounts": True}, headers=bearer(bot))
    assert r.status_code == 201 and r.json["bot_accounts"] is True
    # Seekers who did not opt in do not meet it.
    client.post(f"{API}/seeks", json=terms, headers=bearer(cid))
    r = client.post(f"{API}/seeks", json={**terms, "bot_accounts": True}, headers=bearer(ann))
    assert r.json["status"] == "waiting"
    r = client.post(f"{API}/seeks", json={**terms, "bot_accounts": True}, headers=bearer(bob))
    assert r.status_code == 201 and r.json["status"] == "matched", r.json
    game = client.get(f"{API}/games/{r.json['game_id']}").json
    mine = [s for s in game["seats"] if s["player_id"] == bot_id]
    assert len(mine) == 1 and mine[0]["kind"] == "bot" and mine[0]["bot_account"] is True
    assert game["status"] == "active"
