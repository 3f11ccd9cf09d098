"""``make screenshots``: the lobby, a game in progress (desktop and a 360 px phone) and a
finished game, as PNGs in ``docs/screenshots/``, taken from the live service in Chromium.

Run: ``python -m harness.screenshots [out_dir] [teach|drawn]`` (``teach``: only the teaching
screenshots: a decision with its help and a gene card open, in English and German;
``drawn``: only the game sizes: 6 players, Double I, the decoy, a phone and the replay;
``people`` and ``hints`` likewise).
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import as_phone, chromium
from harness.web_play import play_turns, wait_for
from harness.web_server import ROOT, live_server


def _post(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(
        base + "/api/v1" + path, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def create_in_lobby(driver, base: str, name: str) -> str:  # noqa: ANN001
    """Fill the lobby's form (3 players, two random bots, no time limit): the game id."""
    driver.get(base + "/lobby")
    WebDriverWait(driver, 30).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
    )
    Select(driver.find_element(By.ID, "players")).select_by_visible_text("3")
    driver.find_element(By.ID, "your-name").clear()
    driver.find_element(By.ID, "your-name").send_keys(name)
    for seat in (1, 2):
        Select(driver.find_element(By.ID, f"seat-{seat}-level")).select_by_value("random")
    driver.find_element(By.ID, "time-limit").clear()
    driver.find_element(By.ID, "time-limit").send_keys("0")
    driver.find_element(By.ID, "create-button").click()
    WebDriverWait(driver, 30).until(lambda d: "/game/" in d.current_url)
    return driver.current_url.rsplit("/", 1)[-1]


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as tmp, live_server(Path(tmp)) as server:
        base = server.base_url
        open_seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]
        _post(base, "/games", {"players": 3, "seats": open_seats})
        with chromium(1280, 1500) as player, chromium(360, 1400) as phone:
            game_id = create_in_lobby(player, base, "Ada")
            wait_for(player, lambda s: s["ready"], 30, "the game page")
            play_turns(player, rng, max_turns=40)
            wait_for(
                player, lambda s: s["kind"] in ("movement", "feed", "buy_genes"), 120, "a decision"
            )
            player.execute_script("window.scrollTo(0, 0)")  # the decision took focus below
            player.save_screenshot(str(out / "game.png"))
            phone.get(f"{base}/game/{game_id}?watch")
            wait_for(phone, lambda s: s["ready"], 30, "the phone page")
            phone.save_screenshot(str(out / "game-phone.png"))
            player.get(base + "/lobby")
            WebDriverWait(player, 30).until(
                lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
            )
            player.save_screenshot(str(out / "lobby.png"))
            player.get(f"{base}/game/{game_id}")
            wait_for(player, lambda s: s["ready"], 30, "the game page")
            play_turns(player, rng, max_turns=5000)
            wait_for(player, lambda s: s["status"] == "finished", 60, "the end")
            player.execute_script("window.scrollTo(0, 0)")  # the last decision had the focus
            player.save_screenshot(str(out / "game-finished.png"))
    print(f"screenshots in {out}")


