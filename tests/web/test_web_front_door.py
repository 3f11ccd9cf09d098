"""The front door (``/``) says what a visitor can do here (docs/web.md, "The front door"):
learn, play now, every game size and 2-player variant the server offers, watch, the
leaderboard and the API, in each language, laid out within a 1280 px window and a 360 px
phone (emulated over CDP: headless windows are at least 500 px wide)."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors
from harness.web_server import LiveServer
from tests.web.catalogue import LANGUAGES

#: Where a door leads: each must be a link of the page.
DOORS = ["/lobby#learn", "/lobby#quickplay", "/lobby#create", "/lobby#watch", "/leaderboard",
         "/account", "/api/v1/docs", "/api/v1/openapi.json", "/api/v1/rules"]  # fmt: skip
SHOTS = os.environ.get("URSUPPE_SHOTS")  # a folder: the test leaves its screenshots there


def _rules(server: LiveServer, lang: str) -> dict:
    with urllib.request.urlopen(f"{server.base_url}/api/v1/rules?lang={lang}") as resp:
        return json.load(resp)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [1280, 360])
def test_the_front_door_shows_what_a_visitor_can_do(
    server: LiveServer, lang: str, width: int
) -> None:
    rules = _rules(server, lang)
    with chromium() as driver:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})  # fmt: skip
        driver.get(server.base_url + "/")
        driver.execute_script("localStorage.setItem('ursuppe.lang', arguments[0])", lang)
        driver.get(server.base_url + "/")
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        assert driver.execute_script("return document.documentElement.lang") == lang
        text = driver.find_element(By.TAG_NAME, "main").text
        assert "3–4" not in text
        links = driver.execute_script(
            "return [...document.querySelectorAll('main a')].map(a => a.pathname + a.hash)"
        )
        assert set(DOORS) <= set(links)
        sizes = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#sizes li")]
        counts = [n for n in rules["rules"]["players"] if n > 2]
        variants = rules["rules"]["variants"]
        assert counts == [3, 4, 5, 6]
        assert len(sizes) == len(counts) + len(variants) >= 7
        for n, line in zip(counts, sizes, strict=False):
            assert line.startswith(f"{n} "), line
        for variant, line in zip(variants, sizes[len(counts) :], strict=True):
            assert line.startswith("2 ") and rules["texts"]["variants"][variant["id"]] in line
        # Written in this language: the headings differ from English but for the shared words.
        headings = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "main h2")]
        assert len(headings) == 7
        if lang != "en":
            assert "Every game size" not in headings and "For developers" not in headings
        # Nothing wider than the window, nothing clipped.
        overflow = driver.execute_script(
            "const w = document.documentElement.clientWidth;"
            "return [document.documentElement.scrollWidth - w,"
            " ...[...document.querySelectorAll('main *')]"
            "   .filter(e => e.getBoundingClientRect().right > w + 1).map(e => e.tagName)]"
        )
        assert overflow == [0], overflow
        if SHOTS:
            height = driver.execute_script("return document.documentElement.scrollHeight")
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})  # fmt: skip
            driver.save_screenshot(str(Path(SHOTS) / f"front-{lang}-{width}.png"))
        assert console_errors(driver) == []
