"""The leaderboard and a profile show a rated game that bots finished: a person
joins as a player, resigns, the stand-in and the bots play on, a worker rates the game.
The leaderboard names bot levels as the game does, marks the viewer's own row and tells
what μ, σ and the ordinal mean, in each language, at phone and desktop widths."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors, open_ready, remember
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
        # A bot level reads as a game's seat names it, not by its inside name.
        assert "Rita" in names and "bot random" in names
        assert "bot:" not in person.find_element(By.ID, "board").text
        assert "bot" in names["bot random"].get_attribute("class")
        assert "bot" not in names["Rita"].get_attribute("class").split()
        assert not person.find_elements(By.CSS_SELECTOR, "#board tr.mine")  # no player here
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

    #: (language, the explanation's title, a bot level's name, the viewer's mark): each
    #: from the page's own catalogue, so an English word in another page fails.
    languages = [
        ("en", "What the numbers mean", "bot random", "Rita (you)"),
        ("de", "Was die Zahlen bedeuten", "Bot random", "Rita (du)"),
        ("es", "Qué significan los números", "bot random", "Rita (tú)"),
        ("nl", "Wat de getallen betekenen", "bot random", "Rita (jij)"),
    ]
    for width in (360, 1280):
        for lang, title, bot_name, mine in languages:
            with chromium(width=width) as viewer:
                player = {"id": rita, "name": "Rita", "token": token}
                remember(viewer, server.base_url, {"ursuppe.player": player, "ursuppe.lang": lang})
                open_ready(viewer, server.base_url + "/leaderboard?pool=3p")
                (own,) = viewer.find_elements(By.CSS_SELECTOR, "#board tr.rating.mine")
                assert own.get_attribute("aria-current") == "true"
                assert own.find_element(By.TAG_NAME, "a").text == mine
                names = [
                    a.text for a in viewer.find_elements(By.CSS_SELECTOR, "#board tr.rating a")
                ]
                assert bot_name in names and not any("bot:" in n for n in names), names
                help_box = viewer.find_element(By.ID, "rating-help")
                summary = help_box.find_element(By.TAG_NAME, "summary")
                assert summary.text == title
                summary.click()
                paragraphs = [p.text for p in help_box.find_elements(By.TAG_NAME, "p")]
                assert len(paragraphs) == 3 and all(paragraphs), paragraphs
                assert paragraphs[0].startswith("μ") and paragraphs[1].startswith("σ")
                assert "μ − 3σ" in paragraphs[2]
                if lang != "en":
                    assert not {"skill", "unsure", "newcomer"} & set(" ".join(paragraphs).split())
                assert viewer.execute_script("return document.documentElement.scrollWidth") <= width
                assert console_errors(viewer) == []
