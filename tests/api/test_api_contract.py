"""The committed OpenAPI document as a contract clients are generated from: every operation
named, described and secured as it really is; seat ranges that follow the game sizes.

(That the committed document is the one the code generates is
test_api_meta.test_committed_openapi_spec_matches_the_code.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from api_helpers import Http, bearer

from engine import SUPPORTED_PLAYERS, Game
from engine.counts import VARIANTS

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
METHODS = ("get", "put", "post", "delete", "patch", "head", "options")


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return json.loads(SPEC_PATH.read_text())


def operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method, path, operation)
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ]


def test_every_operation_has_a_unique_operation_id_a_summary_and_a_description(spec) -> None:
    unnamed = [
        f"{method.upper()} {path}"
        for method, path, op in operations(spec)
        if not op.get("operationId")
    ]
    assert not unnamed, f"add these to api/contract/operations.py: {unnamed}"
    names = [op["operationId"] for _, _, op in operations(spec)]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
    for method, path, op in operations(spec):
        assert op["operationId"][0].islower() and op["operationId"].isalnum(), op["operationId"]
        assert op.get("summary"), f"{method.upper()} {path} has no summary"
        assert op.get("description"), f"{method.upper()} {path} has no description"


def test_every_error_response_declares_its_problem_codes(spec) -> None:
    """Each operation's error answers name their codes (api/contract/errors.py), each code
    under the one status it is sent with; the unplanned 500/503 are the default."""
    from api.problems import STATUS_OF_CODE

    assert "responses" not in spec["components"]  # no shared, code-less error answers
    for method, path, op in operations(spec):
        where = f"{method.upper()} {path}"
        default = op["responses"]["default"]
        assert default["x-problem-codes"] == ["internal_error", "unavailable"], where
        errors = {s: r for s, r in op["responses"].items() if s[0] in "45"}
        assert errors, f"{where} declares no error at all"
        for status, response in errors.items():
            codes = response["x-problem-codes"]
            assert codes and {STATUS_OF_CODE[c] for c in codes} == {int(status)}, where
            assert all(f"`{c}`" in response["description"] for c in codes), where


def test_the_error_table_names_real_operations_and_codes_not_implied(spec) -> None:
    """A line of OPERATION_PROBLEMS names an operation that exists and codes that its
    operation's shape does not already imply (a line that repeats them is noise)."""
    from api.contract.errors import OPERATION_PROBLEMS, UNPLANNED, implied_codes
    from api.contract.operations import OPERATION_IDS
    from api.problems import STATUS_OF_CODE

    by_name = {op["operationId"]: (path, op) for _, path, op in operations(spec)}
    assert set(OPERATION_PROBLEMS) <= set(OPERATION_IDS.values())
    for name, codes in OPERATION_PROBLEMS.items():
        assert len(set(codes)) == len(codes), name
        assert set(codes) <= set(STATUS_OF_CODE) - set(UNPLANNED), name
        path, op = by_name[name]
        shape = {k: v for k, v in op.items() if k != "responses"}
        implied = implied_codes(name, path, shape, spec["components"]["schemas"])
        assert not set(codes) & implied, (name, set(codes) & implied)


def test_the_spec_is_valid_openapi(spec) -> None:
    from openapi_spec_validator import validate

    validate(spec)


def test_info_version_is_semantic_and_in_the_changelog(spec) -> None:
    import re

    version = spec["info"]["version"]
    assert re.fullmatch(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)", version), version
    changelog = (SPEC_PATH.parents[1] / "docs" / "api-changelog.md").read_text()
    assert f"## {version}" in changelog, f"docs/api-changelog.md has no entry for {version}"


def test_operations_that_need_a_player_token_declare_it(spec) -> None:
    bulk = spec["paths"]["/api/v1/games/bulk"]["post"]
    both = {"oauth2": ["game:create", "game:play"]}  # the answer carries seat tokens
    assert bulk["security"] == [{"playerToken": []}, both]
    assert "401" in bulk["responses"]
    # Anonymous or with a player token: both declared, so a generated client may send one
    # (and a token limited to scopes: the ones it needs; reading, the ones that read).
    create = spec["paths"]["/api/v1/games"]["post"]
    assert create["security"] == [{}, {"playerToken": []}, both]
    listing = spec["paths"]["/api/v1/games"]["get"]
    assert listing["security"] == [{}, {"playerToken": []}]
    assert listing["x-reads-as-player"] == ["profile:read"]