def teaching(out: Path, langs: tuple[str, ...] = ("en", "de")) -> None:
    """A decision with its help and a gene card open, per language, at 1280 px and on a
    360 px phone: ``teach-decision-<lang>.png``, ``teach-gene-card-<lang>.png``,
    ``teach-phone-<lang>.png``."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, live_server(Path(tmp)) as server:
        base = server.base_url
        for lang in langs:
            rng = random.Random(5)
            with chromium(1280, 1400) as player, chromium(360, 1600) as phone:
                player.get(base + "/")
                player.execute_script("localStorage.setItem('ursuppe.lang', arguments[0])", lang)
                game_id = create_in_lobby(player, base, "Ada")
                wait_for(player, lambda s: s["ready"], 30, "the game page")
                play_turns(player, rng, max_turns=20)
                # Then on, one decision at a time, to the next meal (food and its rule).
                while wait_for(player, lambda s: s["kind"], 120, "a decision")["kind"] != "feed":
                    play_turns(player, rng, max_turns=1)
                player.find_element(By.ID, "decision").screenshot(
                    str(out / f"teach-decision-{lang}.png")
                )
                ref = player.find_element(By.CSS_SELECTOR, "#market .gene-ref[data-gene='speed']")
                player.execute_script("arguments[0].scrollIntoView({block: 'center'})", ref)
                player.execute_script("arguments[0].focus()", ref)
                player.save_screenshot(str(out / f"teach-gene-card-{lang}.png"))
                phone.get(base + "/")
                phone.execute_script("localStorage.setItem('ursuppe.lang', arguments[0])", lang)
                token = player.execute_script(
                    "return localStorage.getItem('ursuppe.seats')"
                )  # the same seat on the phone: it shows the decision and its help
                phone.execute_script("localStorage.setItem('ursuppe.seats', arguments[0])", token)
                phone.get(f"{base}/game/{game_id}")
                wait_for(phone, lambda s: s["ready"] and s["kind"], 30, "the phone's decision")
                phone.save_screenshot(str(out / f"teach-phone-{lang}.png"))
    print(f"teaching screenshots in {out}")


#: How far into the game the replay's screenshot steps.
REPLAY_STEPS = 100


def _bots_to_the_person(base: str, players: int, variant: str | None, moves: int) -> str:
    """A game of Ann against random bots, Ann answering ``moves`` decisions over the API
    (her first offered action), so the board has amoebas, food and genes to show."""
    bots = [{"kind": "bot", "level": "random"}] * (players - 1)
    body: dict = {"players": players, "seats": [{"kind": "human"}, *bots], "time_limit": 0}
    if variant:
        body["options"] = {"variant": variant}
    game_id = _post(base, "/games", body)["game"]["id"]
    token = _post(base, f"/games/{game_id}/seats", {"name": "Ann"})["token"]
    for _ in range(moves):
        while True:
            with urllib.request.urlopen(f"{base}/api/v1/games/{game_id}", timeout=10) as resp:
                game = json.load(resp)
            pending = game.get("pending")
            if game["status"] != "active" or (
                pending and pending.get("player", pending["seat"]) == 0
            ):
                break
            time.sleep(0.1)
        if game["status"] != "active":
            break
        req = urllib.request.Request(
            f"{base}/api/v1/games/{game_id}/actions", method="POST",
            data=json.dumps({"action": pending["actions"][0], "expected_seq": pending["seq"]}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        )  # fmt: skip
        urllib.request.urlopen(req, timeout=10).close()
    return game_id


def drawn(out: Path) -> None:
    """Every game size drawn: ``game-6-players.png``, ``game-double-1.png``,
    ``game-decoy.png``, ``game-phone-6-players.png`` (360 px) and ``game-replay.png``."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, live_server(Path(tmp)) as server:
        base = server.base_url
        shots = [("game-6-players.png", 6, None, 25), ("game-double-1.png", 2, "double_1", 25),
                 ("game-decoy.png", 2, "decoy", 25)]  # fmt: skip
        with chromium(1280, 1600) as desk, chromium(1280, 1600) as small:
            as_phone(small)
            for name, players, variant, moves in shots:
                game_id = _bots_to_the_person(base, players, variant, moves)
                desk.get(f"{base}/game/{game_id}?watch")
                wait_for(desk, lambda s: s["ready"], 30, "the game page")
                desk.save_screenshot(str(out / name))
                if players == 6:
                    small.get(f"{base}/game/{game_id}?watch")
                    wait_for(small, lambda s: s["ready"], 30, "the phone page")
                    small.save_screenshot(str(out / "game-phone-6-players.png"))
            # The replay: four greedy bots play a whole game (a close one to step through),
            # shown halfway with the replay's controls in view.
            greedy = [{"kind": "bot", "level": "greedy"}] * 4
            game_id = _post(base, "/games", {"players": 4, "seats": greedy})["game"]["id"]
            desk.get(f"{base}/game/{game_id}?watch")
            wait_for(desk, lambda s: s["ready"] and s["status"] == "finished", 600, "the end")
            desk.find_element(By.ID, "replay-open").click()
            WebDriverWait(desk, 30).until(
                lambda d: d.find_element(By.ID, "replay").get_attribute("data-shown") == "0"
            )
            for _ in range(REPLAY_STEPS):
                desk.find_element(By.ID, "rp-next").click()
            WebDriverWait(desk, 30).until(
                lambda d: (
                    d.find_element(By.ID, "replay").get_attribute("data-shown") == str(REPLAY_STEPS)
                )
            )
            desk.execute_script("document.getElementById('board-wrap').scrollIntoView()")
            desk.save_screenshot(str(out / "game-replay.png"))
    print(f"game-size screenshots in {out}")


