"""Challenges and rematches in the browser: a bot account challenges a person, whose lobby
shows the challenge; accepting it opens the new game with the person's seat. After a
finished game, "Rematch" on its page starts the same game again (against the service's
bots: at once) and opens it. Another player's profile challenges that player."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from sqlalchemy import create_engine
from sqlalchemy import text as text_sql

from harness.browser import chromium, console_errors, open_ready, remember
from harness.web_server import LiveServer

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]


def _api(server: LiveServer, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Accept": "application/json"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        server.base_url + "/api/v1" + path,
        data=None if body is None else json.dumps(body).encode(),
        headers=headers,
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request, timeout=10) as resp:
        return json.load(resp)


def _player(server: LiveServer, name: str, *, bot: bool = False) -> dict[str, str]:
    created = _api(server, "/players", {"name": name})
    token = created["token"]
    if bot:
        _api(server, "/players/me/bot-account", {}, token)
    return {"id": created["player"]["id"], "name": name, "token": token}


def _finished_game(server: LiveServer, ann: dict[str, str]) -> str:
    """A game of ann against two random bots, played to its end: ann's moves with her
    player token, the bots' by the workers (each look waits on the game's next state)."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"},
             {"kind": "bot", "level": "random"}]  # fmt: skip
    game = _api(server, "/games", {"players": 3, "seats": seats, "time_limit": 0,
                                   "rated": False}, ann["token"])["game"]["id"]  # fmt: skip
    _api(server, f"/games/{game}/seats", {"name": ann["name"]}, ann["token"])
    return _play_to_the_end(server, game, ann)


def _play_to_the_end(server: LiveServer, game: str, ann: dict[str, str]) -> str:
    """Play ``game`` to its end, ann in seat 0 with her player token."""
    rng = random.Random(5)
    for _ in range(3000):
        p = _api(server, f"/games/{game}/pending")
        if p["status"] == "finished":
            return game
        if p["pending"] and p["pending"]["seat"] == 0:
            action = rng.choice(p["pending"]["actions"])
            _api(server, f"/games/{game}/actions", {"action": action, "expected_seq": p["seq"]},
                 ann["token"])  # fmt: skip
        else:  # the bots' turn: the game stream's next entry says when it moved on
            url = f"{server.base_url}/api/v1/games/{game}/stream?since={p['seq']}"
            with urllib.request.urlopen(
                urllib.request.Request(url, headers={"Accept": "application/x-ndjson"}),
                timeout=30,
            ) as stream:
                for line in stream:
                    if json.loads(line).get("type") in ("entry", "end"):
                        break
    raise AssertionError("the game did not end")


def test_accepting_a_challenge_and_offering_a_rematch(server: LiveServer) -> None:
    ann = _player(server, "Ann")
    engine = _player(server, "Engine", bot=True)
    challenge = _api(server, "/challenges", {"invited": [ann["id"]], "players": 3,
                                             "rated": False, "time_control": {"type": "none"}},
                     engine["token"])  # fmt: skip
    with chromium() as driver:
        remember(driver, server.base_url, {"ursuppe.player": ann, "ursuppe.lang": "en"})
        open_ready(driver, server.base_url + "/lobby")
        # The card is drawn anew on every notice of the player's stream: look it up afresh.
        fresh = WebDriverWait(driver, 20, ignored_exceptions=(StaleElementReferenceException,))
        text = fresh.until(
            lambda d: (
                d.find_element(By.ID, "challenges").is_displayed()
                and d.find_element(By.ID, "challenges").text
            )
        )
        assert "Engine (bot) challenges you" in text
        assert "3 players" in text and "unrated" in text
        fresh.until(
            lambda d: d.find_element(By.ID, f"challenge-accept-{challenge['id']}").click() or True
        )
        WebDriverWait(driver, 30).until(lambda d: "/game/" in d.current_url)
        game_id = driver.current_url.rsplit("/", 1)[-1]
        assert (
            _api(server, f"/challenges/{challenge['id']}", token=ann["token"])["game_id"] == game_id
        )
        # The page plays Ann's seat with her player token (no seat token is minted); the
        # invited sit after the challenger.
        WebDriverWait(driver, 20).until(
            lambda d: (
                "(you)" in d.find_element(By.CSS_SELECTOR, "#players tr[data-player='1']").text
            )
        )
        assert driver.execute_script("return localStorage.getItem('ursuppe.seats')") is None
        game = _api(server, f"/games/{game_id}")
        assert [s["player_id"] for s in game["seats"]][:2] == [engine["id"], ann["id"]]
        assert console_errors(driver) == []

        finished = _finished_game(server, ann)
        driver.get(f"{server.base_url}/game/{finished}")  # the finished game's page
        label = fresh.until(
            lambda d: (
                d.find_element(By.ID, "rematch-button").is_displayed()
                and d.find_element(By.ID, "rematch-button").text
            )
        )
        assert label == "Rematch"
        # Against the service's bots only: the new game starts at once.
        fresh.until(lambda d: d.find_element(By.ID, "rematch-button").click() or True)
        WebDriverWait(driver, 30).until(lambda d: finished not in d.current_url)
        again = driver.current_url.rsplit("/", 1)[-1]
        rematch = _api(server, f"/games/{again}")
        assert [s["player_id"] for s in rematch["seats"]] == [ann["id"], None, None]
        assert [s["bot_level"] for s in rematch["seats"]][1:] == ["random", "random"]
        assert rematch["rated"] is False
        assert console_errors(driver) == []


