"""Every response the API tests receive is checked against the committed OpenAPI document
(openapi/openapi.json): the status is documented for the operation, the media type is one it
lists, the body matches the schema and every documented header that is present matches its
own. A client generated from the spec then reads what the server really sends (the
spec must be the truth).

The checker is ours, not openapi-core's: openapi-core resolved every ``$ref`` and rebuilt a
validator per schema and per property on every response, which made it half of the CPU time
of the API tests. Here the document is read once per process, the path templates
compiled once, and one validator per (operation, status, media type) built on first use and
reused. It checks what openapi-core checked, a little more strictly: bodies are validated as
sent, where openapi-core first cast them (a string ``"3"`` passed for an integer)."""

from __future__ import annotations

import fnmatch
import functools
import gzip
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import brotli
from flask.testing import FlaskClient
from jsonschema.protocols import Validator
from openapi_schema_validator import OAS30ReadValidator

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
# Outside the documented API: pages, the spec itself, Swagger UI.
UNCHECKED_PREFIXES = ("/api/v1/openapi.json", "/api/v1/docs")
TEXT = {"type": "string"}  # a header documented without a schema
STREAMED = ("text/event-stream", "application/x-ndjson")  # documented in prose (docs/stream.md)


class NotDocumented(LookupError):
    """The request's path, or its method on that path, is not in the spec."""


class Nonconforming(AssertionError):
    """The response differs from what the spec documents for its operation."""


