"""Every game size and variant drawn right, at a phone's 360 px and at 1280 px.

For 3 to 6 players, Double I, Double II and the decoy: the page is no wider than the
viewport, the players and market panels are not clipped, every food count sits inside its
field, the players panel has one row per colour under its player (the decoy marked), and
the board outlines a bot's move once it lands. Phones are emulated over CDP
(``Emulation.setDeviceMetricsOverride``): headless windows are at least 500 px wide.
"""

from __future__ import annotations

import json
import time
import urllib.request
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors
from harness.web_play import wait_for
from harness.web_server import LiveServer
from tests.web.test_web_play import api, api_post

pytestmark = pytest.mark.integration

GAMES = [(3, None), (4, None), (5, None), (6, None), (2, "double_1"), (2, "double_2"), (2, "decoy")]

LAYOUT_JS = """
const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5
  && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
const food = [...document.querySelectorAll('#board-wrap .field')].flatMap((f) => {
  const box = f.querySelector('rect.bg').getBoundingClientRect();
  return [...f.querySelectorAll('text.food-count')].map((tx) => ({
    field: f.dataset.field, colour: tx.dataset.colour, inside: inside(tx.getBoundingClientRect(), box)}));
});
const clipped = [...document.querySelectorAll('.card')].filter((c) => c.offsetParent
  && c.scrollWidth > c.clientWidth + 1).map((c) => `${c.id || c.querySelector('[id]')?.id}: ${c.scrollWidth} > `
  + `${c.clientWidth} at ${window.innerWidth}: ${c.innerText.slice(0, 300)}`);
const rows = [...document.querySelectorAll('#players tr.colour')].map((r) => ({
  colour: Number(r.dataset.colour), player: r.dataset.player === undefined ? null : Number(r.dataset.player),
  decoy: r.dataset.decoy === '1', text: r.textContent}));
const groups = Object.fromEntries([...document.querySelectorAll('#players tr.player-row')].map((r) =>
  [r.dataset.decoy ? 'decoy' : r.dataset.player, r.textContent]));
return {width: document.documentElement.scrollWidth, viewport: window.innerWidth,
  board: document.querySelector('svg.board').getBoundingClientRect().width,
  food, clipped, rows, groups,
  lastFields: [...document.querySelectorAll('#board-wrap .field.last')].map((f) => f.dataset.field),
  lastAmoebas: [...document.querySelectorAll('#board-wrap .amoeba.last')].map((a) => a.dataset.amoeba)};
"""


def act(server: LiveServer, game_id: str, token: str, seat: int) -> bool:
    """Answer the person's pending decision over the API (its first offered action)."""
    game = api(server, f"/games/{game_id}")
    pending = game.get("pending")
    if game["status"] != "active" or not pending or pending.get("player", pending["seat"]) != seat:
        return False
    body = json.dumps(
        {"action": pending["actions"][0], "expected_seq": pending.get("seq", game["seq"])}
    )
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}",
               "Idempotency-Key": uuid.uuid4().hex}  # fmt: skip
    req = urllib.request.Request(f"{server.base_url}/api/v1/games/{game_id}/actions",
                                 body.encode(), headers, method="POST")  # fmt: skip
    with urllib.request.urlopen(req, timeout=10):
        return True


def wait_turn(server: LiveServer, game_id: str, seat: int) -> dict:
    """The game once the bots have moved and the person decides again (or it ended)."""
    deadline = time.monotonic() + 60
    while True:
        game = api(server, f"/games/{game_id}")
        pending = game.get("pending") or {}
        if game["status"] != "active" or pending.get("player", pending.get("seat")) == seat:
            return game
        assert time.monotonic() < deadline, "the bots did not hand the turn back"
        time.sleep(0.1)


def touched_by(entry: dict) -> set[str]:
    """Every field name an entry's action or events mention (the page outlines a subset)."""
    found: set[str] = set()

    def walk(x: object) -> None:
        if isinstance(x, dict):
            if x.get("type") == "cubes_placed":
                return  # food falling at a round's start is no move to outline
            for k, v in x.items():
                if k in ("field", "to_field", "from_field") and isinstance(v, str):
                    found.add(v)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(entry.get("events"))
    walk(entry.get("action"))
    return found


