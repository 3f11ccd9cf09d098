"""schemathesis over the committed spec (issue 22): every documented operation is called
with generated input, a fixed seed and a bounded number of cases, on SQLite and PostgreSQL.

Protected operations are exercised for real: the generated ``game_id`` is mostly replaced
by a running game's and the bearer token by that game's (the pending seat's, or the
creator's for creator operations). Positive cases must get no 5xx and a response that
conforms to the spec; negative cases (input that violates the schema) must be refused with a
4xx and leave the stored game as it was."""

from __future__ import annotations

import zlib
from typing import Any

import pytest
import schemathesis
from api_helpers import Http, Table
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from spec_check import SPEC_PATH

CASES_PER_OPERATION = 15

SETTINGS = settings(
    max_examples=CASES_PER_OPERATION,
    derandomize=True,  # a fixed seed: the same cases every run
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


def _schema(app: Any, mode: GenerationMode) -> Any:
    schema = schemathesis.openapi.from_path(str(SPEC_PATH))
    schema.app = app
    schema.config.generation.update(modes=[mode], deterministic=True)
    return schema


@pytest.fixture
def positive_schema(app: Any) -> Any:
    return _schema(app, GenerationMode.POSITIVE)


@pytest.fixture
def negative_schema(app: Any) -> Any:
    return _schema(app, GenerationMode.NEGATIVE)


@pytest.fixture
def table(http: Http) -> Table:
    return http.started(players=3)


# The live stream is a long-lived SSE/ndjson response: tests/stream covers it against a
# real server. Negative cases need an input to break: operations without one are left out.
positive = schemathesis.pytest.from_fixture("positive_schema").exclude(path_regex="/stream$")
negative = (
    schemathesis.pytest.from_fixture("negative_schema")
    .exclude(path_regex="/stream$")
    .exclude(
        path_regex="^/(healthz|readyz)$|^/api/v1/rules$|^/api/v1/games/\\{game_id\\}(/pending|/record)?$"
    )
)
# Compressed bodies are tested in test_api_compression.py; here the plain ones are checked.
PLAIN = {"Accept-Encoding": "identity"}


def _aim_at(case: Any, table: Table, client: Any) -> None:
    """Point the case at the running game with a token that authorises it."""
    params = case.path_parameters or {}
    # A quarter keep their generated (unknown) id; crc32, not hash(): the same every run.
    if "game_id" in params and zlib.crc32(repr(case.body).encode()) % 4 != 0:
        params["game_id"] = table.id
    security = case.operation.definition.raw.get("security") or []
    schemes = {name for requirement in security for name in requirement}
    if "creatorToken" in schemes:
        token = table.creator_token
    elif "seatToken" in schemes:
        pending = client.get(f"{table.url}/pending").json.get("pending") or {}
        token = table.tokens.get(pending.get("seat", 0), table.tokens[0])
    else:
        return
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}


@positive.parametrize()
@SETTINGS
def test_every_operation_conforms(case: Any, table: Table, client: Any) -> None:
    _aim_at(case, table, client)
    response = case.call(headers=PLAIN)
    case.validate_response(
        response,
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ],
    )


@negative.parametrize()
@SETTINGS
def test_bad_input_changes_nothing(case: Any, table: Table, client: Any, service: Any) -> None:
    _aim_at(case, table, client)
    before = service.get(table.id)
    response = case.call(headers=PLAIN)
    case.validate_response(response, checks=[not_a_server_error])
    if response.status_code >= 400:
        assert service.get(table.id) == before, (case.method, case.path, response.status_code)
