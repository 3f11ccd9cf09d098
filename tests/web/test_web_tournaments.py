"""Tournaments in the browser: an organiser's Swiss (tables of four, the service's bots in
the empty seats) is listed in the lobby and on the tournaments page; three people enter it
with one click each (one on a 360 px phone, one in German), the workers pair round 1 at its
start, each takes their seat from the tournament page, they play it out against the bot,
and the standings on an open tournament page move without a reload.

The organiser's page: a private Swiss made with the tournaments page's form (a refused term
shown in words, nothing made), three people enter by its invitation link in three
languages, the organiser starts it early, each sees their own table, they play round one
against the bot, and all four see the same standings. The organiser's and an entrant's
pages fit a 360 px phone in every language (URSUPPE_SHOTS=folder: screenshots of them at
360 and 1280 px). The organiser's buttons: a refused early start in words, disqualify and
cancel after a question, none of them on another player's page."""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors, open_ready, remember
from harness.web_server import LiveServer

pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]

SHOTS = os.environ.get("URSUPPE_SHOTS")  # a folder: the organiser's test leaves screenshots there

#: The page redraws its tables when the tournament's stream says something changed: an
#: element found a moment ago may be replaced before it is read.
RERENDERED = (StaleElementReferenceException,)


def _api(server: LiveServer, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.base_url + "/api/v1" + path, data, headers)
    with urllib.request.urlopen(request, timeout=10) as resp:
        return json.load(resp)


def _seats(driver: Any) -> dict[str, Any] | None:
    return json.loads(
        driver.execute_script("return localStorage.getItem('ursuppe.seats')") or "null"
    )


def _player(driver: Any) -> dict[str, Any]:
    return json.loads(driver.execute_script("return localStorage.getItem('ursuppe.player')"))


def _play_out(server: LiveServer, game_id: str, tokens: dict[int, str], timeout: float) -> None:
    """The people's seats play their first legal action whenever it is their turn; the bot's
    seat is the workers'. Waits on the game's own state, checked again after each move."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        game = _api(server, f"/games/{game_id}")
        if game["status"] == "finished":
            return
        pending = _api(server, f"/games/{game_id}/pending")
        seat = (pending.get("pending") or {}).get("seat")
        if seat not in tokens:
            time.sleep(0.05)  # the bot's turn: the worker plays it
            continue
        body = {"action": pending["pending"]["actions"][0], "expected_seq": pending["seq"]}
        try:
            _api(server, f"/games/{game_id}/actions", body, tokens[seat])
        except urllib.error.HTTPError as err:
            if err.code != 409:  # a stale seq: the game moved meanwhile; read it again
                raise
    raise AssertionError(f"game {game_id} did not finish in {timeout} s")


def _column(driver: Any, selector: str) -> list[str]:
    """The cells' texts in one script (the table may be drawn anew between two reads)."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((td) => td.textContent)",
        selector,
    )


def _scores(driver: Any) -> list[str]:
    return _column(driver, "#tn-standings td.score")