def check_layout(driver: WebDriver, server: LiveServer, game_id: str, names: dict) -> dict:
    got = driver.execute_script(LAYOUT_JS)
    assert got["width"] <= got["viewport"], (
        f"the page scrolls sideways: {got['width']} > {got['viewport']}"
    )
    assert got["board"] <= got["viewport"]
    assert got["clipped"] == [], f"clipped panels: {got['clipped']}"
    assert got["food"], "some food is on the board"
    assert [f for f in got["food"] if not f["inside"]] == [], "food counts outside their fields"
    state = api(server, f"/games/{game_id}")["state"]
    want = [
        (c["seat"], None if c.get("decoy") else c["player"], bool(c.get("decoy")))
        for c in state["seats"]
    ]
    assert sorted((r["colour"], r["player"], r["decoy"]) for r in got["rows"]) == sorted(want)
    for r in got["rows"]:  # each colour sits under its player's name (or the decoy's)
        group = "decoy" if r["decoy"] else str(r["player"])
        who = names["decoy"] if r["decoy"] else names[r["player"]]
        assert who in got["groups"][group], (who, got["groups"])
    return got


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_every_game_size_is_drawn_right_on_a_phone_and_a_desktop(
    server: LiveServer, players: int, variant: str | None
) -> None:
    bots = [{"kind": "bot", "level": "random"}] * (players - 1)
    body: dict = {"players": players, "seats": [{"kind": "human"}, *bots], "time_limit": 0}
    if variant:
        body["options"] = {"variant": variant}
    game_id = api_post(server, "/games", body)["game"]["id"]
    ann = api_post(server, f"/games/{game_id}/seats", {"name": "Ann"})
    seat, token = ann["seat"], ann["token"]
    game = wait_turn(server, game_id, seat)
    names = {0: "Ann", "decoy": "decoy"} | {
        s["seat"]: f"Bot {s['seat'] + 1}" for s in game["seats"][1:]
    }
    # Let the game run a few rounds so food lies on several fields.
    for _ in range(12):
        if not act(server, game_id, token, seat):
            break
        wait_turn(server, game_id, seat)

    with chromium() as driver:
        for width, height, mobile in ((1280, 1000, False), (360, 740, True)):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})  # fmt: skip
            driver.get(f"{server.base_url}/game/{game_id}?watch")
            before = wait_for(driver, lambda s: s["ready"], 30, "the game page")
            check_layout(driver, server, game_id, names)
            # The person moves; the bots answer; the page outlines the newest bot move.
            seq = before["seq"]
            for _ in range(20):  # the person may decide several times in a row
                if not act(server, game_id, token, seat):
                    break
                after = wait_turn(server, game_id, seat)
                if after["seq"] > seq + 1:
                    break
                seq = after["seq"]
            after = api(server, f"/games/{game_id}")
            wait_for(driver, lambda s, seq=after["seq"]: s["seq"] >= seq, 30, "the bots' moves")
            assert after["seq"] > before["seq"] + 1 or after["status"] != "active", "bots moved"
            got = check_layout(driver, server, game_id, names)
            entries = api(server, f"/games/{game_id}/events?since=0&limit=500")["items"]
            newest = next(e for e in reversed(entries) if touched_by(e))
            assert got["lastFields"] or got["lastAmoebas"], "the last move is outlined on the board"
            assert set(got["lastFields"]) <= touched_by(newest), (got["lastFields"], newest)
        assert console_errors(driver) == []


