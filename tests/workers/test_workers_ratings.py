"""Ratings on real parts: a finished game is rated by the worker's ``rate_game`` task,
once however many times its message is delivered, and still rated when the message is
lost (the sweep re-sends it from ``ratings_due``)."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.models import RatedGameRow, RatingDueRow, RatingHistoryRow
from service.plumbing.scheduling import NullScheduler
from tests.workers.test_workers_games import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

SEATS = [
    {"kind": "bot", "level": "random"},
    {"kind": "bot", "level": "greedy"},
    {"kind": "bot", "level": "random"},
]


def rated(service, game_id: str) -> bool:  # noqa: ANN001
    with service.sessions() as s:
        return s.get(RatedGameRow, game_id) is not None


def history_rows(service, game_id: str) -> int:  # noqa: ANN001
    with service.sessions() as s:
        return s.scalar(
            select(func.count())
            .select_from(RatingHistoryRow)
            .where(RatingHistoryRow.game_id == game_id)
        )


def test_a_finished_bot_game_is_rated_once_by_the_worker(stack) -> None:  # noqa: ANN001
    st, worker = stack()
    game_id = st.service.creation.create_game(players=3, seats=SEATS, time_limit=0).game.id
    wait_for(lambda: rated(st.service, game_id), 120, "the game to be rated", worker)
    assert history_rows(st.service, game_id) == 2  # bot-random and bot-greedy
    board, _ = st.service.ratings.leaderboard(page_size=100)
    assert {"bot-random", "bot-greedy"} <= {r.player_id for r in board}
    # Replays of "game finished": three more messages, each rating nothing.
    for _ in range(3):
        st.scheduler.game_finished(game_id)
    marker = st.service.creation.create_game(players=3, seats=SEATS, time_limit=0).game.id
    wait_for(lambda: rated(st.service, marker), 120, "a later game to be rated", worker)
    assert history_rows(st.service, game_id) == 2


class DropsFinished(NullScheduler):
    """Forwards bot turns and deadlines, loses every "game finished" message."""

    def __init__(self, inner) -> None:  # noqa: ANN001
        self.inner = inner
        self.lost: list[str] = []

    def bot_turn(self, game_id: str, seq: int, *, live: bool = True) -> None:
        self.inner.bot_turn(game_id, seq, live=live)

    def deadline(self, game_id, seq, eta) -> None:  # noqa: ANN001
        self.inner.deadline(game_id, seq, eta)

    def game_finished(self, game_id: str) -> None:
        self.lost.append(game_id)


def test_the_sweep_rates_a_game_whose_message_was_lost(stack) -> None:  # noqa: ANN001
    st, worker = stack(URSUPPE_RATING_GRACE="1")
    lossy = DropsFinished(st.scheduler)
    st.service.scheduler = lossy
    # Every seat played from here, so the finishing move (and its lost message) is ours.
    created = st.service.creation.create_game(players=3, time_limit=0)
    game_id = created.game.id
    tokens = [
        st.service.seating.join(
            game_id, "x", player=st.service.accounts.create(f"p{i}").player.id
        ).token
        for i in range(3)
    ]
    while (view := st.service.games.get(game_id)).status != "finished":
        st.service.moves.submit(
            game_id, tokens[view.pending_seat], view.pending["actions"][0], expected_seq=view.seq
        )
    assert lossy.lost == [game_id]
    wait_for(lambda: rated(st.service, game_id), 60, "the sweep to rate the game", worker)
    assert history_rows(st.service, game_id) == 3
    with st.service.sessions() as s:
        assert s.get(RatingDueRow, game_id) is None