def _call(base: str, path: str, body: dict | None = None, token: str | None = None) -> Any:
    """GET ``path`` (no body) or POST ``body``, as ``token`` when given: the answer's JSON."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + "/api/v1" + path, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def _rated_players(base: str) -> dict[str, str]:
    """Three people who each take a seat in a few 3-player games against bots and resign at
    once; the stand-ins and bots play the games out and the workers rate them. Their ids."""
    plan = [("Rita", 3, "greedy"), ("Sam", 2, "random"), ("Tove", 1, "random")]
    ids, expected = {}, {}
    for name, games, level in plan:
        created = _call(base, "/players", {"name": name})
        ids[name], token = created["player"]["id"], created["token"]
        expected[ids[name]] = games
        seats = [
            {"kind": "human"},
            {"kind": "bot", "level": level},
            {"kind": "bot", "level": "random"},
        ]
        for _ in range(games):
            game = _call(base, "/games", {"players": 3, "seats": seats, "time_limit": 0}, token)
            game_id = game["game"]["id"]
            seat = _call(base, f"/games/{game_id}/seats", {"name": name}, token)
            _call(base, f"/games/{game_id}/seats/{seat['seat']}/resign", {}, seat["token"])
    deadline = time.monotonic() + 600
    while True:
        rated = {r["player_id"]: r["games"] for r in _call(base, "/ratings?pool=3p&page_size=100")}
        if all(rated.get(pid, 0) >= n for pid, n in expected.items()):
            return ids
        if time.monotonic() > deadline:
            raise RuntimeError(f"the games were not rated in time: {rated}")
        time.sleep(0.5)


def _table_with_chat(base: str) -> tuple[str, dict[str, Any]]:
    """Ann and Bob (players) against a bot, a few moves in, and a chat with Eve watching:
    the game id and Ann's browser storage (her player, her seat, the game she created)."""
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]
    people = {n: _call(base, "/players", {"name": n}) for n in ("Ann", "Bob", "Eve")}
    created = _call(
        base, "/games", {"players": 3, "seats": seats, "time_limit": 0}, people["Ann"]["token"]
    )
    game_id = created["game"]["id"]
    tokens = {}
    for name in ("Ann", "Bob"):
        joined = _call(base, f"/games/{game_id}/seats", {"name": name}, people[name]["token"])
        tokens[joined["seat"]] = joined["token"]
    for _ in range(12):  # the first offered action of whoever holds the turn
        while True:
            game = _call(base, f"/games/{game_id}")
            pending = game.get("pending")
            if pending and pending.get("player", pending["seat"]) in tokens:
                break
            time.sleep(0.1)
        token = tokens[pending.get("player", pending["seat"])]
        body = {"action": pending["actions"][0], "expected_seq": pending["seq"]}
        _call(base, f"/games/{game_id}/actions", body, token)
    chat = [
        ("Ann", tokens[0], "Hi Bob! First game with the new genes?"),
        ("Bob", tokens[1], "Yes. I will keep an eye on the ozone this time."),
        ("Eve", people["Eve"]["token"], "Good luck, both of you <3"),
        ("Ann", tokens[0], "Thanks, Eve. I am buying Speed next."),
        ("Bob", tokens[1], "Careful: my amoeba is hungry."),
    ]
    for _, token, text in chat:
        _call(base, f"/games/{game_id}/chat", {"text": text}, token)
    ann = people["Ann"]
    storage = {
        "ursuppe.player": {"id": ann["player"]["id"], "name": "Ann", "token": ann["token"]},
        "ursuppe.seats": {game_id: {"seat": 0, "token": tokens[0], "name": "Ann"}},
        "ursuppe.created": {game_id: created["creator_token"]},  # her switch for spectators
    }
    return game_id, storage


