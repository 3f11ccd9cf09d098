"""Delivering webhooks through the service on SQLite and PostgreSQL, without Celery (the
workers' side is tested in tests/workers/test_workers_webhooks.py): the claim that makes
concurrent attempts send once, the retry schedule, disabling, redelivery and deletion."""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any

import pytest

from harness.webhook_receiver import Receiver
from service.models import WebhookEndpointRow
from service.plumbing.errors import NotFound

BOTS = [{"kind": "bot", "level": "random"}] * 3


@pytest.fixture
def hooks(service: Any) -> Any:
    service.settings = replace(
        service.settings,
        webhooks_allow_private=True,
        webhook_retry_schedule=(0.0, 0.0),  # three attempts, each due at once
        webhook_disable_after=2,
        webhook_timeout=5.0,
    )
    service.webhooks.settings = service.settings
    return service.webhooks


def started(service: Any, receiver: Receiver, hooks: Any) -> tuple[str, str, list[str]]:
    """A player with an endpoint on ``receiver`` and one bot game started: its delivery."""
    player = service.accounts.create("site").player.id
    created = hooks.create(player, receiver.url, ["game.started"])
    receiver.secret = created.secret
    service.creation.create_game(players=3, seats=BOTS, time_limit=0, player=player)
    return player, created.endpoint.id, hooks.due()


def test_concurrent_attempts_send_once(service: Any, hooks: Any) -> None:
    with Receiver() as receiver:
        player, endpoint, [delivery] = started(service, receiver, hooks)
        outcomes: list[str] = []
        threads = [
            threading.Thread(target=lambda: outcomes.append(hooks.deliver(delivery)))
            for _ in range(4)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == ["sent", "skipped", "skipped", "skipped"]
        assert [(r.id, r.status, r.verified) for r in receiver.all()] == [(delivery, 200, True)]
        assert hooks.deliver(delivery) == "skipped" and hooks.due() == []
        [entry], total = hooks.deliveries(player, endpoint)
        assert total == 1 and (entry.status, entry.attempts, entry.last_status_code) == (
            "succeeded", 1, 200,
        )  # fmt: skip


def test_failures_follow_the_schedule_then_disable_the_endpoint(service: Any, hooks: Any) -> None:
    with Receiver(always_fail=True) as receiver:
        player, endpoint, [first] = started(service, receiver, hooks)
        assert [hooks.deliver(first) for _ in range(3)] == ["retry", "retry", "failed"]
        assert hooks.deliver(first) == "skipped"
        assert hooks.endpoint(player, endpoint).failed_run == 1
        service.creation.create_game(players=3, seats=BOTS, time_limit=0, player=player)
        [second] = hooks.due()
        assert [hooks.deliver(second) for _ in range(3)] == ["retry", "retry", "failed"]
        view = hooks.endpoint(player, endpoint)
        assert not view.enabled and view.disabled_at is not None
        log, _ = hooks.deliveries(player, endpoint)
        assert [e.event for e in log][0] == "endpoint.disabled"
        assert len(receiver.all()) == 6 and {r.status for r in receiver.all()} == {500}
        # Disabled: nothing is written for it any more.
        service.creation.create_game(players=3, seats=BOTS, time_limit=0, player=player)
        assert hooks.due() == [] and hooks.deliveries(player, endpoint)[1] == 3

        receiver.always_fail = False
        again = service.webhooks.redeliver(player, endpoint, first)
        assert (again.id, again.status) == (first, "pending")
        assert ("webhook", first) in service.scheduler.calls
        assert hooks.deliver(first) == "sent"
        assert receiver.accepted()[0].id == first
        assert hooks.endpoint(player, endpoint).enabled


def test_redelivery_and_deletion_stay_with_the_owner(service: Any, hooks: Any) -> None:
    with Receiver() as receiver:
        player, endpoint, [delivery] = started(service, receiver, hooks)
        other = service.accounts.create("other").player.id
        with pytest.raises(NotFound, match="no webhook"):
            service.webhooks.redeliver(other, endpoint, delivery)
        with pytest.raises(NotFound, match="no delivery"):
            service.webhooks.redeliver(player, endpoint, "msg_unknown")
        hooks.delete(player, endpoint)
        assert hooks.due() == [] and hooks.deliver(delivery) == "skipped"
        assert receiver.all() == []


@pytest.mark.parametrize(
    "host", ["[::127.0.0.1]", "[64:ff9b::7f00:1]", "[2002:7f00:1::]", "[::ffff:127.0.0.1]"]
)
def test_each_attempt_checks_the_target_again(service: Any, hooks: Any, host: str) -> None:
    """A target that has come to mean a loopback address since it was registered (here: the
    stored URL changed, as a DNS name may) is refused at the attempt, nothing is sent."""
    with Receiver() as receiver:
        player, endpoint, [delivery] = started(service, receiver, hooks)
        hooks.settings = replace(hooks.settings, webhooks_allow_private=False)
        port = receiver.url.rsplit(":", 1)[1]
        with service.sessions.begin() as session:
            session.get(WebhookEndpointRow, endpoint).url = f"http://{host}:{port}"
        assert hooks.deliver(delivery) == "retry"
        [entry], _ = hooks.deliveries(player, endpoint)
        assert entry.last_error.startswith("webhook_target_refused"), entry.last_error
        assert receiver.all() == []