def test_three_people_enter_play_round_one_and_see_the_standings_move(server: LiveServer) -> None:
    with (
        chromium() as ann,
        chromium() as bob,
        chromium() as cy,
        chromium() as watcher,
    ):
        bob.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": True})  # fmt: skip
        cy.get(server.base_url + "/")
        cy.execute_script("localStorage.setItem('ursuppe.lang', 'de')")
        # Created once the browsers are up: they enter well before the start.
        organiser = _api(server, "/players", {"name": "Organiser"})
        starts = datetime.now(UTC) + timedelta(seconds=90)
        tournament = _api(server, "/tournaments", {
            "name": "Evening pods", "format": "swiss", "rounds": 1, "players": 4,
            "service_bots": "random", "rated": False, "time_control": {"type": "none"},
            "starts_at": starts.isoformat(),
        }, organiser["token"])  # fmt: skip
        url = f"{server.base_url}/tournaments/{tournament['id']}"
        # The lobby offers it; the tournaments page lists it as upcoming.
        open_ready(ann, server.base_url + "/lobby")
        assert "Evening pods" in ann.find_element(By.ID, "enterable").text
        open_ready(ann, server.base_url + "/tournaments")
        assert "Evening pods" in ann.find_element(By.ID, "upcoming").text
        for driver, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
            open_ready(driver, url)
            field = driver.find_element(By.ID, "tn-player-name")
            field.send_keys(name)
            driver.find_element(By.ID, "tn-enter").click()
            WebDriverWait(driver, 20).until(
                lambda d, name=name: name in d.find_element(By.ID, "tn-entries").text
            )
            assert driver.find_element(By.ID, "tn-withdraw").is_displayed()
        assert "Teilnehmer" in cy.find_element(By.TAG_NAME, "main").text  # in German
        open_ready(watcher, url)
        assert _scores(watcher) == ["0", "0", "0"]
        # The workers pair round 1 at the start: one table, three people and a bot.
        for driver in (ann, bob, cy):
            WebDriverWait(driver, 120).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "a.play-table")
            )
        table = watcher.find_element(By.CSS_SELECTOR, "tr.tn-table")
        game_id = table.get_attribute("data-game")
        assert table.text.count("Bot") == 1
        seats = {s["player_id"]: s["seat"] for s in _api(server, f"/games/{game_id}")["seats"]}
        tokens: dict[int, str] = {}
        for driver in (ann, bob, cy):
            driver.find_element(By.CSS_SELECTOR, "a.play-table").click()
            WebDriverWait(driver, 20).until(lambda d: f"/game/{game_id}" in d.current_url)
            # The game's page plays the player's seat (its resign button shows) with the
            # player token: no seat token.
            player = _player(driver)
            WebDriverWait(driver, 20).until(
                lambda d: d.find_element(By.ID, "resign").is_displayed()
            )
            assert game_id not in (_seats(driver) or {})
            tokens[seats[player["id"]]] = player["token"]
        assert len(tokens) == 3
        _play_out(server, game_id, tokens, timeout=400)
        # The watcher's page, never reloaded, shows the round's result.
        WebDriverWait(watcher, 60).until(lambda d: _scores(d) != ["0", "0", "0"])
        WebDriverWait(watcher, 60).until(
            lambda d: (
                "place"
                in d.execute_script("return document.getElementById('tn-rounds').textContent")
            )
        )
        games = [
            td.text
            for td in watcher.find_elements(By.CSS_SELECTOR, "#tn-standings tr td:nth-child(4)")
        ]
        assert games == ["1", "1", "1"]
        open_ready(bob, url)  # the phone: the page fits and shows the same standings
        width = bob.execute_script("return document.documentElement.scrollWidth")
        assert width <= 360
        assert _scores(bob) == _scores(watcher)
        for driver in (ann, bob, cy, watcher):
            assert console_errors(driver) == []


def _standings(driver: Any) -> list[list[str]]:
    """Each line of the standings as its player's id, rank, score and games (the score in
    the page's language: a decimal comma in German, Dutch and Spanish, read as a point)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#tn-standings tr.standing')].map((tr) =>"
        " [tr.dataset.player, ...[0, 2, 3].map((i) => tr.cells[i].textContent.replace(',', '.'))])"
    )


def _fits(driver: Any) -> list[Any]:
    """What sticks out of the window on the right: [0] when nothing does (a wide table
    scrolls in its own box, ``.scroll``, by design)."""
    return driver.execute_script(
        "const w = document.documentElement.clientWidth;"
        "return [document.documentElement.scrollWidth - w,"
        " ...[...document.querySelectorAll('main *')]"
        "   .filter(e => !e.closest('.scroll') && e.getBoundingClientRect().right > w + 1)"
        "   .map(e => e.id || e.tagName)]"
    )


def _look(server: LiveServer, pages: dict[str, tuple[str, dict[str, Any]]]) -> None:
    """Each page (its path and the player that looks) in every language on a 360 px phone:
    nothing wider than the window, no console error; with URSUPPE_SHOTS also at 1280 px,
    each page's whole height saved."""
    widths = (360, 1280) if SHOTS else (360,)
    with chromium() as driver:
        for lang in ("en", "de", "nl", "es"):
            for name, (path, player) in pages.items():
                remember(driver, server.base_url, {"ursuppe.lang": lang, "ursuppe.player": player})
                for width in widths:
                    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                           {"width": width, "height": 900, "deviceScaleFactor": 1,
                                            "mobile": width < 500})  # fmt: skip
                    open_ready(driver, server.base_url + path)
                    if path == "/tournaments":
                        driver.find_element(By.CSS_SELECTOR, "#organise summary").click()
                    assert _fits(driver) == [0], (name, lang, width, _fits(driver))
                    if SHOTS:
                        height = driver.execute_script(
                            "return document.documentElement.scrollHeight"
                        )
                        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                               {"width": width, "height": height, "deviceScaleFactor": 1,
                                                "mobile": width < 500})  # fmt: skip
                        driver.save_screenshot(str(Path(SHOTS) / f"{name}-{lang}-{width}.png"))
                assert console_errors(driver) == [], (name, lang)


