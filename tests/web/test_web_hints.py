"""Hints at the table: in an unrated game the seat to play asks for a hint, a
worker of the live server computes it, and the page names the suggestion, marks its button
and says why; a rated game shows no hint button. Both on a desktop and a phone's width."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import as_phone, chromium, console_errors
from harness.web_play import wait_for
from harness.web_server import LiveServer

pytestmark = pytest.mark.integration

BOT = {"kind": "bot", "level": "greedy"}
HINT_JS = "return (window.ursuppe || {}).hint || null"


def post(server: LiveServer, path: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        server.base_url + "/api/v1" + path, json.dumps(body).encode(),
        {"Content-Type": "application/json"}, method="POST",
    )  # fmt: skip
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def table(server: LiveServer, *, rated: bool) -> tuple[str, dict]:
    """A game of one person (seat 0) and two greedy bots, with this browser's seat."""
    created = post(server, "/games", {
        "players": 3, "seats": [{"kind": "human"}, BOT, BOT], "time_limit": 0, "rated": rated,
    })  # fmt: skip
    game_id = created["game"]["id"]
    seat = post(server, f"/games/{game_id}/seats", {"name": "Ann"})
    return game_id, {game_id: {"seat": seat["seat"], "token": seat["token"], "name": "Ann"}}


def open_table(driver: WebDriver, server: LiveServer, game_id: str, seats: dict) -> None:
    driver.get(server.base_url + "/")
    driver.execute_script(
        "localStorage.setItem('ursuppe.seats', arguments[0]); localStorage.setItem('ursuppe.lang', 'en')",
        json.dumps(seats),
    )  # fmt: skip
    driver.get(f"{server.base_url}/game/{game_id}")
    wait_for(driver, lambda s: s["ready"] and s["kind"], 30, "our first decision")


@pytest.mark.parametrize("phone", [False, True], ids=["1280px", "360px"])
def test_the_seat_to_play_asks_for_a_hint_and_sees_it(server: LiveServer, phone: bool) -> None:
    game_id, seats = table(server, rated=False)
    with chromium() as driver:
        if phone:
            as_phone(driver, height=1400)
        open_table(driver, server, game_id, seats)
        button = driver.find_element(By.ID, "hint-button")
        assert button.text == "Hint" and button.is_displayed()
        assert driver.find_elements(By.CSS_SELECTOR, "button.action.hinted") == []
        button.click()
        hint = WebDriverWait(driver, 60).until(
            lambda d: (h := d.execute_script(HINT_JS)) and h["status"] == "ready" and h
        )
        assert hint["index"] >= 0, "the suggestion is one of the offered actions"
        if hint["action"].get("field"):  # a placement: its buttons show once its field is picked
            field = hint["action"]["field"]
            driver.find_element(
                By.CSS_SELECTOR, f'#board-wrap g.field[data-field="{field}"]'
            ).click()
        marked = driver.find_elements(By.CSS_SELECTOR, "#decision button.action.hinted")
        assert [b.get_attribute("data-index") for b in marked] == [str(hint["index"])]
        text = driver.find_element(By.ID, "hint-text").text
        assert text.startswith("Try: ") and (
            "over the best opponent" in text or "real difference" in text
        )
        assert marked[0].text.lower() in text.lower()  # the suggestion is named as its button is
        # The page stays within a phone's width with the hint shown.
        width = driver.execute_script("return document.documentElement.scrollWidth")
        assert width <= (360 if phone else 1280), width
        marked[0].click()  # taking the hint plays it
        wait_for(driver, lambda s: s["answered"] >= 1, 30, "the hinted action to be applied")
        assert console_errors(driver) == []


def test_a_rated_game_offers_no_hint(server: LiveServer) -> None:
    game_id, seats = table(server, rated=True)
    with chromium() as driver:
        open_table(driver, server, game_id, seats)  # our decision is on screen
        assert driver.find_element(By.ID, "decision").get_attribute("data-kind")
        assert driver.find_elements(By.ID, "hint-button") == []
