"""The service worker's part of Web Push in the real browser: a push message delivered to
its registration (DevTools ``ServiceWorker.deliverPushMessage``, as a push service's would
arrive) is shown as a notice with the game's address, its title and text as sent; the
server's side (encryption, VAPID, 410) is tests/service/test_push_notices.py."""

from __future__ import annotations

import json
from typing import Any

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors, open_ready
from harness.web_server import LiveServer

pytestmark = pytest.mark.integration


def deliver(driver: Any, origin: str, data: dict[str, Any]) -> None:
    """Deliver ``data`` to the page's service worker registration. DevTools names a
    registration by an id the page cannot read: the ids of a fresh browser context are
    small integers, so the first one that takes the message is the worker's."""
    driver.execute_cdp_cmd("ServiceWorker.enable", {})
    for registration in range(64):
        try:
            driver.execute_cdp_cmd(
                "ServiceWorker.deliverPushMessage",
                {"origin": origin, "registrationId": str(registration), "data": json.dumps(data)},
            )
            return
        except WebDriverException:
            continue
    pytest.fail("no service worker registration took the push message")


def test_a_pushed_turn_is_shown_as_a_notice_that_opens_its_game(server: LiveServer) -> None:
    with chromium() as driver:
        open_ready(driver, server.base_url + "/account")
        driver.execute_cdp_cmd(
            "Browser.grantPermissions",
            {"origin": server.base_url, "permissions": ["notifications"]},
        )
        assert driver.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true))"
        )
        sent = {"title": "Your turn in cup-1", "body": "It is your turn in cup-1.",
                "url": "/game/abc123", "tag": "your_turn-abc123"}  # fmt: skip
        deliver(driver, server.base_url, sent)
        shown = WebDriverWait(driver, 30).until(
            lambda d: d.execute_async_script(
                "const done = arguments[0];"
                "navigator.serviceWorker.ready.then(r => r.getNotifications())"
                ".then(ns => done(ns.map(n => ({title: n.title, body: n.body, tag: n.tag,"
                " url: n.data && n.data.url}))))"
            )
        )
        assert shown == [{"title": sent["title"], "body": sent["body"], "tag": sent["tag"],
                          "url": "/game/abc123"}]  # fmt: skip
        assert console_errors(driver) == []
