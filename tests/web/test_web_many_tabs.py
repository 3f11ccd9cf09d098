"""Many game pages in tabs of one browser share one connection (stream-worker.js): twelve
tabs of a signed-in player, with a seat in half of the games, all load within seconds and
show every new entry of their game live, while the service holds one stream for them all
(its /metrics); closing tabs lets their games go; a page restored from the back/forward
cache catches up exactly; once no page needs it the connection closes."""

from __future__ import annotations

import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.remote.webdriver import WebDriver

from harness.browser import Chromium, chromium, console_errors, in_worker, new_tab, remember
from harness.web_server import LiveServer, live_server
from tests.web.test_web_play import api, api_post

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

HUMAN = {"kind": "human"}
TABS = 12
LOADED_WITHIN = 8.0  # seconds from asking for the page to the page following its game


def gauge(server: LiveServer, name: str) -> float:
    """A gauge of the service's /metrics (the streams it holds, the games they follow)."""
    with urllib.request.urlopen(server.base_url + "/metrics", timeout=10) as resp:
        text = resp.read().decode()
    found = re.search(rf"^{name}(?:{{[^}}]*}})? (\S+)$", text, re.M)
    return float(found[1]) if found else 0.0


#: What the browser's stream worker holds: each page it knows (port) and that page's games.
WORKER_PAGES_JS = "JSON.stringify([...pages.values()].map((p) => [...p.games.keys()]))"


def settles(server: LiveServer, streams: int, games: int, browser: Chromium) -> None:
    """The service holds ``streams`` following ``games``: a connection the browser dropped is
    let go once the service writes to it again (a heartbeat, every 10 s; the second write
    fails), so within about 20 s."""
    deadline = time.monotonic() + 30
    while True:
        now = gauge(server, "ursuppe_streams_open"), gauge(server, "ursuppe_stream_games_followed")
        if now == (streams, games):
            return
        if time.monotonic() > deadline:
            log = (server.workdir / "gunicorn.log").read_text(errors="replace").splitlines()
            opened = "\n".join(line for line in log if "/stream" in line)
            try:  # which pages the browser's worker still serves, and their games
                held = in_worker(browser, "shared_worker", WORKER_PAGES_JS)
            except (AssertionError, WebDriverException, OSError) as err:
                held = f"(no worker to ask: {err})"
            raise AssertionError(
                f"streams, games: {now}, not {streams, games}; the worker's pages: {held}; "
                f"streams:\n{opened}"
            )
        time.sleep(0.1)


def move(server: LiveServer, game_id: str, tokens: dict[int, str]) -> int:
    """The pending decision's first action in ``game_id``; the seq after it."""
    pending = api(server, f"/games/{game_id}/pending")
    seat = pending["pending"].get("player", pending["pending"]["seat"])
    body = {"action": pending["pending"]["actions"][0], "expected_seq": pending["seq"]}
    return api_post(server, f"/games/{game_id}/actions", body, tokens[seat])["seq"]


TRACE_JS = """const t = window.ursuppe || {};
return {ready: Boolean(t.ready), lastSeq: t.lastSeq, mode: t.mode,
        shown: (t.shown || []).map((e) => e.seq), restored: window.__restored === true};"""


def wait_for(driver: WebDriver, predicate: Any, timeout: float, what: str) -> dict[str, Any]:
    """The page's trace (game.js) once ``predicate`` holds."""
    deadline = time.monotonic() + timeout
    while True:
        state = driver.execute_script(TRACE_JS)
        if predicate(state):
            return state
        assert time.monotonic() < deadline, f"timed out waiting for {what}; page {state}"
        time.sleep(0.1)


def shown_live(driver: WebDriver, seq: int, what: str) -> None:
    """The page drew entry ``seq`` as it came on the stream (not from a reload)."""
    wait_for(driver, lambda s: seq in s["shown"], 15, what)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A service of this test's own: it counts the streams the service holds, which another
    test's page left open on the shared server (until its next heartbeat) would change."""
    with live_server(tmp_path) as live:
        yield live