class Spec:
    """The committed document, read once, with what checking a response needs prepared."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        literal: list[tuple[str, dict[str, Any]]] = []
        templated: list[tuple[int, re.Pattern[str], dict[str, Any]]] = []
        for template, item in document["paths"].items():
            if "{" not in template:
                literal.append((template, item))
                continue
            # A path parameter is any run of characters without "/" (as openapi-core read it).
            parts = re.split(r"(\{[^}/]+\})", template)
            pattern = "".join("[^/]*" if p.startswith("{") else re.escape(p) for p in parts)
            templated.append((template.count("{"), re.compile(pattern + "$"), item))
        self._literal = dict(literal)
        self._validators: dict[int, Validator] = {}  # by id() of a schema of the document
        # Fewer variables first: the more concrete template wins.
        self._templated = sorted(templated, key=lambda t: t[0])

    def operation(self, method: str, path: str) -> dict[str, Any]:
        """The operation that ``method`` on ``path`` calls; NotDocumented when none."""
        items = [self._literal[path]] if path in self._literal else []
        items += [item for _, pattern, item in self._templated if pattern.fullmatch(path)]
        if not items:
            raise NotDocumented(f"no path in the spec matches {path}")
        for item in items:
            if method in item:
                return item[method]
        raise NotDocumented(f"{method.upper()} {path} is not a documented operation")

    def resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        """``node`` with a local ``$ref`` (to a response or a header) followed."""
        while "$ref" in node:
            target: Any = self.document
            for part in node["$ref"].removeprefix("#/").split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            node = target
        return node

    def validator(self, schema: dict[str, Any]) -> Validator:
        """The validator of responses for ``schema`` (a part of the document, which lives as
        long as the process), built on first use; ``$ref``s to components resolve within
        the document, formats are checked."""
        found = self._validators.get(id(schema))
        if found is None:
            found = self._validators[id(schema)] = self.build(schema)
        return found

    def build(self, schema: Mapping[str, Any]) -> Validator:
        return OAS30ReadValidator(
            {**schema, "components": self.document["components"]},
            format_checker=OAS30ReadValidator.FORMAT_CHECKER,
        )


@functools.cache
def _validator_of(schema_json: str) -> Validator:
    return committed_spec().build(json.loads(schema_json))


def schema_validator(schema: Mapping[str, Any]) -> Validator:
    """The process's validator for a schema written like the committed spec's (one line of a
    stream, as schemathesis hands it over): built once per distinct schema, then reused."""
    return _validator_of(json.dumps(schema, sort_keys=True))


@functools.cache
def committed_spec() -> Spec:
    return Spec(json.loads(SPEC_PATH.read_text()))


def check_response(resp: Any) -> None:
    """Raise when ``resp`` (a Flask test response) does not conform to the spec."""
    request = resp.request
    path = request.path
    if not path.startswith("/api/") or path.startswith(UNCHECKED_PREFIXES):
        return
    if resp.mimetype in STREAMED or request.method in ("HEAD", "OPTIONS"):
        return
    # Only the response is checked (tests send bad requests on purpose); the request's
    # method and path pick the operation.
    spec = committed_spec()
    try:
        operation = spec.operation(request.method.lower(), path)
    except NotDocumented:
        if resp.status_code not in (404, 405):  # no such route: the generic problem
            raise
        return
    documented = _documented_response(spec, operation, resp.status_code)
    errors = [*_body_errors(spec, documented, resp), *_header_errors(spec, documented, resp)]
    if not errors and resp.mimetype == "application/problem+json":
        errors = code_errors(operation, resp.status_code, json.loads(decoded_body(resp)))
    if errors:
        raise Nonconforming("; ".join(errors))


def _documented_response(spec: Spec, operation: dict[str, Any], status: int) -> dict[str, Any]:
    """The response documented for ``status``: its own entry, its range (``4XX``), or the
    default; Nonconforming when there is none."""
    responses = operation["responses"]
    for key in (str(status), f"{str(status)[0]}XX", "default"):
        if key in responses:
            return spec.resolve(responses[key])
    raise Nonconforming(f"status {status} is not documented (only {', '.join(responses)})")


def code_errors(operation: dict[str, Any], status: int, problem: dict[str, Any]) -> list[str]:
    """A problem's code is one its operation declares for the status it came with
    (``x-problem-codes``, api/contract/errors.py); only a 5xx falls to ``default``."""
    responses = operation["responses"]
    documented = responses.get(str(status))
    if documented is None and status >= 500:
        documented = responses.get("default")
    code = problem.get("code")
    if documented is not None and code in documented.get("x-problem-codes", ()):
        return []
    return [
        f"{status} {code} is not declared by {operation.get('operationId')}: if the operation "
        f'really answers it, add "{code}" to its line in api/contract/errors.py '
        "(OPERATION_PROBLEMS) and run make openapi"
    ]


def check_problem_code(method: str, path: str, status: int, problem: Any) -> None:
    """``code_errors`` for an answer got some other way (schemathesis's client)."""
    try:
        operation = committed_spec().operation(method.lower(), path)
    except NotDocumented:
        return
    errors = code_errors(operation, status, problem)
    if errors:
        raise Nonconforming("; ".join(errors))


def _body_errors(spec: Spec, documented: dict[str, Any], resp: Any) -> list[str]:
    if "content" not in documented:
        return []
    content = documented["content"]
    data = decoded_body(resp)
    if not data:
        return ["the body is empty, but the spec documents one"]
    mimetype = resp.mimetype
    media = next((k for k in content if k == mimetype), None) or next(
        (k for k in content if fnmatch.fnmatch(mimetype, k)), None
    )
    if media is None:
        return [f"media type {mimetype!r} is not documented (only {', '.join(content)})"]
    if "schema" not in content[media]:
        return []
    if not (media == "application/json" or media.endswith("+json")):
        return [f"spec_check reads JSON bodies only, not {media}"]
    try:
        value = json.loads(data)
    except ValueError as err:
        return [f"the body is not JSON: {err}"]
    return [_describe(e) for e in spec.validator(content[media]["schema"]).iter_errors(value)]


def _header_errors(spec: Spec, documented: dict[str, Any], resp: Any) -> list[str]:
    """Each documented header that is present holds a value of its schema; a required one is
    present. (X-Pagination is a JSON object in a header, which OpenAPI's header styles cannot
    describe; its members are checked by the pagination tests.)"""
    errors = []
    for name, header in (documented.get("headers") or {}).items():
        header = spec.resolve(header)
        if name.lower() in ("content-type", "x-pagination"):
            continue
        raw = resp.headers.get(name)
        if raw is None:
            if header.get("required", False):
                errors.append(f"the required header {name} is missing")
            continue
        schema = header.get("schema", TEXT)
        try:
            value = _cast(schema.get("type"), raw)
        except ValueError:
            errors.append(f"header {name}: {raw!r} is not of type {schema.get('type')}")
            continue
        for e in spec.validator(schema).iter_errors(value):
            errors.append(f"header {name}: {_describe(e)}")
    return errors


def _cast(kind: str | None, raw: str) -> Any:
    """A header's text as the type its schema names (the "simple" style of a primitive)."""
    if kind == "integer":
        return int(raw)
    if kind == "number":
        return float(raw)
    if kind == "boolean":
        if raw.lower() not in ("true", "false"):
            raise ValueError(raw)
        return raw.lower() == "true"
    return raw


def _describe(error: Any) -> str:
    where = "/".join(str(p) for p in error.absolute_path) or "(the body)"
    return f"{where}: {error.message}"


def decoded_body(resp: Any) -> bytes:
    """The body as sent before content coding (gzip or brotli when the client accepted it)."""
    data = resp.get_data()
    coding = resp.headers.get("Content-Encoding")
    if coding == "gzip":
        return gzip.decompress(data)
    if coding == "br":
        return brotli.decompress(data)
    assert coding is None, coding
    return data


class SpecCheckingClient(FlaskClient):
    """A test client whose every response is checked by ``check_response``."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        resp = super().open(*args, **kwargs)
        try:
            check_response(resp)
        except Exception as err:
            raise AssertionError(
                f"{resp.request.method} {resp.request.full_path} → {resp.status}: "
                f"the response does not match openapi/openapi.json: {err!r} "
                f"{getattr(err, '__cause__', None)!r}"
            ) from err
        return resp
