"""Every operation names the scope a token needs for it, once: ``OPERATION_SCOPES``
(``api/contract/operations.py``), which the spec's ``security`` and the check before
every view (``api.scopes``) both read."""

from __future__ import annotations

import json
from pathlib import Path

from api.contract.operations import OPERATION_SCOPES
from api.scopes import openapi_path
from service.rules.scopes import ACCOUNT, SCOPES

SPEC = json.loads((Path(__file__).resolve().parents[2] / "openapi" / "openapi.json").read_text())
METHODS = ("get", "put", "post", "delete", "patch")


def spec_operations() -> dict[str, tuple[str, str, dict]]:
    return {
        op["operationId"]: (method, path, op)
        for path, item in SPEC["paths"].items()
        for method, op in item.items()
        if method in METHODS and "operationId" in op
    }


def test_every_operation_names_its_scope() -> None:
    missing = {n: mp for n, (*mp, _) in spec_operations().items() if n not in OPERATION_SCOPES}
    lines = "\n".join(
        f'    "{name}": <scope>,  # {method.upper()} {path}'
        for name, (method, path) in missing.items()
    )
    assert not missing, (
        "operations without a scope: add a line for each to OPERATION_SCOPES in "
        "api/contract/operations.py, with a scope of service/rules/scopes.py's SCOPES (the one a "
        "site's token needs to call it; add a scope there if none fits), ACCOUNT (only the "
        "player's own sign-in token) or None (open to anybody), then run `make openapi`:\n" + lines
    )


def test_every_scope_named_exists_and_every_line_is_an_operation() -> None:
    names = spec_operations()
    stale = sorted(set(OPERATION_SCOPES) - set(names))
    assert not stale, f"OPERATION_SCOPES names operations the spec does not have: {stale}"
    for name, needed in OPERATION_SCOPES.items():
        options = () if needed is None else (needed,) if isinstance(needed, str) else needed
        for scope in options:
            assert scope in SCOPES or scope == ACCOUNT, f"{name}: unknown scope {scope!r}"


def test_the_spec_names_each_operations_scope() -> None:
    flows = SPEC["components"]["securitySchemes"]["oauth2"]["flows"]["authorizationCode"]
    assert flows["scopes"] == SCOPES
    for name, (_, _, op) in spec_operations().items():
        needed = OPERATION_SCOPES[name]
        named = [s["oauth2"][0] for s in op["security"] if "oauth2" in s]
        if needed is None or needed == ACCOUNT:
            assert named == [], name
        else:
            assert named == ([needed] if isinstance(needed, str) else list(needed)), name
            assert "403" in op["responses"], name


def test_flask_rules_read_as_spec_paths() -> None:
    assert openapi_path("/api/v1/games/<game_id>/seats/<int:seat>") == (
        "/api/v1/games/{game_id}/seats/{seat}"
    )
