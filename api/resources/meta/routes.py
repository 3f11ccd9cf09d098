"""Rules as data, health and readiness."""

from __future__ import annotations

import functools
import hashlib
from typing import Any

from flask import current_app, json, request
from flask.views import MethodView

from api import deps
from api.conditional import not_modified
from api.parsing import Blueprint
from api.problems import ApiProblem
from api.resources.meta.schemas import HealthSchema, RulesQuerySchema, RulesSchema
from api.texts import DEFAULT_LANGUAGE, LANGUAGES, explanations

rules_blp = Blueprint(
    "rules", __name__, url_prefix="/api/v1", description="The rules as data, for clients."
)
health_blp = Blueprint("health", __name__, url_prefix="", description="Liveness and readiness.")


@functools.cache
def _rules(lang: str) -> tuple[dict[str, Any], str]:
    """The document never changes while the process runs: compute it and its ETag once per
    language."""
    from ai import BOT_LEVELS
    from engine import rules_data

    payload = {
        "rules": rules_data(),
        "bot_levels": sorted(BOT_LEVELS),
        "language": lang,
        "texts": explanations(lang),
    }
    digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:16]
    return payload, f'"r-{digest}"'


def _language(query: dict[str, Any]) -> str:
    """``?lang=`` if given (validated by the schema), else the best of ``Accept-Language``."""
    return query.get("lang") or request.accept_languages.best_match(
        LANGUAGES, default=DEFAULT_LANGUAGE
    )


@rules_blp.route("/rules")
class Rules(MethodView):
    @rules_blp.arguments(RulesQuerySchema, location="query")
    @rules_blp.response(200, RulesSchema)
    @rules_blp.alt_response(304, description="Not modified")
    @rules_blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def get(self, query: dict[str, Any]) -> Any:
        """The rules as data, and explained

        Board, compass, the default environment deck and the gene table as implemented by
        the engine, plus the bot levels a game's creator may choose; and `texts`, the rules
        explained for players (each gene, phase, decision kind, bot level and variant; ozone,
        mutation points, defects, scoring and the end) in English, German, Dutch or Spanish,
        chosen by `?lang=` or else `Accept-Language`.
        """
        lang = _language(query)
        payload, etag = _rules(lang)
        headers = {"Content-Language": lang, "Vary": "Accept-Language"}
        unchanged = not_modified(etag)
        if unchanged is not None:
            unchanged.headers["Vary"] = headers["Vary"]  # a 304 carries no Content-Language
            return unchanged
        return payload, 200, {**headers, "ETag": etag, "Cache-Control": "public, max-age=3600"}


@health_blp.route("/healthz")
class Health(MethodView):
    @health_blp.response(200, HealthSchema)
    def get(self) -> Any:
        """Liveness: the process answers"""
        return {"status": "ok"}


@health_blp.route("/readyz")
class Ready(MethodView):
    @health_blp.response(200, HealthSchema)
    @health_blp.alt_response(503, response="SERVICE_UNAVAILABLE")
    def get(self) -> Any:
        """Readiness: the database answers"""
        try:
            deps.service().ping()
        except Exception as err:  # noqa: BLE001 - any failure means not ready
            current_app.logger.warning("readiness check failed: %s", type(err).__name__)
            raise ApiProblem(503, "not_ready", "the database is not reachable") from None
        return {"status": "ready"}
