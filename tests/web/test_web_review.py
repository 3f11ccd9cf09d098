"""A reviewed game in the replay: the review's table of players, its flagged decisions, and
the mark with the better action beside the replay's log entry of one of them. The game is
played by bots on the live server's workers; its review is asked for over the API and made
by a worker on the reviews queue, as ``make run`` runs one."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors
from harness.web_server import LiveServer, review_worker
from tests.web.test_web_play import api, api_post

pytestmark = pytest.mark.integration


def review_status(server: LiveServer, game_id: str) -> int:
    url = f"{server.base_url}/api/v1/games/{game_id}/review"
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            json.load(resp)
            return resp.status
    except urllib.error.HTTPError as err:
        return err.code


def test_a_reviewed_game_shows_its_marked_decisions(server: LiveServer) -> None:
    seats = [{"kind": "bot", "level": "random"}] * 3
    game_id = api_post(server, "/games", {"players": 3, "seats": seats})["game"]["id"]
    deadline = time.monotonic() + 180  # the workers play it out
    while api(server, f"/games/{game_id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    assert review_status(server, game_id) == 404  # a bots' game is reviewed on request

    with review_worker(server):
        assert api_post(server, f"/games/{game_id}/review")["status"] in ("pending", "ready")
        deadline = time.monotonic() + 180
        while (status := review_status(server, game_id)) == 409:  # review_pending
            assert time.monotonic() < deadline, server.log_tail("reviews")
            time.sleep(0.2)
        assert status == 200, server.log_tail("reviews")
    review = api(server, f"/games/{game_id}/review")
    flagged = [d for d in review["decisions"] if d["class"] and d["best"]]
    assert flagged, "three random bots make decisions the search flags"

    with chromium() as person:
        person.get(f"{server.base_url}/game/{game_id}?watch")
        WebDriverWait(person, 30).until(lambda d: d.execute_script("return window.ursuppe?.ready"))
        person.find_element(By.ID, "replay-open").click()
        WebDriverWait(person, 30).until(lambda d: d.find_element(By.ID, "rv-show")).click()
        WebDriverWait(person, 30).until(
            lambda d: d.find_element(By.ID, "rp-review").get_attribute("data-review") == "ready"
        )
        rows = person.find_elements(By.CSS_SELECTOR, "#rv-players tr[data-seat]")
        assert len(rows) == 3
        buttons = person.find_elements(By.CSS_SELECTOR, "#rv-flagged button.rv-jump")
        assert len(buttons) == sum(1 for d in review["decisions"] if d["class"])
        first = flagged[0]
        button = person.find_element(By.CSS_SELECTOR, f"button.rv-jump[data-seq='{first['seq']}']")
        assert f"rv-{first['class']}" in button.get_attribute("class")
        button.click()
        mark = WebDriverWait(person, 30).until(
            lambda d: d.find_elements(
                By.CSS_SELECTOR, f"#rp-log li.review-mark[data-seq='{first['seq']}']"
            )
        )[0]
        assert "Better:" in mark.text and f"{first['loss']:.2f}" in mark.text
        assert console_errors(person) == []