def test_response_documents_say_which_fields_are_always_present(spec) -> None:
    game = spec["components"]["schemas"]["Game"]
    assert {"id", "status", "seats", "pending", "state", "options"} <= set(game["required"])
    pending = game["properties"]["pending"]["anyOf"]  # null, or the decision
    assert pending == [
        {"type": "integer", "nullable": True, "enum": [None]},
        {"$ref": "#/components/schemas/Decision"},
    ]
    created = spec["components"]["schemas"]["CreatedGame"]
    assert set(created["required"]) == {"game", "creator_token"}  # invitations: private only


def test_request_fields_with_defaults_are_optional(spec) -> None:
    for name, schema in spec["components"]["schemas"].items():
        for field, prop in schema.get("properties", {}).items():
            if "default" in prop:
                assert field not in schema.get("required", []), f"{name}.{field}"


def test_seat_ranges_follow_the_largest_game(spec) -> None:
    top = max(SUPPORTED_PLAYERS) - 1
    schemas = spec["components"]["schemas"]
    assert schemas["ActionSubmit"]["properties"]["seat"]["maximum"] == top
    assert schemas["Join"]["properties"]["seat"]["maximum"] == top
    assert schemas["GameCreate"]["properties"]["players"]["maximum"] == max(SUPPORTED_PLAYERS)


@pytest.mark.parametrize("players", SUPPORTED_PLAYERS)
def test_every_seat_submits_with_its_seat_number_at_every_game_size(
    client, http: Http, players: int
) -> None:
    """``seat`` in the body is a check against the token's seat: every seat of a 3- to
    6-player game gets through it (it was once limited to 0-3)."""
    table = http.started(players)
    acted: set[int] = set()
    for _ in range(20 * players):
        if len(acted) == players:
            break
        seat = http.pending(table)["pending"]["seat"]
        r = _act_with_seat(http, table, seat)
        assert r.status_code == 200, r.json
        assert r.json["seat"] == seat
        acted.add(seat)
    assert acted == set(range(players))


def _act_with_seat(http: Http, table: Any, seat: int) -> Any:
    p = http.pending(table)
    return http.c.post(
        f"{table.url}/actions",
        json={"action": p["pending"]["actions"][0], "expected_seq": p["seq"], "seat": seat},
        headers=bearer(table.tokens[seat]),
    )


