"""The browser harness itself: what ``remember`` puts into a page's storage reads back as
the pages read it, and a window asked for at a phone's width lays the page out at that
width (a headless window is never narrower than 500 px by itself)."""

from __future__ import annotations

import pytest

from harness.browser import chromium, console_errors, open_ready, remember
from harness.web_server import LiveServer


def test_remember_keeps_strings_as_the_pages_read_them(server: LiveServer) -> None:
    prefs = {"players": 4, "rated": False}
    with chromium() as driver:
        remember(driver, server.base_url, {"ursuppe.lang": "de", "ursuppe.quickplay": prefs})
        kept = driver.execute_script(
            "return ['ursuppe.lang', 'ursuppe.quickplay'].map((k) => localStorage.getItem(k))"
        )
        assert kept[0] == "de"  # i18n.js compares the raw item with its language codes
        open_ready(driver, server.base_url + "/leaderboard")
        assert driver.execute_script("return document.documentElement.lang") == "de"
        assert driver.execute_script("return JSON.parse(arguments[0])", kept[1]) == prefs
        assert console_errors(driver) == []


@pytest.mark.parametrize("width", [360, 400, 1280])
def test_a_window_lays_pages_out_at_the_width_asked_for(server: LiveServer, width: int) -> None:
    with chromium(width=width, height=800) as driver:
        open_ready(driver, server.base_url + "/leaderboard")
        assert driver.execute_script("return window.innerWidth") == width
