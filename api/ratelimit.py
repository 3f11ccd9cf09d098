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

The costly requests have budgets of their own, on by default and counted apart from the
rest (``costly_budgets``): ``POST /games/bulk`` (``URSUPPE_BULK_RATE_LIMIT``), chat messages
(``URSUPPE_CHAT_RATE_LIMIT``), sign-in codes
(``URSUPPE_SIGNIN_RATE_LIMIT``), new players (``URSUPPE_PLAYER_CREATE_RATE_LIMIT``),
the OAuth 2 token endpoint (``URSUPPE_OAUTH_TOKEN_RATE_LIMIT``) and setting an email
address (``URSUPPE_EMAIL_RATE_LIMIT``: each one mails a verification link to it).
Each is counted for the request's key (the player, else the address) *and* for the
client address: players minted at one address share that address's ceiling, so minting
them multiplies nothing. New players and token requests are counted per address only.

Games with search bots (``URSUPPE_SEARCH_GAME_RATE_LIMIT``) are priced by the service, where
every game is made, whatever the route (``service.parts.admission``): a request only tells
the service its client address (``serve_address``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import Blueprint, Flask, g, request
from flask_limiter import Limiter

from api.auth import request_player
from api.oauth import oauth_bp
from api.problems import ApiProblem
from api.resources.chat.routes import blp as chat_blp
from api.resources.games.routes import blp as games_blp
from api.resources.notices.routes import blp as notices_blp
from api.resources.players.routes import blp as players_blp
from service.plumbing import requester
from service.plumbing.budgets import parse_rate
from service.plumbing.config import Settings
from service.plumbing.errors import ServiceError
from service.plumbing.outages import outage_of
from service.rules.player_views import PlayerView

EXEMPT_PREFIXES = ("/healthz", "/readyz", "/api/v1/openapi.json", "/api/v1/docs")
#: The methods of the requests a costly budget counts.
COSTLY_METHODS = ("POST", "PUT")


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
    return f"p:{player.id}" if player is not None else address_key()


def address_key() -> str:
    """``a:<client address>``, whatever token the request carries."""
    return "a:" + (request.remote_addr or "?")


def _posts_to(endpoint: str, method: str = "POST") -> bool:
    return request.method == method and request.endpoint == endpoint


@dataclass(frozen=True)
class Costly:
    """A costly request's budget: ``rate`` (a setting's value), the ``blueprint`` holding
    its routes and ``cost``, what a request costs (0: not this kind of request)."""

    scope: str
    what: str
    rate: str
    blueprint: Blueprint
    cost: Callable[[], int]
    per_player: bool = True


def costly_budgets(settings: Settings) -> list[Costly]:
    """Every costly budget, as docs/api.md ("Rate limits") lists them."""

    def one(endpoint: str) -> Callable[[], int]:
        return lambda: int(_posts_to(endpoint))

    return [
        Costly("bulk", "bulk creations", settings.bulk_rate_limit, games_blp, one("games.Bulk")),
        Costly("chat", "chat messages", settings.chat_rate_limit, chat_blp, one("chat.GameChat")),
        Costly(
            "signin",
            "sign-in codes",
            settings.signin_rate_limit,
            players_blp,
            lambda: int(_posts_to("players.Signin") or _posts_to("players.SigninCodes")),
        ),
        Costly(
            "oauth-token",
            "token requests",
            settings.oauth_token_rate_limit,
            oauth_bp,
            lambda: int(_posts_to("oauth2.token")),
            per_player=False,
        ),
        Costly(
            "players",
            "new players",
            settings.player_create_rate_limit,
            players_blp,
            one("players.Players"),
            per_player=False,
        ),
        Costly(
            "email",
            "email addresses set",
            settings.email_rate_limit,
            notices_blp,
            lambda: int(_posts_to("notices.Email", "PUT")),
        ),
    ]


def _limit_costly(limiter: Limiter, budget: Costly, rate: str) -> None:
    """Count ``budget`` for the request's key (player, else address) and for its address:
    a request needs room in both."""
    keys = [(budget.scope, client_key, "player")] if budget.per_player else []
    keys.append((f"{budget.scope}-address", address_key, "client address"))
    for scope, key_func, whose in keys:
        limiter.shared_limit(
            rate,
            scope=scope,
            key_func=key_func,
            cost=budget.cost,
            exempt_when=lambda: budget.cost() == 0,
            error_message=f"{budget.what}: {rate} for each {whose}",
            override_defaults=False,
        )(budget.blueprint)


def serve_address(app: Flask) -> None:
    """Tell the service, for every request, the client address it is served for (after
    ``ProxyFix``): the budgets the service counts itself (``service.plumbing.requester``)."""

    def started() -> None:
        g.requester_token = requester.serving(request.remote_addr or "?")

    def ended(_error: BaseException | None) -> None:
        token = g.pop("requester_token", None)
        if token is not None:
            requester.done(token)

    app.before_request(started)
    app.teardown_request(ended)


def install(app: Flask, settings: Settings) -> Limiter | None:
    """Limit every route but health checks and the API's own documentation (when general
    limits are on), and the costly requests on their own budgets; tell the service each
    request's client address (``serve_address``)."""
    serve_address(app)
    rate = parse_rate(settings.rate_limit)
    player_rate = parse_rate(settings.player_rate_limit) or rate
    costly = [(b, r) for b in costly_budgets(settings) if (r := parse_rate(b.rate)) is not None]
    if player_rate is None and not costly:
        return None

    def budget() -> str:
        return (player_rate if verified_player() else rate) or player_rate or ""

    def exempt() -> bool:
        # Without a general budget only the costly budgets exist: a request none of them
        # counts (all but a few POSTs) is let through here, before flask-limiter resolves
        # the limits it would find exempt, which was a quarter of the CPU of a game's read.
        # Each costly budget counts POSTs or PUTs only: any other request needs no look.
        if player_rate is None and (
            request.method not in COSTLY_METHODS or not any(b.cost() for b, _ in costly)
        ):
            return True
        return request.path.startswith(EXEMPT_PREFIXES)

    def check() -> None:
        # flask-limiter's own before-request check (what ``auto_check`` registers), behind
        # ``exempt``: even a request its filter lets through costs a tenth of a game's read
        # in its limit bookkeeping (meta limits, exemption scopes) before the filter runs.
        if not exempt():
            limiter._check_request_limit()

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
        auto_check=False,
    )
    app.before_request(check)
    for budget, limit in costly:
        _limit_costly(limiter, budget, limit)
    return limiter