@pytest.mark.parametrize("width", [1280, 360])
def test_challenging_a_player_from_the_profile(server: LiveServer, width: int) -> None:
    """Another player's profile challenges that player to a game of the size, bot level and
    rating chosen there; once accepted, the challenger's page opens the game. The player's
    own profile has no challenge card."""
    ann = _player(server, "Ann")
    bob = _player(server, "Bob")
    with chromium(width=width) as driver:
        remember(driver, server.base_url, {"ursuppe.player": ann, "ursuppe.lang": "en"})
        open_ready(driver, f"{server.base_url}/players/{ann['id']}")
        assert not driver.find_element(By.ID, "challenge").is_displayed()

        open_ready(driver, f"{server.base_url}/players/{bob['id']}")
        send = driver.find_element(By.ID, "challenge-send")
        assert send.is_displayed() and send.text == "Challenge Bob"
        Select(driver.find_element(By.ID, "challenge-players")).select_by_value("4")
        Select(driver.find_element(By.ID, "challenge-bot-level")).select_by_value("random")
        driver.find_element(By.ID, "challenge-rated").click()  # unrated
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width
        send.click()
        WebDriverWait(driver, 20).until(
            lambda d: "waiting for Bob" in d.find_element(By.ID, "challenge-status").text
        )
        (challenge,) = _api(server, "/challenges", token=bob["token"])
        assert challenge["challenger"]["id"] == ann["id"]
        assert (challenge["terms"]["players"], challenge["terms"]["rated"]) == (4, False)
        _api(server, f"/challenges/{challenge['id']}/accept", {}, bob["token"])
        WebDriverWait(driver, 30).until(lambda d: "/game/" in d.current_url)
        game = _api(server, f"/games/{driver.current_url.rsplit('/', 1)[-1]}")
        assert [s["player_id"] for s in game["seats"]] == [ann["id"], bob["id"], None, None]
        assert [s["bot_level"] for s in game["seats"]][2:] == ["random", "random"]
        assert game["rated"] is False
        assert console_errors(driver) == []


def _service_bot(server: LiveServer, level: str) -> str:
    """A bot level's player row, as its first rated game makes it (no rating here, so the
    shared server's leaderboard is unchanged)."""
    player_id = f"bot-{level}"
    engine = create_engine(server.env["DATABASE_URL"])
    try:
        with engine.begin() as conn:
            known = conn.execute(
                text_sql("SELECT count(*) FROM players WHERE id = :id"), {"id": player_id}
            ).scalar_one()
            if not known:
                conn.execute(
                    text_sql(
                        "INSERT INTO players (id, name, created_at) "
                        "VALUES (:id, :name, CURRENT_TIMESTAMP)"
                    ),
                    {"id": player_id, "name": f"bot:{level}"},
                )
    finally:
        engine.dispose()
    return player_id


def test_a_service_bot_accepts_a_challenge_at_once_and_lists_the_game(server: LiveServer) -> None:
    """Challenging ``bot:greedy`` from its profile opens the game at once (the service
    answers for its bots by their policy, docs/api.md); once played, the bot's profile lists
    the game under "Recent games" with its place."""
    ann = _player(server, "Ann")
    greedy = _service_bot(server, "greedy")
    with chromium(width=360) as driver:
        remember(driver, server.base_url, {"ursuppe.player": ann, "ursuppe.lang": "en"})
        open_ready(driver, f"{server.base_url}/players/{greedy}")
        send = driver.find_element(By.ID, "challenge-send")
        Select(driver.find_element(By.ID, "challenge-players")).select_by_value("3")
        Select(driver.find_element(By.ID, "challenge-bot-level")).select_by_value("random")
        driver.find_element(By.ID, "challenge-rated").click()  # unrated
        send.click()
        WebDriverWait(driver, 10).until(lambda d: "/game/" in d.current_url)
        game_id = driver.current_url.rsplit("/", 1)[-1]
        game = _api(server, f"/games/{game_id}")
        assert [(s["player_id"], s["bot_level"]) for s in game["seats"]] == [
            (ann["id"], None), (None, "greedy"), (None, "random"),
        ]  # fmt: skip
        assert console_errors(driver) == []

        _play_to_the_end(server, game_id, ann)
        open_ready(driver, f"{server.base_url}/players/{greedy}")
        rows = WebDriverWait(driver, 20).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#games tr.game")
        )
        link = rows[0].find_element(By.TAG_NAME, "a").get_attribute("href")
        assert link.endswith(f"/game/{game_id}?watch")
        assert "of 3" in rows[0].text, rows[0].text  # its place, as a person's profile says it
        assert console_errors(driver) == []
