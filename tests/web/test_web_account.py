"""A person on two devices: a player made in one browser, a seat taken there,
a one-time code typed into a second browser (its own profile), the turn found under "My
turns" there and played on by clicking."""

from __future__ import annotations

import random

import pytest
from selenium.common.exceptions import (
    ElementNotInteractableException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors, open_ready
from harness.web_play import play_turns, wait_for
from harness.web_server import LiveServer
from tests.web.test_web_play import api

pytestmark = pytest.mark.integration


def test_sign_in_on_a_second_browser_with_a_code_and_play_on_there(server: LiveServer) -> None:
    with chromium() as laptop, chromium() as phone:
        open_ready(laptop, server.base_url + "/account")
        laptop.find_element(By.ID, "new-name").send_keys("Ann")
        laptop.find_element(By.CSS_SELECTOR, "#create-player button").click()
        WebDriverWait(laptop, 30).until(
            lambda d: d.find_element(By.ID, "player-name").text == "Ann"
        )
        player_id = laptop.find_element(By.ID, "player-id").text

        # A game against two bots from the lobby: the seat is linked to Ann's player.
        open_ready(laptop, server.base_url + "/lobby")
        Select(laptop.find_element(By.ID, "players")).select_by_value("3")
        for s in (1, 2):
            Select(laptop.find_element(By.ID, f"seat-{s}-level")).select_by_value("random")
        laptop.find_element(By.ID, "time-limit").clear()
        laptop.find_element(By.ID, "time-limit").send_keys("0")
        laptop.find_element(By.ID, "create-button").click()
        WebDriverWait(laptop, 30).until(lambda d: "/game/" in d.current_url)
        game_id = laptop.current_url.rsplit("/", 1)[-1]
        assert api(server, f"/games/{game_id}")["seats"][0]["player_id"] == player_id
        wait_for(laptop, lambda s: s["ready"] and s["kind"], 60, "Ann's first decision")

        open_ready(laptop, server.base_url + "/account")
        laptop.find_element(By.ID, "issue-code").click()
        code = WebDriverWait(laptop, 30).until(lambda d: d.find_element(By.ID, "code").text)

        open_ready(phone, server.base_url + "/account")
        phone.find_element(By.ID, "signin-code").send_keys(code)
        phone.find_element(By.CSS_SELECTOR, "#signin button").click()
        WebDriverWait(phone, 30).until(
            lambda d: d.find_element(By.ID, "player-id").text == player_id
        )
        seq_before = api(server, f"/games/{game_id}")["seq"]
        # The list follows the player stream: a row may be redrawn between finding and
        # clicking it, or be found before it can take a click (seen on a loaded machine),
        # so the click is retried on a fresh one.
        WebDriverWait(
            phone,
            30,
            ignored_exceptions=[StaleElementReferenceException, ElementNotInteractableException],
        ).until(
            lambda d: (
                d.find_element(
                    By.CSS_SELECTOR, f"#my-turns tr.turn a[href='/game/{game_id}']"
                ).click()
                or True
            )
        )
        WebDriverWait(phone, 30).until(lambda d: d.current_url.endswith(f"/game/{game_id}"))
        kinds = play_turns(phone, random.Random(3), max_turns=2)
        assert len(kinds) == 2, "the person played on from the second browser"
        assert api(server, f"/games/{game_id}")["seq"] > seq_before
        assert console_errors(phone) == [] and console_errors(laptop) == []

        # Signing out on the phone leaves the laptop signed in.
        open_ready(phone, server.base_url + "/account")
        phone.find_element(By.ID, "signout").click()
        WebDriverWait(phone, 30).until(lambda d: d.find_element(By.ID, "signed-out").is_displayed())
        open_ready(laptop, server.base_url + "/account")
        assert laptop.find_element(By.ID, "player-name").text == "Ann"


def test_the_account_page_speaks_the_chosen_language(server: LiveServer) -> None:
    """The page's words and a refused sign-in code in German (lang/de.js)."""
    with chromium() as browser:
        browser.get(server.base_url + "/")
        browser.execute_script("localStorage.setItem('ursuppe.lang', 'de')")
        open_ready(browser, server.base_url + "/account")
        assert browser.find_element(By.CSS_SELECTOR, "#signin button").text == "Anmelden"
        assert browser.title == "Dein Spieler — Ursuppe"
        browser.find_element(By.ID, "signin-code").send_keys("AAAAA-AAAAA")
        browser.find_element(By.CSS_SELECTOR, "#signin button").click()
        WebDriverWait(browser, 30).until(
            lambda d: d.find_element(By.ID, "account-error").text.startswith(
                "Dieser Code gilt nicht"
            )
        )
        errors = console_errors(browser)  # the refused POST itself is logged by the browser
        assert all("/players/signin" in e and "401" in e for e in errors), errors
