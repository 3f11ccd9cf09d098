"""A flask-smorest Blueprint whose body parser reports broken JSON as a problem, and whose
alternative responses are documentation only.

webargs answers a body that is not valid JSON with a generic 400; clients deserve the
stable code ``invalid_json`` instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

import marshmallow as ma
from flask_smorest import Blueprint
from webargs.flaskparser import FlaskParser

from api.problems import ApiProblem


class ProblemParser(FlaskParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._schemas: dict[type[ma.Schema], ma.Schema] = {}

    def _get_schema(self, argmap: Any, req: Any) -> ma.Schema:
        """One instance per argument schema class, instead of one per request (marshmallow
        schemas hold no per-load state; building one binds and copies all its fields)."""
        if isinstance(argmap, type) and issubclass(argmap, ma.Schema):
            schema = self._schemas.get(argmap)
            if schema is None:
                schema = self._schemas[argmap] = argmap()
            return schema
        return super()._get_schema(argmap, req)

    def _handle_invalid_json_error(
        self, error: Any, req: Any, *args: Any, **kwargs: Any
    ) -> NoReturn:
        raise ApiProblem(400, "invalid_json", "the request body is not valid JSON")


class ApiBlueprint(Blueprint):
    ARGUMENTS_PARSER = ProblemParser()

    def alt_response(self, *args: Any, **kwargs: Any) -> Callable[[Any], Any]:
        """Document an alternative response without a runtime layer.

        flask-smorest's ``alt_response`` wraps the view in a function that only calls
        through (``ensure_sync`` and one more call on every request: ten layers on the
        submit endpoint). This keeps the documentation it builds and drops the wrapper.
        """
        document = super().alt_response(*args, **kwargs)

        def decorator(func: Any) -> Any:
            func._apidoc = document(func)._apidoc
            return func

        return decorator
