"""Health, readiness, rules, the OpenAPI document, rate limiting and log hygiene."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from api_helpers import API, Http, assert_problem, bearer
from sqlalchemy import create_engine

from api import create_app
from api.export_openapi import build_spec, render
from service.game_service import GameService
from service.plumbing.config import Settings
from service.plumbing.db import make_sessionmaker

ROOT = Path(__file__).resolve().parents[2]


def test_healthz_and_readyz(client) -> None:
    assert client.get("/healthz").json == {"status": "ok"}
    assert client.get("/readyz").json == {"status": "ready", "database": "ok", "broker": "not used"}


def test_readyz_reports_an_unreachable_database(tmp_path) -> None:
    broken = create_engine("postgresql+psycopg://nobody@127.0.0.1:1/none")
    svc = GameService(make_sessionmaker(broken), settings=Settings(auto_migrate=False))
    client = create_app(service=svc).test_client()
    assert client.get("/healthz").status_code == 200
    assert_problem(client.get("/readyz"), 503, "not_ready")


def test_rules_as_data(client) -> None:
    from engine import rules_data

    r = client.get(f"{API}/rules")
    assert r.status_code == 200
    assert r.json["rules"] == json.loads(json.dumps(rules_data()))
    assert "random" in r.json["bot_levels"]
    assert (
        client.get(f"{API}/rules", headers={"If-None-Match": r.headers["ETag"]}).status_code == 304
    )


def test_openapi_served_and_swagger_ui(client) -> None:
    spec = client.get(f"{API}/openapi.json").json
    assert spec["openapi"].startswith("3.")
    paths = spec["paths"]
    for path in (
        "/api/v1/games",
        "/api/v1/games/{game_id}",
        "/api/v1/games/{game_id}/actions",
        "/api/v1/games/{game_id}/events",
        "/api/v1/games/{game_id}/record",
        "/api/v1/rules",
        "/healthz",
        "/readyz",
    ):
        assert path in paths, path
    conflict = paths["/api/v1/games/{game_id}/actions"]["post"]["responses"]["409"]["content"]
    assert "application/problem+json" in conflict
    ui = client.get(f"{API}/docs")
    assert ui.status_code == 200 and b"swagger" in ui.data.lower()


def test_committed_openapi_spec_matches_the_code() -> None:
    committed = ROOT / "openapi" / "openapi.json"
    assert committed.exists(), "run `make openapi` and commit openapi/openapi.json"
    assert json.loads(committed.read_text()) == json.loads(render(build_spec())), (
        "openapi/openapi.json is out of date: run `make openapi` and commit it"
    )


def test_unknown_route_and_method(client) -> None:
    assert_problem(client.get(f"{API}/nothing"), 404, "not_found")
    r = client.put(f"{API}/games")
    assert_problem(r, 405, "method_not_allowed")
    assert "POST" in r.headers["Allow"]


def test_allow_lists_only_the_methods_of_the_route_the_path_names(client) -> None:
    """``/games/bulk`` and ``/players/signin`` also match ``/games/<game_id>`` and
    ``/players/<player_id>`` (GET), yet they are POST only, as the spec says."""
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())["paths"]
    for path in ("/games/bulk", "/players/signin", "/games", "/games/g1"):
        documented = {m.upper() for m in spec[f"{API}{path.replace('g1', '{game_id}')}"]}
        documented -= {"PARAMETERS"}
        expected = documented | {"OPTIONS"} | ({"HEAD"} if "GET" in documented else set())
        r = client.options(f"{API}{path}")
        assert set(r.headers["Allow"].split(", ")) == expected, (path, r.headers["Allow"])
    r = client.put(f"{API}/games/bulk")
    assert_problem(r, 405, "method_not_allowed")
    assert set(r.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


def test_a_player_only_operation_asks_for_the_token_before_reading_the_body(client) -> None:
    """Without a player token the answer is 401, whatever the body: 422 would tell a
    client to fix a body it may not send at all."""
    for body in ({"bogus": 1}, {}, {"name": "x", "redirect_uris": ["https://a.example/cb"]}):
        r = client.post(f"{API}/players/me/oauth-clients", json=body)
        assert_problem(r, 401, "missing_token")
    r = client.post(f"{API}/players/me/oauth-clients", json={}, headers=bearer("seat.x"))
    assert_problem(r, 401, "missing_token")  # a seat token is no player token


def test_rate_limit(service) -> None:
    from dataclasses import replace

    service.settings = replace(service.settings, rate_limit="5/60")
    client = create_app(service=service).test_client()
    for _ in range(5):
        assert client.get(f"{API}/games").status_code == 200
    r = client.get(f"{API}/games")
    body = assert_problem(r, 429, "rate_limited")
    assert int(r.headers["Retry-After"]) >= 1 and body["detail"]
    # Made-up bearers buy no budget: they count for the address like no token at all.
    for i in range(3):
        made_up = bearer(f"player.{'z' * 40}{i:03d}")
        assert_problem(client.get(f"{API}/games", headers=made_up), 429, "rate_limited")
        assert_problem(
            client.get(f"{API}/games", headers=bearer(f"{'z' * 40}{i}")), 429, "rate_limited"
        )
    # A valid player token has its own budget; health checks are never limited.
    token = service.accounts.create("ann").token
    assert client.get(f"{API}/games", headers=bearer(token)).status_code == 200
    assert client.get("/healthz").status_code == 200


def test_rate_limit_keys_the_address_the_trusted_proxies_vouch_for(service) -> None:
    """Without trusted proxies X-Forwarded-For is the client's own claim and changes
    nothing; behind one trusted proxy its last address is the client's."""
    from dataclasses import replace

    for proxies, budgets in ((0, [200, 200, 429, 429]), (1, [200, 200, 200, 200])):
        service.settings = replace(service.settings, rate_limit="2/60", trusted_proxies=proxies)
        client = create_app(service=service).test_client()
        got = [
            client.get(f"{API}/rules", headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code
            for i in range(4)
        ]
        assert got == budgets, (proxies, got)


def test_rate_limit_headers_tell_the_budget(service) -> None:
    from dataclasses import replace

    service.settings = replace(service.settings, rate_limit="3/60")
    client = create_app(service=service).test_client()
    remaining = [client.get(f"{API}/games").headers["X-RateLimit-Remaining"] for _ in range(3)]
    assert remaining == ["2", "1", "0"]
    r = client.get(f"{API}/games")
    assert_problem(r, 429, "rate_limited")
    assert r.headers["X-RateLimit-Limit"] == "3"


def test_rate_limit_is_shared_through_redis(service) -> None:
    """Two apps on one Redis stand for two gunicorn workers: they share one budget per key
    (a per-process limiter would allow twice the limit)."""
    import os
    import secrets
    from dataclasses import replace

    redis_url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    service.settings = replace(service.settings, rate_limit="4/60", redis_url=redis_url)
    workers = [create_app(service=service).test_client() for _ in range(2)]
    # A player of its own is a key of its own: parallel runs share Redis.
    token = bearer(service.accounts.create(secrets.token_hex(4)).token)
    for i in range(4):
        assert workers[i % 2].get(f"{API}/games", headers=token).status_code == 200
    assert_problem(workers[0].get(f"{API}/games", headers=token), 429, "rate_limited")
    assert_problem(workers[1].get(f"{API}/games", headers=token), 429, "rate_limited")


def test_rate_limit_off_by_default(client) -> None:
    for _ in range(60):
        assert client.get("/api/v1/rules").status_code == 200


def test_the_games_own_budgets_count_no_other_request(http: Http) -> None:
    """Without a general limit only the bulk and search-game budgets exist (on by default,
    10 bulk requests a minute): moves, however many, are neither counted nor labelled."""
    table = http.started(players=3)
    for _ in range(12):
        r = http.act(table)
        assert r.status_code == 200 and "X-RateLimit-Limit" not in r.headers


def test_tokens_never_appear_in_logs(client, http: Http, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    table = http.started(players=3)
    for _ in range(3):
        assert http.act(table).status_code == 200
    client.post(f"{table.url}/abort", headers=bearer(table.creator_token))
    client.post(f"{table.url}/actions", json={"action": {}}, headers=bearer("X" * 43))
    logging.getLogger("api.test").warning("header was Authorization: Bearer %s", table.tokens[0])
    text = caplog.text + "".join(str(r.__dict__) for r in caplog.records)
    for token in [table.creator_token, *table.tokens.values()]:
        assert token not in text


def test_redaction_filter() -> None:
    from service.plumbing.redaction import redact

    assert redact("Authorization: Bearer abc.DEF-123") == "Authorization: Bearer [redacted]"
    assert redact('{"token": "s3cret", "x": 1}') == '{"token": "[redacted]", "x": 1}'
    token = "player." + "a1B2-c3_D4e5F6g7H8i9"
    said = redact(f"Issue token {{'access_token': '{token}'}} to client")
    assert token not in said and "player.[redacted]" in said
    said = redact("POST /oauth/token code=abc123&code_verifier=xyz&client_secret=ocs_1 200")
    assert "abc123" not in said and "xyz" not in said and "ocs_1" not in said
    assert redact("GET /cb?code=c0de&state=s") == "GET /cb?code=[redacted]&state=s"


def test_every_response_path_writes_one_json_style(client, http: Http) -> None:
    """Cached game documents, schema-dumped responses and problem details are written the
    same way (compact, sorted keys, ASCII escapes, a trailing newline), so a client sees one
    style whichever path built the body."""
    table = http.started(players=3)
    bodies = {
        "cached game document": client.get(table.url),
        "cached pending document": client.get(f"{table.url}/pending"),
        "schema-dumped list": client.get("/api/v1/games"),
        "problem details (game full)": client.post(f"{table.url}/seats", json={"name": "Zoë"}),
    }
    assert bodies["problem details (game full)"].status_code == 409
    for path, resp in bodies.items():
        parsed = json.loads(resp.data)
        canonical = json.dumps(parsed, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        assert resp.data == (canonical + "\n").encode(), path


def test_non_ascii_names_are_escaped_in_cached_documents(client, http: Http) -> None:
    table = http.create(players=3)
    http.join(table, "Zoë")
    body = client.get(table.url).data
    assert b"Zo\\u00eb" in body and "Zoë".encode() not in body


def test_every_error_code_is_documented_for_clients() -> None:
    """Each code the service or the API raises is in the spec's enum (PROBLEM_CODES) and in
    docs/api.md's error table in the row of its status, and the table lists nothing else."""
    import re

    from api.problems import HTTP_STATUS_CODES, PROBLEM_CODES, STATUS_OF_CODE
    from service.plumbing.errors import ENGINE_CODE_KINDS

    raised = re.compile(
        r"(?:NotFound|Unauthorized|Forbidden|Conflict|PreconditionFailed|Unprocessable|TooMany"
        r"|ApiProblem)\(\s*(?:\d+,\s*)?\"([a-z_]+)\""
    )
    sources = [*ROOT.glob("service/**/*.py"), *ROOT.glob("api/**/*.py")]
    codes = {code for path in sources for code in raised.findall(path.read_text())}
    codes |= set(ENGINE_CODE_KINDS) | set(HTTP_STATUS_CODES.values()) | {"invalid_json"}
    assert len(codes) > 25
    assert codes - set(PROBLEM_CODES) == set()
    doc = (ROOT / "docs" / "api.md").read_text()
    table = doc[doc.index("## Errors") : doc.index("## Pagination")]
    documented = {
        code: int(status)
        for status, row in re.findall(r"^\| (\d{3}) \|(.*)$", table, re.M)
        for code in re.findall(r"`([a-z_]+)`", row)
    }
    assert documented == STATUS_OF_CODE  # each code in its status's row, and no other
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    assert spec["components"]["schemas"]["ProblemCode"]["enum"] == list(PROBLEM_CODES)


def test_responses_are_checked_against_the_committed_spec(service) -> None:
    """The suite's client (tests/api/spec_check.py) refuses what the spec does not promise:
    an undocumented path, operation or status, a missing body, an unlisted media type, a
    body not of the documented schema, a documented header of the wrong type and a problem
    code its operation does not declare. (Its own
    app: it adds routes, which the suite's shared apps must not get.)"""
    import pytest
    from flask import Response
    from spec_check import SpecCheckingClient, check_response

    app = create_app(service=service)
    app.test_client_class = SpecCheckingClient
    client = app.test_client()

    @app.get("/api/v1/rules/teapot")
    def teapot() -> Response:
        return Response("{}", 418, mimetype="application/json")

    @app.delete("/api/v1/rules")
    def unrule() -> Response:
        return Response(status=204)

    with pytest.raises(AssertionError, match="does not match openapi"):
        client.get("/api/v1/rules/teapot")
    r = client.get("/api/v1/games")
    assert r.status_code == 200
    check_response(r)
    page = r.get_data()
    for bad in (
        [{"players": "three"}],  # players is an integer
        [{"players": "3"}],  # as sent: a numeral in a string is no integer either
        {"games": []},  # the list itself
    ):
        r.set_data(json.dumps(bad))
        with pytest.raises(AssertionError, match="players|is not of type"):
            check_response(r)
    r.set_data(b"")  # a documented body that is missing
    with pytest.raises(AssertionError, match="empty"):
        check_response(r)
    r.set_data(page)
    r.mimetype = "text/plain"  # a media type the operation does not list
    with pytest.raises(AssertionError, match="media type"):
        check_response(r)
    r.mimetype = "application/json"
    r.headers["X-Total-Count"] = "many"  # a documented integer header
    with pytest.raises(AssertionError, match="X-Total-Count"):
        check_response(r)
    r.headers["X-Total-Count"] = "7"
    check_response(r)
    with pytest.raises(AssertionError, match="not a documented operation"):  # answered 204
        client.delete("/api/v1/rules")
    # A problem whose code its operation does not declare for its status: getGame answers
    # 404 game_not_found, never 404 seek_not_found, nor game_not_found with a 409.
    r = client.get("/api/v1/games/nosuchgame")
    assert r.status_code == 404 and r.json["code"] == "game_not_found"
    for status, code in ((404, "seek_not_found"), (409, "game_not_found")):
        r.status_code = status
        r.set_data(json.dumps({**r.json, "status": status, "code": code}))
        with pytest.raises(AssertionError, match=f"{status} {code} is not declared by getGame"):
            check_response(r)
