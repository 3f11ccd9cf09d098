"""RFC 9457 problem details for every error the API returns, and the one place where an
error becomes an HTTP status.

Every error leaves the API as ``application/problem+json`` with a stable ``code`` that
clients branch on (the ``title``/``detail`` texts are for humans and may change; the codes
are listed in docs/api.md). Service errors carry a kind (their class) and a code, never a
status: ``STATUS_BY_KIND`` below maps them. The flask-smorest ``Api`` is subclassed so that
its own errors (validation, 404 routes, 405, 413 bodies, 429, 500s) take the same shape and
the OpenAPI spec documents that shape (each operation's error answers are written by
``api.contract.plugin`` from the codes it declares).
"""

from __future__ import annotations

import http
from typing import Any

import marshmallow as ma
from flask import Response, current_app, has_request_context, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from service.plumbing.errors import (
    Conflict,
    Forbidden,
    NotFound,
    PreconditionFailed,
    PreconditionRequired,
    ServiceError,
    TooMany,
    Unauthorized,
    Unprocessable,
)

PROBLEM_MIMETYPE = "application/problem+json"
PROBLEM_TYPE_PREFIX = "urn:ursuppe:problem:"


# The kind of a service error → its HTTP status. Engine refusals arrive as these kinds too
# (service.plumbing.errors.ENGINE_CODE_KINDS: illegal/malformed action → Unprocessable; not your
# turn, game over → Conflict).
STATUS_BY_KIND: dict[type[ServiceError], int] = {
    Unauthorized: 401,
    Forbidden: 403,
    NotFound: 404,
    Conflict: 409,
    PreconditionFailed: 412,
    Unprocessable: 422,
    PreconditionRequired: 428,
    TooMany: 429,
}
WWW_AUTH = {"WWW-Authenticate": 'Bearer realm="ursuppe"'}


def status_of(err: ServiceError) -> int:
    """The HTTP status of a service error: its kind's, 400 for a kind not in the table."""
    for kind in type(err).__mro__:
        if kind in STATUS_BY_KIND:
            return STATUS_BY_KIND[kind]
    return 400


# Codes for errors raised by Flask/werkzeug/webargs rather than by the service.
HTTP_STATUS_CODES: dict[int, str] = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    412: "precondition_failed",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "validation_error",
    428: "precondition_required",
    429: "rate_limited",
    500: "internal_error",
    503: "unavailable",
}


