"""Clocks at the table: the lobby creates a game with the time control chosen,
the page shows a clock for every human seat and none for bots, counts the deciding seat's
bank down from the server's numbers, and warns the player whose time runs low."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors
from harness.web_play import wait_for
from harness.web_server import LiveServer

pytestmark = pytest.mark.integration

BOT = {"kind": "bot", "level": "random"}
CLOCKS_JS = "return (window.ursuppe || {}).clocks || null"
# The countdown's words and the page's own seconds left for a seat, from one clock tick.
COUNTDOWN_JS = """const clock = ((window.ursuppe || {}).clocks || {})[arguments[0]];
return {text: document.getElementById('countdown').textContent, left: clock ? clock.left : null};"""


def _api(server: LiveServer, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.base_url + "/api/v1" + path, data=data,
                                 headers={"Content-Type": "application/json"})  # fmt: skip
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def _until(what: str, probe: Any, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while not (found := probe()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)
    return found


def _human_decides(server: LiveServer, game_id: str) -> dict[str, Any]:
    """The game document once a human owes the decision (bots move until then)."""

    def probe() -> dict[str, Any] | None:
        doc = _api(server, f"/games/{game_id}")
        seat = doc["pending_seat"]
        human = seat is not None and doc["seats"][seat]["kind"] == "human"
        return doc if doc["status"] == "active" and human and doc["deadline_at"] else None

    return _until("a human decision", probe)


def _seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_lobby_sets_a_bank_and_the_table_counts_it_down(server: LiveServer) -> None:
    with chromium() as driver:
        driver.get(server.base_url + "/lobby")
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        Select(driver.find_element(By.ID, "players")).select_by_visible_text("3")
        Select(driver.find_element(By.ID, "seat-1-kind")).select_by_value("human")
        Select(driver.find_element(By.ID, "seat-2-level")).select_by_value("random")
        assert not driver.find_element(By.ID, "bank-minutes").is_displayed()
        Select(driver.find_element(By.ID, "time-control")).select_by_value("bank")
        assert not driver.find_element(By.ID, "time-limit").is_displayed()
        for field, value in (("bank-minutes", "2"), ("bank-increment", "3")):
            driver.find_element(By.ID, field).clear()
            driver.find_element(By.ID, field).send_keys(value)
        driver.find_element(By.ID, "create-button").click()
        WebDriverWait(driver, 30).until(lambda d: "/game/" in d.current_url)
        game_id = driver.current_url.rsplit("/", 1)[-1]
        doc = _api(server, f"/games/{game_id}")
        assert doc["time_control"] == {"type": "bank", "initial": 120, "increment": 3}
        assert doc["rated"] is True and doc["options"]["hints"] is False  # the form's default
        _api(server, f"/games/{game_id}/seats", {"name": "Bob", "seat": 1})
        deciding = _human_decides(server, game_id)["pending_seat"]
        waiting = 1 - deciding  # the other human: nobody has played a human decision yet
        wait_for(driver, lambda s: s["ready"] and s["status"] == "active", 30, "the game")
        clocks = _until("the running clock", lambda: (c := driver.execute_script(CLOCKS_JS))
                        and c.get(str(deciding)) and c[str(deciding)]["running"] and c)  # fmt: skip
        assert clocks["2"] is None  # the bot has no clock
        cell = "#players td.clock[data-seat='{}']"
        shown = driver.find_element(By.CSS_SELECTOR, cell.format(deciding)).text
        assert 0 < _seconds(shown) <= 120
        assert driver.find_element(By.CSS_SELECTOR, cell.format(waiting)).text == "2:00"
        assert driver.find_element(By.CSS_SELECTOR, cell.format(2)).text == ""
        later = _until("the clock to count down", lambda: (
            (text := driver.find_element(By.CSS_SELECTOR, cell.format(deciding)).text) != shown
            and text), timeout=5)  # fmt: skip
        assert _seconds(later) < _seconds(shown)
        assert "running" in driver.find_element(
            By.CSS_SELECTOR, cell.format(deciding)
        ).get_attribute("class")
        assert driver.find_element(By.ID, "countdown").text
        assert console_errors(driver) == []


def test_the_player_whose_bank_runs_low_is_warned(server: LiveServer) -> None:
    control = {"type": "bank", "initial": 20, "increment": 0}
    game = _api(server, "/games", {"players": 3, "time_control": control,
                                   "seats": [{"kind": "human"}, {"kind": "human"}, BOT]})  # fmt: skip
    game_id = game["game"]["id"]
    tokens = {s: _api(server, f"/games/{game_id}/seats", {"name": n, "seat": s})["token"]
              for s, n in ((0, "Ada"), (1, "Bob"))}  # fmt: skip
    seat = _human_decides(server, game_id)["pending_seat"]
    with chromium() as driver:
        driver.get(server.base_url + "/")
        driver.execute_script(
            "localStorage.setItem('ursuppe.seats', JSON.stringify(arguments[0]))",
            {game_id: {"seat": seat, "token": tokens[seat], "name": "Ada", "joined": 1}},
        )
        driver.get(f"{server.base_url}/game/{game_id}")
        wait_for(driver, lambda s: s["ready"], 30, "the game page")
        countdown = driver.find_element(By.ID, "countdown")
        # 20 s, warned at 10 and not before: the words and the seconds left read at one
        # instant (a page that took over 10 s to load on a busy machine rightly warns at once).
        shown = driver.execute_script(COUNTDOWN_JS, seat)
        assert shown["left"] is not None
        assert ("running low" in shown["text"]) == (shown["left"] <= 10), shown
        _until("the warning", lambda: "low" in countdown.get_attribute("class"), timeout=15)
        assert "Your time is running low" in countdown.text
        assert countdown.get_attribute("role") == "alert"
        cell = driver.find_element(By.CSS_SELECTOR, f"#players td.clock[data-seat='{seat}']")
        assert "low" in cell.get_attribute("class") and _seconds(cell.text) <= 10
        assert console_errors(driver) == []
