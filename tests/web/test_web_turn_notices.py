"""Turn notices in every game of the player: a page of a signed-in browser
follows the player stream; a turn that comes in a game the page does not show puts the
count in the tab title, appears under "My turns" without a reload, and is notified through
the browser's Notification API once the person allowed it (the permission granted over
CDP, the notifications counted by wrapping window.Notification before the page's scripts
run). The creator's switch closes the table's chat to spectators."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors, open_ready, remember
from harness.web_server import LiveServer
from tests.web.test_web_play import api, api_post

pytestmark = pytest.mark.integration

COUNT_NOTIFICATIONS = """
window.__notices = [];
const Real = window.Notification;
class Counted extends Real {
  constructor(title, options = {}) {
    super(title, options);
    window.__notices.push({ title, body: options.body, tag: options.tag });
  }
}
Object.defineProperty(Counted, "permission", { get: () => Real.permission });
Counted.requestPermission = (...args) => Real.requestPermission(...args);
window.Notification = Counted;
"""


def test_a_turn_in_another_game_is_notified_and_listed(server: LiveServer) -> None:
    created = api_post(server, "/players", {"name": "Nora"})
    player = {"id": created["player"]["id"], "name": "Nora", "token": created["token"]}
    bots = [{"kind": "bot", "level": "random"}] * 2
    seats = [{"kind": "human"}, *bots]
    game = api_post(
        server, "/games", {"players": 3, "seats": seats, "time_limit": 0}, player["token"]
    )
    game_id = game["game"]["id"]

    with chromium() as browser:
        browser.execute_cdp_cmd(
            "Browser.grantPermissions",
            {"origin": server.base_url, "permissions": ["notifications"]},
        )
        browser.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_NOTIFICATIONS}
        )
        remember(browser, server.base_url, {"ursuppe.player": player})
        open_ready(browser, server.base_url + "/account")
        assert browser.find_elements(By.CSS_SELECTOR, "#my-turns tr.turn") == []
        assert browser.find_elements(By.ID, "allow-notices") == []  # granted already
        assert browser.execute_script("return window.__notices.length") == 0

        # The person takes the seat on another device (here: the API); the bots play
        # until the turn is Nora's, and this page hears it on the player stream.
        seat = api_post(server, f"/games/{game_id}/seats", {"name": "Nora"}, player["token"])
        turn_link = f"#my-turns tr.turn a[href='/game/{game_id}']"
        WebDriverWait(browser, 90).until(lambda d: d.find_elements(By.CSS_SELECTOR, turn_link))
        notices = WebDriverWait(browser, 10).until(
            lambda d: d.execute_script("return window.__notices")
        )
        assert len(notices) == 1
        assert notices[0]["tag"] == f"ursuppe-turn-{game_id}"
        assert "seat 1" in notices[0]["body"]
        assert browser.title.startswith("▶ (1) ")

        # Another page of the site: the count is in its title; the turn is not notified twice.
        open_ready(browser, server.base_url + "/leaderboard")
        WebDriverWait(browser, 30).until(lambda d: d.title.startswith("▶ (1) "))
        assert browser.execute_script("return window.__notices.length") == 0

        # The game itself, where this browser plays the seat: the page's own notice only.
        remember(
            browser,
            server.base_url,
            {"ursuppe.seats": {game_id: {"seat": seat["seat"], "token": seat["token"]}}},
        )
        browser.get(f"{server.base_url}/game/{game_id}")
        WebDriverWait(browser, 30).until(lambda d: d.execute_script("return window.ursuppe?.ready"))
        WebDriverWait(browser, 30).until(lambda d: d.title.startswith("▶ Your turn"))
        assert api(server, f"/games/{game_id}")["pending_seat"] == seat["seat"]
        assert console_errors(browser) == []


def test_the_creator_closes_the_chat_to_spectators(server: LiveServer) -> None:
    created = api_post(server, "/games", {"players": 3, "time_limit": 0})
    game_id, creator = created["game"]["id"], created["creator_token"]
    seats = [api_post(server, f"/games/{game_id}/seats", {"name": n}) for n in ("Ann", "Bob", "Cy")]
    with chromium() as ann, chromium(width=400, height=900) as eve:
        remember(
            ann,
            server.base_url,
            {
                "ursuppe.created": {game_id: creator},
                "ursuppe.seats": {game_id: {"seat": seats[0]["seat"], "token": seats[0]["token"]}},
            },
        )
        for driver in (ann, eve):
            driver.get(f"{server.base_url}/game/{game_id}")
            WebDriverWait(driver, 30).until(
                lambda d: d.execute_script("return window.ursuppe?.ready")
            )
        assert eve.find_element(By.ID, "chat-spectators-label").is_displayed() is False
        switch = ann.find_element(By.ID, "chat-spectators")
        assert switch.is_selected()
        switch.click()
        WebDriverWait(ann, 10).until(
            lambda d: api(server, f"/games/{game_id}/chat")["spectators"] is False
        )
        assert not switch.is_selected()

        # Eve's page still offers the form: writing is refused, and the note replaces it.
        eve.find_element(By.ID, "chat-name").send_keys("Eve")
        eve.find_element(By.ID, "chat-input").send_keys("may I?")
        eve.find_element(By.ID, "chat-send").click()
        WebDriverWait(eve, 10).until(lambda d: d.find_element(By.ID, "chat-closed").is_displayed())
        assert not eve.find_element(By.ID, "chat-form").is_displayed()
        eve.refresh()
        WebDriverWait(eve, 30).until(lambda d: d.execute_script("return window.ursuppe?.ready"))
        assert eve.find_element(By.ID, "chat-closed").is_displayed()

        switch.click()  # open again
        WebDriverWait(ann, 10).until(
            lambda d: api(server, f"/games/{game_id}/chat")["spectators"] is True
        )
        eve.refresh()
        WebDriverWait(eve, 30).until(lambda d: d.execute_script("return window.ursuppe?.ready"))
        assert eve.find_element(By.ID, "chat-form").is_displayed()
        assert console_errors(ann) == []
