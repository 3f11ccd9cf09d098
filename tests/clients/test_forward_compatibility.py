"""A client generated from an older document reads the documents of this one (docs/api.md,
"What a minor version may add and how your client sees it").

Two clients, both made by openapi-python-client as a client developer makes them:

- one from the last released document (openapi/released/1.4.0.json, as 1.4.0 was set)
  reads every document of a whole game that this server plays now;
- one from this document with a member taken out of each union that grows (an event type,
  an action type, a decision kind, a problem code), as the document
  before those members were added would be, reads documents holding them as the unknown
  member (``Unknown<Union>`` with its members kept, or the plain string), where a client
  of a closed union fails."""

from __future__ import annotations

import copy
import importlib
import json
from pathlib import Path
from typing import Any

import pytest
import requests
from openapi_schema_validator import OAS30Validator

from harness.client_gen import ROOT, generate_python_client, import_python_client
from harness.web_server import LiveServer

CURRENT = ROOT / "openapi" / "openapi.json"
RELEASED = ROOT / "openapi" / "released" / "1.4.0.json"
SCHEMAS = "#/components/schemas/"


def _generated(tmp: Path, spec: Path, package: str) -> Any:
    out = tmp / package
    output = generate_python_client(out, spec, package)
    assert [line for line in output.splitlines() if line.strip()] == [f"Generating {out}"]
    import_python_client(out, package)
    return importlib.import_module(f"{package}.models")


def _conforms(spec: dict[str, Any], schema: str, document: Any) -> None:
    """``document`` is one of this version's: it validates against the current spec."""
    root = {"$ref": SCHEMAS + schema, "components": spec["components"]}
    OAS30Validator(root).validate(document)


# --- the last release reads a whole game of this one -------------------------------------


def _finished_bot_game(base: str) -> str:
    bot = {"kind": "bot", "level": "random"}
    r = requests.post(f"{base}/api/v1/games", json={"players": 3, "seats": [bot] * 3}, timeout=30)
    assert r.status_code == 201, r.text
    game_id = r.json()["game"]["id"]
    stream = requests.get(
        f"{base}/api/v1/games/{game_id}/stream",
        headers={"Accept": "application/x-ndjson"},
        stream=True,
        timeout=120,
    )
    for line in stream.iter_lines():  # until the game's end
        if line and json.loads(line)["type"] == "end":
            break
    stream.close()
    return game_id


def test_the_last_released_client_reads_a_whole_game_of_this_version(
    server: LiveServer, tmp_path: Path
) -> None:
    models = _generated(tmp_path, RELEASED, "ursuppe_released_1_4_0")
    base = server.base_url
    game_id = _finished_bot_game(base)
    read = {
        "Game": f"/games/{game_id}",
        "Pending": f"/games/{game_id}/pending",
        "EventsPage": f"/games/{game_id}/events",
        "Record": f"/games/{game_id}/record",
        "Rules": "/rules",
    }
    for schema, path in read.items():
        document = requests.get(f"{base}/api/v1{path}", timeout=30).json()
        parsed = getattr(models, schema).from_dict(document)
        assert parsed.to_dict() is not None, schema
    record = models.Record.from_dict(
        requests.get(f"{base}/api/v1/games/{game_id}/record", timeout=30).json()
    )
    assert record.actions, "a whole game's actions, each with its events"


# --- an older document's client reads the members added since as unknown ----------------


def _without_member(spec: dict[str, Any], union: str, value: str) -> None:
    """Take the member ``value`` out of the union ``union`` (and its component, if no other
    value maps to it), as the document was before it was added."""
    schema = spec["components"]["schemas"][union]
    mapping = schema["discriminator"]["mapping"]
    target = mapping.pop(value)
    if target not in mapping.values():
        schema["anyOf"] = [m for m in schema["anyOf"] if m.get("$ref") != target]
        del spec["components"]["schemas"][target.removeprefix(SCHEMAS)]


def _older(spec: dict[str, Any]) -> dict[str, Any]:
    older = copy.deepcopy(spec)
    older["info"]["version"] = "1.0.0"
    _without_member(older, "Event", "armor_absorbed")
    _without_member(older, "Action", "pass")
    schemas = older["components"]["schemas"]
    schemas["DecisionKind"]["enum"].remove("choose_direction")
    schemas["ProblemCode"]["enum"].remove("chat_ended")
    return older


@pytest.fixture(scope="module")
def older_models(tmp_path_factory: pytest.TempPathFactory) -> Any:
    tmp = tmp_path_factory.mktemp("older-client")
    spec_path = tmp / "older.json"
    spec_path.write_text(json.dumps(_older(json.loads(CURRENT.read_text()))))
    return _generated(tmp, spec_path, "ursuppe_older")


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return json.loads(CURRENT.read_text())


def test_a_newer_event_and_action_read_as_unknown_members(older_models, spec) -> None:
    entry = {
        "seq": 7,
        "seat": 1,
        "actor": "human",
        "created_at": "2026-12-07T21:00:00+00:00",
        "action": {"type": "pass"},
        "events": [
            {"type": "armor_absorbed", "target": {"seat": 1, "number": 2, "field": "B3"}, "dp": 1},
            {"type": "phase_started", "round": 1, "phase": 2},
        ],
    }
    _conforms(spec, "LogEntry", entry)
    parsed = older_models.LogEntry.from_dict(entry)
    newer, known = parsed.events
    assert isinstance(newer, older_models.UnknownEvent)
    assert (newer.type_, newer.additional_properties["dp"]) == ("armor_absorbed", 1)
    assert isinstance(known, older_models.PhaseStartedEvent)
    assert isinstance(parsed.action, older_models.UnknownAction)
    assert parsed.action.type_ == "pass"
    assert parsed.to_dict()["events"][0] == entry["events"][0]  # kept as it came


def test_a_newer_decision_kind_and_problem_code_read_as_strings(older_models, spec) -> None:
    decision = {
        "seat": 0,
        "player": 0,
        "kind": "choose_direction",
        "actions": [{"type": "direction", "direction": "N"}],
        "context": {},
        "seq": 3,
    }
    _conforms(spec, "Decision", decision)
    assert older_models.Decision.from_dict(decision).kind == "choose_direction"
    problem = {
        "type": "urn:ursuppe:problem:chat_ended",
        "title": "Conflict",
        "status": 409,
        "code": "chat_ended",
        "detail": "the game's chat has ended",
        "instance": "/api/v1/games/x/chat",
    }
    _conforms(spec, "Problem", problem)
    assert older_models.Problem.from_dict(problem).code == "chat_ended"
    known = older_models.Problem.from_dict({**problem, "code": "stale_seq", "status": 409})
    assert known.code == older_models.ProblemCode.STALE_SEQ