def people(out: Path) -> None:
    """Players: ``profile.png`` (a rating chart), ``leaderboard.png``, the
    ``account.png`` page, a table with chat at 1280 px (``game-chat.png``) and on a 360 px
    phone (``game-chat-phone.png``, ``profile-phone.png``)."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, live_server(Path(tmp)) as server:
        base = server.base_url
        game_id, storage = _table_with_chat(base)
        ids = _rated_players(base)
        with chromium(1280, 1000) as desk, chromium(1280, 1600) as phone:
            as_phone(phone, 360, 800)

            def ready(driver, url: str) -> None:  # noqa: ANN001
                driver.get(base + url)
                WebDriverWait(driver, 30).until(
                    lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
                )

            ready(desk, f"/players/{ids['Rita']}")
            WebDriverWait(desk, 30).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "#chart circle")
            )
            desk.save_screenshot(str(out / "profile.png"))
            ready(phone, f"/players/{ids['Rita']}")
            WebDriverWait(phone, 30).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "#chart circle")
            )
            phone.save_screenshot(str(out / "profile-phone.png"))
            ready(desk, "/leaderboard?pool=3p")
            desk.save_screenshot(str(out / "leaderboard.png"))
            for driver in (desk, phone):
                driver.get(base + "/")
                for key, value in storage.items():
                    driver.execute_script(
                        "localStorage.setItem(arguments[0], arguments[1])", key, json.dumps(value)
                    )
            ready(desk, "/account")
            WebDriverWait(desk, 30).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "#player-games tr td a")
            )
            desk.save_screenshot(str(out / "account.png"))
            desk.set_window_size(1280, 1500)
            for driver, name in ((desk, "game-chat.png"), (phone, "game-chat-phone.png")):
                driver.get(f"{base}/game/{game_id}")
                wait_for(driver, lambda s: s["ready"], 30, "the table")
                WebDriverWait(driver, 30).until(
                    lambda d: len(d.find_elements(By.CSS_SELECTOR, "#chat-list li")) == 5
                )
                if driver is phone:  # the chat is below the board and the players on a phone
                    driver.execute_script("document.getElementById('chat').scrollIntoView()")
                else:
                    driver.execute_script("window.scrollTo(0, 0)")
                driver.save_screenshot(str(out / name))
    print(f"people screenshots in {out}")


def hints(out: Path) -> None:
    """A hint shown at the table, in English at 1280 px and in German on a 360 px phone:
    ``hint-en.png`` (the decision panel), ``hint-phone-de.png``."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, live_server(Path(tmp)) as server:
        base, bot = server.base_url, {"kind": "bot", "level": "greedy"}
        for lang, phone in (("en", False), ("de", True)):
            created = _post(base, "/games", {"players": 3, "seats": [{"kind": "human"}, bot, bot],
                                             "time_limit": 0, "rated": False})  # fmt: skip
            game_id = created["game"]["id"]
            seat = _post(base, f"/games/{game_id}/seats", {"name": "Ada"})
            seats = {game_id: {"seat": seat["seat"], "token": seat["token"], "name": "Ada"}}
            with chromium(1280, 2400) as driver:
                if phone:
                    as_phone(driver, 360, 1400)
                driver.get(base + "/")
                driver.execute_script(
                    "localStorage.setItem('ursuppe.lang', arguments[0]);"
                    "localStorage.setItem('ursuppe.seats', arguments[1])", lang, json.dumps(seats),
                )  # fmt: skip
                driver.get(f"{base}/game/{game_id}")
                wait_for(driver, lambda s: s["ready"] and s["kind"], 60, "our decision")
                driver.find_element(By.ID, "hint-button").click()
                hint = WebDriverWait(driver, 60).until(lambda d: d.execute_script(
                    "const h = window.ursuppe.hint; return h && h.status === 'ready' && h"))  # fmt: skip
                if hint["action"].get("field"):  # its button shows once the field is picked
                    css = f'#board-wrap g.field[data-field="{hint["action"]["field"]}"]'
                    driver.find_element(By.CSS_SELECTOR, css).click()
                panel = driver.find_element(By.ID, "decision")
                if phone:
                    driver.execute_script("arguments[0].scrollIntoView()", panel)
                    driver.save_screenshot(str(out / f"hint-phone-{lang}.png"))
                else:
                    panel.screenshot(str(out / f"hint-{lang}.png"))
    print(f"hint screenshots in {out}")


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    # "teach" as the second argument takes only the teaching screenshots.
    if sys.argv[2:] == ["teach"]:
        teaching(target)
    elif sys.argv[2:] == ["drawn"]:
        drawn(target)
    elif sys.argv[2:] == ["people"]:
        people(target)
    elif sys.argv[2:] == ["hints"]:
        hints(target)
    else:
        main(target)
        teaching(target)
        drawn(target)
        people(target)
        hints(target)
