"""``make screenshots``: the lobby, a game in progress (desktop and a 360 px phone) and a
finished game, as PNGs in ``docs/screenshots/``, taken from the live service in Chromium.

Run: ``python -m tests.web.screenshots [out_dir] [teach]`` (``teach``: only the teaching
screenshots: a decision with its help and a gene card open, in English and German).
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import urllib.request
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from tests.web.browser import chromium
from tests.web.play import play_turns, wait_for
from tests.web.server import ROOT, live_server


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


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    # "teach" as the second argument takes only the teaching screenshots.
    if sys.argv[2:] == ["teach"]:
        teaching(target)
    else:
        main(target)
        teaching(target)
