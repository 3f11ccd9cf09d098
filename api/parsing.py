"""How the API reads requests: one webargs parser and one Blueprint class for every resource.

Hostile input must end as a 4xx problem, never a 500. The stock parsers let
four kinds through: JSON nested deeper than Python's recursion limit (``RecursionError``),
a body that is not JSON at all (read as "missing", so a form post got a misleading 422
"players: Missing data"), a chunked body over the size limit (silently truncated, then a
misleading 400 invalid_json) and page numbers too large for the database's integers.

A fifth: text no database stores. NUL cannot be in PostgreSQL ``text`` and a
lone surrogate (``"\\ud800"`` in JSON) has no UTF-8 form, so either reached the database
(or a hash) as a 500. Every string of every parsed location (body, query, path) is checked
here, once for all fields, and refused as 422 ``validation_error``. Names are stricter
still: their schemas' ``api.display_text.DisplayText`` fields refuse what is not one line of
visible text, with the field's own code (``handle_error``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any

import flask
from flask_smorest import Blueprint as SmorestBlueprint
from flask_smorest import abort
from marshmallow import ValidationError, fields
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.exceptions import RequestEntityTooLarge

from api.display_text import refusal
from api.problems import ApiProblem

# The largest value a client may give for a sequence number or a page: PostgreSQL's
# ``integer`` (the seq columns) and, times the largest page size, a safe SQL OFFSET.
MAX_INT32 = 2**31 - 1


# NUL, and any surrogate code point: JSON's paired escapes decode to one character, so a
# surrogate left in a str is a lone one.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
UNSTORABLE = "holds NUL or an unpaired surrogate, which cannot be stored"


def unstorable(value: Any) -> dict[str, list[str]]:
    """``{field path: [message]}`` for every string (or key) in ``value`` that cannot be
    stored; paths are dotted (``seats.0.player``), their own bad characters replaced.
    A loop, not recursion: a body may nest as deep as the JSON parser allowed."""
    found: dict[str, list[str]] = {}
    todo: list[tuple[str, Any]] = [("", value)]
    while todo:
        path, item = todo.pop()
        if isinstance(item, str):
            if _UNSTORABLE.search(item):
                found[path or "_"] = [UNSTORABLE]
        elif isinstance(item, Mapping):
            for key in item:
                name = _UNSTORABLE.sub("\ufffd", str(key))
                inner = f"{path}.{name}" if path else name
                if name != str(key):
                    found[inner] = [UNSTORABLE]
                todo.append((inner, item[key]))
        elif isinstance(item, list | tuple):
            todo += [(f"{path}.{i}" if path else str(i), v) for i, v in enumerate(item)]
    return found


class ApiParser(FlaskParser):
    """webargs' Flask parser, refusing non-JSON bodies (415), over-deep JSON (400) and
    text that cannot be stored (422)."""

    def handle_error(
        self,
        error: ValidationError,
        req: flask.Request,
        schema: Any,
        *,
        error_status_code: int | None,
        error_headers: Mapping[str, str] | None,
    ) -> Any:
        """webargs' hook for a request the schema refused: when display text is all that
        was wrong, 422 with its field's code (``invalid_name``...), ``errors`` naming the
        field as ``validation_error`` does; anything else as webargs answers it."""
        refused = refusal(error.messages)
        if refused is not None:
            raise ApiProblem(422, refused.code, str(refused), errors=error.messages)
        super().handle_error(
            error,
            req,
            schema,
            error_status_code=error_status_code,
            error_headers=error_headers,
        )

    def pre_load(
        self, location_data: Mapping, *, schema: Any, req: flask.Request, location: str
    ) -> Mapping:
        """webargs' hook before the schema loads a location: refuse unstorable text (webargs
        files the messages under the location, like the schema's own)."""
        found = unstorable(location_data)
        if found:
            raise ValidationError(found)  # type: ignore[arg-type]
        return location_data

    def _raw_load_json(self, req: flask.Request) -> Any:
        if not is_json_request(req):
            if _has_body(req):
                raise ApiProblem(
                    415,
                    "unsupported_media_type",
                    f"the body must be JSON, not {req.mimetype or 'untyped'}: send "
                    "Content-Type: application/json (curl: -H 'Content-Type: "
                    "application/json' or --json)",
                )
            return core.missing
        data = req.get_data(cache=True)
        limit = req.max_content_length
        if limit is not None and req.content_length is None and len(data) >= limit:
            # A chunked body has no Content-Length for werkzeug to check up front; its
            # reader stops at the limit and hands back a truncated body (once a 400
            # invalid_json). Reaching the limit means the body was larger: 413.
            raise RequestEntityTooLarge()
        try:
            return core.parse_json(data)
        except RecursionError:
            # json.loads recurses once per nesting level; deeper than the interpreter's
            # limit is not a game document. JSONDecodeError → 400 invalid_json.
            raise json.JSONDecodeError("nested too deep", "…", 0) from None


