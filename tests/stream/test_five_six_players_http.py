"""5 and 6 players, and the 2-player variants, end to end on real parts (gunicorn, a Celery worker playing the bots,
Redis, PostgreSQL): a game created over HTTP with one scripted human and bots of each level
that fits a test's time, played to the end; the result and the log agree with a replay."""

from __future__ import annotations

import pytest
from stream_stack import Stack

from engine import replay
from harness.streams import ScriptedHuman, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.timeout(400)]

HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "level": "greedy"}
RANDOM = {"kind": "bot", "level": "random"}


@pytest.mark.parametrize("players", [5, 6])
def test_a_full_game_with_bots_and_a_human_over_http(stack: Stack, players: int) -> None:
    api = stack.api
    seats = [HUMAN, GREEDY, *[RANDOM] * (players - 2)]
    game_id = api.create(seats, time_limit=0)
    seat, token = api.join(game_id)
    human = ScriptedHuman(api, game_id, seat, token).start()
    wait_until(lambda: api.game(game_id)["status"] == "finished", 300, "the game to finish")
    final = api.game(game_id)
    assert human.moves > 0
    assert sorted(final["result"]["ranking"]) == list(range(players))
    assert final["state"]["players"] == players
    events = api.events(game_id)
    assert [e["seq"] for e in events] == list(range(1, final["seq"] + 1))
    record = api.http.get(f"{api.base}/games/{game_id}/record").json()
    game = replay(players, record["seed"], [a["action"] for a in record["actions"]],
                  deck=record["deck"])  # fmt: skip
    assert game.is_over and list(game.ranking()) == final["result"]["ranking"]


def test_a_double_1_game_with_a_bot_and_a_human_over_http(stack: Stack) -> None:
    """Double I: the bot (seat 1) decides for colours 1 and 3, the human for 0 and 2."""
    api = stack.api
    game_id = api.create([HUMAN, GREEDY], time_limit=0, options={"variant": "double_1"})
    seat, token = api.join(game_id)
    human = ScriptedHuman(api, game_id, seat, token).start()
    wait_until(lambda: api.game(game_id)["status"] == "finished", 300, "the game to finish")
    final = api.game(game_id)
    assert human.moves > 0
    assert sorted(final["result"]["ranking"]) == [0, 1]
    record = api.http.get(f"{api.base}/games/{game_id}/record").json()
    players = {e["seat"] for e in api.events(game_id)}
    assert players == {0, 1}  # the log names the seat (player) that answered
    game = replay(2, record["seed"], [a["action"] for a in record["actions"]],
                  deck=record["deck"], variant="double_1")  # fmt: skip
    assert game.player_ranking() == final["result"]["ranking"]
