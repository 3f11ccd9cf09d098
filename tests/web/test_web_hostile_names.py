"""No text from a user is ever HTML: names written as markup and script go into
every field a person controls (a player's name and its rename, bot seats' names, a seat's
name on joining, a game's label, a chat message, a seek), and every page that shows them
is opened: the lobby, the game page while a seat decides (players, log, decision, chat) and
after the end (ranking, replay), the profile, the leaderboard and the account page. Nothing
runs (no flag set, no alert, no element with an event handler, no console error: a
Content-Security-Policy refusal would be one) and each name shows as the characters typed.
"""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors, open_ready, remember
from harness.web_play import wait_for
from harness.web_server import LiveServer
from tests.web.test_web_play import api, api_post

pytestmark = pytest.mark.integration

# Each sets window.owned (or opens an alert, which fails the next Selenium command) if it
# ever runs; each fits a name's 64 characters.
PLAYER_FIRST = "javascript:window.owned='player'"
PLAYER = "<img src=x onerror=alert(document.domain)>"
BOT_1 = "<img src=x onerror=\"window.owned='bot'\">"
BOT_2 = "\"><svg onload=window.owned='svg'>"
SEAT = "'><script>window.owned='seat'</script>"
CHAT = "<b onmouseover=\"window.owned='chat'\">hi</b> &amp; <a href=javascript:x>x</a>"
SEEKER = "</td><img src=x onerror=window.owned='seek'>"
LABEL = "javascript:window.owned"

#: What a page must not hold: a flag set by a payload, an element carrying an event handler,
#: an inline script, an image (the pages draw none: a payload's <img> would be one), or a
#: link to a javascript: URL.
PROBE_JS = """
const handlers = [...document.querySelectorAll('*')].filter(
  (e) => [...e.attributes].some((a) => a.name.toLowerCase().startsWith('on')));
return {
  owned: window.owned ?? null,
  handlers: handlers.map((e) => e.tagName),
  inlineScripts: document.querySelectorAll('script:not([src])').length,
  images: document.querySelectorAll('img').length,
  jsLinks: [...document.querySelectorAll('a[href]')].filter(
    (a) => a.href.trim().toLowerCase().startsWith('javascript:')).length,
  text: document.body.innerText,
};
"""


def patch(server: LiveServer, path: str, body: dict[str, Any], token: str) -> Any:
    req = urllib.request.Request(
        server.base_url + "/api/v1" + path, json.dumps(body).encode(), method="PATCH",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )  # fmt: skip
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def delete(server: LiveServer, path: str, token: str) -> None:
    req = urllib.request.Request(
        server.base_url + "/api/v1" + path, method="DELETE",
        headers={"Authorization": f"Bearer {token}"},
    )  # fmt: skip
    urllib.request.urlopen(req, timeout=10).close()


def assert_inert(driver: WebDriver, page: str, *shown: str) -> None:
    """Nothing of a payload ran or became an element on ``page``; each of ``shown`` is on
    screen as literal text."""
    probe = driver.execute_script(PROBE_JS)
    assert probe["owned"] is None, f"{page}: a payload ran ({probe['owned']})"
    assert probe["handlers"] == [], f"{page}: elements with event handlers {probe['handlers']}"
    assert probe["inlineScripts"] == 0 and probe["images"] == 0, f"{page}: {probe}"
    assert probe["jsLinks"] == 0, f"{page}: a javascript: link"
    for text in shown:
        assert text in probe["text"], f"{page}: {text!r} is not shown as text"
    assert console_errors(driver) == [], page


