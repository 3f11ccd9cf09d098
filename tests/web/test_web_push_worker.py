"""The service worker's part of Web Push in the real browser: a push message delivered to
its registration (DevTools ``ServiceWorker.deliverPushMessage``, as a push service's would
arrive) is shown as a notice with the game's address, its title and text as sent; a click
on a notice focuses the tab that shows its address, or opens one; the server's side
(encryption, VAPID, 410) is tests/service/test_push_notices.py."""

from __future__ import annotations

import json
from typing import Any

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors, in_worker, open_ready
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


#: In the service worker: show a notice for ``url`` (null: none in its data), click it, and
#: say what the worker's ``notificationclick`` did. DevTools cannot click a notice, and
#: the browser lets a worker open or focus a window only inside a click that the browser
#: itself dispatched (a script's event is not trusted: ``waitUntil`` throws, ``openWindow``
#: and ``focus`` refuse). So the event is dispatched here with its ``waitUntil`` kept, and
#: the two window calls are recorded instead of made; everything else, finding the open
#: tabs (``clients.matchAll``) and choosing among them, is the worker's own code.
CLICK = """
(async (url) => {
  if (typeof self.clients.openWindow !== "function" || typeof WindowClient !== "function") {
    throw new Error("no clients.openWindow or WindowClient here");
  }
  const calls = [];
  self.clients.openWindow = async (to) => { calls.push(["open", to]); return null; };
  WindowClient.prototype.focus = async function () { calls.push(["focus", this.url]); return this; };
  await self.registration.showNotification("Your turn", url ? { tag: "click", data: { url } } : { tag: "click" });
  const [notice] = await self.registration.getNotifications({ tag: "click" });
  const event = new NotificationEvent("notificationclick", { notification: notice });
  let kept = null;
  Object.defineProperty(event, "waitUntil", { value: (promise) => { kept = promise; } });
  self.dispatchEvent(event);
  await kept;
  const left = await self.registration.getNotifications({ tag: "click" });
  return { calls, left: left.length };
})(%s)
"""


def test_a_click_on_a_notice_focuses_its_tab_or_opens_one(server: LiveServer) -> None:
    with chromium() as driver:
        open_ready(driver, server.base_url + "/lobby")
        driver.execute_cdp_cmd(
            "Browser.grantPermissions",
            {"origin": server.base_url, "permissions": ["notifications"]},
        )
        assert driver.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true))"
        )
        lobby = server.base_url + "/lobby"
        # A game no tab shows: a new window at its absolute address; the notice closed.
        opened = in_worker(driver, "service_worker", CLICK % json.dumps("/game/abc123"))
        assert opened == {"calls": [["open", server.base_url + "/game/abc123"]], "left": 0}
        # The lobby, which this tab shows: that tab is focused, no window opened.
        focused = in_worker(driver, "service_worker", CLICK % json.dumps("/lobby"))
        assert focused == {"calls": [["focus", lobby]], "left": 0}
        # A notice without an address: the account page.
        bare = in_worker(driver, "service_worker", CLICK % "null")
        assert bare == {"calls": [["open", server.base_url + "/account"]], "left": 0}
        assert console_errors(driver) == []
