"""Every page passes an automated WCAG 2.1 AA audit (docs/web.md, "Accessibility"):
axe-core (tools/node/package.json, installed by scripts/ensure-node-tools.sh) is injected
into the real page in headless Chromium and run over the front door, the lobby, a game at
every size and 2-player variant with a decision waiting (its board in words opened), the
replay, the account (with its notices), the email links' page, the leaderboard, a profile
(the player's own and another's, with its challenge form), the tournaments and a running
tournament, and the offline page, in every language; any serious or critical violation
fails, named with the elements it was found on."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors, open_ready
from harness.web_play import wait_for
from harness.web_server import LiveServer
from tests.web.catalogue import LANGUAGES
from tests.web.test_web_drawn import GAMES, wait_turn
from tests.web.test_web_play import api, api_post

pytestmark = pytest.mark.integration

AXE = (
    Path(__file__).resolve().parents[2]
    / "tools"
    / "node"
    / "node_modules"
    / "axe-core"
    / "axe.min.js"
)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FAILING = {"serious", "critical"}
#: The audits: every language, each at one width by default (emulated over CDP). English
#: at 1280 px and German on a 360 px phone visit every page (15, a game of every size and
#: variant among them: minutes on a busy machine); Dutch at 360 px and Spanish at 1280 px
#: visit the pages whose words differ by language (``CORE``: a 3-player game stands for
#: the others, whose words are the same), and so does French at 360 px. URSUPPE_AXE_ALL=1
#: audits every page in every language at both widths.
VIEWS = (
    [(lang, width, "all") for lang in LANGUAGES for width in (1280, 360)]
    if os.environ.get("URSUPPE_AXE_ALL")
    else [
        ("en", 1280, "all"),
        ("de", 360, "all"),
        ("nl", 360, "core"),
        ("es", 1280, "core"),
        ("fr", 360, "core"),
    ]
)
CORE = {
    "front",
    "lobby",
    "account",
    "email",
    "leaderboard",
    "profile",
    "another's profile",
    "game 3p",
    "replay",
}
#: Pages audited in every language at both widths on every run (a few seconds each).
EVERY_VIEW = {"tournaments", "tournament"}

RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
  .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), impact: n.impact,
      summary: n.failureSummary}))}))))
  .catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));
"""


@dataclass
class Site:
    """What the audit visits: pages with the browser storage each needs."""

    player: dict[str, str]
    finished_game: str
    games: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    #: A running tournament (round 1 paired, its table playing) among an upcoming one.
    tournament: str = ""
    #: Another player, whose profile offers the challenge form.
    other: str = ""


def _rated_game(server: LiveServer) -> tuple[dict[str, str], str]:
    """A player whose 3-player rated game the bots finished (its profile has a game)."""
    created = api_post(server, "/players", {"name": "Audra"})
    player = {"id": created["player"]["id"], "name": "Audra", "token": created["token"]}
    bots = [{"kind": "bot", "level": "random"}] * 2
    body = {"players": 3, "seats": [{"kind": "human"}, *bots]}
    game_id = api_post(server, "/games", body, player["token"])["game"]["id"]
    seat = api_post(server, f"/games/{game_id}/seats", {"name": "Audra"}, player["token"])
    api_post(server, f"/games/{game_id}/seats/{seat['seat']}/resign", token=seat["token"])
    return player, game_id


