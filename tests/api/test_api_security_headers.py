"""Every response says what a browser may do with it (docs/web.md, "Where tokens live"):
the pages a strict Content-Security-Policy (scripts and styles from this server's files
only, nothing inline, no framing), Swagger UI its own, everything else a policy that loads
nothing; ``nosniff``, ``X-Frame-Options`` and a referrer policy on all of them."""

from __future__ import annotations

import pytest
from api_helpers import API

PAGES = ["/", "/lobby", "/account", "/leaderboard", "/players/somebody", "/game/some-game"]


def policy(header: str) -> dict[str, list[str]]:
    """A Content-Security-Policy as {directive: sources}."""
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {d[0]: d[1:] for d in directives}


def assert_common(resp) -> None:
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["X-Frame-Options"] == "DENY"
    assert resp.headers["Referrer-Policy"] == "same-origin"
    assert policy(resp.headers["Content-Security-Policy"])["frame-ancestors"] == ["'none'"]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_sends_a_strict_policy(client, path: str) -> None:
    resp = client.get(path)
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    assert_common(resp)
    csp = policy(resp.headers["Content-Security-Policy"])
    assert csp["script-src"] == ["'self'"]  # no inline script, no eval, no other host
    assert csp["style-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"] and csp["base-uri"] == ["'none'"]
    assert csp["default-src"] == ["'self'"]


def test_swagger_ui_runs_its_inline_start_and_nothing_from_elsewhere(client) -> None:
    resp = client.get(f"{API}/docs")
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    assert_common(resp)
    csp = policy(resp.headers["Content-Security-Policy"])
    assert csp["script-src"] == ["'self'", "'unsafe-inline'"]
    assert csp["connect-src"] == ["'self'"] and csp["default-src"] == ["'self'"]


@pytest.mark.parametrize("path", [f"{API}/rules", f"{API}/games/none-such", "/favicon.ico"])
def test_data_and_images_load_nothing_when_opened(client, path: str) -> None:
    resp = client.get(path)
    assert resp.mimetype != "text/html"
    assert_common(resp)
    assert policy(resp.headers["Content-Security-Policy"])["default-src"] == ["'none'"]


def test_a_script_file_carries_the_pages_policy_for_a_worker_started_from_it(client) -> None:
    resp = client.get("/web/static/game.js")
    assert resp.mimetype in ("text/javascript", "application/javascript")
    assert_common(resp)
    csp = policy(resp.headers["Content-Security-Policy"])
    assert csp["script-src"] == ["'self'"] and csp["connect-src"] == ["'self'"]
