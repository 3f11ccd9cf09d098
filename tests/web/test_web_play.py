"""The browser client in headless Chromium against the live service (gunicorn + Celery).

A person creates a game with two bots in the lobby and plays all their decisions by
clicking until the game ends, while a second browser watches the same game; a reload
mid-game resumes the seat; the console stays free of errors throughout.
"""

from __future__ import annotations

import ast
import json
import random
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors
from harness.web_play import play_turns, wait_for
from harness.web_server import ROOT, LiveServer

pytestmark = pytest.mark.integration


def engine_decision_kinds() -> set[str]:
    """Every decision kind the engine can pose: the ``kind`` literal of each ``Decision(...)``
    in the rule modules (so a new kind without a renderer fails the test below)."""
    kinds: set[str] = set()
    for path in (ROOT / "engine" / "rules").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "Decision"
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
            ):
                kinds.add(node.args[1].value)
    return kinds


def api(server: LiveServer, path: str) -> dict:
    with urllib.request.urlopen(server.base_url + "/api/v1" + path, timeout=10) as resp:
        return json.load(resp)


def api_post(
    server: LiveServer, path: str, body: dict | None = None, token: str | None = None
) -> dict:
    """POST ``body`` as JSON (with a bearer ``token``) to the live server's API."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body or {}).encode()
    req = urllib.request.Request(server.base_url + "/api/v1" + path, data, headers, method="POST")
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def test_landing_page_and_api_docs_load_from_this_server_only(server: LiveServer) -> None:
    with chromium() as driver:
        driver.get(server.base_url + "/")
        links = {a.get_attribute("href") for a in driver.find_elements(By.TAG_NAME, "a")}
        for path in ("/lobby", "/api/v1/docs", "/api/v1/openapi.json"):
            assert server.base_url + path in links
        driver.get(server.base_url + "/api/v1/docs")
        WebDriverWait(driver, 30).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, ".swagger-ui .opblock")
        )
        title = driver.find_element(By.CSS_SELECTOR, ".swagger-ui .info .title").text
        assert "Ursuppe Server" in title
        loaded = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name)"
        )
        assert loaded and all(url.startswith(server.base_url) for url in loaded), loaded
        assert console_errors(driver) == []


def test_every_engine_decision_kind_has_a_renderer(server: LiveServer) -> None:
    engine_kinds = engine_decision_kinds()
    assert len(engine_kinds) >= 16, engine_kinds  # the scan finds the engine's kinds
    with chromium() as driver:
        driver.get(server.base_url + "/")
        renderers = driver.execute_async_script(
            "const done = arguments[0];"
            "import('/web/static/decisions.js').then(m => done(Object.keys(m.RENDERERS)));"
        )
        assert console_errors(driver) == []
    assert engine_kinds - set(renderers) == set(), "decision kinds without a renderer"


def test_a_person_plays_a_whole_game_against_two_bots_while_another_browser_watches(
    server: LiveServer, answered_kinds: set[str]
) -> None:
    rng = random.Random(17)
    with chromium() as player, chromium(width=360, height=800) as watcher:
        player.get(server.base_url + "/lobby")
        WebDriverWait(player, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        Select(player.find_element(By.ID, "players")).select_by_visible_text("3")
        player.find_element(By.ID, "your-name").clear()
        player.find_element(By.ID, "your-name").send_keys("Ada")
        for seat in (1, 2):
            Select(player.find_element(By.ID, f"seat-{seat}-kind")).select_by_value("bot")
            Select(player.find_element(By.ID, f"seat-{seat}-level")).select_by_value("random")
        time_limit = player.find_element(By.ID, "time-limit")
        time_limit.clear()
        time_limit.send_keys("0")
        player.find_element(By.ID, "create-button").click()
        WebDriverWait(player, 30).until(lambda d: "/game/" in d.current_url)
        game_id = player.current_url.rsplit("/", 1)[-1]
        wait_for(player, lambda s: s["ready"], 30, "the game page")
        assert player.find_element(By.ID, "role").text == "You play seat 1"

        watcher.get(f"{server.base_url}/game/{game_id}")  # no token in this browser: watching
        wait_for(watcher, lambda s: s["ready"], 30, "the watcher's page")
        assert watcher.find_element(By.ID, "role").text == "Watching (read-only)"
        assert watcher.execute_script("return window.ursuppe.mode") == "stream"

        kinds = play_turns(player, rng, max_turns=12)
        assert watcher.find_elements(By.CSS_SELECTOR, "#decision button.action") == []

        player.refresh()  # a reload resumes the seat from the token in localStorage
        wait_for(player, lambda s: s["ready"], 30, "the reloaded page")
        assert player.find_element(By.ID, "role").text == "You play seat 1"

        kinds += play_turns(player, rng, max_turns=5000)
        final = wait_for(player, lambda s: s["status"] == "finished", 60, "the end")
        answered_kinds.update(kinds)
        assert len(kinds) > 20

        game = api(server, f"/games/{game_id}")
        assert game["status"] == "finished"
        ranking = player.find_elements(By.CSS_SELECTOR, "#ranking tr")
        assert len(ranking) == 1 + 3
        # The end screen says why the game ended: the game_ended event's reason, in words.
        ended = next(
            e
            for item in api(server, f"/games/{game_id}/events?since={game['seq'] - 1}")["items"]
            for e in item["events"]
            if e["type"] == "game_ended"
        )
        texts = api(server, "/rules")["texts"]
        why = player.find_element(By.CSS_SELECTOR, "#result .end-reason").text
        assert why == texts["end_reasons"][ended["reason"]]
        wait_for(watcher, lambda s: s["status"] == "finished", 30, "the watcher to see the end")
        assert len(watcher.find_elements(By.CSS_SELECTOR, "#ranking tr")) == 1 + 3

        def seqs(driver) -> list[int]:  # noqa: ANN001
            return driver.execute_script(
                "return [...new Set([...document.querySelectorAll('#log li[data-seq]')]"
                ".map(li => Number(li.dataset.seq)))]"
            )

        everything = list(range(1, game["seq"] + 1))
        assert seqs(watcher) == everything
        assert seqs(player) == everything
        assert final["seq"] == game["seq"]

        # The replay steps through the game move by move, drawing each position the server
        # replays (food included) on the whole table: its last step is the board the game
        # ended on, its first has every score at nought.
        def fields(board: str) -> list[str]:
            return player.execute_script(
                f"return [...document.querySelectorAll('#{board} title')].map(t => t.textContent)"
            )

        def step_shown(n: int) -> None:
            WebDriverWait(player, 10).until(
                lambda d: d.find_element(By.ID, "replay").get_attribute("data-shown") == str(n)
            )

        def scores() -> list[str]:
            return player.execute_script(
                "return [...document.querySelectorAll('#players tr.colour')]"
                ".map(r => r.cells[1].textContent)"
            )

        ended = fields("board-wrap")
        assert any(s != "0" for s in scores())
        player.find_element(By.ID, "replay-open").click()
        step_shown(0)
        assert "food" in " ".join(fields("board-wrap"))
        assert fields("board-wrap") != ended and set(scores()) == {"0"}
        assert len(player.find_elements(By.CSS_SELECTOR, "svg.board")) == 1
        player.find_element(By.ID, "rp-next").click()
        step_shown(1)
        assert player.find_element(By.ID, "rp-pos").text == f"move 1 of {game['seq']}"
        player.find_element(By.ID, "rp-last").click()
        step_shown(game["seq"])
        assert player.find_element(By.ID, "rp-pos").text == f"move {game['seq']} of {game['seq']}"
        assert fields("board-wrap") == ended

        assert console_errors(player) == []
        assert console_errors(watcher) == []
    assert answered_kinds <= engine_decision_kinds()
    print("decision kinds answered by clicking:", sorted(answered_kinds))


def test_people_join_an_open_game_from_the_lobby_and_see_the_deadline(server: LiveServer) -> None:
    body = {"players": 3, "time_limit": 600,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]}  # fmt: skip
    req = urllib.request.Request(
        server.base_url + "/api/v1/games", data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(req, timeout=10) as resp:
        game_id = json.load(resp)["game"]["id"]
    with chromium() as first, chromium() as second:
        for driver, name, seat in ((first, "Bo", 1), (second, "Cy", 2)):
            driver.get(server.base_url + "/lobby")
            WebDriverWait(driver, 30).until(
                lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
            )
            driver.find_element(By.ID, "your-name").clear()
            driver.find_element(By.ID, "your-name").send_keys(name)
            row = driver.find_element(
                By.XPATH, f"//table[@id='open-games']//tr[td[contains(., '{game_id[:8]}')]]"
            )
            row.find_element(By.CSS_SELECTOR, "button.join").click()
            WebDriverWait(driver, 30).until(lambda d: d.current_url.endswith(f"/game/{game_id}"))
            wait_for(driver, lambda s: s["ready"], 30, "the game page")
            assert driver.find_element(By.ID, "role").text == f"You play seat {seat}"
        wait_for(first, lambda s: s["status"] == "active", 30, "the start")
        countdown = WebDriverWait(first, 10).until(
            lambda d: d.find_element(By.ID, "countdown").text
        )
        assert "left" in countdown  # beside a clock drawn as SVG, not an emoji
        assert first.find_elements(By.CSS_SELECTOR, "#countdown svg.icon")
        second.find_element(By.ID, "resign").click()  # armed
        second.find_element(By.ID, "resign").click()  # resigned: a bot plays seat 2 on
        WebDriverWait(second, 10).until(
            lambda d: d.find_element(By.ID, "role").text == "Watching (read-only)"
        )
        assert api(server, f"/games/{game_id}")["seats"][1]["resigned"] is True
        first.get(server.base_url + "/lobby")  # my games lists the seat with a resume link
        WebDriverWait(first, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        links = [
            a.get_attribute("href") for a in first.find_elements(By.CSS_SELECTOR, "#my-games a")
        ]
        assert f"{server.base_url}/game/{game_id}" in links
        assert console_errors(first) == [] and console_errors(second) == []


def test_a_6_player_game_shows_six_colours_and_shapes(server: LiveServer) -> None:
    """Seats 5 and 6 have their own colour-blind-safe colour and shape (a star, a cross), and
    the lobby offers every player count of GET /rules."""
    body = {"players": 6, "time_limit": 600,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 5}  # fmt: skip
    req = urllib.request.Request(
        server.base_url + "/api/v1/games", data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(req, timeout=10) as resp:
        game_id = json.load(resp)["game"]["id"]
    with chromium() as driver:
        driver.get(server.base_url + "/lobby")
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        options = [o.text for o in Select(driver.find_element(By.ID, "players")).options]
        assert options[:4] == ["3", "4", "5", "6"]  # then the 2-player variants
        assert options[4:] and all(o.startswith("2: ") for o in options[4:])
        driver.get(server.base_url + f"/game/{game_id}")
        wait_for(driver, lambda s: s["ready"], 30, "the game page")
        chips = {
            seat: driver.find_elements(By.CSS_SELECTOR, f"#players svg .s{seat}")
            for seat in range(6)
        }
        assert all(chips.values()), {s: len(c) for s, c in chips.items()}
        assert chips[4][0].tag_name == "polygon" and chips[5][0].tag_name == "polygon"
        fills = {driver.execute_script("return getComputedStyle(arguments[0]).fill", c[0])
                 for c in chips.values()}  # fmt: skip
        assert len(fills) == 6
        assert console_errors(driver) == []