# Every code a problem may carry, by the one HTTP status it is sent with: the spec's enum
# (generated clients switch on it), each operation's declared codes (api.contract.errors)
# and docs/api.md's table, which tests/api/test_api_meta.py holds to this. Add new codes,
# never rename.
PROBLEM_CODES_BY_STATUS: dict[int, tuple[str, ...]] = {
    400: (
        "bad_request",
        "invalid_json",
        "invalid_if_match",
        "invalid_idempotency_key",
        "invalid_authorization_request",
        "consent_expired",
    ),
    401: ("unauthorized", "missing_token", "invalid_token", "invalid_signin_code"),
    403: (
        "forbidden",
        "not_creator",
        "wrong_seat",
        "seat_resigned",
        "seat_is_bot",
        "seat_reserved",
        "invitation_required",
        "label_owned",
        "reservation_forbidden",
        "not_your_seat",
        "not_entrant",
        "chat_closed_to_spectators",
        "hints_not_allowed",
        "muted_by_player",
        "address_muted",
        "blocked",
        "not_invited",
        "not_challenger",
        "not_organiser",
        "rating_too_low",
        "bots_not_allowed",
        "disqualified",
        "missing_scope",
        "chat_muted",
        "barred_from_rated",
        "not_moderator",
    ),
    404: (
        "not_found",
        "game_not_found",
        "seat_not_found",
        "player_not_found",
        "webhook_not_found",
        "delivery_not_found",
        "position_not_found",
        "label_not_found",
        "entry_not_found",
        "mute_not_found",
        "seek_not_found",
        "hint_not_found",
        "challenge_not_found",
        "tournament_not_found",
        "token_not_found",
        "client_not_found",
        "review_not_found",
        "email_not_found",
        "verification_not_found",
        "unsubscribe_not_found",
        "push_subscription_not_found",
        "message_not_found",
        "report_not_found",
    ),
    405: ("method_not_allowed",),
    406: ("not_acceptable",),
    409: (
        "conflict",
        "game_not_open",
        "game_not_active",
        "game_over",
        "game_full",
        "seat_taken",
        "stale_seq",
        "version_conflict",
        "not_your_turn",
        "game_not_finished",
        "seat_not_bot",
        "too_many_webhooks",
        "game_not_started",
        "chat_ended",
        "seek_exists",
        "seek_matched",
        "bot_account_not_eligible",
        "bot_account_irreversible",
        "bot_account_human_seat",
        "bot_account_paused",
        "challenge_accepted",
        "challenge_declined",
        "challenge_cancelled",
        "challenge_expired",
        "rematch_unavailable",
        "tournament_closed",
        "tournament_started",
        "too_few_entrants",
        "too_many_tokens",
        "review_pending",
        "email_unavailable",
        "push_unavailable",
        "too_many_push_subscriptions",
        "report_closed",
    ),
    412: ("precondition_failed",),
    413: ("payload_too_large",),
    415: ("unsupported_media_type",),
    422: (
        "validation_error",
        "illegal_action",
        "malformed_action",
        "invalid_players",
        "invalid_seats",
        "invalid_time_limit",
        "invalid_timeout_policy",
        "invalid_option",
        "invalid_label",
        "idempotency_key_reused",
        "invalid_since",
        "too_many_games",
        "nothing_to_follow",
        "invalid_name",
        "invalid_entropy",
        "invalid_cursor",
        "invalid_points",
        "invalid_bulk",
        "invalid_time_control",
        "invalid_webhook_url",
        "webhook_target_refused",
        "invalid_chat_text",
        "cannot_mute_self",
        "cannot_block_self",
        "invalid_seek",
        "challenge_self",
        "invalid_challenge",
        "invalid_tournament",
        "invalid_scope",
        "too_many_clients",
        "invalid_redirect_uri",
        "invalid_email",
        "email_ip_literal",
        "email_domain_not_public",
        "invalid_push_subscription",
        "cannot_report_self",
        "invalid_report",
        "invalid_moderation",
        "cannot_moderate_self",
    ),
    428: ("precondition_required",),
    429: (
        "rate_limited",
        "too_many_streams",
        "chat_rate_limited",
        "review_budget_exhausted",
        "challenge_rate_limited",
        "challenge_target_rate_limited",
        "tournament_rate_limited",
        "email_rate_limited",
        "report_rate_limited",
    ),
    500: ("internal_error",),
    503: ("streams_full", "unavailable", "not_ready"),
}
PROBLEM_CODES: tuple[str, ...] = tuple(
    c for codes in PROBLEM_CODES_BY_STATUS.values() for c in codes
)
STATUS_OF_CODE: dict[str, int] = {
    code: status for status, codes in PROBLEM_CODES_BY_STATUS.items() for code in codes
}


def http_code(status: int) -> str:
    """The code of an HTTP error raised outside the service (werkzeug, webargs, limiter)."""
    if status in HTTP_STATUS_CODES:
        return HTTP_STATUS_CODES[status]
    return "internal_error" if status >= 500 else "bad_request"


class ProblemSchema(ma.Schema):
    """The error document (RFC 9457) with this API's extension members. Every problem
    carries the six members marked required (``problem_response`` writes them all); the
    others belong to certain codes."""

    type = ma.fields.String(
        required=True,
        metadata={"description": "URI of the problem type: urn:ursuppe:problem:<code>"},
    )
    title = ma.fields.String(
        required=True, metadata={"description": "Short summary (the HTTP status phrase)"}
    )
    status = ma.fields.Integer(required=True, metadata={"description": "The HTTP status code"})
    detail = ma.fields.String(
        required=True, metadata={"description": "What went wrong, for humans"}
    )
    instance = ma.fields.String(required=True, metadata={"description": "The request path"})
    code = ma.fields.String(
        required=True,
        metadata={
            "description": "Stable machine-readable code, e.g. illegal_action (docs/api.md)",
            "enum": list(PROBLEM_CODES),
        },
    )
    errors = ma.fields.Dict(
        metadata={"description": "Field errors by location (validation_error only)"}
    )
    current_seq = ma.fields.Integer(
        metadata={"description": "the pending decision's seq (stale_seq only)"}
    )
    current_etag = ma.fields.String(
        metadata={"description": "the game's current ETag (precondition_failed only)"}
    )
    seek_id = ma.fields.String(metadata={"description": "your waiting seek (seek_exists only)"})
    game_id = ma.fields.String(
        metadata={
            "description": "the game the seek was matched into (seek_matched), the "
            "accepted challenge's game (challenge_accepted)"
        }
    )
    seat = ma.fields.Integer(metadata={"description": "your seat in it (seek_matched only)"})
    paused_until = ma.fields.String(
        metadata={"description": "when the bot account's pause ends (bot_account_paused only)"}
    )
    scope = ma.fields.String(
        metadata={"description": "the scope the token lacks (missing_scope only)"}
    )
    until = ma.fields.String(
        metadata={
            "description": "when a moderator's mute or bar ends (chat_muted, barred_from_rated; "
            "absent: until a moderator lifts it)"
        }
    )
    player_id = ma.fields.String(
        metadata={"description": "the player barred from rated play (barred_from_rated only)"}
    )
    oauth_error = ma.fields.String(
        metadata={
            "description": "the OAuth 2 error code, e.g. invalid_scope "
            "(invalid_authorization_request only)"
        }
    )
    redirect_to = ma.fields.String(
        metadata={
            "description": "where to send the person to tell the site of the error, when the "
            "site's redirect URI was valid (invalid_authorization_request only)"
        }
    )


