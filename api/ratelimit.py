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
Against floods: challenges and rematches a player offers (``URSUPPE_CHALLENGE_RATE_LIMIT``),
the challenges one player receives (``URSUPPE_CHALLENGE_TARGET_RATE_LIMIT``: counted for each
invited player, only when the challenge is made, so a refused one spends nothing of theirs)
and new tournaments (``URSUPPE_TOURNAMENT_RATE_LIMIT``); the reports a player files
(``URSUPPE_REPORT_RATE_LIMIT``).
Each is counted for the request's key (the player, else the address) *and* for the
client address: players minted at one address share that address's ceiling, so minting
them multiplies nothing. New players and token requests are counted per address only.

Games with search bots (``URSUPPE_SEARCH_GAME_RATE_LIMIT``) are priced by the service, where
every game is made, whatever the route (``service.parts.admission``): a request only tells
the service its client address (``serve_address``).
A refusal is a 429 problem with the budget's own ``code`` (``rate_limited`` for most).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Flask, Response, g, request
from flask_limiter import Limiter, RateLimitExceeded

from api.auth import request_grant
from api.oauth import oauth_bp
from api.problems import ApiProblem, problem_response
from api.resources.challenges.routes import blp as challenges_blp
from api.resources.chat.routes import blp as chat_blp
from api.resources.games.routes import blp as games_blp
from api.resources.moderation.routes import blp as moderation_blp
from api.resources.notices.routes import blp as notices_blp
from api.resources.players.routes import blp as players_blp
from api.resources.tournaments.routes import blp as tournaments_blp
from service.parts.challenge_terms import MAX_INVITED
from service.plumbing import requester
from service.plumbing.budgets import parse_rate
from service.plumbing.config import Settings
from service.plumbing.errors import ServiceError
from service.plumbing.outages import outage_of
from service.rules.player_views import PlayerView

EXEMPT_PREFIXES = ("/healthz", "/readyz", "/api/v1/openapi.json", "/api/v1/docs")
#: A player id as a challenge's ``invited`` names one; anything else is no key (the route
#: refuses it).
PLAYER_ID = re.compile(r"[A-Za-z0-9]{1,32}")
#: The methods of the requests a costly budget counts.
COSTLY_METHODS = ("POST", "PUT")


def verified_player() -> PlayerView | None:
    """The player of the request's token when the token is a known player's, else None:
    whatever its scopes, its requests count for its player."""
    try:
        grant = request_grant()
        return grant.player if grant is not None else None
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


def _json_body() -> Any:
    """The request's JSON body for counting, or None when it is none: too large, too deep
    or not JSON. The route then refuses it with its own problem (413, 400, 415); raising
    here would only make flask-limiter log an error and let the request through."""
    try:
        return request.get_json(silent=True)
    except Exception:  # noqa: BLE001 - 413 and RecursionError: the route answers them
        return None


def challenge_targets() -> list[str]:
    """The players a ``POST /challenges`` invites, as its body names them (the first
    ``MAX_INVITED`` of the right shape, once each); none for any other request."""
    if "challenge_targets" not in g:
        body = _json_body() if _posts_to("challenges.ChallengeList") else None
        invited = body.get("invited") if isinstance(body, dict) else None
        named = invited if isinstance(invited, list) else []
        ids = (n for n in named if isinstance(n, str) and PLAYER_ID.fullmatch(n))
        g.challenge_targets = list(dict.fromkeys(ids))[:MAX_INVITED]
    return list(g.challenge_targets)


@dataclass(frozen=True)
class Costly:
    """A costly request's budget: ``rate`` (a setting's value), the ``blueprint`` holding
    its routes and ``cost``, what a request costs (0: not this kind of request). ``code``:
    the refusal's problem code. ``targets``: counted for each player these name instead
    of for the requester, and only for a request that succeeds."""

    scope: str
    what: str
    rate: str
    blueprint: Blueprint
    cost: Callable[[], int]
    per_player: bool = True
    code: str = "rate_limited"
    targets: Callable[[], list[str]] | None = None


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
            "challenges",
            "challenges and rematches offered",
            settings.challenge_rate_limit,
            challenges_blp,
            lambda: int(_posts_to("challenges.ChallengeList") or _posts_to("challenges.Rematch")),
            code="challenge_rate_limited",
        ),
        Costly(
            "challenge-targets",
            "challenges received",
            settings.challenge_target_rate_limit,
            challenges_blp,
            lambda: int(bool(challenge_targets())),
            code="challenge_target_rate_limited",
            targets=challenge_targets,
        ),
        Costly(
            "tournaments",
            "new tournaments",
            settings.tournament_rate_limit,
            tournaments_blp,
            one("tournaments.TournamentList"),
            code="tournament_rate_limited",
        ),
        Costly(
            "email",
            "email addresses set",
            settings.email_rate_limit,
            notices_blp,
            lambda: int(_posts_to("notices.Email", "PUT")),
            code="email_rate_limited",
        ),
        Costly(
            "reports",
            "reports filed",
            settings.report_rate_limit,
            moderation_blp,
            one("moderation.Reports"),
            code="report_rate_limited",
        ),
    ]


def _limit_targets(
    limiter: Limiter, budget: Costly, targets: Callable[[], list[str]], rate: str
) -> None:
    """Count ``budget`` once for each player ``targets`` names: one limit per place in the
    list, all in one scope, so each player has one count whatever its place. A request is
    counted only when it succeeds (flask-limiter's ``deduct_when``): a refused challenge
    never reached its players, and must not spend what others may send them."""
    for place in range(MAX_INVITED):
        limiter.shared_limit(
            rate,
            scope=budget.scope,
            key_func=lambda place=place: "t:" + targets()[place],
            exempt_when=lambda place=place: len(targets()) <= place,
            deduct_when=lambda response: response.status_code < 400,
            error_message=f"{budget.what}: {rate} for each invited player",
            override_defaults=False,
        )(budget.blueprint)


def _limit_costly(limiter: Limiter, budget: Costly, rate: str) -> None:
    """Count ``budget`` for the request's key (player, else address) and for its address:
    a request needs room in both."""
    if budget.targets is not None:
        _limit_targets(limiter, budget, budget.targets, rate)
        return
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
    codes: dict[str, str] = {}
    for budget, limit in costly:
        _limit_costly(limiter, budget, limit)
        codes[budget.scope] = codes[f"{budget.scope}-address"] = budget.code

    @app.errorhandler(RateLimitExceeded)
    def refused(error: RateLimitExceeded) -> Response:
        # The budget's own code; flask-limiter adds Retry-After and the X-RateLimit headers.
        scope = getattr(error.limit, "scope", None)
        code = codes.get(scope, "rate_limited") if isinstance(scope, str) else "rate_limited"
        detail = f"too many requests (limit: {error.description}); see Retry-After"
        return problem_response(429, code, detail)

    return limiter
