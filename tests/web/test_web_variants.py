"""The lobby creates every 2-player variant ``GET /rules`` lists, and the game page plays
it: the variant and its option reach the game, the board holds every colour, and the
person answers their decisions (for both of their colours in Double I) by clicking."""

from __future__ import annotations

import random

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors
from harness.web_play import play_turns, wait_for
from harness.web_server import LiveServer
from tests.web.test_web_play import api

pytestmark = pytest.mark.integration


def test_the_lobby_offers_every_variant_the_rules_list(server: LiveServer) -> None:
    variants = [v["id"] for v in api(server, "/rules")["rules"]["variants"]]
    assert {"double_1", "decoy"} <= set(variants)
    with chromium() as driver:
        driver.get(server.base_url + "/lobby")
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        options = driver.find_elements(By.CSS_SELECTOR, "#players option")
        values = [o.get_attribute("value") for o in options]
        assert values == ["3", "4", "5", "6"] + [f"2:{v}" for v in variants]
        assert console_errors(driver) == []


@pytest.mark.parametrize(
    ("variant", "colours", "decoy_scores"),
    [("double_1", 4, None), ("double_2", 4, None), ("decoy", 3, True)],
)
def test_a_person_creates_and_plays_a_two_player_variant_from_the_lobby(
    server: LiveServer, variant: str, colours: int, decoy_scores: bool | None
) -> None:
    rng = random.Random(5)
    with chromium() as player:
        player.get(server.base_url + "/lobby")
        WebDriverWait(player, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        Select(player.find_element(By.ID, "players")).select_by_value(f"2:{variant}")
        assert player.find_element(By.ID, "decoy-options").is_displayed() == (variant == "decoy")
        if decoy_scores:
            player.find_element(By.ID, "decoy-scores").click()
        assert len(player.find_elements(By.CSS_SELECTOR, "#seats .seatrow")) == 2
        Select(player.find_element(By.ID, "seat-1-level")).select_by_value("random")
        player.find_element(By.ID, "time-limit").clear()
        player.find_element(By.ID, "time-limit").send_keys("0")
        player.find_element(By.ID, "create-button").click()
        WebDriverWait(player, 30).until(lambda d: "/game/" in d.current_url)
        game_id = player.current_url.rsplit("/", 1)[-1]

        game = api(server, f"/games/{game_id}")
        assert game["players"] == 2 and game["options"]["variant"] == variant
        if decoy_scores is not None:
            assert game["options"]["decoy_scores"] is decoy_scores
        assert len(game["state"]["seats"]) == colours
        wait_for(player, lambda s: s["ready"], 30, "the game page")
        kinds = play_turns(player, rng, max_turns=10)
        assert len(kinds) == 10, "the person answered ten decisions by clicking"
        assert api(server, f"/games/{game_id}")["seq"] > 10
        assert console_errors(player) == []


def test_the_lobby_creates_a_game_with_a_search_bot_as_this_browsers_player(
    server: LiveServer,
) -> None:
    """Games with search bots need a player (docs/api.md, "Rate limits"): the lobby makes
    this browser's player on its first game, keeps it, and creates as it from then on."""
    with chromium() as person:
        person.get(server.base_url + "/lobby")
        WebDriverWait(person, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        assert person.execute_script("return localStorage.getItem('ursuppe.player')") is None
        person.find_element(By.ID, "your-name").clear()
        person.find_element(By.ID, "your-name").send_keys("Ada")
        Select(person.find_element(By.ID, "players")).select_by_value("3")
        Select(person.find_element(By.ID, "seat-1-level")).select_by_value("mcts-50ms")
        person.find_element(By.ID, "create-button").click()
        WebDriverWait(person, 30).until(lambda d: "/game/" in d.current_url)
        game_id = person.current_url.rsplit("/", 1)[-1]
        kept = person.execute_script("return JSON.parse(localStorage.getItem('ursuppe.player'))")
        assert kept["name"] == "Ada" and kept["token"].startswith("player.")
        game = api(server, f"/games/{game_id}")
        assert game["seats"][1]["bot_level"] == "mcts-50ms"
        assert console_errors(person) == []
