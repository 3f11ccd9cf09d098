"""A whole game played with the keyboard alone, as a person who uses no mouse (or a screen
reader) plays: Tab to reach things, Enter and Space to press them, the arrow keys to go
from field to field in the board's text form (board-text.js), which is read first to
check that every field, its food and its amoebas are there in words. No element is
clicked: every key goes to whatever has the focus, as a keyboard's would."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness.browser import chromium, console_errors, remember
from harness.web_server import LiveServer
from tests.web.test_web_play import api, api_post

pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]

#: A whole game in four rounds or so: seat 0 answers 17 to 29 decisions (random play, 30
#: seeds) where the full deck asks 60 to 105, with the same kinds of decision each round;
#: each answer costs dozens of keys, each a round trip to the browser.
FOUR_CARDS = [{"drift": "W", "ozone": 8}, {"drift": "S", "ozone": 12},
              {"drift": "N", "ozone": 10}, {"drift": "E", "ozone": 12}]  # fmt: skip
STATE_JS = """const t = window.ursuppe || {}; const p = document.getElementById('decision');
const skip = document.getElementById('skip-ahead');
return {ready: Boolean(t.ready), status: t.status, seq: t.lastSeq, answered: (t.answered || []).length,
        kind: p && !p.hidden && !p.inert ? (p.dataset.kind || '') : '', skip: Boolean(skip && !skip.hidden),
        offered: document.querySelectorAll('#board-text-list li[data-offered]').length};"""
#: What has the focus, in a few words (for the loops and for a failure's message).
FOCUS_JS = """const e = document.activeElement; if (!e) return {};
return {tag: e.tagName, id: e.id, cls: String(e.className && e.className.baseVal !== undefined ? e.className.baseVal : e.className),
        action: e.matches('#decision button.action'), row: e.matches('#board-text-list li'),
        offered: e.matches('#board-text-list li[data-offered]'), armed: e.dataset ? e.dataset.armed : null,
        summary: e.id === 'board-text-heading', skip: e.id === 'skip-ahead', text: (e.textContent || '').slice(0, 60)};"""


def state(driver: Any) -> dict[str, Any]:
    return driver.execute_script(STATE_JS)


def press(driver: Any, *keys: str) -> dict[str, Any]:
    """Send ``keys`` to whatever has the focus; what has it afterwards."""
    ActionChains(driver).send_keys(*keys).perform()
    return driver.execute_script(FOCUS_JS)


def tab_to(driver: Any, wanted: str, limit: int = 120) -> dict[str, Any] | None:
    """Tab until the focus is on something ``wanted`` (a key of FOCUS_JS); None if it
    never comes within ``limit`` presses (the page changed under the keys)."""
    focus = driver.execute_script(FOCUS_JS)
    for _ in range(limit):
        if focus.get(wanted):
            return focus
        focus = press(driver, Keys.TAB)
    return None


def wait_state(driver: Any, predicate: Any, timeout: float, what: str) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        now = state(driver)
        if predicate(now):
            return now
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; page state {now}")
        time.sleep(0.1)


def answer(driver: Any, rng: random.Random, current: dict[str, Any]) -> bool:
    """Answer the decision on screen with keys only; False when it left the screen first."""
    if current["offered"]:
        # The board in words: one tab stop, then the arrows to a field the decision offers.
        if tab_to(driver, "row") is None:
            return False
        focus = driver.execute_script(FOCUS_JS)
        for key in [Keys.HOME] + [Keys.ARROW_DOWN] * rng.randrange(0, 30):
            if focus.get("offered") and key != Keys.HOME and rng.random() < 0.5:
                break
            focus = press(driver, key)
        for _ in range(60):  # on to the next offered field, wrapping once at the end
            if focus.get("offered"):
                break
            before = focus.get("text")
            focus = press(driver, Keys.ARROW_DOWN)
            if focus.get("text") == before:
                focus = press(driver, Keys.HOME)
        if not focus.get("offered"):
            return False
        focus = press(driver, Keys.ENTER)  # the field's actions appear, the first focused
        if not focus.get("action"):
            return False
    elif tab_to(driver, "action") is None:
        return False
    # Among the action buttons, a random one further along, by Tab.
    for _ in range(rng.randrange(0, 4)):
        nxt = press(driver, Keys.TAB)
        if not nxt.get("action"):
            ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(
                Keys.SHIFT
            ).perform()
            break
    focus = driver.execute_script(FOCUS_JS)
    if not focus.get("action"):
        return False
    focus = press(driver, rng.choice([Keys.ENTER, Keys.SPACE]))
    if focus.get("armed") == "1":
        press(driver, Keys.ENTER)  # a purchase that brings a gene defect asks once more
    return True


def test_a_whole_game_with_the_keyboard_alone(server: LiveServer) -> None:
    rng = random.Random(5)
    created = api_post(server, "/games", {
        "players": 3, "time_limit": 0, "options": {"deck": FOUR_CARDS},
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}],
    })  # fmt: skip
    game_id = created["game"]["id"]
    joined = api_post(server, f"/games/{game_id}/seats", {"name": "Kay"})
    with chromium() as driver:
        remember(driver, server.base_url, {"ursuppe.seats": {game_id: {
            "seat": 0, "token": joined["token"], "name": "Kay", "joined": "2026-01-01T00:00:00Z"}}})  # fmt: skip
        driver.get(f"{server.base_url}/game/{game_id}")
        wait_state(driver, lambda s: s["ready"], 60, "the game page")

        # The board in words: open it from the keyboard and read every field, once the
        # game waits on this seat (so nothing moves while the rows are read).
        wait_state(driver, lambda s: s["kind"], 120, "our first decision")
        assert tab_to(driver, "summary") is not None, "the board in words is not a tab stop"
        press(driver, Keys.ENTER)
        assert driver.find_element(By.ID, "board-text-box").get_attribute("open") is not None
        rows = driver.find_elements(By.CSS_SELECTOR, "#board-text-list li")
        game = api(server, f"/games/{game_id}")
        assert [r.get_attribute("data-field") for r in rows] == [
            f["name"] for f in game["state"]["fields"]
        ]
        words = " ".join(r.text for r in rows)
        assert "cube" in words and "amoeba" in words.lower()
        for seat in game["state"]["seats"]:
            for amoeba in seat["amoebas"]:
                row = next(r for r in rows if r.get_attribute("data-field") == amoeba["field"])
                assert f"amoeba {amoeba['number']}" in row.text, (amoeba, row.text)

        answered = 0
        while True:
            now = wait_state(driver, lambda s: s["status"] != "active" or s["kind"] or s["skip"],
                             120, "our decision, the end, or moves to skip")  # fmt: skip
            if now["status"] != "active":
                break
            try:
                if now["skip"] and not now["kind"]:
                    if tab_to(driver, "skip") is not None:
                        press(driver, Keys.ENTER)
                    continue
                if answer(driver, rng, now):
                    answered += 1
                    wait_state(driver, lambda s, b=now: s["answered"] > b["answered"] or s["seq"] != b["seq"]
                               or s["status"] != "active", 30, "the answer to be applied")  # fmt: skip
            except StaleElementReferenceException:
                continue
        assert answered > 10
        assert api(server, f"/games/{game_id}")["status"] == "finished"
        assert console_errors(driver) == []
