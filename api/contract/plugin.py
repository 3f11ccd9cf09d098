"""An apispec plugin for what the contract says beyond the routes and schemas.

- Names every operation (``api.contract.operations``): flask-smorest hands each route's
  operations to the spec's plugins as it registers them, and this one adds the
  ``operationId`` from the table. An operation missing from the table keeps none, which
  tests/api/test_api_contract.py reports by method and path.
- Declares the headers of the success answers: the rate-limit headers on every one, and
  ``ETag``, ``Location`` and ``Idempotent-Replayed`` where ``RESPONSE_HEADERS`` says, each
  a component of its own (``#/components/headers/...``).
- Names the scopes each operation needs (``OPERATION_SCOPES``) as ``oauth2`` alternatives
  of its ``security`` (a token without them gets 403 ``missing_scope``); an open operation
  names in ``x-reads-as-player`` the scopes with which a token sees the player's private
  things there.
- Writes each operation's error responses from the problem codes it declares
  (``api.contract.errors``): one response per status, its codes in its description and in
  ``x-problem-codes``, the body a ``Problem``.
- Adds the examples of the main flow (``api.contract.examples``).
- Declares what the server enforces on its own: ``If-None-Match`` on every operation that
  answers 304, ``page``'s maximum (``api.parsing.Blueprint.paginate``), and
  ``X-Pagination`` as what is sent: JSON text (a string) of a ``PaginationMetadata``.
- Writes a nullable reference as ``anyOf: [{type: integer, nullable: true, enum: [null]}, <ref>]``
  (``api.contract.enums.NULL`` says why ``integer``).
  OpenAPI 3.0 cannot put ``nullable`` beside a ``$ref``; apispec's stand-in for null,
  ``{type: object, nullable: true}``, is an object of any shape, which generators turn
  into a second model (``GamePendingType1Type0``) where the client expects
  ``Decision | None``. Null comes first: a validator that reaches a discriminated union
  with null (openapi-schema-validator's discriminator) fails instead of saying no.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from apispec import APISpec, BasePlugin
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import fields

from api.contract import enums
from api.contract.errors import UNPLANNED, declared_codes
from api.contract.examples import OPERATION_EXAMPLES
from api.contract.operations import OPERATION_IDS, OPERATION_SCOPES, RESPONSE_HEADERS
from api.parsing import MAX_INT32
from api.problems import PROBLEM_MIMETYPE
from service.rules.scopes import ACCOUNT, PUBLIC, Needed, Public, alternatives

#: null, and nothing else, in OpenAPI 3.0.
NULL: dict[str, Any] = enums.NULL
_APISPEC_NULL = {"type": "object", "nullable": True}


def nullable_reference(
    _converter: Any, field: fields.Field, ret: dict[str, Any], **_: Any
) -> dict[str, Any]:
    """An apispec attribute function, run after the others: a nullable field whose schema is
    a reference takes ``NULL`` as its other branch (see the module's docstring)."""
    branches = ret.get("anyOf")
    if branches and len(branches) == 2 and _APISPEC_NULL in branches:
        ret["anyOf"] = [dict(NULL), next(b for b in branches if b != _APISPEC_NULL)]
    elif ret.get("nullable") and len(ret.get("anyOf", ())) == 1:
        del ret["nullable"]
        ret["anyOf"] = [dict(NULL), ret["anyOf"][0]]
        ret.pop("type", None)
    return {}


def _header(description: str, type_: str = "string") -> dict[str, Any]:
    return {"description": description, "schema": {"type": type_}}


#: Every header a success answer may carry, by name.
HEADERS: dict[str, dict[str, Any]] = {
    "ETag": _header(
        "the game's version as an entity tag: send it as If-None-Match for a cheap 304, or "
        "as If-Match to act only on this version (docs/api.md, Concurrency)"
    ),
    "Location": _header("the URL of the resource created"),
    "Idempotent-Replayed": _header(
        "`true` when this is the stored answer to an earlier request with the same "
        "Idempotency-Key (nothing was done twice)"
    ),
    "X-RateLimit-Limit": _header("requests allowed per window (when limits are on)", "integer"),
    "X-RateLimit-Remaining": _header("requests left in the current window", "integer"),
    "X-RateLimit-Reset": _header("when the window resets (Unix time, seconds)", "integer"),
    "Retry-After": _header("seconds to wait before trying again", "integer"),
}
_RATE_LIMIT = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/headers/{name}"}


def _add_examples(operation: dict[str, Any], examples: dict[str, Any]) -> None:
    for key, example in examples.items():
        if key == "request":
            target = operation["requestBody"]["content"]["application/json"]
        else:
            responses = operation["responses"]  # keyed by int here, by str in the spec
            response = responses[int(key)] if int(key) in responses else responses[key]
            target = response["content"]["application/json"]
        target["example"] = example


def _add_scopes(operation: dict[str, Any], needed: Needed) -> None:
    """Name what the operation needs (``OPERATION_SCOPES``): each set of scopes that will
    do is an ``oauth2`` alternative in its ``security``; an open operation whose private
    things a token sees only with some scopes names them in ``x-reads-as-player``."""
    if isinstance(needed, Public):
        if needed.reads:
            operation["x-reads-as-player"] = list(needed.reads)
        return
    if needed == ACCOUNT:
        return
    options = [{"oauth2": list(option)} for option in alternatives(needed)]
    operation["security"] = [*operation["security"], *options]


#: Headers of an error answer, by status: how long to wait.
_ERROR_HEADERS: dict[int, tuple[str, ...]] = {
    429: ("Retry-After", *_RATE_LIMIT),
    503: ("Retry-After",),
}
PROBLEM = {"$ref": "#/components/schemas/Problem"}


def error_response(status: int, codes: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """The documented answer of ``status`` carrying one of ``codes`` (a problem)."""
    response: dict[str, Any] = {
        "description": f"{HTTPStatus(status).phrase}: " + ", ".join(f"`{c}`" for c in codes),
        "content": {PROBLEM_MIMETYPE: {"schema": dict(PROBLEM)}},
        "x-problem-codes": list(codes),
    }
    if status in _ERROR_HEADERS:
        response["headers"] = {name: _ref(name) for name in _ERROR_HEADERS[status]}
    return response


def _add_errors(name: str, path: str, operation: dict[str, Any], schemas: dict[str, Any]) -> None:
    """Replace the operation's error responses by those of the codes it declares; the
    unplanned ones stay with ``default``. ``schemas``: the spec's schemas so far."""
    responses = operation.setdefault("responses", {})
    for status in [s for s in responses if str(s)[0] in "45"]:
        del responses[status]
    for status, codes in declared_codes(name, path, operation, schemas).items():
        responses[status] = error_response(status, codes)
    responses["default"] = error_response(500, UNPLANNED) | {
        "description": "Unplanned: `internal_error` (500), `unavailable` (503, with "
        "Retry-After: the database away for a moment)",
        "headers": {"Retry-After": _ref("Retry-After")},
    }


IF_NONE_MATCH: dict[str, Any] = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "schema": {"type": "string"},
    "description": "the `ETag` of the copy you hold: 304 Not Modified, with no body, while "
    "it is current",
}
#: ``X-Pagination`` as it goes over the wire: a header's value is text.
PAGINATION_HEADER: dict[str, Any] = {
    "description": "the page's totals as JSON text, an object as "
    "`#/components/schemas/PaginationMetadata` describes: parse the header's value as JSON",
    "schema": {"type": "string"},
}


def _add_conditional_and_bounds(operation: dict[str, Any]) -> None:
    """``If-None-Match`` where a 304 is answered; ``page``'s maximum where it is paged."""
    parameters = operation.setdefault("parameters", [])
    names = {p.get("name") for p in parameters if "$ref" not in p}
    if any(str(s) == "304" for s in operation.get("responses", {})) and (
        "If-None-Match" not in names
    ):
        parameters.append(dict(IF_NONE_MATCH))
    for parameter in parameters:
        if parameter.get("in") == "query" and parameter.get("name") == "page":
            parameter["schema"].setdefault("maximum", MAX_INT32)
    if not parameters:
        del operation["parameters"]


class ContractPlugin(BasePlugin):
    def init_spec(self, spec: APISpec) -> None:
        super().init_spec(spec)
        self.spec = spec
        for name, header in HEADERS.items():
            spec.components.header(name, header)
        for name, component in enums.components().items():
            spec.components.schema(name, component)
        for plugin in spec.plugins:  # flask-smorest's, initialised before this one
            if isinstance(plugin, MarshmallowPlugin):
                plugin.converter.add_attribute_function(enums.named_enum)
                plugin.converter.add_attribute_function(nullable_reference)

    def schema_helper(
        self, name: str, _definition: dict[str, Any], **_: Any
    ) -> dict[str, Any] | None:
        """flask-smorest's ``PaginationMetadata`` with what it always writes required: the
        totals (the page and its neighbours only when the page exists)."""
        if name == "PaginationMetadata":
            return {"required": ["total", "total_pages"]}
        return None

    def header_helper(self, header: dict[str, Any], **_: Any) -> dict[str, Any] | None:
        """flask-smorest's ``X-Pagination`` (``PAGINATION``) as text, not as an object."""
        if header.get("schema") == {"$ref": "#/components/schemas/PaginationMetadata"}:
            return dict(PAGINATION_HEADER)
        return None

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **_: Any
    ) -> None:
        for method, operation in (operations or {}).items():
            name = OPERATION_IDS.get((method, path or ""))
            if name is not None:
                operation.setdefault("operationId", name)
            operation.setdefault("security", [])  # open to anybody, said so explicitly
            _add_scopes(operation, OPERATION_SCOPES.get(name or "", PUBLIC))
            _add_errors(name or "", path or "", operation, self.spec.components.schemas)
            _add_examples(operation, OPERATION_EXAMPLES.get(name or "", {}))
            _add_conditional_and_bounds(operation)
            for status, response in operation.get("responses", {}).items():
                if not str(status).startswith("2") or "$ref" in response:
                    continue
                headers = response.setdefault("headers", {})
                for header in (*RESPONSE_HEADERS.get(name or "", ()), *_RATE_LIMIT):
                    headers[header] = _ref(header)