def test_twelve_tabs_share_one_connection(server: LiveServer) -> None:
    created = api_post(server, "/players", {"name": "Tess"})
    player = {"id": created["player"]["id"], "name": "Tess", "token": created["token"]}
    games: dict[str, dict[int, str]] = {}
    kept: dict[str, dict[str, object]] = {}
    for i in range(TABS):
        game_id = api_post(server, "/games", {"players": 3, "seats": [HUMAN] * 3, "time_limit": 0})[
            "game"
        ]["id"]
        tokens: dict[int, str] = {}
        if i % 2 == 0:  # Tess holds a seat in half of them
            seat = api_post(server, f"/games/{game_id}/seats", {"name": "Tess"}, player["token"])
            tokens[seat["seat"]] = seat["token"]
            kept[game_id] = {"seat": seat["seat"], "token": seat["token"], "name": "Tess"}
        while len(tokens) < 3:
            seat = api_post(server, f"/games/{game_id}/seats", {"name": f"p{len(tokens)}"})
            tokens[seat["seat"]] = seat["token"]
        games[game_id] = tokens

    with chromium() as browser:
        browser.set_page_load_timeout(30)
        remember(browser, server.base_url, {"ursuppe.player": player, "ursuppe.seats": kept})
        tabs: dict[str, str] = {}
        loads: list[float] = []
        for game_id in games:
            if tabs:
                new_tab(browser)
            asked = time.monotonic()
            browser.get(f"{server.base_url}/game/{game_id}")
            wait_for(browser, lambda s: s["ready"], 30, f"tab {len(tabs) + 1}")
            loads.append(time.monotonic() - asked)
            tabs[game_id] = browser.current_window_handle
            assert browser.execute_script("return window.ursuppe.mode") == "stream"
        assert max(loads) < LOADED_WITHIN, loads
        settles(
            server, streams=1, games=TABS, browser=browser
        )  # one connection carries every tab's game

        for game_id, tokens in games.items():
            seq = move(server, game_id, tokens)
            browser.switch_to.window(tabs[game_id])
            shown_live(browser, seq, f"entry {seq} of {game_id} in its tab")

        closed = list(games)[: TABS // 2]
        for game_id in closed:
            browser.switch_to.window(tabs.pop(game_id))
            browser.close()
        settles(
            server, streams=1, games=TABS - len(closed), browser=browser
        )  # their games are let go

        # The back/forward cache: a page left for another keeps nothing open, and on its
        # way back it catches up with what it missed, each entry once.
        game_id, handle = next(iter(tabs.items()))
        browser.switch_to.window(handle)
        browser.execute_script(
            "addEventListener('pageshow', (e) => { window.__restored = e.persisted; })"
        )
        before = wait_for(browser, lambda s: True, 1, "the trace")["shown"]
        browser.get(f"{server.base_url}/")
        settles(server, streams=1, games=len(tabs) - 1, browser=browser)  # left: its game is let go
        missed = [move(server, game_id, games[game_id]) for _ in range(2)]
        browser.back()
        state = wait_for(browser, lambda s: s["ready"] and s["lastSeq"] >= missed[-1], 15, "back")
        # From the cache, not loaded again: the missed entries came live, once each.
        assert state["restored"], "the page was loaded again, not restored from the cache"
        state = wait_for(browser, lambda s: missed[-1] in s["shown"], 15, "caught up")
        assert state["shown"] == [*before, *missed]
        settles(server, streams=1, games=len(tabs), browser=browser)
        assert console_errors(browser) == []

        # No page needs the connection any more: it closes.
        for handle in list(tabs.values())[1:]:
            browser.switch_to.window(handle)
            browser.close()
        browser.switch_to.window(next(iter(tabs.values())))
        browser.get(f"{server.base_url}/")
        settles(server, streams=0, games=0, browser=browser)
