"""The leaderboard and a profile show a rated game that bots finished: a person
joins as a player, resigns, the stand-in and the bots play on, a worker rates the game."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors, open_ready
from harness.web_server import LiveServer
from tests.web.test_web_play import api, api_post

pytestmark = pytest.mark.integration


def test_the_leaderboard_and_a_profile_show_a_rated_game_bots_finished(server: LiveServer) -> None:
    created = api_post(server, "/players", {"name": "Rita"})
    rita, token = created["player"]["id"], created["token"]
    bots = [{"kind": "bot", "level": "random"}] * 2
    game = api_post(server, "/games", {"players": 3, "seats": [{"kind": "human"}, *bots]}, token)
    game_id = game["game"]["id"]
    seat = api_post(server, f"/games/{game_id}/seats", {"name": "Rita"}, token)
    api_post(server, f"/games/{game_id}/seats/{seat['seat']}/resign", token=seat["token"])

    deadline = time.monotonic() + 180  # the workers play it out and rate it
    while not any(r["player_id"] == rita for r in api(server, "/ratings?pool=3p")):
        assert time.monotonic() < deadline, "the game was not rated"
        time.sleep(0.2)

    with chromium() as person:
        open_ready(person, server.base_url + "/leaderboard?pool=3p")
        assert (
            Select(person.find_element(By.ID, "pool")).first_selected_option.get_attribute("value")
            == "3p"
        )
        rows = person.find_elements(By.CSS_SELECTOR, "#board tr.rating")
        names = {r.find_element(By.TAG_NAME, "a").text: r for r in rows}
        assert "Rita" in names and "bot:random" in names
        assert "bot" in names["bot:random"].get_attribute("class")
        assert "bot" not in names["Rita"].get_attribute("class").split()
        names["Rita"].find_element(By.TAG_NAME, "a").click()

        WebDriverWait(person, 30).until(lambda d: d.current_url.endswith(f"/players/{rita}"))
        WebDriverWait(person, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        assert person.find_element(By.ID, "name").text == "Rita"
        pools = [
            r.find_element(By.TAG_NAME, "a").get_attribute("data-pool")
            for r in person.find_elements(By.CSS_SELECTOR, "#ratings tr.rating")
        ]
        assert pools == ["3p"]
        assert person.find_element(By.CSS_SELECTOR, "#ratings tr.rating a").text == "3 players"
        WebDriverWait(person, 30).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#chart circle")) == 2
        )
        replay = person.find_element(By.CSS_SELECTOR, "#games tr.game a")
        assert replay.get_attribute("href").endswith(f"/game/{game_id}?watch")
        assert "of 3" in person.find_element(By.CSS_SELECTOR, "#games tr.game").text
        assert console_errors(person) == []