class ApiProblem(Exception):
    """An error raised by the HTTP layer itself (auth, headers, rate limit)."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        *,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra


def problem_response(
    status: int,
    code: str,
    detail: str | None = None,
    *,
    headers: dict[str, str] | None = None,
    **extra: Any,
) -> Response:
    """Build the problem+json response; extra members are added verbatim."""
    body: dict[str, Any] = {
        "type": PROBLEM_TYPE_PREFIX + code,
        "title": _phrase(status),
        "status": status,
        "detail": detail or _phrase(status),
        "code": code,
    }
    if has_request_context():
        body["instance"] = request.path
    body.update({k: v for k, v in extra.items() if v is not None})
    resp = current_app.json.response(body)
    resp.status_code = status
    resp.mimetype = PROBLEM_MIMETYPE
    resp.headers.update(headers or {})
    return resp


def _phrase(status: int) -> str:
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return "Error"


class ProblemApi(Api):
    """flask-smorest ``Api`` whose errors are problems."""

    ERROR_SCHEMA = ProblemSchema

    def handle_http_exception(self, error: HTTPException) -> Response:  # type: ignore[override]
        """flask-smorest's documented error hook: every HTTPException as a problem."""
        status = error.code or 500
        if status == 400 and isinstance(getattr(error, "exc", None), ValueError):
            # webargs could not decode the body (JSONDecodeError, UnicodeDecodeError).
            return problem_response(400, "invalid_json", "the request body is not valid JSON")
        code = http_code(status)
        detail = error.description or _phrase(status)
        data = getattr(error, "data", None) or {}
        errors = data.get("errors") or data.get("messages")
        headers = dict(data.get("headers") or {})
        if status == 429:
            detail = f"too many requests (limit: {detail}); see Retry-After"
        if status == 422 and errors:
            detail = "the request does not match the schema; see errors"
        if status == 500:  # Flask has logged the error, with its traceback, once
            detail = "internal server error"
        valid_methods = getattr(error, "valid_methods", None)
        if status == 405 and valid_methods:
            headers["Allow"] = named_route_allow(valid_methods)
        return problem_response(status, code, detail, headers=headers, errors=errors)


def named_route_allow(methods: Any) -> str:
    """``Allow`` for a 405: the methods of the route the path names, out of ``methods``
    (those of every route whose pattern matches it). ``/games/bulk`` also reads as a game id
    to ``/games/<game_id>``, whose ``GET`` is no method of ``/games/bulk``: a route with
    fewer variable parts names the path, as in routing."""
    adapter = current_app.create_url_adapter(request)
    rules = []
    for method in methods:
        try:
            if adapter is not None:
                rules.append(adapter.match(method=method, return_rule=True)[0])
        except HTTPException:
            continue
    if not rules:
        return ", ".join(sorted(methods))
    fewest = min(len(rule.arguments) for rule in rules)
    named = {m for rule in rules if len(rule.arguments) == fewest for m in rule.methods or ()}
    return ", ".join(sorted(named))


def register_problem_handlers(app: Any) -> None:
    """Service and API errors → problems. (HTTPExceptions are handled by ProblemApi.)"""

    @app.errorhandler(ServiceError)
    def _service_error(err: ServiceError) -> Response:
        status = status_of(err)
        headers = WWW_AUTH if status == 401 else None
        if isinstance(err, TooMany):
            headers = {"Retry-After": str(err.retry_after)}
        return problem_response(status, err.code, err.message, headers=headers, **err.extra)

    @app.errorhandler(ApiProblem)
    def _api_problem(err: ApiProblem) -> Response:
        return problem_response(err.status, err.code, err.detail, headers=err.headers, **err.extra)
