"""The Flask application factory.

``create_app`` wires settings (from the environment unless given), the GameService with
its scheduler, the problem+json error handling, the optional rate limit and the
flask-smorest blueprints. The app holds no game state of its own: every request goes
through the service, so any number of gunicorn workers can serve the same database.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import replace
from types import FunctionType
from typing import Any

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface

from api import deps, ratelimit
from api.jsonprovider import OrjsonProvider
from api.problems import ProblemApi, register_problem_handlers
from api.redact import install_redaction
from service.config import Settings
from service.db import make_engine, make_sessionmaker, upgrade_database
from service.games import GameService
from service.scheduling import Scheduler, build_scheduler

API_TITLE = "Ursuppe Server"
API_VERSION = "1.0.0"

API_DESCRIPTION = """\
Play *Ursuppe* (Primordial Soup) over HTTP. Create a game, join a seat (the seat token is
shown once), read the pending decision with its legal actions and submit one of them with
`Authorization: Bearer <seat token>`. Errors are RFC 9457 `application/problem+json`
documents with a stable `code`.
"""

SPEC_OPTIONS: dict[str, Any] = {
    "info": {"description": API_DESCRIPTION},
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
        }
    },
}


class ApiFlask(Flask):
    """Flask, remembering which plain functions are synchronous.

    Every flask-smorest decorator layer calls ``ensure_sync`` on each request, and Flask
    asks ``inspect.iscoroutinefunction`` each time; the answer never changes for a
    function. Bound methods (new per request) are not remembered.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sync_functions: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        known = self._sync_functions.get(func) if type(func) is FunctionType else None
        if known is not None:
            return known
        result = super().ensure_sync(func)
        if type(func) is FunctionType:
            self._sync_functions[func] = result
        return result


class LazyCookieSessionInterface(SecureCookieSessionInterface):
    """Flask's cookie session, minus building a signing serializer on every request.

    The API is token-based and never uses the session, so requests carry no session
    cookie; for those the stock interface would build an itsdangerous serializer only to
    return an empty session. This returns the same empty session without it.
    """

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if app.secret_key and "HTTP_COOKIE" not in request.environ:
            return self.session_class()
        return super().open_session(app, request)


def _settings_from(config: Settings | Mapping[str, Any] | None) -> Settings:
    if isinstance(config, Settings):
        return config
    base = Settings.from_env()
    if not config:
        return base
    known = {k: v for k, v in config.items() if k in Settings.__dataclass_fields__}
    return replace(base, **known)


def create_app(
    config: Settings | Mapping[str, Any] | None = None,
    *,
    service: GameService | None = None,
    scheduler: Scheduler | None = None,
) -> Flask:
    """Build the app. ``config``: a ``Settings`` or a mapping of Settings fields/Flask keys.

    ``service`` replaces the whole GameService (tests); ``scheduler`` only its scheduler.
    By default the scheduler comes from ``service.scheduling.build_scheduler`` (Celery when
    the workers package is importable).
    """
    settings = service.settings if service is not None else _settings_from(config)
    app = ApiFlask(__name__)
    app.json = OrjsonProvider(app)
    app.session_interface = LazyCookieSessionInterface()
    app.config.update(
        SECRET_KEY=settings.secret_key,
        MAX_CONTENT_LENGTH=settings.max_content_length,
        API_TITLE=API_TITLE,
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api/v1",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL="https://cdn.jsdelivr.net/npm/swagger-ui-dist/",
        API_SPEC_OPTIONS=SPEC_OPTIONS,
        PAGINATION_PAGE_SIZE=20,
    )
    if isinstance(config, Mapping):
        app.config.update({k: v for k, v in config.items() if k.isupper()})

    if service is None:
        if settings.auto_migrate:
            upgrade_database(settings.database_url)
        engine = make_engine(settings.database_url, echo=settings.sql_echo)
        service = GameService(
            make_sessionmaker(engine),
            scheduler if scheduler is not None else build_scheduler(settings),
            settings,
        )
    elif scheduler is not None:
        service.scheduler = scheduler
    app.extensions[deps.EXTENSION] = service

    install_redaction(app)
    register_problem_handlers(app)
    ratelimit.install(app, settings.rate_limit)

    api = ProblemApi(app)
    from api.routes.games import blp as games_blp
    from api.routes.meta import health_blp, rules_blp

    api.register_blueprint(games_blp)
    api.register_blueprint(rules_blp)
    api.register_blueprint(health_blp)
    app.extensions["ursuppe_api"] = api
    logging.getLogger(__name__).debug("app created (db %s)", settings.database_url.split(":")[0])
    return app