def test_an_organiser_runs_a_private_swiss_from_the_page(server: LiveServer) -> None:
    with (
        chromium() as org,
        chromium() as ann,
        chromium(360, 780) as bob,
        chromium() as cy,
    ):
        for driver, lang in ((ann, "es"), (bob, "de"), (cy, "nl")):
            remember(driver, server.base_url, {"ursuppe.lang": lang})
        # The form: a Swiss without its rounds is refused by the API, in words; nothing made.
        open_ready(org, server.base_url + "/tournaments")
        org.find_element(By.CSS_SELECTOR, "#organise summary").click()
        org.find_element(By.ID, "org-player-name").send_keys("Olga")
        org.find_element(By.ID, "tn-f-name").send_keys("Friday pods")
        Select(org.find_element(By.ID, "tn-f-format")).select_by_value("swiss")
        Select(org.find_element(By.ID, "tn-f-table")).select_by_value("4")
        Select(org.find_element(By.ID, "tn-f-clock")).select_by_value("none")
        Select(org.find_element(By.ID, "tn-f-bots")).select_by_value("random")
        org.find_element(By.ID, "tn-f-rated").click()  # unrated
        org.find_element(By.ID, "tn-f-private").click()
        org.find_element(By.ID, "tn-f-rounds").clear()
        org.find_element(By.ID, "tn-create").click()
        error = WebDriverWait(org, 20).until(lambda d: d.find_element(By.ID, "tn-form-error").text)
        assert error.startswith("These terms cannot be run:") and "rounds" in error
        (refused,) = console_errors(org)  # the browser's own line for the refused request
        assert "/api/v1/tournaments" in refused and "422" in refused
        organiser = _player(org)
        listed = _api(server, "/tournaments", token=organiser["token"])["items"]
        assert [x for x in listed if x["organiser_id"] == organiser["id"]] == []
        org.find_element(By.ID, "tn-f-rounds").send_keys("1")
        org.find_element(By.ID, "tn-create").click()
        WebDriverWait(org, 20).until(lambda d: "/tournaments/t" in d.current_url)
        WebDriverWait(org, 20).until(lambda d: d.find_element(By.ID, "tn-link").is_displayed())
        link = org.find_element(By.ID, "tn-link").get_attribute("value")
        tournament_id = org.current_url.rsplit("/", 1)[1]
        made = _api(server, f"/tournaments/{tournament_id}", token=organiser["token"])
        assert (made["format"], made["rounds"], made["players"], made["service_bots"]) == (
            "swiss", 1, 4, "random")  # fmt: skip
        assert made["private"] and not made["rated"] and made["time_control"] == {"type": "none"}
        assert link.endswith(f"/tournaments/{tournament_id}?invitation={made['invitation']}")
        # Without the link the page finds nothing; with it three people enter.
        open_ready(ann, f"{server.base_url}/tournaments/{tournament_id}")
        assert ann.find_element(By.ID, "tn-name").text == "Este torneo no existe o es privado."
        refusals = console_errors(ann)  # the browser's own lines for the refused reads
        assert refusals and all("404" in line for line in refusals), refusals
        for driver, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
            open_ready(driver, link)
            driver.find_element(By.ID, "tn-player-name").send_keys(name)
            driver.find_element(By.ID, "tn-enter").click()
            WebDriverWait(driver, 20).until(
                lambda d, name=name: name in d.find_element(By.ID, "tn-entries").text
            )
        # The organiser's page (read again every few seconds: a private one) lists them,
        # each with withdraw and disqualify; the organiser starts it now.
        WebDriverWait(org, 20).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#tn-entries button.tn-disqualify")) == 3
        )
        org.find_element(By.ID, "tn-start").click()
        WebDriverWait(org, 20).until(lambda d: not d.find_element(By.ID, "tn-start").is_displayed())
        # The workers pair round 1 at once: each person sees their table and its bot.
        for driver in (ann, bob, cy):
            WebDriverWait(driver, 120).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "#tn-mine a.play-table")
            )
            mine = driver.find_element(By.CSS_SELECTOR, "#tn-mine .tn-my-table").text
            assert all(n in mine for n in ("Ann", "Bob", "Cy", "Bot")), mine
        assert "Ronde 1" in cy.find_element(By.ID, "tn-mine").text  # in Dutch
        game_id = ann.find_element(By.CSS_SELECTOR, "#tn-mine a.play-table").get_attribute("href")
        game_id = game_id.rsplit("/", 1)[1]
        players = {name: _player(d) for name, d in (("Ann", ann), ("Bob", bob), ("Cy", cy))}
        _look(server, {
            "tournaments-organise": ("/tournaments", organiser),
            "tournament-organiser": (f"/tournaments/{tournament_id}", organiser),
            "tournament-entrant": (f"/tournaments/{tournament_id}", players["Ann"]),
        })  # fmt: skip
        seats = {s["player_id"]: s["seat"] for s in _api(server, f"/games/{game_id}")["seats"]}
        tokens = {seats[p["id"]]: p["token"] for p in players.values()}
        assert len(tokens) == 3
        _play_out(server, game_id, tokens, timeout=400)
        # All four pages show the same standings once round 1 (the only one) is over.
        for driver in (org, ann, bob, cy):
            WebDriverWait(driver, 60).until(
                lambda d: [line[3] for line in _standings(d)] == ["1", "1", "1"]
            )
        seen = [_standings(driver) for driver in (org, ann, bob, cy)]
        assert seen[1:] == seen[:1] * 3
        official = _api(server, f"/tournaments/{tournament_id}/standings", token=organiser["token"])
        assert seen[0] == [
            [x["player_id"], str(x["rank"]), f"{x['score']:g}", str(x["games"])]
            for x in official["items"]
        ]
        for driver in (ann, bob, cy):
            assert driver.find_element(By.CSS_SELECTOR, "#tn-mine .tn-my-place").text
        assert bob.execute_script("return document.documentElement.scrollWidth") <= 360
        for driver in (org, ann, bob, cy):
            assert console_errors(driver) == []