@pytest.fixture(scope="module")
def site(server: LiveServer) -> Iterator[Site]:
    assert AXE.is_file(), "axe-core missing: run scripts/ensure-node-tools.sh (make test does)"
    player, finished = _rated_game(server)
    made = Site(player, finished)
    made.tournament = _tournaments(server, player)  # starts while the rest is set up
    made.other = api_post(server, "/players", {"name": "Bettina"})["player"]["id"]
    for players, variant in GAMES:
        bots = [{"kind": "bot", "level": "random"}] * (players - 1)
        body: dict[str, Any] = {"players": players, "seats": [{"kind": "human"}, *bots],
                                "time_limit": 0}  # fmt: skip
        if variant:
            body["options"] = {"variant": variant}
        game_id = api_post(server, "/games", body)["game"]["id"]
        seat = api_post(server, f"/games/{game_id}/seats", {"name": "Ann"})
        made.games[variant or f"{players}p"] = (
            game_id, {"seat": seat["seat"], "token": seat["token"], "name": "Ann",
                      "joined": "2026-01-01T00:00:00Z"})  # fmt: skip
    deadline = time.monotonic() + 180  # the workers play the rated game out
    while api(server, f"/games/{finished}")["status"] != "finished":
        assert time.monotonic() < deadline, "the rated game did not finish"
        time.sleep(0.2)
    for game_id, seat in made.games.values():
        wait_turn(server, game_id, seat["seat"])  # a decision waits on each table
    deadline = time.monotonic() + 180  # the workers start the tournament and pair round 1
    while not api(server, f"/tournaments/{made.tournament}/rounds")["items"]:
        assert time.monotonic() < deadline, "the tournament did not start"
        time.sleep(0.2)
    yield made


def _tournaments(server: LiveServer, player: dict[str, str]) -> str:
    """Two tournaments of ``player``'s: one upcoming, one with three entrants and the
    service's bots that starts in 30 s (time for its entries to land first, on a busy
    machine too; its round 1 is paired before the audit); the latter's id."""
    now = datetime.now(UTC)
    terms = {"format": "swiss", "rounds": 2, "players": 4, "service_bots": "random",
             "rated": False, "time_control": {"type": "none"}}  # fmt: skip
    api_post(server, "/tournaments", {**terms, "name": "Next week's pods",
                                      "starts_at": (now + timedelta(days=7)).isoformat()},
             player["token"])  # fmt: skip
    running = api_post(
        server,
        "/tournaments",
        {**terms, "name": "Evening pods", "starts_at": (now + timedelta(seconds=30)).isoformat()},
        player["token"],
    )
    entrants = [player["token"]] + [api_post(server, "/players", {"name": n})["token"]
                                    for n in ("Bea", "Cal")]  # fmt: skip
    for token in entrants:
        api_post(server, f"/tournaments/{running['id']}/entries", token=token)
    return running["id"]


def _audit(driver: WebDriver) -> list[dict[str, Any]]:
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        driver.execute_script(AXE.read_text())
    violations = driver.execute_async_script(RUN_AXE, TAGS)
    return [v for v in violations if v["impact"] in FAILING]


def _pages(server: LiveServer, site: Site) -> Iterator[tuple[str, str, Any]]:
    """(name, URL, how to tell it is drawn) for every page the audit visits."""
    base = server.base_url
    yield "front", base + "/", None
    yield "lobby", base + "/lobby", None
    yield "account", base + "/account", None  # with its email and push notices
    yield "email", base + "/email?unsubscribe=nobody", None  # where the mails' links land
    yield "leaderboard", base + "/leaderboard?pool=3p", None
    yield "profile", f"{base}/players/{site.player['id']}", None
    yield "another's profile", f"{base}/players/{site.other}", None  # the challenge form
    yield "tournaments", base + "/tournaments", None
    yield "tournament", f"{base}/tournaments/{site.tournament}", None
    for name, (game_id, _) in site.games.items():
        yield f"game {name}", f"{base}/game/{game_id}", "decision"
    yield "replay", f"{base}/game/{site.finished_game}?watch", "replay"


def _report(found: dict[str, list[dict[str, Any]]]) -> str:
    return "\n".join(
        f"{page}: {v['id']} ({v['impact']}) on {len(v['nodes'])}: "
        f"{', '.join(n['target'] for n in v['nodes'][:4])}; {v['nodes'][0]['summary'] if v['nodes'] else v['help']}"
        for page, violations in found.items()
        for v in violations
    )


