"""The browser's one shared connection (stream-worker.js) after a drop and across the
back/forward cache: every followed game of every tab resumes exactly (each entry and chat
message once, none lost), chat rides the stream with no polling, a page restored from
the cache catches up exactly, and a page that ends without saying goodbye lets its game go."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import urlsplit

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors, in_worker, new_tab, remember
from harness.tcp_proxy import tcp_relay
from harness.web_server import LiveServer
from tests.web.test_web_many_tabs import WORKER_PAGES_JS, settles
from tests.web.test_web_play import api, api_post

pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

HUMAN = {"kind": "human"}

TRACE_JS = """const t = window.ursuppe || {}, s = window.ursuppeStream || {};
return {ready: Boolean(t.ready), mode: t.mode, lastSeq: t.lastSeq,
        entries: s.entries || [], chat: s.chat || [], drops: s.drops || 0,
        restores: s.restores || 0,
        logged: [...new Set([...document.querySelectorAll('#log li[data-seq]')]
                 .map((li) => Number(li.dataset.seq)))],
        said: [...document.querySelectorAll('#chat-list li')].map((li) => Number(li.dataset.id))};"""


def trace(driver: WebDriver) -> dict[str, Any]:
    return driver.execute_script(TRACE_JS)


def wait_for(driver: WebDriver, predicate: Any, timeout: float, what: str) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        state = trace(driver)
        if predicate(state):
            return state
        assert time.monotonic() < deadline, f"timed out waiting for {what}; page {state}"
        time.sleep(0.1)


def started(server: LiveServer) -> tuple[str, dict[int, str]]:
    """An active game of three people: its id and each seat's token."""
    game_id = api_post(server, "/games", {"players": 3, "seats": [HUMAN] * 3, "time_limit": 0})[
        "game"
    ]["id"]
    tokens: dict[int, str] = {}
    while len(tokens) < 3:
        seat = api_post(server, f"/games/{game_id}/seats", {"name": f"p{len(tokens)}"})
        tokens[seat["seat"]] = seat["token"]
    return game_id, tokens


def move(server: LiveServer, game_id: str, tokens: dict[int, str]) -> int:
    pending = api(server, f"/games/{game_id}/pending")
    seat = pending["pending"].get("player", pending["pending"]["seat"])
    body = {"action": pending["pending"]["actions"][0], "expected_seq": pending["seq"]}
    return api_post(server, f"/games/{game_id}/actions", body, tokens[seat])["seq"]


def say(server: LiveServer, game_id: str, tokens: dict[int, str], text: str) -> int:
    return api_post(server, f"/games/{game_id}/chat", {"text": text}, tokens[0])["id"]


def received(state: dict[str, Any], game_id: str, kind: str) -> list[int]:
    return [n for g, n in state[kind] if g == game_id]


def test_a_dropped_connection_resumes_every_game_of_every_tab_exactly(
    server: LiveServer,
) -> None:
    games = dict(started(server) for _ in range(3))
    said = {game_id: [say(server, game_id, tokens, "hello")] for game_id, tokens in games.items()}
    port = urlsplit(server.base_url).port
    assert port is not None
    with tcp_relay(port) as relay, chromium() as browser:
        site = f"http://127.0.0.1:{relay.port}"
        browser.set_page_load_timeout(30)
        tabs: dict[str, str] = {}
        starts: dict[str, int] = {}
        remember(browser, site, {})
        for game_id in games:
            if tabs:
                new_tab(browser)
            browser.get(f"{site}/game/{game_id}")
            state = wait_for(browser, lambda s: s["ready"], 30, "the page")
            assert state["mode"] == "stream"
            assert state["said"] == said[game_id]  # the chat so far, from its first page
            tabs[game_id], starts[game_id] = browser.current_window_handle, state["lastSeq"]

        live = {game_id: [move(server, game_id, tokens)] for game_id, tokens in games.items()}
        for game_id in games:
            said[game_id].append(say(server, game_id, games[game_id], "live"))
        for game_id, handle in tabs.items():
            browser.switch_to.window(handle)
            wait_for(
                browser, lambda s, g=game_id: received(s, g, "chat") == said[g][1:], 15, "chat"
            )

        assert relay.drop() > 0  # the worker's one stream (and any other open connection)
        for game_id, tokens in games.items():  # while the worker reconnects
            live[game_id] += [move(server, game_id, tokens) for _ in range(2)]
            said[game_id].append(say(server, game_id, tokens, "during the drop"))
        for game_id, tokens in games.items():  # and once it has
            live[game_id].append(move(server, game_id, tokens))
            said[game_id].append(say(server, game_id, tokens, "after"))

        for game_id, handle in tabs.items():
            browser.switch_to.window(handle)
            state = wait_for(
                browser,
                lambda s, g=game_id: (
                    live[g][-1] in s["logged"]  # shown (the page paces what it shows)
                    and received(s, g, "chat")[-1:] == said[g][-1:]
                ),
                20,
                f"the entries and chat of {game_id} after the drop",
            )
            assert state["drops"] >= 1
            logged = [e["seq"] for e in api(server, f"/games/{game_id}/events")["items"]]
            after = [seq for seq in logged if seq > starts[game_id]]
            # Each entry and each chat message once, none lost, in order.
            assert received(state, game_id, "entries") == after
            assert received(state, game_id, "chat") == said[game_id][1:]
            assert state["said"] == said[game_id]
            assert state["logged"][-len(after) :] == after
            assert not [g for g, _ in state["entries"] if g != game_id]
            assert console_errors(browser) == []