def test_the_organisers_buttons_ask_the_api_and_show_its_answer(server: LiveServer) -> None:
    """Start now with too few entrants is refused in words (nothing changes), Disqualify
    and Cancel ask first, then the page shows what the API answered; another player's page
    of the same tournament has none of the organiser's buttons."""
    organiser = _api(server, "/players", {"name": "Olga"})
    starts = datetime.now(UTC) + timedelta(hours=1)
    tournament = _api(server, "/tournaments", {
        "name": "Quiet pods", "format": "swiss", "rounds": 2, "players": 4,
        "rated": False, "starts_at": starts.isoformat(),
    }, organiser["token"])  # fmt: skip
    url = f"{server.base_url}/tournaments/{tournament['id']}"
    people = [_api(server, "/players", {"name": name}) for name in ("Ann", "Bob")]
    for person in people:
        _api(server, f"/tournaments/{tournament['id']}/entries", {}, person["token"])
    with chromium() as org, chromium() as ann:
        remember(org, server.base_url, {"ursuppe.player": {
            "id": organiser["player"]["id"], "name": "Olga", "token": organiser["token"]}})  # fmt: skip
        remember(ann, server.base_url, {"ursuppe.player": {
            "id": people[0]["player"]["id"], "name": "Ann", "token": people[0]["token"]}})  # fmt: skip
        open_ready(ann, url)
        assert not ann.find_element(By.ID, "tn-organiser").is_displayed()
        assert ann.find_elements(By.CSS_SELECTOR, "#tn-entries button") == []
        open_ready(org, url)
        assert org.find_element(By.ID, "tn-link-box").get_attribute("hidden")  # a public one
        org.find_element(By.ID, "tn-start").click()  # two entrants; the smallest table is 3
        WebDriverWait(org, 20, ignored_exceptions=RERENDERED).until(
            lambda d: (
                d.find_element(By.ID, "tn-org-error").text
                == "Too few players have entered to play a round yet."
            )
        )
        (refused,) = console_errors(org)
        assert "/start" in refused and "409" in refused
        assert (
            _api(server, f"/tournaments/{tournament['id']}")["starts_at"] == tournament["starts_at"]
        )
        bob = people[1]["player"]["id"]
        org.find_element(By.CSS_SELECTOR, f"button.tn-disqualify[data-player='{bob}']").click()
        assert "Bob" in org.switch_to.alert.text
        org.switch_to.alert.accept()
        WebDriverWait(org, 20, ignored_exceptions=RERENDERED).until(
            lambda d: (
                "disqualified"
                in d.find_element(By.CSS_SELECTOR, f"tr.tn-entry[data-player='{bob}']").text
            )
        )
        WebDriverWait(org, 20, ignored_exceptions=RERENDERED).until(
            lambda d: d.find_element(By.CSS_SELECTOR, f"tr.standing[data-player='{bob}']")
            .text.count("disqualified") == 1
        )  # fmt: skip
        org.find_element(By.ID, "tn-cancel").click()
        org.switch_to.alert.dismiss()  # asked first: nothing happens on "no"
        assert _api(server, f"/tournaments/{tournament['id']}")["status"] == "upcoming"
        org.find_element(By.ID, "tn-cancel").click()
        org.switch_to.alert.accept()
        WebDriverWait(org, 20, ignored_exceptions=RERENDERED).until(
            lambda d: "Cancelled" in d.find_element(By.ID, "tn-status").text
        )
        assert _api(server, f"/tournaments/{tournament['id']}")["status"] == "cancelled"
        assert not org.find_element(By.ID, "tn-cancel").is_displayed()
        assert org.find_elements(By.CSS_SELECTOR, "#tn-entries button") == []
        for driver in (org, ann):
            assert console_errors(driver) == []