def test_hostile_names_show_as_text_on_every_page_and_nothing_runs(server: LiveServer) -> None:
    created = api_post(server, "/players", {"name": PLAYER_FIRST})
    player_id, token = created["player"]["id"], created["token"]
    patch(server, "/players/me", {"name": PLAYER}, token)  # the account's rename
    bots = [{"kind": "bot", "level": "random", "name": name} for name in (BOT_1, BOT_2)]
    body = {"players": 3, "label": LABEL, "seats": [{"kind": "human"}, *bots]}
    game_id = api_post(server, "/games", body, token)["game"]["id"]
    seat = api_post(server, f"/games/{game_id}/seats", {"name": SEAT}, token)
    api_post(server, f"/games/{game_id}/chat", {"text": CHAT}, seat["token"])
    # An open game in the lobby's list shows the names of its seated people.
    open_body = {"players": 3, "seats": [{"kind": "human"}, {"kind": "human"}, bots[0]]}
    open_id = api_post(server, "/games", open_body)["game"]["id"]
    api_post(server, f"/games/{open_id}/seats", {"name": SEAT})
    seeker = api_post(server, "/players", {"name": SEEKER})
    seek = api_post(server, "/seeks", {"players": 5, "wait": 300}, seeker["token"])
    names = [s["name"] for s in api(server, f"/games/{game_id}")["seats"]]
    assert {BOT_1, BOT_2} <= set(names), names

    me = {"id": player_id, "name": PLAYER, "token": token}
    mine = {game_id: {"seat": seat["seat"], "token": seat["token"], "name": SEAT}}
    try:
        with chromium() as person:
            remember(person, server.base_url, {"ursuppe.player": me, "ursuppe.seats": mine})
            person.get(f"{server.base_url}/game/{game_id}")
            wait_for(person, lambda s: s["ready"] and s["kind"], 60, "the seat's decision")
            # The seat decides: players, log (dice among the names), decision and chat.
            WebDriverWait(person, 10).until(lambda d: CHAT in d.find_element(By.ID, "chat").text)
            assert_inert(person, "game page (playing)", *names, CHAT)

            open_ready(person, server.base_url + "/lobby")
            WebDriverWait(person, 10).until(
                lambda d: SEEKER in d.find_element(By.ID, "seek-list").text
            )
            assert_inert(person, "lobby", SEAT, SEEKER)
            open_ready(person, server.base_url + "/account")
            WebDriverWait(person, 10).until(
                lambda d: LABEL in d.find_element(By.TAG_NAME, "body").text
            )
            assert_inert(person, "account", PLAYER, LABEL)
    finally:
        delete(server, f"/seeks/{seek['id']}", seeker["token"])

    # The seat resigns: the stand-in and the bots finish the game, a worker rates it.
    api_post(server, f"/games/{game_id}/seats/{seat['seat']}/resign", token=seat["token"])
    deadline = time.monotonic() + 180
    while not any(r["player_id"] == player_id for r in api(server, "/ratings?pool=3p")):
        assert time.monotonic() < deadline, "the game was not finished and rated"
        time.sleep(0.2)

    with chromium(width=360, height=800) as watcher:
        watcher.get(f"{server.base_url}/game/{game_id}?watch")
        wait_for(watcher, lambda s: s["ready"] and s["status"] == "finished", 60, "the end")
        ranking = watcher.find_element(By.ID, "ranking").text
        assert BOT_1 in ranking and BOT_2 in ranking
        assert_inert(watcher, "game page (finished)", *names, CHAT)
        watcher.find_element(By.ID, "replay-open").click()
        WebDriverWait(watcher, 30).until(
            lambda d: d.find_element(By.ID, "replay").get_attribute("data-shown") == "0"
        )
        watcher.find_element(By.ID, "rp-next").click()
        WebDriverWait(watcher, 30).until(
            lambda d: d.find_element(By.ID, "replay").get_attribute("data-shown") == "1"
        )
        watcher.find_element(By.ID, "rp-last").click()
        WebDriverWait(watcher, 30).until(
            lambda d: d.find_element(By.ID, "replay").get_attribute("data-shown") != "1"
        )
        replay = watcher.find_element(By.ID, "rp-log").text
        assert any(name in replay for name in names), replay
        assert_inert(watcher, "replay", *names)

        open_ready(watcher, f"{server.base_url}/players/{player_id}")
        assert watcher.find_element(By.ID, "name").text == PLAYER
        assert_inert(watcher, "profile", PLAYER, LABEL)
        open_ready(watcher, server.base_url + "/leaderboard?pool=3p")
        assert_inert(watcher, "leaderboard", PLAYER)
