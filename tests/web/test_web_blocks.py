"""Blocking and deleting in the browser: a block made from another player's profile is
listed on the account page and undone there; the table hides a blocked player's messages,
live and after a reload; an account is deleted from the account page only once its name
is typed to confirm, and the browser is signed out after it."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors, open_ready, remember
from harness.web_server import LiveServer

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]


def _api(
    server: LiveServer, path: str, token: str | None = None, body: Any = None, method: str = ""
) -> Any:
    headers = {"Accept": "application/json"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        server.base_url + "/api/v1" + path,
        data=None if body is None else json.dumps(body).encode(),
        headers=headers,
        method=method or ("GET" if body is None else "POST"),
    )
    with urllib.request.urlopen(request, timeout=10) as resp:
        return json.load(resp)


def _player(server: LiveServer, name: str) -> dict[str, str]:
    created = _api(server, "/players", body={"name": name})
    return {"id": created["player"]["id"], "name": name, "token": created["token"]}


def _blocked(server: LiveServer, player: dict[str, str]) -> list[str]:
    return [b["player_id"] for b in _api(server, "/players/me/blocks", player["token"])]


def test_block_from_a_profile_and_unblock_from_the_account_page(server: LiveServer) -> None:
    ann = _player(server, "Ann")
    bob = _player(server, "Bob")
    with chromium() as driver:
        remember(driver, server.base_url, {"ursuppe.player": ann, "ursuppe.lang": "en"})
        open_ready(driver, f"{server.base_url}/players/{ann['id']}")
        assert not driver.find_element(By.ID, "block").is_displayed()  # not on one's own

        open_ready(driver, f"{server.base_url}/players/{bob['id']}")
        button = driver.find_element(By.ID, "block-button")
        assert button.is_displayed() and button.text == "Block Bob"
        button.click()
        WebDriverWait(driver, 20).until(
            lambda d: d.find_element(By.ID, "block-status").text == "You blocked Bob."
        )
        assert button.text == "Unblock Bob"
        assert _blocked(server, ann) == [bob["id"]]

        open_ready(driver, f"{server.base_url}/account")
        row = driver.find_element(By.CSS_SELECTOR, f"#blocks li[data-player='{bob['id']}']")
        assert "Bob" in row.text
        row.find_element(By.CSS_SELECTOR, "button.unblock").click()
        WebDriverWait(driver, 20).until(
            lambda d: d.find_element(By.ID, "account-status").text == "Bob is not blocked any more."
        )
        assert driver.find_elements(By.CSS_SELECTOR, "#blocks li[data-player]") == []
        assert _blocked(server, ann) == []
        assert console_errors(driver) == []


def test_deleting_the_account_asks_for_the_name_and_signs_out(server: LiveServer) -> None:
    cleo = _player(server, "Cleo")
    with chromium() as driver:
        remember(driver, server.base_url, {"ursuppe.player": cleo, "ursuppe.lang": "en"})
        open_ready(driver, f"{server.base_url}/account")
        WebDriverWait(driver, 20).until(
            lambda d: d.find_element(By.ID, "delete-card").is_displayed()
        )
        confirm = driver.find_element(By.ID, "delete-confirm")
        confirm.send_keys("Someone else")
        driver.find_element(By.ID, "delete-button").click()
        WebDriverWait(driver, 20).until(
            lambda d: "exactly" in d.find_element(By.ID, "account-error").text
        )
        assert _api(server, "/players/me", cleo["token"])["name"] == "Cleo"  # still there

        confirm.clear()
        confirm.send_keys("Cleo")
        driver.find_element(By.ID, "delete-button").click()
        WebDriverWait(driver, 20).until(
            lambda d: d.find_element(By.ID, "signed-out").is_displayed()
        )
        assert "deleted" in driver.find_element(By.ID, "account-status").text
        assert driver.execute_script("return localStorage.getItem('ursuppe.player')") is None
        with pytest.raises(urllib.error.HTTPError) as refused:
            _api(server, "/players/me", cleo["token"])
        assert refused.value.code == 401
        assert _api(server, f"/players/{cleo['id']}")["player"]["name"] == "deleted player"
        assert console_errors(driver) == []


def _shown(driver: Any) -> list[str]:
    return [
        li.find_element(By.CLASS_NAME, "chat-text").text
        for li in driver.find_elements(By.CSS_SELECTOR, "#chat-list li")
        if li.is_displayed()
    ]


def test_the_table_hides_a_blocked_players_messages(server: LiveServer) -> None:
    ann = _player(server, "Ann")
    bob = _player(server, "Bob")
    game_id = _api(server, "/games", body={"players": 3, "time_limit": 0})["game"]["id"]
    seat = _api(server, f"/games/{game_id}/seats", ann["token"], {"name": "Ann"})
    _api(server, f"/games/{game_id}/seats", bob["token"], {"name": "Bob"})
    cy = _api(server, f"/games/{game_id}/seats", body={"name": "Cy"})  # the game starts
    _api(server, f"/players/me/blocks/{bob['id']}", ann["token"], method="PUT")
    kept = {game_id: {"seat": seat["seat"], "token": seat["token"], "name": "Ann"}}
    with chromium() as driver:
        remember(
            driver,
            server.base_url,
            {"ursuppe.player": ann, "ursuppe.seats": kept, "ursuppe.lang": "en"},
        )
        driver.get(f"{server.base_url}/game/{game_id}")
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return window.ursuppe?.ready"))
        for token, text in ((bob["token"], "from Bob"), (cy["token"], "from Cy")):
            _api(server, f"/games/{game_id}/chat", token, {"text": text})
        # In order: once Cy's message shows, Bob's came before it, kept hidden.
        WebDriverWait(driver, 20).until(lambda d: _shown(d) == ["from Cy"])
        assert len(driver.find_elements(By.CSS_SELECTOR, "#chat-list li")) == 2
        driver.refresh()
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return window.ursuppe?.ready"))
        WebDriverWait(driver, 20).until(lambda d: _shown(d) == ["from Cy"])
        assert console_errors(driver) == []
