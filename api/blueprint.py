"""A flask-smorest Blueprint whose body parser reports broken JSON as a problem.

webargs answers a body that is not valid JSON with a generic 400; clients deserve the
stable code ``invalid_json`` instead.
"""

from __future__ import annotations

from typing import Any, NoReturn

from flask_smorest import Blueprint
from webargs.flaskparser import FlaskParser

from api.problems import ApiProblem


class ProblemParser(FlaskParser):
    def _handle_invalid_json_error(
        self, error: Any, req: Any, *args: Any, **kwargs: Any
    ) -> NoReturn:
        raise ApiProblem(400, "invalid_json", "the request body is not valid JSON")


class ApiBlueprint(Blueprint):
    ARGUMENTS_PARSER = ProblemParser()