def test_a_page_back_from_the_cache_catches_up_exactly(server: LiveServer) -> None:
    game_id, tokens = started(server)
    first = move(server, game_id, tokens)
    with chromium() as browser:
        browser.get(f"{server.base_url}/game/{game_id}")
        state = wait_for(browser, lambda s: s["ready"] and s["lastSeq"] == first, 30, "the page")
        said = [say(server, game_id, tokens, "before")]
        wait_for(browser, lambda s: s["said"] == said, 15, "chat on the stream")
        browser.get(f"{server.base_url}/leaderboard")
        missed = [move(server, game_id, tokens) for _ in range(2)]
        said.append(say(server, game_id, tokens, "while away"))
        browser.back()
        state = wait_for(
            browser,
            lambda s: s["restores"] == 1 and s["said"] == said and missed[-1] in s["logged"],
            15,
            "the page restored from the cache, caught up",
        )
        # Restored (not loaded again): what it missed came on the stream, each once.
        assert received(state, game_id, "entries") == missed
        assert received(state, game_id, "chat") == said
        assert state["logged"][-3:] == [first, *missed]
        assert console_errors(browser) == []


DROP_BYE_JS = """const post = MessagePort.prototype.postMessage;
MessagePort.prototype.postMessage = function (message, ...rest) {
  if (message?.op !== "bye") return post.call(this, message, ...rest);
};"""


def test_a_page_that_ends_without_its_bye_lets_its_game_go(server: LiveServer) -> None:
    """A page that crashes, or a tab the browser discards, goes without running its pagehide
    listener, so it never tells the worker "bye"; the Web Lock it held while it lived does:
    the worker forgets the page and the service stops following its game."""
    kept, _ = started(server)
    lost, _ = started(server)
    with chromium() as browser:
        browser.get(f"{server.base_url}/game/{kept}")
        wait_for(browser, lambda s: s["ready"] and s["mode"] == "stream", 30, "the first page")
        first = browser.current_window_handle
        tab = new_tab(browser)
        browser.get(f"{server.base_url}/game/{lost}")
        wait_for(browser, lambda s: s["ready"] and s["mode"] == "stream", 30, "the second page")
        browser.switch_to.window(first)

        def worker_games(want: list[list[str]], what: str) -> None:
            deadline = time.monotonic() + 20
            while (
                sorted(held := json.loads(in_worker(browser, "shared_worker", WORKER_PAGES_JS)))
                != want
            ):
                assert time.monotonic() < deadline, f"{what}: the worker's pages follow {held}"
                time.sleep(0.1)

        worker_games(sorted([[kept], [lost]]), "both pages")
        settles(server, 1, 2, browser)
        # What a crash or a tab the browser discards does: the page goes without telling
        # the worker (here its "bye" is dropped on the way).
        browser.switch_to.window(tab)
        browser.execute_script(DROP_BYE_JS)
        browser.close()
        browser.switch_to.window(first)
        worker_games([[kept]], "after the second page went without its bye")
        settles(server, 1, 1, browser)
        assert console_errors(browser) == []


def test_the_lobby_and_a_game_share_one_connection(server: LiveServer) -> None:
    """The lobby's seeks come on the shared connection, beside a game page's game and chat:
    the service holds one stream for both tabs."""
    game_id, tokens = started(server)
    ann = api_post(server, "/players", {"name": "Ann"})["token"]
    with chromium() as browser:
        browser.get(f"{server.base_url}/game/{game_id}")
        wait_for(browser, lambda s: s["ready"] and s["mode"] == "stream", 30, "the game page")
        new_tab(browser)
        browser.get(f"{server.base_url}/lobby")
        # A seek nobody else makes (its own clock): it waits, and the lobby lists it live.
        seek = {"players": 6, "rated": False, "wait": 600}
        seek["time_control"] = {"type": "bank", "initial": 781}
        api_post(server, "/seeks", seek, ann)
        WebDriverWait(browser, 15).until(lambda d: "Ann" in d.find_element(By.ID, "seek-list").text)
        settles(server, streams=1, games=1, browser=browser)  # the lobby has no stream of its own
        assert console_errors(browser) == []
