"""schemathesis over the committed spec: every documented operation is called
with generated input, a fixed seed and a bounded number of cases, on SQLite and PostgreSQL.

Protected operations are exercised for real: the generated ``game_id`` is mostly replaced
by a running game's and the bearer token by that game's (the pending seat's, or the
creator's for creator operations). Positive cases must get no 5xx and a response that
conforms to the spec; negative cases (input that violates the schema) must be refused with a
4xx and leave the stored game as it was."""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator
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
from spec_check import SPEC_PATH, check_problem_code, schema_validator

from api.stream.framing import NDJSON, SSE
from api.stream.runtime import EXTENSION as STREAM_EXTENSION

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


@pytest.fixture
def fuzz_player(client: Any) -> str:
    """One player token per test for the player's own views, not one per case: new players
    are budgeted per client address (docs/api.md, "Rate limits")."""
    r = client.post("/api/v1/players", json={"name": "fuzz"})
    assert r.status_code == 201, r.json
    return r.json["token"]


# Every operation, the live streams included. Negative cases need an input to break:
# operations without one are left out.
positive = schemathesis.pytest.from_fixture("positive_schema")
negative = (
    schemathesis.pytest.from_fixture("negative_schema")
    .exclude(
        path_regex="^/(healthz|readyz)$|^/api/v1/rules$|^/api/v1/games/\\{game_id\\}(/pending|/record|/review)?$"
    )
    .exclude(method="GET", path_regex="^/api/v1/seeks$")  # the lobby's list takes no input
    .exclude(method="GET", path_regex="^/api/v1/notices/push-key$")  # nor the push key
)


@pytest.fixture(autouse=True)
def short_streams(app: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A stream of a game that is not over ends after 50 ms (its maximum
    duration: a client would resume), so a case that opens one returns in bounded time."""
    monkeypatch.setenv("URSUPPE_STREAM_MAX_DURATION", "0.05")
    monkeypatch.setenv("URSUPPE_STREAM_HEARTBEAT", "0.02")
    yield
    runtime = app.extensions.get(STREAM_EXTENSION)
    if runtime is not None:
        runtime.hub.stop()


def check_stream_messages(case: Any, response: Any) -> None:
    """Each message of an ndjson response (a live stream, a label's records) conforms to
    the schema documented for one line; each event of an SSE stream, read as the same
    message in ndjson (``{"type": event, "data": <data parsed>, "id": seq}``), too:
    schemathesis checks SSE events' fields, but OpenAPI 3.0 cannot say what JSON the
    ``data`` text holds, and ndjson it leaves alone."""
    types = [v for k, vs in response.headers.items() if k.lower() == "content-type" for v in vs]
    media = types[0].split(";")[0] if types else ""
    if media not in (NDJSON, SSE):
        return
    documented = case.operation.definition.raw["responses"][str(response.status_code)]
    ndjson = documented["content"][NDJSON]
    line_schema = ndjson.get("x-itemSchema", ndjson["schema"])  # a stream: one message's
    validator = schema_validator(line_schema)
    if media == NDJSON:
        messages = [json.loads(line) for line in response.content.splitlines()]
    else:
        messages = [_as_ndjson(block) for block in response.text.split("\n\n")]
    for message in messages:
        if message is not None:
            validator.validate(message)


def check_declared_code(response: Any) -> None:
    """A problem's code is one its operation declares for its status (spec_check)."""
    media = response.headers.get("content-type") or [""]
    if media[0].split(";")[0] == "application/problem+json":
        path = response.request.path_url.split("?")[0]
        check_problem_code(response.request.method, path, response.status_code, response.json())


def _as_ndjson(block: str) -> dict[str, Any] | None:
    """One SSE event as the ndjson line with the same message; None for a comment (a
    heartbeat) or the ``retry`` field."""
    fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
    if "event" not in fields:
        return None
    message: dict[str, Any] = {"type": fields["event"], "data": json.loads(fields["data"])}
    if "id" in fields:  # "<seq>", or "<seq>:<chat id>" on a stream with chat
        message["id"] = fields["id"] if ":" in fields["id"] else int(fields["id"])
    return message


# Compressed bodies are tested in test_api_compression.py; here the plain ones are checked.
PLAIN = {"Accept-Encoding": "identity"}


def _aim_at(case: Any, table: Table, client: Any, player_token: str) -> None:
    """Point the case at the running game with a token that authorises it."""
    params = case.path_parameters or {}
    # A quarter keep their generated (unknown) id; crc32, not hash(): the same every run.
    # The body, query and headers: operations without a body (GETs) vary too.
    varied = repr((case.body, case.query, case.headers)).encode()
    if "game_id" in params and zlib.crc32(varied) % 4 != 0:
        params["game_id"] = table.id
    security = case.operation.definition.raw.get("security") or []
    schemes = {name for requirement in security for name in requirement}
    if "creatorToken" in schemes:
        token = table.creator_token
    elif "seatToken" in schemes:
        pending = client.get(f"{table.url}/pending").json.get("pending") or {}
        token = table.tokens.get(pending.get("seat", 0), table.tokens[0])
    elif "playerToken" in schemes and case.method == "GET":  # the player's views and stream
        token = player_token
    else:
        return
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}


@positive.parametrize()
@SETTINGS
def test_every_operation_conforms(case: Any, table: Table, client: Any, fuzz_player: str) -> None:
    _aim_at(case, table, client, fuzz_player)
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
    check_stream_messages(case, response)
    check_declared_code(response)


@negative.parametrize()
@SETTINGS
def test_bad_input_changes_nothing(
    case: Any, table: Table, client: Any, service: Any, fuzz_player: str
) -> None:
    _aim_at(case, table, client, fuzz_player)
    before = service.games.get(table.id)
    response = case.call(headers=PLAIN)
    case.validate_response(response, checks=[not_a_server_error])
    check_declared_code(response)
    if response.status_code >= 400:
        assert service.games.get(table.id) == before, (case.method, case.path, response.status_code)
