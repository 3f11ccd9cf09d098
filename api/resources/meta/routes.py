"""Rules as data, health and readiness."""

from __future__ import annotations

import functools
import hashlib
from typing import Any

from flask import current_app, json, request
from flask.views import MethodView

from api import deps, health
from api.conditional import conditional
from api.parsing import Blueprint
from api.problems import ApiProblem
from api.resources.meta.schemas import HealthSchema, ReadySchema, RulesQuerySchema, RulesSchema
from api.texts import DEFAULT_LANGUAGE, LANGUAGES, explanations

rules_blp = Blueprint(
    "rules", __name__, url_prefix="/api/v1", description="The rules as data, for clients."
)
health_blp = Blueprint("health", __name__, url_prefix="", description="Liveness and readiness.")


@functools.cache
def _rules(lang: str) -> tuple[bytes, str]:
    """The document never changes while the process runs: serialise it and compute its
    ETag once per language (the body is needed for a 304 too: its size decides the ETag's
    coding)."""
    from ai.levels import LADDER
    from engine import rules_data

    payload = {
        "rules": rules_data(),
        "bot_levels": list(LADDER),
        "language": lang,
        "texts": explanations(lang),
    }
    digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:16]
    body = current_app.json.response(RulesSchema().dump(payload)).get_data()
    return body, f'"r-{digest}"'


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
    def get(self, query: dict[str, Any]) -> Any:
        """The rules as data, and explained

        Board, compass, the default environment deck and the gene table as implemented by
        the engine, plus the bot levels a game's creator may choose; and `texts`, the rules
        explained for players (each gene, phase, decision kind, bot level and variant; ozone,
        mutation points, defects, scoring and the end) in English, German, Dutch, Spanish or French,
        chosen by `?lang=` or else `Accept-Language`.
        """
        lang = _language(query)
        body, etag = _rules(lang)
        ok = current_app.response_class(body, mimetype="application/json")
        ok.headers.update({"ETag": etag, "Cache-Control": "public, max-age=3600"})
        ok.headers.update({"Content-Language": lang, "Vary": "Accept-Language"})
        resp = conditional(ok)
        resp.headers["Vary"] = "Accept-Language"  # a 304 carries no Content-Language
        return resp


@health_blp.route("/healthz")
class Health(MethodView):
    @health_blp.response(200, HealthSchema)
    def get(self) -> Any:
        """Liveness and membership: the process answers

        Checks nothing else: a balancer keeps a process in rotation while it answers here,
        and a supervisor restarts one that stops. An outage of the database or Redis does
        not fail it: every process would fail together, and the process's own answer (503
        `unavailable` with `Retry-After`) serves players better than the balancer's.
        """
        return {"status": "ok"}


@health_blp.route("/readyz")
class Ready(MethodView):
    @health_blp.response(200, ReadySchema)
    def get(self) -> Any:
        """Readiness: the process has reached the database and the broker

        503 `not_ready` until this process has reached both once since it started (an
        orchestrator starts the next process of a rollout, or sends traffic, only then).
        After that it stays 200: `status` is `degraded` while either cannot be reached, and
        `database` and `broker` say which, for alerts. An outage of a shared dependency
        makes every process equal, so taking them out of rotation would only replace their
        503 problems with the balancer's own. Also reports how long ago a worker and beat
        were last seen (their heartbeats; `recent` within `URSUPPE_HEARTBEAT_STALE`
        seconds): reported, not required, since restarting the web process would not bring
        a worker back.
        """
        ready, report = health.readiness(deps.service())
        reached = current_app.extensions.setdefault("ursuppe.reached_once", [False])
        if ready:
            reached[0] = True
            return {"status": "ready", **report}
        if reached[0]:
            return {"status": "degraded", **report}
        raise ApiProblem(
            503,
            "not_ready",
            "this process has not yet reached the database and the broker",
            **report,
        )
