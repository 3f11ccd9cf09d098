"""Web Push notices on the service, to a push service of our own on loopback that
decrypts every message as a browser does (RFC 8291): a turn of a correspondence game
arrives with its game's address, a turn played first is not pushed, and a subscription the
push service calls gone (410) is removed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from harness.push_receiver import PushReceiver
from service.plumbing.config import MailSettings
from service.plumbing.errors import Conflict, Unprocessable
from service.plumbing.push_http import generate_key
from tests.service.test_notices import correspondence_game, play, send_all, to_my_turn


@pytest.fixture
def pushing(service, tmp_path):
    key = tmp_path / "vapid.pem"
    public = generate_key(key)
    service.settings = replace(
        service.settings,
        webhooks_allow_private=True,  # the push service is on loopback here
        mail=MailSettings(vapid_private=str(key), vapid_subject="mailto:ops@ursuppe.test"),
    )
    return public


def subscribe(service, player: str, push: PushReceiver) -> str:
    sub = push.subscription
    return service.notices.subscribe(
        player, sub["endpoint"], sub["keys"]["p256dh"], sub["keys"]["auth"]
    )


def test_a_turn_is_pushed_encrypted_and_opens_its_game(service, scheduler, pushing) -> None:
    assert service.notices.push_key() == pushing
    player = service.accounts.create("Ann").player.id
    with PushReceiver() as push:
        subscribe(service, player, push)
        assert service.notices.choices(player).push_subscriptions == 1
        game = correspondence_game(service, player)
        to_my_turn(service, game)
        assert send_all(service, scheduler) == ["sent"]
        (pushed,) = push.wait(1)
        assert pushed.body["url"] == f"/game/{game}"
        assert pushed.body["kind"] == "your_turn" and pushed.body["game_id"] == game
        assert pushed.body["title"].startswith("Your turn in ")
        assert pushed.headers["content-encoding"] == "aes128gcm"
        assert pushed.headers["authorization"].startswith("vapid t=")
        assert pushed.headers["authorization"].endswith(f"k={pushing}")

        # Played before the push left: dropped, nothing pushed.
        play(service, game)
        to_my_turn(service, game)
        play(service, game)
        assert send_all(service, scheduler) == ["dropped"]
        assert len(push.received) == 1


def test_a_subscription_the_push_service_calls_gone_is_removed(service, scheduler, pushing) -> None:
    player = service.accounts.create("Ann").player.id
    with PushReceiver() as push:
        subscribe(service, player, push)
        push.status = 410
        game = correspondence_game(service, player)
        to_my_turn(service, game)
        assert send_all(service, scheduler) == ["failed"]
        assert push.refused == 1
        assert service.notices.choices(player).push_subscriptions == 0
        play(service, game)
        to_my_turn(service, game)
        assert scheduler.notice_ids() == []  # no subscription: nothing written


def test_push_subscriptions_are_checked(service, pushing) -> None:
    player = service.accounts.create("Ann").player.id
    service.settings = replace(service.settings, webhooks_allow_private=False)
    with pytest.raises(Unprocessable):
        service.notices.subscribe(player, "http://127.0.0.1:9/push", "k", "a")
    with pytest.raises(Unprocessable):
        service.notices.subscribe(player, "https://127.0.0.1/push", "k", "a")
    service.settings = replace(service.settings, mail=MailSettings())
    assert service.notices.push_key() is None
    with pytest.raises(Conflict):
        service.notices.subscribe(player, "https://push.example.org/x", "k", "a")
