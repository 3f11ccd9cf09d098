"""A tournament site's whole flow on real parts: a player for the site and one
per person, a bulk-created round with reserved seats and bots under the site's label, each
seat's client playing with its seat token, the worker playing the bots, rating every game
and sending signed webhooks; a local receiver verifies every signature and gets
``game.finished`` for each game exactly once by id; the standings and the ratings agree
with the results."""

from __future__ import annotations

import time
import uuid
from collections import defaultdict
from typing import Any

import pytest

from harness.webhook_receiver import Receiver, dumps
from tests.workers.test_workers_ratings import rated
from tests.workers.test_workers_webhooks import setup, wait_for, wait_settled

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]


def test_a_tournament_round_from_bulk_creation_to_webhooks_standings_and_ratings(
    stack: Any,
) -> None:
    with Receiver() as receiver:
        st, worker, site, _endpoint = setup(stack, receiver, ["game.finished"])
        ids = [st.service.accounts.create(f"r{i}").player.id for i in range(4)]
        label = f"round-{uuid.uuid4().hex[:8]}"
        st.service.labels.claim(label, site)
        for player in ids:  # each person enters the round and lets the site hold its seats
            st.service.labels.enter(label, player, share_seat_tokens=True)
        human = lambda p: {"kind": "human", "player": p}  # noqa: E731
        bot = {"kind": "bot", "level": "greedy"}
        specs = [
            {"players": 3, "seats": [human(ids[0]), human(ids[1]), bot], "label": label,
             "time_limit": 0},
            {"players": 3, "seats": [human(ids[2]), bot, human(ids[3])], "label": label,
             "time_limit": 0},
        ]  # fmt: skip
        games = st.service.creation.create_games(specs, player=site)
        for g in games:
            tokens = {s.seat: s.token for s in g.seats if s.token}
            while (view := st.service.games.get(g.id)).status != "finished":
                if view.pending_seat in tokens:  # a human's turn: only its client moves
                    token = tokens[view.pending_seat]
                    st.service.moves.submit(
                        g.id, token, view.pending["actions"][0], expected_seq=view.seq
                    )
                else:
                    time.sleep(0.02)  # the worker's bot is thinking
        for g in games:
            wait_for(lambda g=g: rated(st.service, g.id), 60, f"{g.id} to be rated", worker)

        # Webhooks: game.finished for each game, signed, once by id (a retry would repeat
        # the same id, never a new one).
        def all_arrived() -> bool:
            return {r.body["data"]["game_id"] for r in receiver.accepted()} == {g.id for g in games}

        wait_for(all_arrived, 60, "game.finished for every game", worker)
        wait_settled(st, worker)  # nothing new may arrive
        receipts = receiver.all()
        assert receipts and all(r.verified for r in receipts), dumps(receipts)
        ids_by_game: dict[str, set[str]] = defaultdict(set)
        for r in receipts:
            assert r.body["type"] == "game.finished", dumps(receipts)
            ids_by_game[r.body["data"]["game_id"]].add(r.id)
        assert {game: len(seen) for game, seen in ids_by_game.items()} == {
            g.id: 1 for g in games
        }, dumps(receipts)

        # Standings and ratings agree with the results.
        results = [st.service.games.get(g.id).result for g in games]
        for r in receiver.accepted():
            game_id = r.body["data"]["game_id"]
            assert (
                r.body["data"]["result"]["ranking"]
                == st.service.games.get(game_id).result["ranking"]
            )
        rows = {r.player_id: r for r in st.service.labels.standings(label, [2, 1, 0])}
        assert rows["bot-greedy"].games == 2 and rows["bot-greedy"].bot
        for g, result in zip(games, results, strict=True):
            for seat in g.seats:
                if seat.player_id is None:
                    continue
                place = result["ranking"].index(seat.seat) + 1
                assert rows[seat.player_id].points == [2, 1, 0][place - 1]
                history, n = st.service.ratings.rating_history(seat.player_id)
                assert n == 1 and (history[0].game_id, history[0].rank) == (g.id, place)