def test_a_private_game_waits_for_players_and_its_link_takes_the_seat(server: LiveServer) -> None:
    """The creator sees "waiting for players" and a link per open seat carrying that seat's
    invitation code; a second person opens the link and the game starts."""
    with chromium() as ann, chromium() as bob:
        ann.get(server.base_url + "/lobby")
        WebDriverWait(ann, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        Select(ann.find_element(By.ID, "players")).select_by_value("3")
        Select(ann.find_element(By.ID, "seat-1-kind")).select_by_value("human")
        Select(ann.find_element(By.ID, "seat-2-level")).select_by_value("random")
        ann.find_element(By.ID, "private").click()
        ann.find_element(By.ID, "time-limit").clear()
        ann.find_element(By.ID, "time-limit").send_keys("0")
        ann.find_element(By.ID, "create-button").click()
        WebDriverWait(ann, 30).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#decision li.seat-link")
        )
        game_id = ann.current_url.rsplit("/", 1)[-1]
        assert api(server, f"/games/{game_id}")["status"] == "open"
        assert "Waiting for players" in ann.find_element(By.ID, "decision").text
        links = ann.find_elements(By.CSS_SELECTOR, "#decision li.seat-link")
        assert [li.get_attribute("data-seat") for li in links] == ["1"]
        url = links[0].find_element(By.CSS_SELECTOR, "input.invite-url").get_attribute("value")
        assert f"join={game_id}" in url and "seat=1" in url and "invite=" in url

        bob.get(url)
        WebDriverWait(bob, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        bob.find_element(By.ID, "your-name").clear()
        bob.find_element(By.ID, "your-name").send_keys("Bob")
        bob.find_element(By.ID, "accept-invite").click()
        WebDriverWait(bob, 30).until(lambda d: "/game/" in d.current_url)
        game = api(server, f"/games/{game_id}")
        assert game["status"] == "active" and game["seats"][1]["name"] == "Bob"
        WebDriverWait(ann, 30).until(
            lambda d: not d.find_elements(By.CSS_SELECTOR, "#decision li.seat-link")
        )
        assert console_errors(ann) == [] and console_errors(bob) == []


def test_the_lobby_lists_one_score_per_player_of_a_finished_double_game(server: LiveServer) -> None:
    bots = [{"kind": "bot", "level": "random"}] * 2
    body = {"players": 2, "seats": bots, "options": {"variant": "double_1"}}
    game_id = api_post(server, "/games", body)["game"]["id"]
    deadline = time.monotonic() + 120
    while api(server, f"/games/{game_id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    result = api(server, f"/games/{game_id}")["result"]
    assert len(result["scores"]) == 4
    with chromium() as driver:
        driver.get(server.base_url + "/lobby")
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        row = next(
            r
            for r in driver.find_elements(By.CSS_SELECTOR, "#finished-games tr")
            if game_id[:8] in r.text
        )
        scores = row.find_elements(By.TAG_NAME, "td")[-1].text.split(" / ")
        rules = api(server, "/rules")["rules"]["variants"]
        controllers = next(v["controllers"] for v in rules if v["id"] == "double_1")
        own = [
            min(s for s, c in zip(result["scores"], controllers, strict=True) if c == p)
            for p in (0, 1)
        ]
        assert [int(s) for s in scores] == own
        assert console_errors(driver) == []


def bots_burst(server: LiveServer, game_id: str, token: str, seat: int, size: int) -> dict:
    """The person answers until the bots reply with at least ``size`` entries in a row."""
    before = api(server, f"/games/{game_id}")["seq"]
    for _ in range(30):
        assert act(server, game_id, token, seat), "the person has a decision"
        after = wait_turn(server, game_id, seat)
        if after["seq"] - before > size:
            return after
        before = after["seq"]
    raise AssertionError("the bots never answered with several moves")


def test_moves_are_shown_one_at_a_time_and_skip_ahead_catches_up(server: LiveServer) -> None:
    body = {"players": 4, "seats": [{"kind": "human"}, *[{"kind": "bot", "level": "random"}] * 3],
            "time_limit": 0}  # fmt: skip
    game_id = api_post(server, "/games", body)["game"]["id"]
    ann = api_post(server, f"/games/{game_id}/seats", {"name": "Ann"})
    seat, token = ann["seat"], ann["token"]
    wait_turn(server, game_id, seat)
    trace = "return window.ursuppe"
    with chromium() as driver:
        driver.get(f"{server.base_url}/game/{game_id}?watch")
        WebDriverWait(driver, 30).until(lambda d: (d.execute_script(trace) or {}).get("ready"))
        # Paced: each entry of the stream follows the one before by the page's pace.
        start = api(server, f"/games/{game_id}")["seq"]
        after = bots_burst(server, game_id, token, seat, 3)
        WebDriverWait(driver, 60).until(
            lambda d: d.execute_script(trace)["lastSeq"] >= after["seq"]
        )
        shown = [s for s in driver.execute_script(trace)["shown"] if s["seq"] > start]
        assert [s["seq"] for s in shown] == list(range(start + 1, after["seq"] + 1))
        gaps = [b["at"] - a["at"] for a, b in zip(shown, shown[1:], strict=False)]
        assert min(gaps) >= 700, gaps
        # Skip ahead: the waiting entries are shown at once.
        start = after["seq"]
        after = bots_burst(server, game_id, token, seat, 6)
        skip = driver.find_element(By.ID, "skip-ahead")
        WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: skip.is_displayed())
        skip.click()
        WebDriverWait(driver, 10).until(
            lambda d: d.execute_script(trace)["lastSeq"] >= after["seq"]
        )
        shown = [s for s in driver.execute_script(trace)["shown"] if s["seq"] > start]
        assert [s["seq"] for s in shown] == list(range(start + 1, after["seq"] + 1))
        assert not skip.is_displayed()
        # The entries waiting at the click follow one another without the pace (a paced
        # entry comes PACE = 800 ms or more after the one before; an unpaced one as soon as
        # it is drawn). Entries the stream delivers later are paced again: not looked at.
        click = driver.execute_script(trace)["skips"][-1]
        assert click["waiting"] >= 2, click
        since = [s["at"] for s in shown if s["at"] >= click["at"]][: click["waiting"]]
        assert len(since) == click["waiting"]
        gaps = [b - a for a, b in zip(since, since[1:], strict=False)]
        assert max(gaps) < 800, ("the waiting entries were paced", gaps)
        assert console_errors(driver) == []


def test_focus_moves_to_the_decision_and_a_live_region_announces_it(server: LiveServer) -> None:
    body = {"players": 3, "seats": [{"kind": "human"}, *[{"kind": "bot", "level": "random"}] * 2],
            "time_limit": 0}  # fmt: skip
    game_id = api_post(server, "/games", body)["game"]["id"]
    ann = api_post(server, f"/games/{game_id}/seats", {"name": "Ann"})
    seats = json.dumps({game_id: {"seat": ann["seat"], "token": ann["token"], "name": "Ann"}})
    with chromium() as driver:
        driver.get(server.base_url + "/")
        driver.execute_script("localStorage.setItem('ursuppe.seats', arguments[0])", seats)
        driver.get(f"{server.base_url}/game/{game_id}")
        for _ in range(3):  # the turn comes, is answered, and comes again
            state = wait_for(driver, lambda s: s["ready"] and s["kind"], 60, "Ann's decision")
            focused = driver.execute_script(
                "const a = document.activeElement; return [a.outerHTML.slice(0, 120),"
                " document.getElementById('decision').contains(a) || !!a.closest('.offered')]"
            )
            assert focused[1], f"{state['kind']}: focus is on {focused[0]}"
            announced = driver.find_element(By.ID, "announce")
            assert announced.get_attribute("aria-live") == "assertive"
            assert announced.get_attribute("textContent").startswith("Your turn: ")
            # Answered from the keyboard alone: Enter on the focused choice (a field first
            # moves focus to that field's actions: Enter again).
            driver.switch_to.active_element.send_keys(Keys.ENTER)
            if state["kind"] in ("place_amoeba", "divide"):
                WebDriverWait(driver, 10).until(lambda d: d.execute_script(
                    "return document.activeElement.matches('.field-choice button')"))  # fmt: skip
                driver.switch_to.active_element.send_keys(Keys.ENTER)
            wait_for(driver, lambda s, b=state: s["seq"] > b["seq"], 30, "the answer")
        assert console_errors(driver) == []
