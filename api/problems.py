"""RFC 9457 problem details for every error the API returns.

Every error leaves the API as ``application/problem+json`` with a stable ``code`` that
clients branch on (the ``title``/``detail`` texts are for humans and may change). The
flask-smorest ``Api`` is subclassed so that its own errors (validation, 404 routes, 405,
413 bodies, 500s) take the same shape and the OpenAPI spec documents that shape.
"""

from __future__ import annotations

import http
import logging
from typing import Any

import marshmallow as ma
from flask import Response, current_app, has_request_context, request
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException

from api.jsonprovider import json_body
from service.errors import ServiceError

PROBLEM_MIMETYPE = "application/problem+json"
PROBLEM_TYPE_PREFIX = "urn:ursuppe:problem:"

log = logging.getLogger(__name__)

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


class ProblemSchema(ma.Schema):
    """The error document (RFC 9457) with this API's extension members."""

    type = ma.fields.String(
        metadata={"description": "URI of the problem type: urn:ursuppe:problem:<code>"}
    )
    title = ma.fields.String(metadata={"description": "Short summary (the HTTP status phrase)"})
    status = ma.fields.Integer(metadata={"description": "The HTTP status code"})
    detail = ma.fields.String(metadata={"description": "What went wrong, for humans"})
    instance = ma.fields.String(metadata={"description": "The request path"})
    code = ma.fields.String(
        metadata={"description": "Stable machine-readable code, e.g. illegal_action"}
    )
    errors = ma.fields.Dict(
        metadata={"description": "Field errors by location (validation_error only)"}
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
    resp = current_app.response_class(json_body(body), status=status, mimetype=PROBLEM_MIMETYPE)
    for key, value in (headers or {}).items():
        resp.headers[key] = value
    return resp


def _phrase(status: int) -> str:
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return "Error"


class ProblemApi(Api):
    """flask-smorest ``Api`` whose errors and documented error responses are problems."""

    ERROR_SCHEMA = ProblemSchema

    def handle_http_exception(self, error: HTTPException) -> Response:  # type: ignore[override]
        status = error.code or 500
        code = HTTP_STATUS_CODES.get(status, "error")
        detail = error.description or _phrase(status)
        data = getattr(error, "data", None) or {}
        errors = data.get("errors") or data.get("messages")
        headers = dict(data.get("headers") or {})
        if status == 422 and errors:
            detail = "the request does not match the schema; see errors"
        if status == 500:
            original = getattr(error, "original_exception", None)
            if original is not None:
                log.error("unhandled error on %s", request.path, exc_info=original)
            detail = "internal server error"
        if status == 405 and error.get_headers():  # keep the Allow header
            for key, value in error.get_headers():
                if key.lower() == "allow":
                    headers["Allow"] = value
        return problem_response(status, code, detail, headers=headers, errors=errors)

    def _register_responses(self) -> None:
        """Like flask-smorest's, but error responses are ``application/problem+json``."""
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_MIMETYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Default error response", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_MIMETYPE)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)


def register_problem_handlers(app: Any) -> None:
    """Service and API errors → problems. (HTTPExceptions are handled by ProblemApi.)"""

    @app.errorhandler(ServiceError)
    def _service_error(err: ServiceError) -> Response:
        headers = {}
        if err.status == 401:
            headers["WWW-Authenticate"] = 'Bearer realm="ursuppe"'
        return problem_response(err.status, err.code, err.message, headers=headers, **err.extra)

    @app.errorhandler(ApiProblem)
    def _api_problem(err: ApiProblem) -> Response:
        return problem_response(err.status, err.code, err.detail, headers=err.headers, **err.extra)
