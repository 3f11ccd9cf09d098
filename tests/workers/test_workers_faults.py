"""Faults during play on the real stack: PostgreSQL restarted mid-game, and the scheduler
(beat) stopped and started again. Every game finishes, its log has no gap and no
duplicate and replays to its result, and the human's deadline applies exactly once.

Redis restarted mid-game is in tests/stream/test_stream_live.py (the stream and the worker
recover together); a worker killed with SIGKILL in test_workers_games.py."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from harness.private_postgres import private_cluster
from service.plumbing.db import upgrade_database
from tests.workers.test_workers_games import (
    BOTS,
    HUMAN,
    assert_log_complete,
    finished_retrying,
    seed_where_first_decision_is,
    wait_for,
)

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]


def test_a_postgresql_restart_mid_game_loses_and_repeats_nothing(stack) -> None:  # noqa: ANN001
    """The server is stopped (sessions ended, as in a crash or a failover), stays down for
    two seconds and starts again while a bot game and a game with a human whose deadline
    is running are in play."""
    with private_cluster() as cluster:
        db_url = cluster.create_database("ursuppe_fault")
        upgrade_database(db_url)
        st, worker = stack(database_url=db_url, URSUPPE_BOT_GRACE="20")
        bots = st.service.creation.create_game(players=3, seats=[BOTS] * 3, time_limit=0, seed=11)
        seed = seed_where_first_decision_is(1, players=3)
        human = st.service.creation.create_game(
            players=3, seats=[BOTS, HUMAN, BOTS], time_limit=4, timeout_policy="bot", seed=seed
        )
        st.service.seating.join(human.game.id, seat=1)
        wait_for(lambda: st.service.games.get(bots.game.id).seq >= 10, 60, "the game to get going",
                 worker)  # fmt: skip

        cluster.stop()
        # Down until the outage has reached a task (then start it again at once).
        wait_for(lambda: "OperationalError" in worker.logfile.read_text(errors="replace"), 60,
                 "a task to meet the outage", worker)  # fmt: skip
        cluster.start()

        for game_id in (bots.game.id, human.game.id):
            wait_for(lambda g=game_id: finished_retrying(st.service, g), 180, "the games to finish",
                     worker)  # fmt: skip
            assert_log_complete(st.service, game_id)
        assert st.service.games.get(human.game.id).seats[1].timeouts == 1
        st.close()


def test_beat_stopped_and_started_again_misses_no_deadline(stack, start_worker) -> None:  # noqa: ANN001
    """Deadlines beyond the ETA horizon fire only through the scheduler's sweep. With the
    scheduler down the human's deadline passes unnoticed; started again, it fires it once."""
    extra = {"URSUPPE_ETA_HORIZON": "1", "URSUPPE_SWEEP_INTERVAL": "1"}
    st, worker = stack(beat=False, **extra)
    beat = start_worker(st.queue, beat=True, concurrency=1, **extra)
    seed = seed_where_first_decision_is(1, players=3)
    created = st.service.creation.create_game(
        players=3, seats=[BOTS, HUMAN, BOTS], time_limit=3, timeout_policy="bot", seed=seed
    )
    game_id = created.game.id
    st.service.seating.join(game_id, seat=1)  # due in 3 s, beyond the 1 s horizon: no message yet
    due = st.service.games.get(game_id).deadline_at
    assert due is not None

    beat.stop()
    # The deadline passes with no scheduler, and one sweep interval more: a running beat
    # would have fired it by then.
    wait_for(lambda: datetime.now(UTC) > due + timedelta(seconds=1), 30, "the deadline")
    seat = st.service.games.get(game_id).seats[1]
    assert (seat.timeouts, seat.replaced_by_bot) == (0, False), "nothing fired it meanwhile"

    beat.start()
    wait_for(lambda: st.service.games.get(game_id).status == "finished", 120, "the game to finish",
             worker)  # fmt: skip
    assert_log_complete(st.service, game_id)
    assert st.service.games.get(game_id).seats[1].timeouts == 1


def test_a_worker_and_beat_restart_mid_decision_changes_no_bank(stack) -> None:  # noqa: ANN001
    """A bank (issue 31) lives in the database as it stood when the decision was offered,
    with the decision's deadline: the worker and its beat stopped mid-decision and started
    again neither lose the seat time (the bank runs out at the stored deadline, not
    earlier) nor grant any (after running out the seat has only the increment)."""
    st, worker = stack(URSUPPE_ETA_HORIZON="1", URSUPPE_SWEEP_INTERVAL="1")
    seed = seed_where_first_decision_is(1, players=3)
    created = st.service.creation.create_game(
        players=3, seats=[BOTS, HUMAN, BOTS], seed=seed,
        time_control={"type": "bank", "initial": 4, "increment": 600},
    )  # fmt: skip
    game_id = created.game.id
    st.service.seating.join(game_id, seat=1)
    due = st.service.games.get(game_id).deadline_at
    worker.stop()  # the worker and its beat go away in the middle of the decision
    wait_for(lambda: datetime.now(UTC) > due - timedelta(seconds=2), 30, "half the bank")
    view = st.service.games.get(game_id)
    assert (view.deadline_at, view.seats[1].bank, view.seq) == (due, 4.0, 0)
    worker.start()
    wait_for(lambda: st.service.games.get(game_id).seats[1].timeouts == 1, 60, "the bank to run out",
             worker)  # fmt: skip
    [timeout] = [e for e in st.service.games.events(game_id) if e.actor == "timeout"]
    assert timeout.seat == 1 and timeout.created_at >= due
    assert st.service.games.get(game_id).seats[1].bank == 600  # nothing left, plus the increment
    st.close()
