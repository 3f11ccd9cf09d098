"""How the API may change: the spec against the last released one, and the changelog.

``python -m scripts.api_evolution`` (and tests/api/test_api_evolution.py, so ``make test``)
fails when

- Optic's breaking-change rules (``@useoptic/optic``, pinned in tools/node/package.json,
  installed by scripts/ensure-node-tools.sh) find a breaking change between the last
  released spec (the highest version under openapi/released/) and openapi/openapi.json,
  and the new spec's ``info.version`` is not a new major version. A finding that was
  reviewed and is not breaking on the wire is accepted only by a line of ``ACCEPTED``,
  with the reason;
- the changelog's latest entry (docs/api-changelog.md) is not the spec's version, or does
  not name, in backticks, each operation (its ``operationId``), component schema, schema
  member and event type added since the last release.

A release copies openapi/openapi.json to openapi/released/<version>.json; the released
files are never edited after that.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "openapi" / "openapi.json"
RELEASED = ROOT / "openapi" / "released"
CHANGELOG = ROOT / "docs" / "api-changelog.md"
OPTIC = ROOT / "tools" / "node" / "node_modules" / ".bin" / "optic"
STANDARD = ROOT / "openapi" / "breaking-changes.yml"


@dataclass(frozen=True)
class Finding:
    """One failed check of Optic's: the operation, the rule and what it says."""

    operation: str
    rule: str
    message: str


#: Findings reviewed and accepted, by the version that made them: (rule, a regular
#: expression that "<operation>: <message>" matches, why it breaks no client).
ACCEPTED: dict[str, list[tuple[str, str, str]]] = {
    "1.5.0": [
        (
            "prevent response status code removal",
            r"^GET /api/v1/games: must not remove response status code 403",
            "GET /games is open to every token since scopes are default-deny: a token without "
            "profile:read gets the public list, as a request without a token always did, "
            "instead of 403; a client that handled the 403 never meets it",
        ),
        (
            "prevent removing response property",
            r"^GET /api/v1/games: cannot remove response property '\w+'",
            "the members of GET /games's 403 problem, which the operation no longer answers "
            "(the line above): no answer a client receives loses a member",
        ),
        (
            "prevent narrowing in response union types",
            r"type object was changed to string",
            "a stream's body was always text of many messages; its schema now says so, and "
            "names one message's schema in x-itemSchema (a client that parsed the body as "
            "one message failed on every call)",
        ),
        (
            "prevent narrowing in response union types",
            r"anyOf schema did not overlap with the previous schema\. anyOf/0: type object was "
            r"changed to integer",
            "the null branch of a nullable reference (nullable, enum [null]) has its type, "
            "which no value meets, changed from object to integer: it admits null and nothing "
            "else before and after, so that datamodel-code-generator adds no dict beside the "
            "model",
        ),
        (
            "prevent narrowing in response union types",
            r"changed to anyOf did not overlap with the previous schema\. /: enum keyword added",
            "a response field declared as the closed set it always was (a named enum): the "
            "same values on the wire",
        ),
    ],
}

_OPERATION = re.compile(r"^[x✔] ((?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+):")
_FAILED = re.compile(r"^\s+x \[([^\]]+)\] (.*)$")


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def last_released() -> Path:
    """The released spec of the highest version."""
    return max(RELEASED.glob("*.json"), key=lambda p: version_key(p.stem))


def optic_findings(old: Path, new: Path) -> list[Finding]:
    """Every breaking-change check Optic fails from ``old`` to ``new``."""
    if not OPTIC.exists():
        raise FileNotFoundError(f"{OPTIC} missing: run scripts/ensure-node-tools.sh")
    with tempfile.TemporaryDirectory() as scratch:  # Optic leaves a report where it runs
        done = subprocess.run(
            [str(OPTIC), "diff", str(old), str(new), "--check", "--standard", str(STANDARD)],
            capture_output=True,
            text=True,
            timeout=1800,  # about a minute of CPU for the whole spec; a busy machine slows it
            cwd=scratch,
            env={**os.environ, "OPTIC_TELEMETRY_LEVEL": "none"},
        )
    findings: list[Finding] = []
    operation = ""
    for line in done.stdout.splitlines():
        if match := _OPERATION.match(line):
            operation = match.group(1)
        elif match := _FAILED.match(line):
            findings.append(Finding(operation, match.group(1), match.group(2)))
    if done.returncode != 0 and not findings:
        raise RuntimeError(f"optic failed:\n{done.stdout}\n{done.stderr}")
    return findings