def _click(driver: WebDriver, by: str, selector: str) -> None:
    def clicked(d: Any) -> bool:
        d.find_element(by, selector).click()
        return True

    WebDriverWait(
        driver, 30, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)
    ).until(clicked)


@pytest.mark.parametrize(("lang", "width", "scope"), VIEWS)
def test_every_page_passes_the_axe_audit(
    server: LiveServer, site: Site, lang: str, width: int, scope: str
) -> None:
    found: dict[str, list[dict[str, Any]]] = {}
    with chromium() as driver:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})  # fmt: skip
        driver.get(server.base_url + "/")
        driver.execute_script(
            "localStorage.setItem('ursuppe.lang', arguments[0]);"
            "localStorage.setItem('ursuppe.player', arguments[1]);"
            "localStorage.setItem('ursuppe.seats', arguments[2]);",
            lang, json.dumps(site.player),
            json.dumps({g: seat for g, seat in site.games.values()}),
        )  # fmt: skip
        for name, url, drawn in _pages(server, site):
            if name in EVERY_VIEW:
                continue  # test_the_tournament_pages_pass_in_every_language_at_both_widths
            if scope == "core" and name not in CORE:
                continue
            if drawn is None:
                open_ready(driver, url)
            else:
                driver.get(url)
                wait_for(driver, lambda s: s["ready"], 30, name)
            if drawn == "decision":
                wait_for(driver, lambda s: s["kind"], 30, f"{name}: the decision")
                _click(driver, By.ID, "board-text-heading")  # the board in words, opened
            if drawn == "replay":
                # The game page redraws as its entries arrive: a button found may be replaced
                # before the click, so each click finds its button again until it lands.
                _click(driver, By.ID, "replay-open")
                _click(driver, By.CSS_SELECTOR, "#replay button:last-of-type")
            assert driver.execute_script("return document.documentElement.lang") == lang, name
            if violations := _audit(driver):
                found[name] = violations
        # The offline page, as the service worker serves it.
        driver.get(server.base_url + "/web/static/offline.html")
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        if violations := _audit(driver):
            found["offline"] = violations
        assert console_errors(driver) == []
    assert found == {}, _report(found)


def test_the_tournament_pages_pass_in_every_language_at_both_widths(
    server: LiveServer, site: Site
) -> None:
    """The tournaments page (its organiser's form opened) and a running tournament's
    (entries, round 1's table, the standings), for its organiser, who entered it too (the
    organiser's card, the entrant's own table): every language, 360 px and 1280 px."""
    found: dict[str, list[dict[str, Any]]] = {}
    pages = [(name, url) for name, url, _ in _pages(server, site) if name in EVERY_VIEW]
    assert len(pages) == 2
    with chromium() as driver:
        driver.get(server.base_url + "/")
        driver.execute_script("localStorage.setItem('ursuppe.player', arguments[0])",
                              json.dumps(site.player))  # fmt: skip
        for lang in LANGUAGES:
            driver.execute_script("localStorage.setItem('ursuppe.lang', arguments[0])", lang)
            for width in (360, 1280):
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                       {"width": width, "height": 900, "deviceScaleFactor": 1,
                                        "mobile": width < 500})  # fmt: skip
                for name, url in pages:
                    open_ready(driver, url)
                    assert driver.execute_script("return document.documentElement.lang") == lang
                    if name == "tournament":  # drawn with its round and standings
                        WebDriverWait(driver, 30).until(
                            lambda d: d.find_elements(By.CSS_SELECTOR, "#tn-standings td.score")
                        )
                    if name == "tournaments":  # the organiser's form, opened
                        driver.find_element(By.CSS_SELECTOR, "#organise summary").click()
                    if violations := _audit(driver):
                        found[f"{name} {lang} {width}px"] = violations
        assert console_errors(driver) == []
    assert found == {}, _report(found)
