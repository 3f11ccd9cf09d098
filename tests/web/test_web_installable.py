"""The site is installable (docs/web.md, "Installable"): a web app manifest with icons,
linked from every page, and a service worker that keeps the static files and shows the
offline page, in the page's language, when the server cannot be reached. The browser's
own installability check (DevTools ``Page.getInstallabilityErrors``, what Lighthouse
asks) finds nothing missing."""

from __future__ import annotations

import json
import struct
import urllib.request
from typing import Any
from urllib.parse import urlsplit

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors
from harness.tcp_proxy import tcp_relay
from harness.web_server import LiveServer

PAGES = [
    "/",
    "/lobby",
    "/account",
    "/tokens",
    "/moderation",
    "/leaderboard",
    "/tournaments",
    "/players/nobody",
    "/game/nothing",
]
OFFLINE_HEADING = {"en": "You are offline", "de": "Du bist offline", "nl": "Je bent offline",
                   "es": "Estás sin conexión", "fr": "Vous êtes hors ligne"}  # fmt: skip


def _get(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=30) as resp:
        return resp.headers.get_content_type(), resp.read()


def test_the_manifest_names_the_app_and_its_icons(server: LiveServer) -> None:
    kind, body = _get(server.base_url + "/manifest.webmanifest")
    assert kind == "application/manifest+json"
    manifest = json.loads(body)
    assert manifest["name"] == "Ursuppe Server"
    assert manifest["short_name"] == "Ursuppe"
    assert manifest["start_url"] == "/lobby"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        kind, data = _get(server.base_url + icon["src"])
        assert kind == icon["type"], icon
        if kind == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
        else:
            assert data.lstrip().startswith(b"<svg")
    assert {192, 512} <= sizes
    for page in PAGES:
        _, html = _get(server.base_url + page)
        assert b'<link rel="manifest" href="/manifest.webmanifest">' in html, page
        assert b'src="/web/static/installable.js"' in html, page


def _wait_controlled(driver: Any) -> None:
    """Until the service worker controls the page (it claims open pages when it starts)."""
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return !!navigator.serviceWorker.controller")
    )


def _cached(driver: Any) -> list[str]:
    return driver.execute_async_script(
        "const done = arguments[0];"
        "caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.keys()))))"
        ".then(rs => done(rs.flat().map(r => new URL(r.url).pathname)))"
    )


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_service_worker_keeps_static_files_and_shows_offline(
    server: LiveServer, lang: str
) -> None:
    port = urlsplit(server.base_url).port
    assert port is not None
    with tcp_relay(port) as relay, chromium() as driver:
        site = f"http://127.0.0.1:{relay.port}"
        driver.get(site + "/lobby")
        driver.execute_script("localStorage.setItem('ursuppe.lang', arguments[0])", lang)
        scope = driver.execute_async_script(
            "const done = arguments[0];"
            "navigator.serviceWorker.ready.then(r => done(r.scope), e => done(String(e)))"
        )
        assert scope == site + "/"
        _wait_controlled(driver)
        # Loaded again under the worker: its scripts now pass through it and are kept.
        driver.get(site + "/lobby")
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        # Chromium's own check; the harness's windows are browser contexts, which Chromium
        # calls incognito and never installs from: everything else must be in order.
        errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})
        ids = [e["errorId"] for e in errors["installabilityErrors"]]
        assert [i for i in ids if i != "in-incognito"] == [], errors
        cached = _cached(driver)
        assert {"/web/static/lobby.js", "/web/static/style.css", "/web/static/offline.html"} <= set(
            cached
        )
        # Only the static files (the client's own and the npm package it loads): no page, no
        # API answer, no stream.
        assert "/web/vendor/fluent/index.js" in cached
        static = ("/web/static/", "/web/vendor/")
        assert [p for p in cached if not p.startswith(static)] == []
        assert console_errors(driver) == []

        relay.cut()
        driver.get(site + "/lobby")
        heading = WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "#offline h2").text
        )
        assert heading == OFFLINE_HEADING[lang]
        assert driver.find_element(By.ID, "retry").is_displayed()
        assert driver.execute_script("return document.documentElement.lang") == lang
        driver.get(site + "/game/0123")
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "#offline h2"))
