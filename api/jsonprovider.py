"""Flask JSON provider backed by orjson: responses carry whole game states."""

from __future__ import annotations

from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider


class OrjsonProvider(DefaultJSONProvider):
    """Falls back to Flask's default handling for types orjson does not know."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:  # indent/sort_keys requests (e.g. the OpenAPI document): stay standard
            return super().dumps(obj, **kwargs)
        return orjson.dumps(obj, default=self.default, option=orjson.OPT_NON_STR_KEYS).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)
