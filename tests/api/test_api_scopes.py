"""Every operation declares what a token needs for it, once: ``OPERATION_SCOPES``
(``api/contract/operations.py``), which the spec's ``security`` and the check before
every view (``api.scopes``) both read; an open operation is declared ``Public``, and the
app does not start while an operation has no declaration. What each scope reaches, called
for real, is tests/api/test_api_scope_reach.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from credentials import SPEC, credential_operations, spec_operations

from api import create_app
from api.contract.operations import OPERATION_SCOPES
from api.scopes import UndeclaredScope, openapi_path
from service.rules.scopes import ACCOUNT, SCOPES, Public, alternatives

#: Answers with a credential that acts for nobody beyond what the operation already
#: allows: a new player's own token (the caller becomes that player), the token a sign-in
#: code is exchanged for (the code is the person's), a webhook's signing secret (it
#: verifies deliveries to the site; webhook:manage).
OPEN_CREDENTIALS = {"createPlayer", "signIn", "createWebhook"}


def test_every_operation_names_its_scope() -> None:
    missing = {n: mp for n, (*mp, _) in spec_operations().items() if n not in OPERATION_SCOPES}
    lines = "\n".join(
        f'    "{name}": <scope>,  # {method.upper()} {path}'
        for name, (method, path) in missing.items()
    )
    assert not missing, (
        "operations without a scope: add a line for each to OPERATION_SCOPES in "
        "api/contract/operations.py, with a scope of service/rules/scopes.py's SCOPES (the one a "
        "site's token needs to call it; add a scope there if none fits; Every((...)) for several, "
        "game:play among them when the answer carries a credential), ACCOUNT (only the "
        "player's own sign-in token) or Public(reads=...) (open to anybody; a token is the "
        "player's there only with a scope of reads), then run `make openapi`:\n" + lines
    )


def test_every_scope_named_exists_and_every_line_is_an_operation() -> None:
    names = spec_operations()
    stale = sorted(set(OPERATION_SCOPES) - set(names))
    assert not stale, f"OPERATION_SCOPES names operations the spec does not have: {stale}"
    for name, needed in OPERATION_SCOPES.items():
        named = [s for option in alternatives(needed) for s in option]
        if isinstance(needed, Public):
            named = list(needed.reads)
        assert needed is not None, f"{name}: say Public(...) for an open operation"
        for scope in named:
            assert scope in SCOPES or scope == ACCOUNT, f"{name}: unknown scope {scope!r}"


def test_the_spec_names_each_operations_scope() -> None:
    flows = SPEC["components"]["securitySchemes"]["oauth2"]["flows"]["authorizationCode"]
    assert flows["scopes"] == SCOPES
    for name, (_, _, op) in spec_operations().items():
        needed = OPERATION_SCOPES[name]
        named = [tuple(s["oauth2"]) for s in op["security"] if "oauth2" in s]
        if isinstance(needed, Public):
            assert named == [] and op.get("x-reads-as-player", []) == list(needed.reads), name
        elif needed == ACCOUNT:
            assert named == [] and "403" in op["responses"], name
        else:
            assert named == list(alternatives(needed)), name
            assert "403" in op["responses"], name


def test_the_app_does_not_start_with_an_operation_undeclared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    declared = dict(OPERATION_SCOPES)
    del declared["getSeek"]
    monkeypatch.setattr("api.scopes.OPERATION_SCOPES", declared)
    with pytest.raises(UndeclaredScope, match="getSeek"):
        create_app({"database_url": "sqlite://"})


def test_an_answer_with_a_credential_needs_game_play() -> None:
    """The operations whose success answer carries a credential (a property the spec
    marks as shown once) need ``game:play`` (or the player's own token) in every
    alternative: a token without it never receives one."""
    carrying = credential_operations()
    assert {"joinGame", "renewSeatToken", "getSeek", "createGame"} <= set(carrying)
    for name in carrying:
        needed = OPERATION_SCOPES[name]
        if name in OPEN_CREDENTIALS or needed == ACCOUNT:
            continue
        options = alternatives(needed)
        assert options and all("game:play" in o for o in options), (name, needed)


def test_flask_rules_read_as_spec_paths() -> None:
    assert openapi_path("/api/v1/games/<game_id>/seats/<int:seat>") == (
        "/api/v1/games/{game_id}/seats/{seat}"
    )


def _needs(needed: object) -> str:
    """What ``OPERATION_SCOPES`` says, as docs/api.md's table writes it."""
    if isinstance(needed, Public):
        if set(needed.reads) == set(SCOPES):
            return "a player token, whatever its scopes"
        reads = " or ".join(f"`{s}`" for s in needed.reads)
        return "open" + (f"; the player's private things with {reads}" if reads else "")
    if needed == ACCOUNT:
        return "`account`: the player's own sign-in token"
    options = alternatives(needed)  # type: ignore[arg-type]
    return " or ".join(" and ".join(f"`{s}`" for s in option) for option in options)


def scope_table() -> list[str]:
    """The rows of docs/api.md's table of every operation, in the spec's order."""
    rows = []
    for name, (method, path, _) in spec_operations().items():
        short = path.removeprefix("/api/v1")
        rows.append(f"| `{name}` | `{method.upper()} {short}` | {_needs(OPERATION_SCOPES[name])} |")
    return rows


def test_the_docs_list_every_operations_scope() -> None:
    """docs/api.md ("What each operation needs") lists every operation of the spec with what
    a token needs for it: a new operation, or a changed declaration, fails here until the
    table says so (the message is the table to paste)."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text()
    section = docs.split("### What each operation needs", 1)[1].split("\n#", 1)[0]
    listed = [line for line in section.splitlines() if line.startswith("| `")]
    expected = scope_table()
    assert listed == expected, "docs/api.md, What each operation needs:\n" + "\n".join(expected)
