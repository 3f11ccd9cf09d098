"""The 2-player variants over HTTP: creation with ``options.variant``, a whole Double I game
answered by the player controlling each decision's colour, results per player."""

from __future__ import annotations

import random

from api_helpers import API, Http, bearer


def test_a_double_1_game_over_http_seats_are_players_results_by_worse_colour(
    client, http: Http
) -> None:
    from engine import replay

    table = http.started(players=2, options={"variant": "double_1"}, time_limit=0)
    game = http.game(table)
    assert game["options"]["variant"] == "double_1"
    state = game["state"]
    assert state["players"] == 4 and state["player_count"] == 2
    assert [s["player"] for s in state["seats"]] == [0, 1, 0, 1]
    rng, count = random.Random(2), 0
    while (p := http.pending(table))["status"] != "finished":
        decision = p["pending"]
        assert decision["player"] == decision["seat"] % 2
        wrong = client.post(
            f"{table.url}/actions",
            json={"action": decision["actions"][0], "expected_seq": p["seq"]},
            headers=bearer(table.tokens[1 - decision["player"]]),
        )
        assert wrong.status_code in (403, 409), wrong.json  # not this player's decision
        r = client.post(
            f"{table.url}/actions",
            json={"action": rng.choice(decision["actions"]), "expected_seq": p["seq"]},
            headers=bearer(table.tokens[decision["player"]]),
        )
        assert r.status_code == 200, r.json
        count += 1
    game = http.game(table)
    result = game["result"]
    colours = result["colour_ranking"]
    worst = [max(colours.index(0), colours.index(2)), max(colours.index(1), colours.index(3))]
    assert result["ranking"] == sorted([0, 1], key=worst.__getitem__)
    record = client.get(f"{table.url}/record").json
    assert record["variant"] == "double_1"
    again = replay(2, record["seed"], [a["action"] for a in record["actions"]],
                   deck=record["deck"], variant=record["variant"])  # fmt: skip
    assert again.player_ranking() == result["ranking"] and count == game["seq"]
    from ai.verify import verify

    assert "verified" in verify(record)  # a record's seat is a player, not a colour


def test_variant_validation(client) -> None:
    def create(body):
        return client.post(f"{API}/games", json=body)

    r = create({"players": 2})
    assert r.status_code == 422 and r.json["code"] == "invalid_players"
    r = create({"players": 3, "options": {"variant": "double_1"}})
    assert r.status_code == 422 and r.json["code"] == "invalid_players"
    r = create({"players": 2, "options": {"variant": "nope"}})
    assert r.status_code == 422 and r.json["code"] == "invalid_option"
    r = create({"players": 2, "options": {"variant": "double_1"}})
    assert r.status_code == 201 and r.json["game"]["players"] == 2


def test_a_decoy_game_over_http_with_bots_to_the_end(client, service, scheduler) -> None:
    """Variant decoy with ``decoy_scores``: a greedy and a random bot play a whole game over
    the API (bot turns as the workers run them); the decoy never holds a turn, the public
    state marks it, and the result ranks the two players (docs/rules.md, "Decoy")."""
    from engine import replay

    bots = [{"kind": "bot", "level": "greedy"}, {"kind": "bot", "level": "random"}]
    body = {"players": 2, "seats": bots, "time_limit": 0,
            "options": {"variant": "decoy", "decoy_scores": True}}  # fmt: skip
    r = client.post(f"{API}/games", json=body)
    assert r.status_code == 201, r.json
    game = r.json["game"]
    game_id, url = game["id"], f"{API}/games/{game['id']}"
    assert game["options"]["variant"] == "decoy" and game["options"]["decoy_scores"] is True
    state = client.get(url).json["state"]
    assert state["players"] == 3 and state["player_count"] == 2 and state["decoy_scores"]
    assert [s["player"] for s in state["seats"]] == [0, 1, None]
    assert [s["decoy"] for s in state["seats"]] == [False, False, True]
    steps = 0
    while service.games.get(game_id).status == "active":
        pending = client.get(f"{url}/pending").json["pending"]
        assert pending["seat"] != 2 and pending["player"] == pending["seat"]
        (gid, seq) = scheduler.bot_turns()[-1]
        assert gid == game_id and service.turns.play_bot_turn(game_id, seq) is True
        steps += 1
        assert steps < 3000
    game = client.get(url).json
    result = game["result"]
    assert result["ranking"] == [c for c in result["colour_ranking"] if c != 2]
    record = client.get(f"{url}/record").json
    assert record["variant"] == "decoy" and record["decoy_scores"] is True
    again = replay(2, record["seed"], [a["action"] for a in record["actions"]],
                   deck=record["deck"], variant="decoy", decoy_scores=True)  # fmt: skip
    assert again.player_ranking() == result["ranking"] and again.scores == result["scores"]
    # The decoy's automatic moves are events like any other: in the log, by the game.
    page = client.get(f"{url}/events?since=0&limit=500").json
    events = page["setup"] + [e for item in page["items"] for e in item["events"]]
    assert any(e["type"] == "auto_action" and e.get("by") == "decoy" for e in events)
    assert any(e["type"] == "amoeba_placed" and e.get("by") == "decoy" for e in events)
    assert not [item for item in page["items"] if item["seat"] == 2]


