"""The browser client: a landing page, the lobby and the game page, served by the API's app.

Every file comes from this server (no CDN): the pages are plain HTML with ES modules and
SVG under ``web/static`` (nothing to build), Swagger UI's files come from the
``swagger-ui-bundle`` package, and Fluent's message formatter (``@fluent/bundle``, declared in
``web/package.json``) from ``web/node_modules``, its ES modules served as npm ships them. The client knows no rule of the game: it draws what
``GET /api/v1/rules`` and the game documents say and offers only ``pending.actions``.
"""

from __future__ import annotations

from pathlib import Path

import swagger_ui_bundle
from flask import Blueprint, Response, send_from_directory

STATIC = Path(__file__).parent / "static"
# Fluent's ES build: modules that import only each other, so the browser loads them as they are.
FLUENT = Path(__file__).parent / "node_modules" / "@fluent" / "bundle" / "esm"
SWAGGER_UI_URL = "/web/swagger-ui/"

web_bp = Blueprint("web", __name__, static_folder="static", static_url_path="/web/static")


def _page(name: str) -> Response:
    """A page is a static HTML file; which game it shows is read from the URL by its script."""
    resp = send_from_directory(STATIC, name)
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@web_bp.get("/")
def landing() -> Response:
    return _page("index.html")


@web_bp.get("/lobby")
def lobby() -> Response:
    return _page("lobby.html")


@web_bp.get("/account")
def account() -> Response:
    return _page("account.html")


@web_bp.get("/tokens")
def tokens() -> Response:
    """The sites, personal access tokens and sign-ins that act for the browser's player."""
    return _page("tokens.html")


@web_bp.get("/moderation")
def moderation() -> Response:
    """The moderators' page: the queue of reports, acting on them, and the audit log (the
    API answers anybody else 403 ``not_moderator``, and the page says so)."""
    return _page("moderation.html")


@web_bp.get("/oauth/authorize")
def authorize() -> Response:
    """OAuth 2's authorization endpoint: the consent page (its script reads the request
    from the query string; ``api.oauth`` checks it)."""
    return _page("authorize.html")


@web_bp.get("/email")
def email_links() -> Response:
    """Where the links of the notice emails land (verify an address, unsubscribe)."""
    return _page("email.html")


@web_bp.get("/leaderboard")
def leaderboard() -> Response:
    return _page("leaderboard.html")


@web_bp.get("/tournaments")
def tournaments() -> Response:
    return _page("tournaments.html")


@web_bp.get("/tournaments/<tournament_id>")
def tournament(tournament_id: str) -> Response:  # noqa: ARG001 - the page's script reads the id
    return _page("tournament.html")


@web_bp.get("/players/<player_id>")
def profile(player_id: str) -> Response:  # noqa: ARG001 - the page's script reads the id
    return _page("profile.html")


@web_bp.get("/game/<game_id>")
def game(game_id: str) -> Response:  # noqa: ARG001 - the page's script reads the id
    return _page("game.html")


@web_bp.get("/favicon.ico")
def favicon() -> Response:
    """Browsers ask for it on every page (Swagger UI's too); an SVG answers them."""
    return send_from_directory(STATIC, "favicon.svg", mimetype="image/svg+xml", max_age=86400)


@web_bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest that makes the site installable (name, icons, start page)."""
    resp = send_from_directory(STATIC, "manifest.webmanifest", mimetype="application/manifest+json")
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@web_bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, served from the root so that its scope is every page; always
    revalidated, so that a changed worker reaches browsers at their next visit."""
    resp = send_from_directory(STATIC, "sw.js", mimetype="text/javascript")
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@web_bp.get("/web/swagger-ui/<path:filename>")
def swagger_ui(filename: str) -> Response:
    """Swagger UI's own files, for flask-smorest's ``/api/v1/docs`` page."""
    return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename, max_age=86400)


@web_bp.get("/web/vendor/fluent/<path:filename>")
def fluent(filename: str) -> Response:
    """``@fluent/bundle``'s ES modules from ``web/node_modules`` (``make run`` and ``make test``
    install them with ``scripts/ensure-web-client.sh``): i18n.js formats every text with it."""
    resp = send_from_directory(FLUENT, filename, mimetype="text/javascript")
    resp.headers["Cache-Control"] = "no-cache"
    return resp