def unaccepted(findings: list[Finding], version: str) -> list[Finding]:
    accepted = ACCEPTED.get(version, [])
    return [
        f
        for f in findings
        if not any(
            f.rule == rule and re.search(rx, f"{f.operation}: {f.message}")
            for rule, rx, _ in accepted
        )
    ]


def breaking_problems(
    old_spec: dict[str, Any], new_spec: dict[str, Any], findings: list[Finding]
) -> list[str]:
    """What stops the build: the unaccepted findings, unless the version is a new major."""
    old_v, new_v = old_spec["info"]["version"], new_spec["info"]["version"]
    if version_key(new_v)[0] > version_key(old_v)[0]:
        return []
    return [
        f"breaking change in {new_v} (not a new major version after {old_v}): "
        f"{f.operation}: [{f.rule}] {f.message[:300]}"
        for f in unaccepted(findings, new_v)
    ]


def _operations(spec: dict[str, Any]) -> set[str]:
    return {
        op["operationId"]
        for item in spec["paths"].values()
        for op in item.values()
        if isinstance(op, dict) and "operationId" in op
    }


def _members(spec: dict[str, Any]) -> dict[str, set[str]]:
    return {
        name: set(schema.get("properties", {}))
        for name, schema in spec["components"]["schemas"].items()
    }


def _event_types(spec: dict[str, Any]) -> set[str]:
    return set(spec["components"]["schemas"]["Event"]["discriminator"]["mapping"])


def latest_entry(changelog: str) -> tuple[str, str]:
    """(version, text) of the changelog's first ``## x.y.z`` section."""
    match = re.search(r"^## (\d+\.\d+\.\d+)\n(.*?)(?=^## |\Z)", changelog, re.M | re.S)
    if match is None:
        raise ValueError("the changelog has no version entry")
    return match.group(1), match.group(2)


def added(old_spec: dict[str, Any], new_spec: dict[str, Any]) -> list[str]:
    """What the new spec adds, each as the name the changelog must carry."""
    names = sorted(_operations(new_spec) - _operations(old_spec))
    old_members, new_members = _members(old_spec), _members(new_spec)
    names += sorted(set(new_members) - set(old_members))
    for schema, members in sorted(new_members.items()):
        if schema in old_members:
            names += [f"{schema}.{m}" for m in sorted(members - old_members[schema])]
    names += sorted(_event_types(new_spec) - _event_types(old_spec))
    return names


def changelog_problems(
    old_spec: dict[str, Any], new_spec: dict[str, Any], changelog: str
) -> list[str]:
    """The changelog's latest entry is this version's and names everything added (a schema
    member as `Schema.member`, or `member` in a line that names `Schema` too)."""
    version, text = latest_entry(changelog)
    if version != new_spec["info"]["version"]:
        return [
            f"the changelog's latest entry is {version}, the spec {new_spec['info']['version']}"
        ]
    quoted = set(re.findall(r"`([^`]+)`", text))
    lines = text.split("\n- ")
    missing = []
    for name in added(old_spec, new_spec):
        schema, _, member = name.partition(".")
        if name in quoted:
            continue
        if member and any(f"`{member}`" in line and f"`{schema}" in line for line in lines):
            continue
        missing.append(name)
    return [f"the changelog's {version} entry does not name `{name}`" for name in missing]


def problems(new: Path = SPEC, old: Path | None = None, changelog: Path = CHANGELOG) -> list[str]:
    old = old or last_released()
    old_spec, new_spec = json.loads(old.read_text()), json.loads(new.read_text())
    return breaking_problems(old_spec, new_spec, optic_findings(old, new)) + changelog_problems(
        old_spec, new_spec, changelog.read_text()
    )


def main() -> int:
    found = problems()
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