def test_redocly_recommended_rules_find_no_error() -> None:
    """The spec passes a standard linter: Redocly's recommended rules (missing operationIds,
    undefined security, nullable without a type, ...); warnings are allowed, errors not."""
    import subprocess

    from harness.client_gen import node_tool

    done = subprocess.run(
        [str(node_tool("redocly")), "lint", str(SPEC_PATH), "--format", "summary"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "Your API description is valid" in output, output
    assert not [line for line in output.splitlines() if line.startswith("error")], output


def test_the_examples_match_their_schemas(spec) -> None:
    from openapi_schema_validator import OAS30Validator

    def check(schema: dict[str, Any], example: Any, where: str) -> None:
        validator = OAS30Validator({**schema, "components": spec["components"]})
        errors = [e.message for e in validator.iter_errors(example)]
        assert not errors, (where, errors)

    seen = 0
    for name, schema in spec["components"]["schemas"].items():
        if "example" in schema:
            check(schema, schema["example"], name)
            seen += 1
    for method, path, op in operations(spec):
        bodies = [op.get("requestBody", {})] + list(op["responses"].values())
        for body in bodies:
            media = body.get("content", {}).get("application/json", {})
            if "example" in media:
                check(media["schema"], media["example"], f"{method} {path}")
                seen += 1
    assert seen >= 7  # create, join, pending, submit; a decision, a stream entry, a problem


@pytest.mark.parametrize(
    ("players", "variant"),
    [(n, None) for n in SUPPORTED_PLAYERS] + [(2, v) for v in sorted(VARIANTS)],
)
def test_every_public_state_of_a_played_game_matches_public_state(spec, players, variant) -> None:
    """Every position of a random game, from the set-up to the end, in every size and
    variant: the typed ``PublicState`` describes what the engine really shows, so a
    generated client can read a position without a catch-all dictionary."""
    from openapi_schema_validator import OAS30ReadValidator

    validator = OAS30ReadValidator(
        {"$ref": "#/components/schemas/PublicState", "components": spec["components"]}
    )
    choose = random.Random(players * 31 + len(variant or "")).choice
    game = Game.new(players, seed=7, variant=variant) if variant else Game.new(players, seed=7)
    seen = 0
    while True:
        errors = [f"{e.json_path}: {e.message}" for e in validator.iter_errors(game.public_view())]
        assert not errors, (game.seq, errors[:3])
        seen += 1
        if game.pending is None:
            break
        game.apply(choose(game.pending.actions))
    assert seen > 50 and game.public_view()["ranking"] is not None


def _inline_enums(node: Any, where: str = "") -> list[tuple[str, frozenset[Any]]]:
    found: list[tuple[str, frozenset[Any]]] = []
    if isinstance(node, dict):
        if "enum" in node:
            found.append((where, frozenset(v for v in node["enum"] if v is not None)))
        for key, value in node.items():
            found += _inline_enums(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _inline_enums(value, f"{where}/{i}")
    return found


def test_every_named_closed_set_is_declared_once(spec) -> None:
    """A closed set with a name (``api/contract/enums.py``) is one component that every
    field refers to: an inline copy would be one more class in a generated client."""
    from api.contract.enums import NAMED_ENUMS

    schemas = spec["components"]["schemas"]
    named = {frozenset(values): name for name, values in NAMED_ENUMS.items()}
    for name, values in NAMED_ENUMS.items():
        assert schemas[name] == {**schemas[name], "type": "string", "enum": list(values)}
    copies = [
        (where, named[values])
        for where, values in _inline_enums(spec)
        if values in named and where != f"/components/schemas/{named[values]}"
    ]
    assert not copies, copies
    for where, field in [
        ("Pending", "status"), ("ActionResult", "status"), ("ActionResult", "actor"),
        ("LogEntry", "actor"), ("StreamEntry", "actor"), ("Seat", "kind"),
        ("Game", "timeout_policy"), ("Game", "pending_kind"),
    ]:  # fmt: skip
        assert "$ref" in json.dumps(schemas[where]["properties"][field]), (where, field)


def test_every_problem_and_page_total_is_declared_present(spec) -> None:
    schemas = spec["components"]["schemas"]
    assert set(schemas["Problem"]["required"]) == {
        "type", "title", "status", "code", "detail", "instance"
    }  # fmt: skip
    assert set(schemas["PaginationMetadata"]["required"]) == {"total", "total_pages"}


def test_streams_are_text_with_the_schema_of_one_message(spec) -> None:
    """A generated client must not parse an ndjson body as one JSON document: the body is a
    string, and ``x-itemSchema`` names the schema of each line. An SSE body's schema is one
    event's, as tools read event streams."""
    schemas = spec["components"]["schemas"]
    streams = 0
    for method, path, op in operations(spec):
        content = op["responses"].get("200", {}).get("content", {})
        if "application/x-ndjson" in content:
            streams += 1
            ndjson = content["application/x-ndjson"]
            assert ndjson["schema"]["type"] == "string", (method, path)
            if path.endswith("/stream"):
                assert ndjson["x-itemSchema"]["$ref"].rsplit("/", 1)[-1] in schemas, path
        if "text/event-stream" in content:
            ref = content["text/event-stream"]["schema"]["$ref"]
            assert ref.rsplit("/", 1)[-1] in schemas, (method, path)
    assert streams >= 8


def test_what_the_server_enforces_on_headers_and_pages_is_declared(spec) -> None:
    """``If-None-Match`` wherever a 304 is answered; ``page``'s maximum; ``X-Pagination``
    as the text it is; ``Idempotency-Key``'s pattern (api/auth.py)."""
    from api.auth import _IDEMPOTENCY_RE
    from api.parsing import MAX_INT32

    assert spec["components"]["headers"]["PAGINATION"]["schema"] == {"type": "string"}
    for method, path, op in operations(spec):
        parameters = {p["name"]: p for p in op.get("parameters", ())}
        if "304" in op["responses"]:
            assert parameters["If-None-Match"]["in"] == "header", (method, path)
        if "page" in parameters:
            assert parameters["page"]["schema"]["maximum"] == MAX_INT32, (method, path)
        if "Idempotency-Key" in parameters:
            schema = parameters["Idempotency-Key"]["schema"]
            assert schema["pattern"] == _IDEMPOTENCY_RE.pattern, (method, path)
        header = op["responses"].get("200", {}).get("headers", {}).get("X-Pagination")
        if header is not None:
            assert header == {"$ref": "#/components/headers/PAGINATION"}, (method, path)


@pytest.mark.parametrize(("method", "path"), [("post", "/seeks"), ("put", "/players/me/notices")])
def test_a_required_body_that_is_missing_is_refused(client, method, path) -> None:
    r = client.post("/api/v1/players", json={"name": "bodyless"})
    token = r.json["token"]
    answer = getattr(client, method)(f"/api/v1{path}", headers=bearer(token))
    assert answer.status_code == 422, answer.json
    assert answer.json["code"] == "validation_error"


def test_registering_an_oauth_client_checks_the_token_before_the_body(client) -> None:
    body = {"name": "site", "redirect_uris": ["ftp://nowhere"]}
    r = client.post("/api/v1/players/me/oauth-clients", json=body)
    assert r.status_code == 401, r.json
