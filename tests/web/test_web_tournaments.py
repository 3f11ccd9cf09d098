"""Tournaments in the browser: an organiser's Swiss (tables of four, the service's bots in
the empty seats) is listed in the lobby and on the tournaments page; three people enter it
with one click each (one on a 360 px phone, one in German), the workers pair round 1 at its
start, each takes their seat from the tournament page, they play it out against the bot,
and the standings on an open tournament page move without a reload."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors, open_ready
from harness.web_server import LiveServer

pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]


def _api(server: LiveServer, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.base_url + "/api/v1" + path, data, headers)
    with urllib.request.urlopen(request, timeout=10) as resp:
        return json.load(resp)


def _seats(driver: Any) -> dict[str, Any] | None:
    return json.loads(
        driver.execute_script("return localStorage.getItem('ursuppe.seats')") or "null"
    )


def _player(driver: Any) -> dict[str, Any]:
    return json.loads(driver.execute_script("return localStorage.getItem('ursuppe.player')"))


def _play_out(server: LiveServer, game_id: str, tokens: dict[int, str], timeout: float) -> None:
    """The people's seats play their first legal action whenever it is their turn; the bot's
    seat is the workers'. Waits on the game's own state, checked again after each move."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        game = _api(server, f"/games/{game_id}")
        if game["status"] == "finished":
            return
        pending = _api(server, f"/games/{game_id}/pending")
        seat = (pending.get("pending") or {}).get("seat")
        if seat not in tokens:
            time.sleep(0.05)  # the bot's turn: the worker plays it
            continue
        body = {"action": pending["pending"]["actions"][0], "expected_seq": pending["seq"]}
        try:
            _api(server, f"/games/{game_id}/actions", body, tokens[seat])
        except urllib.error.HTTPError as err:
            if err.code != 409:  # a stale seq: the game moved meanwhile; read it again
                raise
    raise AssertionError(f"game {game_id} did not finish in {timeout} s")


def _column(driver: Any, selector: str) -> list[str]:
    """The cells' texts in one script (the table may be drawn anew between two reads)."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((td) => td.textContent)",
        selector,
    )


def _scores(driver: Any) -> list[str]:
    return _column(driver, "#tn-standings td.score")


def test_three_people_enter_play_round_one_and_see_the_standings_move(server: LiveServer) -> None:
    with (
        chromium() as ann,
        chromium() as bob,
        chromium() as cy,
        chromium() as watcher,
    ):
        bob.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": True})  # fmt: skip
        cy.get(server.base_url + "/")
        cy.execute_script("localStorage.setItem('ursuppe.lang', 'de')")
        # Created once the browsers are up: they enter well before the start.
        organiser = _api(server, "/players", {"name": "Organiser"})
        starts = datetime.now(UTC) + timedelta(seconds=90)
        tournament = _api(server, "/tournaments", {
            "name": "Evening pods", "format": "swiss", "rounds": 1, "players": 4,
            "service_bots": "random", "rated": False, "time_control": {"type": "none"},
            "starts_at": starts.isoformat(),
        }, organiser["token"])  # fmt: skip
        url = f"{server.base_url}/tournaments/{tournament['id']}"
        # The lobby offers it; the tournaments page lists it as upcoming.
        open_ready(ann, server.base_url + "/lobby")
        assert "Evening pods" in ann.find_element(By.ID, "enterable").text
        open_ready(ann, server.base_url + "/tournaments")
        assert "Evening pods" in ann.find_element(By.ID, "upcoming").text
        for driver, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
            open_ready(driver, url)
            field = driver.find_element(By.ID, "tn-player-name")
            field.send_keys(name)
            driver.find_element(By.ID, "tn-enter").click()
            WebDriverWait(driver, 20).until(
                lambda d, name=name: name in d.find_element(By.ID, "tn-entries").text
            )
            assert driver.find_element(By.ID, "tn-withdraw").is_displayed()
        assert "Teilnehmer" in cy.find_element(By.TAG_NAME, "main").text  # in German
        open_ready(watcher, url)
        assert _scores(watcher) == ["0", "0", "0"]
        # The workers pair round 1 at the start: one table, three people and a bot.
        for driver in (ann, bob, cy):
            WebDriverWait(driver, 120).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "a.play-table")
            )
        table = watcher.find_element(By.CSS_SELECTOR, "tr.tn-table")
        game_id = table.get_attribute("data-game")
        assert table.text.count("Bot") == 1
        seats = {s["player_id"]: s["seat"] for s in _api(server, f"/games/{game_id}")["seats"]}
        tokens: dict[int, str] = {}
        for driver in (ann, bob, cy):
            driver.find_element(By.CSS_SELECTOR, "a.play-table").click()
            WebDriverWait(driver, 20).until(lambda d: f"/game/{game_id}" in d.current_url)
            # The game's page plays the player's seat (its resign button shows) with the
            # player token: no seat token.
            player = _player(driver)
            WebDriverWait(driver, 20).until(
                lambda d: d.find_element(By.ID, "resign").is_displayed()
            )
            assert game_id not in (_seats(driver) or {})
            tokens[seats[player["id"]]] = player["token"]
        assert len(tokens) == 3
        _play_out(server, game_id, tokens, timeout=400)
        # The watcher's page, never reloaded, shows the round's result.
        WebDriverWait(watcher, 60).until(lambda d: _scores(d) != ["0", "0", "0"])
        WebDriverWait(watcher, 60).until(
            lambda d: (
                "place"
                in d.execute_script("return document.getElementById('tn-rounds').textContent")
            )
        )
        games = [
            td.text
            for td in watcher.find_elements(By.CSS_SELECTOR, "#tn-standings tr td:nth-child(4)")
        ]
        assert games == ["1", "1", "1"]
        open_ready(bob, url)  # the phone: the page fits and shows the same standings
        width = bob.execute_script("return document.documentElement.scrollWidth")
        assert width <= 360
        assert _scores(bob) == _scores(watcher)
        for driver in (ann, bob, cy, watcher):
            assert console_errors(driver) == []
