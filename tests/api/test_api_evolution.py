"""The spec keeps the promises of the last release (scripts/api_evolution.py): Optic finds no
breaking change that is not a new major version, and the changelog's latest entry names
everything added. A deliberate breaking change fails the same check."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scripts import api_evolution

pytestmark = pytest.mark.xdist_group("optic")  # two Optic runs at once only slow each other


@pytest.fixture(scope="module")
def current() -> dict[str, Any]:
    return json.loads(api_evolution.SPEC.read_text())


@pytest.fixture(scope="module")
def released() -> dict[str, Any]:
    return json.loads(api_evolution.last_released().read_text())


def test_this_spec_keeps_the_promises_of_the_last_release() -> None:
    assert api_evolution.problems() == []


def _broken(spec: dict[str, Any]) -> dict[str, Any]:
    """A response member and an operation removed: what a client relies on."""
    broken = copy.deepcopy(spec)
    game = broken["components"]["schemas"]["Game"]
    del game["properties"]["label"]
    game["required"].remove("label")
    del broken["paths"]["/api/v1/rules"]
    return broken


def _two_operations(spec: dict[str, Any]) -> dict[str, Any]:
    """The spec with only the two paths ``_broken`` touches: Optic's time grows with the
    operations it compares (about a minute of CPU for the whole spec), its rules do not."""
    kept = copy.deepcopy(spec)
    kept["paths"] = {p: kept["paths"][p] for p in ("/api/v1/rules", "/api/v1/games/{game_id}")}
    return kept


def test_a_deliberate_breaking_change_fails_the_check(current, tmp_path: Path) -> None:
    current = _two_operations(current)
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    before.write_text(json.dumps(current))
    broken = _broken(current)
    after.write_text(json.dumps(broken))
    findings = api_evolution.optic_findings(before, after)
    found = api_evolution.breaking_problems(current, broken, findings)
    assert any("GET /api/v1/rules" in line for line in found), found
    assert any("GET /api/v1/games/{game_id}:" in line for line in found), found
    major = copy.deepcopy(broken)
    major["info"]["version"] = "2.0.0"
    assert api_evolution.breaking_problems(current, major, findings) == []


def test_the_changelog_must_name_what_was_added(current, released) -> None:
    changelog = api_evolution.CHANGELOG.read_text()
    assert api_evolution.changelog_problems(released, current, changelog) == []
    grown = copy.deepcopy(current)
    grown["paths"]["/api/v1/rules"]["post"] = {
        **grown["paths"]["/api/v1/rules"]["get"],
        "operationId": "proposeRule",
    }
    grown["components"]["schemas"]["Game"]["properties"]["weather"] = {"type": "string"}
    event = grown["components"]["schemas"]["Event"]["discriminator"]["mapping"]
    event["storm_rolled"] = event["dice_rolled"]
    found = api_evolution.changelog_problems(released, grown, changelog)
    assert found == [
        "the changelog's 1.5.0 entry does not name `proposeRule`",
        "the changelog's 1.5.0 entry does not name `Game.weather`",
        "the changelog's 1.5.0 entry does not name `storm_rolled`",
    ]
    later = copy.deepcopy(current)
    later["info"]["version"] = "1.6.0"
    assert api_evolution.changelog_problems(released, later, changelog) == [
        "the changelog's latest entry is 1.5.0, the spec 1.6.0"
    ]
