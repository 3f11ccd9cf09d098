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


def test_variant_validation(client) -> None:
    def create(body):
        return client.post(f"{API}/games", json=body)

    r = create({"players": 2})
    assert r.status_code == 422 and r.json["code"] == "invalid_players"
    r = create({"players": 3, "options": {"variant": "double_1"}})
    assert r.status_code == 422 and r.json["code"] == "invalid_players"
    r = create({"players": 2, "options": {"variant": "nope"}})
    assert r.status_code == 422 and r.json["code"] == "validation_error"
    r = create({"players": 2, "options": {"variant": "double_1"}})
    assert r.status_code == 201 and r.json["game"]["players"] == 2
