"""The Flask application factory.

``create_app`` wires settings (from the environment unless given), the GameService with
its scheduler (``service.game_service.build_service``), the problem+json error handling, the
optional rate limit and the flask-smorest blueprints (``api.resources``). The app holds no
game state of its own: every request goes through the service, so any number of gunicorn
workers can serve the same database.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from flask import Flask, Request, Response, request
from flask.sessions import SessionInterface, SessionMixin
from flask_compress import Compress
from werkzeug.middleware.proxy_fix import ProxyFix

from api import (
    cors,
    deps,
    oauth,
    observe,
    outages,
    ratelimit,
    representations,
    scopes,
    security_headers,
)
from api.contract import vocabulary
from api.contract.examples import add_component_examples
from api.contract.plugin import ContractPlugin
from api.problems import ProblemApi, register_problem_handlers
from api.redact import install_redaction
from api.resources.blueprints import BLUEPRINTS
from api.resources.stream.schemas import (
    STREAM_COMPONENTS,
    ManyStreamEntrySchema,
    StreamEntrySchema,
)
from service.game_service import GameService, build_service
from service.plumbing.config import Settings
from service.plumbing.scheduling import NullScheduler, Scheduler
from service.rules.scopes import SCOPES
from web import SWAGGER_UI_URL, web_bp
from workers.scheduler import CeleryScheduler

API_TITLE = "Ursuppe Server"
API_VERSION = "1.5.0"

API_DESCRIPTION = """\
Play *Ursuppe* (Primordial Soup) over HTTP. Create a game, join a seat (the seat token is
shown once), read the pending decision with its legal actions and submit one of them with
`Authorization: Bearer <seat token>`. Errors are RFC 9457 `application/problem+json`
documents with a stable `code`. When rate limits are on, responses carry
`X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`, and a request over the
budget gets 429 `rate_limited` with `Retry-After`.
"""

SPEC_OPTIONS: dict[str, Any] = {
    "info": {"description": API_DESCRIPTION},
    "servers": [{"url": "/", "description": "the server that serves this document"}],
    "components": {
        "securitySchemes": {
            "seatToken": {
                "type": "http",
                "scheme": "bearer",
                "description": "the token returned when joining a seat",
            },
            "creatorToken": {
                "type": "http",
                "scheme": "bearer",
                "description": "the creator_token returned when creating the game",
            },
            "playerToken": {
                "type": "http",
                "scheme": "bearer",
                "description": "the player token (`player.…`) returned when creating a player "
                "or signing in: it has every scope, `account` included (what only the player "
                "may do: sign in devices, make tokens, approve sites)",
            },
            "oauth2": {
                "type": "oauth2",
                "description": "a token a site received with the player's consent, or a "
                "personal access token: a player token (`player.…`) limited to its scopes "
                '(403 `missing_scope` outside them). docs/api.md, "Acting for players: '
                'OAuth 2"; metadata at `/.well-known/oauth-authorization-server`.',
                "flows": {
                    "authorizationCode": {
                        "authorizationUrl": "/oauth/authorize",
                        "tokenUrl": "/oauth/token",
                        "scopes": dict(SCOPES),
                    }
                },
            },
        }
    },
}


class ApiFlask(Flask):
    """Flask whose automatic ``OPTIONS`` answer lists the methods of the route the path
    names, not of every route whose pattern matches it: ``/games/bulk`` also reads as a game
    id to ``/games/<game_id>``, whose ``GET`` is no method of ``/games/bulk``."""

    def make_default_options_response(self) -> Response:
        response = super().make_default_options_response()
        rule = request.url_rule  # the route the path names: a literal part ranks first
        if rule is not None and rule.methods:
            response.headers["Allow"] = ", ".join(sorted(rule.methods))
        return response


class NoSessions(SessionInterface):
    """The API keeps no sessions: clients authenticate every request with a bearer token.

    Flask's default cookie session builds a signing serializer on every request even when
    no cookie came, about a fifth of a cached read's CPU. Without a session Flask hands
    views its ``NullSession``, which refuses writes loudly; should pages served by this app
    ever need sessions, ``create_app`` installs Flask's ``SecureCookieSessionInterface``.
    """

    def open_session(self, app: Flask, request: Request) -> SessionMixin | None:
        return None

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        return None


def _settings_from(config: Settings | Mapping[str, Any] | None) -> Settings:
    if isinstance(config, Settings):
        return config
    base = Settings.from_env()
    if not config:
        return base
    known = {k: v for k, v in config.items() if k in Settings.__dataclass_fields__}
    return replace(base, **known)


def scheduler_for(settings: Settings) -> Scheduler:
    """The scheduler ``settings.scheduler`` names, handed to the service built here:
    ``"none"`` keeps follow-ups nowhere (``NullScheduler``: tests, tools, an API without
    workers); ``"celery"`` or ``"auto"`` send them to the workers."""
    if settings.scheduler == "none":
        return NullScheduler()
    return CeleryScheduler(settings)


def create_app(
    config: Settings | Mapping[str, Any] | None = None,
    *,
    service: GameService | None = None,
    scheduler: Scheduler | None = None,
) -> Flask:
    """Build the app. ``config``: a ``Settings`` or a mapping of Settings fields/Flask keys.

    ``service`` replaces the whole GameService (tests); ``scheduler`` the one handed to a
    service built here, by default the one the settings name
    (``scheduler_for``: Celery unless ``scheduler="none"``).
    """
    settings = service.settings if service is not None else _settings_from(config)
    app = ApiFlask(__name__)
    app.session_interface = NoSessions()
    app.config.update(
        SECRET_KEY=settings.secret_key,
        MAX_CONTENT_LENGTH=settings.max_content_length,
        API_TITLE=API_TITLE,
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api/v1",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL=SWAGGER_UI_URL,  # served by web/, no CDN
        API_SPEC_OPTIONS=SPEC_OPTIONS,
        PAGINATION_PAGE_SIZE=20,
        # Compressed when the client accepts it (a pending document lists every legal
        # action: often tens of kB, a tenth of that compressed). Never the live streams:
        # their mimetypes are not listed and streamed bodies are left alone, each event
        # must leave at once. A compressed response's ETag gets the algorithm appended
        # ("v5:gzip"); api/conditional.py accepts it in If-Match/If-None-Match.
        COMPRESS_MIMETYPES=[
            "application/json",
            "application/problem+json",
            "text/html",
            "text/css",
            "application/javascript",
        ],
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_STREAMS=False,
        COMPRESS_MIN_SIZE=1024,
    )
    if isinstance(config, Mapping):
        app.config.update({k: v for k, v in config.items() if k.isupper()})

    if service is None:
        service = build_service(settings, scheduler or scheduler_for(settings))
    app.extensions[deps.EXTENSION] = service

    if settings.trusted_proxies > 0:  # the client address is the one the proxies vouch for
        n = settings.trusted_proxies
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)  # type: ignore[method-assign]
    install_redaction(app)
    observe.install(app, settings)  # first: it times what the other hooks do
    register_problem_handlers(app)
    outages.install(app)  # a database or Redis outage: 503 unavailable, one log line
    cors.install(app, settings.cors_origins)
    ratelimit.install(app, settings)
    representations.install(app)
    Compress(app)

    # Blueprints: the API's resources (documented in the OpenAPI spec) through ``api``;
    # plain Flask blueprints (pages, streams) with ``app.register_blueprint`` after them.
    api = ProblemApi(app, spec_kwargs={"extra_plugins": [ContractPlugin()]})
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    # Named only in the streams' documentation: added to the spec by hand.
    api.spec.components.schema("StreamEntry", schema=StreamEntrySchema)
    api.spec.components.schema("ManyStreamEntry", schema=ManyStreamEntrySchema)
    for name, component in STREAM_COMPONENTS.items():
        api.spec.components.schema(name, component)
    for name, component in vocabulary.components().items():
        api.spec.components.schema(name, component)
    add_component_examples(api.spec.components.schemas)
    app.extensions["ursuppe_api"] = api
    app.register_blueprint(web_bp)  # the browser client: /, /lobby, /game/<id>
    oauth.install(app)  # /oauth/token, /oauth/revoke, /.well-known/oauth-authorization-server
    scopes.install(app)  # every operation's scope, checked before its view
    prefix = app.config["OPENAPI_URL_PREFIX"]
    security_headers.install(app, docs_path=prefix + app.config["OPENAPI_SWAGGER_UI_PATH"])
    logging.getLogger(__name__).debug("app created (db %s)", settings.database_url.split(":")[0])
    return app
