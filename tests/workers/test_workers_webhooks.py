"""Webhooks end to end on real parts: PostgreSQL, Redis, a Celery worker process with its
beat (the sweep), and a local receiver that verifies every signature with the
``standardwebhooks`` package. Retry schedules are shortened through the environment."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import func, select

from harness.webhook_receiver import Receiver, dumps
from service.models import WebhookDeliveryRow
from tests.workers.test_workers_games import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

BOTS = {"kind": "bot", "level": "random"}
FAST = {
    "URSUPPE_WEBHOOKS_ALLOW_PRIVATE": "1",
    "URSUPPE_WEBHOOK_RETRY_SCHEDULE": "0.5,0.5,0.5",  # four attempts
    "URSUPPE_WEBHOOK_DISABLE_AFTER": "2",
    "URSUPPE_WEBHOOK_TIMEOUT": "5",
}


def setup(stack: Any, receiver: Receiver, events: list[str], **extra: str) -> tuple:
    """A worker stack, a player and its endpoint on ``receiver`` (test side allows the
    local target as the worker's environment does)."""
    st, worker = stack(**{**FAST, **extra})
    st.service.webhooks.settings = replace(
        st.service.settings,
        webhooks_allow_private=True,
        webhook_retry_schedule=(0.5, 0.5, 0.5),
        webhook_disable_after=2,
    )
    player = st.service.accounts.create("site").player.id
    created = st.service.webhooks.create(player, receiver.url, events)
    receiver.secret = created.secret
    return st, worker, player, created.endpoint.id


#: Celery's line for a finished webhook sweep; its result is how many deliveries were due.
def wait_settled(st: Any, worker: Any) -> None:
    """Wait until no webhook delivery is pending: each is delivered, or failed for good, in
    the database, so nothing more will be sent (a duplicate task of a delivery already
    taken sends nothing). The positive event that replaces a fixed "nothing new may
    arrive" sleep, read from the state that decides it rather than from log lines."""

    def settled() -> bool:
        with st.service.sessions() as session:
            pending = select(func.count()).select_from(WebhookDeliveryRow)
            return session.scalar(pending.where(WebhookDeliveryRow.status == "pending")) == 0

    wait_for(settled, 60, "every webhook delivery in its final state", worker)


def log_of(st: Any, player: str, endpoint: str) -> list:
    return st.service.webhooks.deliveries(player, endpoint, page_size=100)[0]


def test_bot_games_finished_arrive_signed_and_exactly_once_by_id(stack: Any) -> None:
    with Receiver() as receiver:
        st, worker, player, endpoint = setup(stack, receiver, ["game.finished"])
        games = [
            st.service.creation.create_game(
                players=3, seats=[BOTS] * 3, time_limit=0, player=player
            ).game.id
            for _ in range(3)
        ]

        def all_arrived() -> bool:
            return {r.body["data"]["game_id"] for r in receiver.accepted()} == set(games)

        wait_for(all_arrived, 180, "game.finished for every game", worker)
        wait_settled(st, worker)  # nothing must arrive twice
        receipts = receiver.all()
        assert all(r.verified for r in receipts), dumps(receipts)
        assert all(r.body["type"] == "game.finished" for r in receipts)
        by_game = Counter(r.body["data"]["game_id"] for r in receipts)
        assert by_game == dict.fromkeys(games, 1), dumps(receipts)
        for r in receipts:
            game = st.service.games.get(r.body["data"]["game_id"])
            assert r.body["data"]["result"]["ranking"] == game.result["ranking"]
        entries = log_of(st, player, endpoint)
        assert sorted(d.id for d in entries) == sorted(r.id for r in receipts)
        assert {(d.status, d.attempts, d.last_status_code) for d in entries} == {
            ("succeeded", 1, 200)
        }


def test_a_receiver_failing_then_succeeding_gets_the_same_id(stack: Any) -> None:
    with Receiver(fail_first=2) as receiver:
        st, worker, player, endpoint = setup(stack, receiver, ["game.started"])
        game = st.service.creation.create_game(
            players=3, seats=[BOTS] * 3, time_limit=0, player=player
        )
        wait_for(lambda: receiver.accepted(), 60, "the third attempt to succeed", worker)
        wait_settled(st, worker)
        [delivery] = log_of(st, player, endpoint)
        attempts = receiver.of(delivery.id)
        assert [r.status for r in attempts] == [503, 503, 200], dumps(receiver.all())
        assert len(receiver.all()) == 3  # every request carried this one webhook-id
        assert all(r.verified for r in attempts)
        assert attempts[0].body == attempts[2].body
        assert attempts[0].body["data"]["game_id"] == game.game.id
        assert attempts[0].at + 0.4 < attempts[1].at  # the back-off was waited
        assert (delivery.status, delivery.attempts, delivery.last_status_code) == (
            "succeeded", 3, 200,
        )  # fmt: skip


def test_an_always_failing_receiver_is_disabled_then_redelivery_revives_it(stack: Any) -> None:
    with Receiver(always_fail=True) as receiver:
        st, worker, player, endpoint = setup(stack, receiver, ["game.started"])
        for _ in range(2):
            st.service.creation.create_game(
                players=3, seats=[BOTS] * 3, time_limit=0, player=player
            )

        def disabled() -> bool:
            return not st.service.webhooks.endpoint(player, endpoint).enabled

        wait_for(disabled, 90, "the endpoint to be disabled", worker)
        entries = log_of(st, player, endpoint)
        failed = [d for d in entries if d.event == "game.started"]
        assert [(d.status, d.attempts, d.last_status_code) for d in failed] == [
            ("failed", 4, 500)
        ] * 2
        [note] = [d for d in entries if d.event == "endpoint.disabled"]
        assert note.status == "logged" and note.payload["data"]["failed_deliveries"] == 2
        assert Counter(r.id for r in receiver.all()) == {d.id: 4 for d in failed}

        # Disabled: a new game's event is not even written, nothing more is sent.
        st.service.creation.create_game(players=3, seats=[BOTS] * 3, time_limit=0, player=player)
        sent = len(receiver.all())
        wait_settled(st, worker)
        assert len(receiver.all()) == sent
        assert len(log_of(st, player, endpoint)) == 3

        # The site is fixed and asks for one delivery again: same id, endpoint enabled.
        receiver.always_fail = False
        again = st.service.webhooks.redeliver(player, endpoint, failed[0].id)
        assert again.status == "pending"
        wait_for(lambda: receiver.accepted(), 30, "the redelivery", worker)
        assert [r.id for r in receiver.accepted()] == [failed[0].id]

        def redelivered() -> Any:  # recorded once the worker has the receiver's answer
            found = next(d for d in log_of(st, player, endpoint) if d.id == failed[0].id)
            return found if found.status != "pending" else None

        done = wait_for(redelivered, 30, "the redelivery to be recorded", worker)
        assert (done.status, done.attempts) == ("succeeded", 5)
        view = st.service.webhooks.endpoint(player, endpoint)
        assert view.enabled and view.failed_run == 0


def test_deliveries_written_while_no_worker_runs_are_sent_by_the_sweep(stack: Any) -> None:
    """The outbox: the game change commits its delivery even when the hint is lost (here
    the scheduler drops it); the sweep finds the row and sends it."""
    with Receiver() as receiver:
        st, worker, player, endpoint = setup(stack, receiver, ["game.started"])
        st.service.scheduler = type("Lossy", (), {"bot_turn": st.scheduler.bot_turn,
                                                  "deadline": st.scheduler.deadline})()  # fmt: skip
        game = st.service.creation.create_game(
            players=3, seats=[BOTS] * 3, time_limit=0, player=player
        )
        wait_for(lambda: receiver.accepted(), 30, "the sweep to send the delivery", worker)
        [receipt] = receiver.accepted()
        assert receipt.body["data"]["game_id"] == game.game.id and receipt.verified
