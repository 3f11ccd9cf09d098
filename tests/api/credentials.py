"""What counts as a credential in an answer, read from the committed spec, for the scope
tests: a property named ``token``, ``…_token``, ``secret``, ``…_secret``, ``code`` or
``invitation(s)`` of a success answer's schema (a seat, creator or player token, a client
or signing secret, a sign-in or invitation code). A credential added later under such a
name is found without a change here; the error body's ``code`` (a problem's name) is not
one."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SPEC: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[2] / "openapi" / "openapi.json").read_text()
)
METHODS = ("get", "put", "post", "delete", "patch")
CREDENTIAL_NAME = re.compile(r"^(\w+_)?(token|secret)$|^code$|^invitations?$")
_SCHEMAS = SPEC["components"]["schemas"]
_REF = "#/components/schemas/"


def spec_operations() -> dict[str, tuple[str, str, dict[str, Any]]]:
    """operationId -> (method, path, operation) for every operation of the spec."""
    return {
        op["operationId"]: (method, path, op)
        for path, item in SPEC["paths"].items()
        for method, op in item.items()
        if method in METHODS and "operationId" in op
    }


def _credential_properties(node: Any, seen: set[str]) -> Iterator[tuple[str, str]]:
    """(schema, property) of each credential reachable from ``node``, through ``$ref``."""
    if isinstance(node, list):
        for item in node:
            yield from _credential_properties(item, seen)
    elif isinstance(node, dict):
        ref = node.get("$ref", "")
        if ref.startswith(_REF):
            name = ref.removeprefix(_REF)
            if name not in seen:
                seen.add(name)
                schema = _SCHEMAS[name]
                for prop, declared in (schema.get("properties") or {}).items():
                    # a field that guards itself (api.credential_fields) is left to the
                    # answers' test, test_api_scope_reach
                    if CREDENTIAL_NAME.match(prop) and "x-credential-needs" not in declared:
                        yield name, prop
                yield from _credential_properties(schema, seen)
            return
        for key, value in node.items():
            if key != "headers":
                yield from _credential_properties(value, seen)


def credential_operations() -> dict[str, set[tuple[str, str]]]:
    """operationId -> the credential properties its success answers may carry."""
    found = {}
    for name, (_, _, op) in spec_operations().items():
        props = {
            p
            for status, response in op["responses"].items()
            if str(status).startswith("2")
            for p in _credential_properties(response, set())
        }
        if props:
            found[name] = props
    return found


def credentials_in(body: Any) -> list[str]:
    """The credential-named keys of a JSON answer that carry a value (paths, for the
    message)."""
    out: list[str] = []

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if CREDENTIAL_NAME.match(str(key)) and value not in (None, "", [], {}):
                    out.append(f"{where}.{key}")
                walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}[{i}]")

    walk(body, "$")
    return out
