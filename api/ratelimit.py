"""Rate limits per verified identity (or client address) with flask-limiter.

General limits are off by default (``URSUPPE_RATE_LIMIT`` empty): in production a proxy
or gateway usually limits. When set to ``"<n>/<seconds>"`` each key may make ``n``
requests per window, counted in Redis when ``REDIS_URL`` is set (so the limit holds across
every gunicorn worker and host) and in each process's memory otherwise. Every limited
response carries ``X-RateLimit-Limit``/``-Remaining``/``-Reset``; a request over the budget
gets a 429 problem (``rate_limited``) with ``Retry-After``.

The key is who the request provably is: the player of a *valid* player token (looked up
once per request, as the route would), else the client address. A made-up or unknown
token is keyed by address like no token at all, so inventing bearers buys no budget. The
address is the connection's, or the one ``URSUPPE_TRUSTED_PROXIES`` proxies vouch for
(werkzeug's ``ProxyFix``, installed in ``api.app``). A player's requests, from any client,
count against one budget, ``URSUPPE_PLAYER_RATE_LIMIT`` (default: ``URSUPPE_RATE_LIMIT``).

The expensive requests have budgets of their own, on by default and counted apart from
the rest: ``POST /games/bulk`` (``URSUPPE_BULK_RATE_LIMIT``) and creating a game with
search bots (``URSUPPE_SEARCH_GAME_RATE_LIMIT``); both need a player (the service refuses
them without one), so their budgets are a player's.
"""

from __future__ import annotations

from flask import Flask, request
from flask_limiter import Limiter

from api.auth import request_player
from api.problems import ApiProblem
from api.resources.games.routes import blp as games_blp
from service.bots import is_search_level
from service.config import Settings
from service.errors import ServiceError
from service.outages import outage_of
from service.players import PlayerView

EXEMPT_PREFIXES = ("/healthz", "/readyz", "/api/v1/openapi.json", "/api/v1/docs")


def parse_rate(spec: str) -> str | None:
    """``"100/60"`` → ``"100 per 60 second"`` (flask-limiter's notation); empty or ``"off"``
    → None."""
    spec = (spec or "").strip().lower()
    if spec in ("", "off", "0", "none"):
        return None
    count, _, window = spec.partition("/")
    n, w = int(count), int(float(window or 60))
    if n <= 0 or w <= 0:
        raise ValueError(f"bad rate limit {spec!r}: use <requests>/<seconds>")
    return f"{n} per {w} second"


def verified_player() -> PlayerView | None:
    """The player of the request's token when the token is a known player's, else None."""
    try:
        return request_player()
    except (ApiProblem, ServiceError):
        return None  # the route answers 401; the request counts for its address
    except Exception as err:
        if outage_of(err) is None:
            raise
        return None  # the database is away: the route answers 503 (api.outages)


def client_key() -> str:
    """``p:<player id>`` for a valid player token, else ``a:<client address>``."""
    player = verified_player()
    return f"p:{player.id}" if player is not None else "a:" + (request.remote_addr or "?")


def _is_bulk() -> bool:
    return request.endpoint == "games.Bulk" and request.method == "POST"


def _creates_search_game() -> bool:
    """A ``POST /games`` whose seats include a search bot (the body is parsed once: Flask
    keeps it for the route)."""
    if request.endpoint != "games.Games" or request.method != "POST":
        return False
    body = request.get_json(silent=True)
    seats = body.get("seats") if isinstance(body, dict) else None
    return isinstance(seats, list) and any(
        isinstance(s, dict) and isinstance(s.get("level"), str) and is_search_level(s["level"])
        for s in seats
    )


def install(app: Flask, settings: Settings) -> Limiter | None:
    """Limit every route but health checks and the API's own documentation (when general
    limits are on), and the expensive requests on their own budgets."""
    rate = parse_rate(settings.rate_limit)
    player_rate = parse_rate(settings.player_rate_limit) or rate
    bulk_rate = parse_rate(settings.bulk_rate_limit)
    search_rate = parse_rate(settings.search_game_rate_limit)
    if player_rate is None and bulk_rate is None and search_rate is None:
        return None

    def budget() -> str:
        return (player_rate if verified_player() else rate) or player_rate or ""

    def exempt() -> bool:
        # Without a general budget only the games' own budgets exist (the bulk and search
        # ones, on ``games_blp``): a request elsewhere has nothing to count, and is let
        # through here, before flask-limiter resolves limits it would find exempt.
        if player_rate is None and request.blueprint != games_blp.name:
            return True
        return request.path.startswith(EXEMPT_PREFIXES)

    def general_exempt() -> bool:
        return player_rate is None or (rate is None and verified_player() is None)

    limiter = Limiter(
        client_key,
        app=app,
        default_limits=[budget],
        default_limits_exempt_when=general_exempt,
        storage_uri=settings.redis_url or "memory://",
        key_prefix="ursuppe",
        headers_enabled=True,
        # A Redis outage must not take the API down with it, nor switch the limits off:
        # each process counts in its own memory until Redis answers again (one warning
        # line when it starts, flask-limiter's "Rate limit storage unreachable").
        in_memory_fallback_enabled=True,
        swallow_errors=True,
    )
    limiter.request_filter(exempt)
    if bulk_rate is not None:
        limiter.shared_limit(
            bulk_rate, scope="bulk", exempt_when=lambda: not _is_bulk(), override_defaults=False
        )(games_blp)
    if search_rate is not None:
        limiter.shared_limit(
            search_rate,
            scope="search-games",
            exempt_when=lambda: not _creates_search_game(),
            override_defaults=False,
        )(games_blp)
    return limiter
