"""Flask JSON provider backed by orjson: responses carry whole game states."""

from __future__ import annotations

from typing import Any

import orjson
from flask import current_app
from flask.json.provider import DefaultJSONProvider

_COMPACT = (",", ":")
# What Flask's compact ``response()`` asks of json.dumps (sorted keys, ASCII only): orjson
# writes the same bytes when it sorts keys and hands dates and dataclasses to ``default``.
_AS_STDLIB = (
    orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)


class OrjsonProvider(DefaultJSONProvider):
    """Falls back to Flask's default handling for types orjson does not know."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if not kwargs:
            return orjson.dumps(obj, default=self.default, option=orjson.OPT_NON_STR_KEYS).decode()
        if (
            kwargs.get("separators") == _COMPACT
            and len(kwargs) == 1
            and self.sort_keys
            and self.ensure_ascii
        ):
            # jsonify / flask-smorest responses: identical output, several times faster.
            # Non-string keys, huge ints and non-ASCII text (which json.dumps escapes) take
            # the standard path. (Floats in exponent form differ in spelling only: 1e+16.)
            try:
                out = orjson.dumps(obj, default=self.default, option=_AS_STDLIB)
            except TypeError:
                pass
            else:
                if out.isascii() and b"\x7f" not in out:
                    return out.decode()
        # indent/sort_keys requests (e.g. the OpenAPI document): stay standard
        return super().dumps(obj, **kwargs)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)


def json_body(obj: Any) -> bytes:
    """The bytes ``jsonify`` would send (compact, sorted keys, ASCII, trailing newline), for
    responses built by hand (cached game documents, problem details): one JSON style for
    every response, whichever path produced it."""
    return (current_app.json.dumps(obj, separators=_COMPACT) + "\n").encode()