def test_decoy_option_validation(client) -> None:
    def create(body):
        return client.post(f"{API}/games", json=body)

    r = create({"players": 2, "options": {"variant": "double_1", "decoy_scores": True}})
    assert r.status_code == 422 and r.json["code"] == "invalid_option"
    r = create({"players": 3, "options": {"decoy_scores": True}})
    assert r.status_code == 422 and r.json["code"] == "invalid_option"
    r = create({"players": 2, "options": {"variant": "decoy", "decoy_scores": "yes"}})
    assert r.status_code == 422 and r.json["code"] == "validation_error"
    r = create({"players": 3, "options": {"variant": "decoy"}})
    assert r.status_code == 422 and r.json["code"] == "invalid_players"
    r = create({"players": 2, "options": {"variant": "decoy"}})
    assert r.status_code == 201 and r.json["game"]["options"]["decoy_scores"] is False
    rules = client.get(f"{API}/rules").json["rules"]
    decoy = next(v for v in rules["variants"] if v["id"] == "decoy")
    assert decoy["players"] == 2 and decoy["colours"] == 3 and decoy["decoy_colour"] == 2
    assert decoy["controllers"] == [0, 1, None] and len(decoy["changes"]) >= 4


def test_a_double_2_game_over_http_with_bots_to_the_end(client, service, scheduler) -> None:
    """Variant double_2: a greedy and a random bot play a whole game over the API (bot turns
    as the workers run them); the public state shows each colour's player and one purse and
    marker per player; the result ranks the players by their marker (docs/rules.md, "Double
    II"); the record replays to the same result."""
    from engine import replay

    bots = [{"kind": "bot", "level": "greedy"}, {"kind": "bot", "level": "random"}]
    body = {"players": 2, "seats": bots, "time_limit": 0, "options": {"variant": "double_2"}}
    r = client.post(f"{API}/games", json=body)
    assert r.status_code == 201, r.json
    game = r.json["game"]
    game_id, url = game["id"], f"{API}/games/{game['id']}"
    assert game["options"]["variant"] == "double_2"
    state = client.get(url).json["state"]
    assert state["players"] == 4 and state["player_count"] == 2
    assert [s["player"] for s in state["seats"]] == [0, 1, 0, 1]
    steps = 0
    while service.games.get(game_id).status == "active":
        pending = client.get(f"{url}/pending").json["pending"]
        assert pending["player"] == pending["seat"] % 2
        seats = client.get(url).json["state"]["seats"]
        assert [s["bp"] for s in seats[:2]] == [s["bp"] for s in seats[2:]]  # one purse each
        assert [s["score"] for s in seats[:2]] == [s["score"] for s in seats[2:]]
        (gid, seq) = scheduler.bot_turns()[-1]
        assert gid == game_id and service.turns.play_bot_turn(game_id, seq) is True
        steps += 1
        assert steps < 3000
    result = client.get(url).json["result"]
    scores = result["scores"]
    assert result["ranking"] == sorted([0, 1], key=lambda p: -scores[p])
    record = client.get(f"{url}/record").json
    assert record["variant"] == "double_2"
    again = replay(2, record["seed"], [a["action"] for a in record["actions"]],
                   deck=record["deck"], variant="double_2")  # fmt: skip
    assert again.player_ranking() == result["ranking"] and again.scores == scores
    from ai.verify import verify

    assert "verified" in verify(record)  # the fairness check replays the variant too
    rules = client.get(f"{API}/rules").json["rules"]
    double_2 = next(v for v in rules["variants"] if v["id"] == "double_2")
    assert double_2["colours"] == 4 and double_2["shared"] is True
    assert double_2["controllers"] == [0, 1, 0, 1] and len(double_2["changes"]) >= 6
