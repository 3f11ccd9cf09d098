"""Quick play in the browser: two browsers click "Play now" for the same game
and meet at one table; a third (a 360 px phone) seeks alone, cancels, seeks again and gets
bots when its wait is over. Preferences are remembered; the lobby lists the seeks live."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors
from harness.web_server import LiveServer

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]


def _api(server: LiveServer, path: str) -> Any:
    with urllib.request.urlopen(server.base_url + "/api/v1" + path, timeout=10) as resp:
        return json.load(resp)


def _lobby(driver: WebDriver, server: LiveServer, name: str) -> None:
    driver.get(server.base_url + "/lobby")
    WebDriverWait(driver, 30).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
    )
    field = driver.find_element(By.ID, "qp-name")  # asked once: while no player is kept
    if field.is_displayed():
        field.send_keys(name)


def _choose(driver: WebDriver, players: str, clock: str, wait: str, bot: str = "greedy") -> None:
    Select(driver.find_element(By.ID, "qp-players")).select_by_value(players)
    Select(driver.find_element(By.ID, "qp-clock")).select_by_value(clock)
    Select(driver.find_element(By.ID, "qp-wait")).select_by_value(wait)
    Select(driver.find_element(By.ID, "qp-bot")).select_by_value(bot)


def _waiting(driver: WebDriver) -> str:
    WebDriverWait(driver, 20).until(
        lambda d: (
            d.find_element(By.ID, "qp-waiting").is_displayed()
            and d.find_element(By.ID, "qp-status").text
        )
    )
    return driver.find_element(By.ID, "qp-status").text


def _at_table(driver: WebDriver, timeout: float) -> str:
    WebDriverWait(driver, timeout).until(lambda d: "/game/" in d.current_url)
    return driver.current_url.rsplit("/", 1)[-1]


def _player(driver: WebDriver) -> dict[str, Any]:
    return json.loads(driver.execute_script("return localStorage.getItem('ursuppe.player')"))


def _seats(driver: WebDriver) -> dict[str, Any]:
    return json.loads(driver.execute_script("return localStorage.getItem('ursuppe.seats')"))


def test_two_browsers_meet_and_a_third_gets_bots(server: LiveServer) -> None:
    # A 2-player variant with a correspondence clock: a game no other test seeks.
    with chromium() as ann, chromium() as bob:
        _lobby(ann, server, "Ann")
        _lobby(bob, server, "Bob")
        _choose(ann, "2:double_1", "correspondence:3", "300")
        ann.find_element(By.ID, "play-now").click()
        assert "Looking for players" in _waiting(ann)
        # Bob's lobby sees Ann's seek arrive on the lobby stream.
        WebDriverWait(bob, 20).until(lambda d: "Ann" in d.find_element(By.ID, "seek-list").text)
        _choose(bob, "2:double_1", "correspondence:3", "60")
        bob.find_element(By.ID, "play-now").click()
        game_id = _at_table(bob, 30)
        assert _at_table(ann, 30) == game_id
        doc = _api(server, f"/games/{game_id}")
        assert doc["status"] == "active" and doc["options"]["variant"] == "double_1"
        assert [s["kind"] for s in doc["seats"]] == ["human", "human"]
        assert [s["player_id"] for s in doc["seats"]] == [_player(ann)["id"], _player(bob)["id"]]
        assert _seats(ann)[game_id]["seat"] == 0 and _seats(bob)[game_id]["seat"] == 1
        # Each browser plays with its own seat token: the table knows it holds a seat.
        for driver in (ann, bob):
            WebDriverWait(driver, 30).until(
                lambda d: "You play seat" in d.find_element(By.TAG_NAME, "body").text
            )
        # The preferences are remembered.
        _lobby(ann, server, "Ann")
        assert (
            Select(ann.find_element(By.ID, "qp-players")).first_selected_option.get_attribute(
                "value"
            )
            == "2:double_1"
        )
        assert (
            Select(ann.find_element(By.ID, "qp-wait")).first_selected_option.get_attribute("value")
            == "300"
        )
        assert ann.find_element(By.ID, "play-now").is_displayed()  # not waiting any more
        assert console_errors(ann) == [] and console_errors(bob) == []

    with chromium() as cy:
        metrics = {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True}
        cy.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        _lobby(cy, server, "Cy")
        _choose(cy, "3", "bank:900:10", "10", bot="random")
        cy.find_element(By.ID, "play-now").click()
        _waiting(cy)
        assert cy.execute_script("return document.documentElement.scrollWidth") <= 360
        cy.find_element(By.ID, "qp-cancel").click()
        WebDriverWait(cy, 20).until(lambda d: d.find_element(By.ID, "play-now").is_displayed())
        assert "cancelled" in cy.find_element(By.ID, "qp-error").text
        cy.find_element(By.ID, "play-now").click()
        _waiting(cy)
        game_id = _at_table(cy, 60)  # the wait (10 s) is over: bots fill the game
        doc = _api(server, f"/games/{game_id}")
        assert [(s["kind"], s["bot_level"]) for s in doc["seats"]] == [
            ("human", None), ("bot", "random"), ("bot", "random")
        ]  # fmt: skip
        assert doc["seats"][0]["player_id"] == _player(cy)["id"]
        assert doc["time_control"] == {"type": "bank", "initial": 900, "increment": 10}
        assert console_errors(cy) == []


def test_quick_play_asks_for_a_name_once_with_a_friendly_default(server: LiveServer) -> None:
    """A browser without a player sees a name field in the quick-play card; left empty, the
    player takes the friendly name its placeholder shows (in the page's language, not
    "Player"); once the player exists, the card asks no more."""
    with chromium(width=360) as cy:
        cy.get(server.base_url + "/")
        cy.execute_script("localStorage.setItem('ursuppe.lang', 'de')")
        cy.get(server.base_url + "/lobby")
        WebDriverWait(cy, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        field = cy.find_element(By.ID, "qp-name")
        assert field.is_displayed()
        default = field.get_attribute("placeholder")
        assert default.startswith("Amöbe ") and default.split()[1].isdigit(), default
        _choose(cy, "5", "per_decision:600", "300")  # a game no other test seeks
        cy.find_element(By.ID, "play-now").click()
        _waiting(cy)
        assert _player(cy)["name"] == default
        WebDriverWait(cy, 20).until(lambda d: default in d.find_element(By.ID, "seek-list").text)
        assert not cy.find_element(By.ID, "qp-name").is_displayed()  # asked once
        cy.find_element(By.ID, "qp-cancel").click()
        WebDriverWait(cy, 20).until(lambda d: d.find_element(By.ID, "play-now").is_displayed())
        cy.refresh()
        WebDriverWait(cy, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        assert not cy.find_element(By.ID, "qp-name").is_displayed()
        assert console_errors(cy) == []
