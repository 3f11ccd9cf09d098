"""Reports and moderation in the browser, end to end: a player reports a chat message with
the button beside it, the operator makes a moderator from the command line, the moderator
finds the report on the moderation page and mutes its author there; the author's next
message is refused, the audit log shows the action, and a player who is no moderator is
told the page is not theirs."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors, open_ready, remember
from harness.web_server import LiveServer

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]


def _api(
    server: LiveServer, path: str, body: Any = None, token: str | None = None
) -> tuple[int, Any]:
    """(status, document) of a call to the live server's API."""
    headers = {"Accept": "application/json"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server.base_url + "/api/v1" + path, data, headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as resp:
            return resp.status, json.load(resp)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def _player(server: LiveServer, name: str) -> dict[str, str]:
    status, created = _api(server, "/players", {"name": name})
    assert status == 201, created
    return {"id": created["player"]["id"], "name": name, "token": created["token"]}


def test_a_moderator_mutes_a_reported_player_from_the_moderation_page(
    server: LiveServer,
) -> None:
    ann, bob, mo = (_player(server, n) for n in ("Ann", "Bob", "Mo Derator"))
    status, game = _api(server, "/games", {"players": 3, "time_limit": 0, "rated": False})
    assert status == 201, game
    game_id = game["game"]["id"]
    for p in (ann, bob):
        assert _api(server, f"/games/{game_id}/seats", {"name": p["name"]}, p["token"])[0] == 201
    status, said = _api(server, f"/games/{game_id}/chat", {"text": "you fool"}, bob["token"])
    assert status == 201, said

    granted = subprocess.run(
        [sys.executable, "-m", "ai.cli", "moderator", "grant", "Mo Derator"],
        capture_output=True, text=True, env=server.env, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert granted.returncode == 0, granted.stderr

    with chromium() as browser:
        # Ann reports Bob's message with the button beside it in the chat.
        remember(browser, server.base_url, {"ursuppe.player": ann, "ursuppe.lang": "en"})
        browser.get(server.base_url + f"/game/{game_id}")
        line = WebDriverWait(browser, 30).until(
            lambda d: d.find_element(By.CSS_SELECTOR, f"#chat-list li[data-id='{said['id']}']")
        )
        line.find_element(By.CSS_SELECTOR, ".report-open").click()
        Select(line.find_element(By.CSS_SELECTOR, ".report-reason")).select_by_value("abuse")
        line.find_element(By.CSS_SELECTOR, ".report-comment").send_keys("insults at the table")
        line.find_element(By.CSS_SELECTOR, ".report-form button[type=submit]").click()
        WebDriverWait(browser, 30).until(
            lambda d: (
                "moderator will look" in line.find_element(By.CSS_SELECTOR, ".report-status").text
            )
        )
        # Ann is no moderator: the page says so and shows no queue.
        open_ready(browser, server.base_url + "/moderation")
        assert browser.find_element(By.ID, "not-moderator").is_displayed()
        assert not browser.find_element(By.ID, "queue-card").is_displayed()
        errors = console_errors(browser)  # the refused GETs, logged by the browser itself
        assert all("/moderation/" in e and "403" in e for e in errors), errors

    with chromium() as browser:
        remember(browser, server.base_url, {"ursuppe.player": mo, "ursuppe.lang": "en"})
        open_ready(browser, server.base_url + "/moderation")
        row = browser.find_element(By.CSS_SELECTOR, "#queue tr.report-row.open")
        assert "Bob" in row.text and "you fool" in row.text and "insults at the table" in row.text
        Select(row.find_element(By.CSS_SELECTOR, ".act-action")).select_by_value("mute")
        row.find_element(By.CSS_SELECTOR, ".act-hours").send_keys("2")
        row.find_element(By.CSS_SELECTOR, ".act-reason").send_keys("no insults, please")
        row.find_element(By.CSS_SELECTOR, ".act-form button[type=submit]").click()
        WebDriverWait(browser, 30).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#log tr.log-row[data-action='mute']")
        )
        entry = browser.find_element(By.CSS_SELECTOR, "#log tr.log-row[data-action='mute']")
        assert "Mo Derator" in entry.text and "Bob" in entry.text
        assert "no insults, please" in entry.text
        assert browser.find_element(By.ID, "queue").text == "No reports here."  # none open
        assert console_errors(browser) == []

    status, refused = _api(server, f"/games/{game_id}/chat", {"text": "again"}, bob["token"])
    assert (status, refused["code"]) == (403, "chat_muted")
    status, log = _api(server, "/moderation/log", token=mo["token"])
    assert status == 200 and [(e["action"], e["player_id"]) for e in log] == [("mute", bob["id"])]