def _has_body(req: flask.Request) -> bool:
    if req.content_length:
        return True
    return req.headers.get("Transfer-Encoding", "").lower() == "chunked"


class Blueprint(SmorestBlueprint):
    """flask-smorest's Blueprint with ``ApiParser``, page numbers bounded, a required body
    required and path values checked like the parsed locations (``/games/x%00`` reached
    PostgreSQL as a 500)."""

    ARGUMENTS_PARSER = ApiParser()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.url_value_preprocessor(_storable_path)

    def arguments(
        self, schema: Any, *, location: str = "json", required: bool = True, **kwargs: Any
    ) -> Callable[[Callable[..., Any]], Any]:
        """As flask-smorest's, but a required body (``requestBody.required`` in the spec,
        flask-smorest's default) that is missing is a 422, even where every field of the
        schema has a default: webargs reads no body as ``{}``."""
        smorest_decorator = super().arguments(
            schema, location=location, required=required, **kwargs
        )
        if location != "json" or not required:
            return smorest_decorator

        def decorator(func: Callable[..., Any]) -> Any:
            parsed = smorest_decorator(func)

            @wraps(parsed)
            def with_body(*a: Any, **kw: Any) -> Any:
                if not _has_body(flask.request):
                    abort(422, errors={"json": {"_schema": ["A request body is required."]}})
                return parsed(*a, **kw)

            return with_body

        return decorator

    def paginate(self, *args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Any]:
        """As flask-smorest's, but ``page`` above ``MAX_INT32`` is a 422 like other
        out-of-range query values (flask-smorest's page schema has no maximum)."""
        smorest_decorator = super().paginate(*args, **kwargs)

        def decorator(func: Callable[..., Any]) -> Any:
            @wraps(func)
            def bounded(*a: Any, pagination_parameters: Any, **kw: Any) -> Any:
                if pagination_parameters.page > MAX_INT32:
                    message = f"Must be less than or equal to {MAX_INT32}."
                    abort(422, errors={"query": {"page": [message]}})
                return func(*a, pagination_parameters=pagination_parameters, **kw)

            return smorest_decorator(bounded)

        return decorator


def _storable_path(_endpoint: str | None, values: dict[str, Any] | None) -> None:
    found = unstorable(values or {})
    if found:
        abort(422, errors={"path": found})


class JsonBoolean(fields.Boolean):
    """JSON true or false only, for every boolean of a body: "yes", "off" or 1 is a
    mistake, not a choice (``fields.Boolean`` with ``truthy={True}`` still takes 1, which
    equals True in Python)."""

    def _deserialize(self, value: object, attr: str | None, data: object, **kwargs: object) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class QueryBoolean(fields.Boolean):
    """``true`` or ``false`` in a query string (``True``/``False`` too, as Python clients
    write them); "yes", "1" or "on" are refused like a body's."""

    truthy = {"true", "True"}
    falsy = {"false", "False"}
