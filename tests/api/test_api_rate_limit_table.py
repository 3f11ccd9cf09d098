"""docs/api.md's table "Every operation's budgets" lists every operation of the spec, once,
with exactly the costly budgets of ``api.ratelimit.costly_budgets`` that count it (found by
asking each budget what a request to the operation costs), whose refusal codes the
operation declares, and every other 429 code the operation declares. A new operation, or a budget that starts counting one, fails here until
the table says so."""

from __future__ import annotations

import json
import re
from pathlib import Path

from flask import Flask

from api.ratelimit import EXEMPT_PREFIXES, costly_budgets
from service.plumbing.config import Settings
from tests.api.test_api_admission import GATED_OPERATIONS

#: The search-games budget is priced by the service's admission gate, not by a request
#: budget: it counts the operations that reach the gate (test_api_admission proves which),
#: except those whose games never search there (quick play's bots; a stand-in the game
#: paid for when it was made, whether resigned or left by a deleted account).
SEARCH = "search-games"
SEARCH_CHARGED = set(GATED_OPERATIONS) - {
    "createSeek",
    "resignSeat",
    "deleteMe",
    "createModerationAction",
}

ROOT = Path(__file__).resolve().parents[2]
SPEC = json.loads((ROOT / "openapi" / "openapi.json").read_text())
METHODS = ("get", "put", "post", "delete", "patch")
HEADING = "### Every operation's budgets"
ROW = re.compile(
    r"^\| `(?P<name>\w+)` \| `(?P<method>[A-Z]+) (?P<path>/\S*)` \| (?P<budgets>.*) \|$"
)
#: A body that every budget would count if it counts the operation at all: games and
#: challenges with search bots, in bulk too, inviting players.
COSTLY_BODY = {
    "players": 3,
    "seats": [{"kind": "bot", "level": "mcts"}] * 3,
    "games": [{"players": 3, "seats": [{"kind": "bot", "level": "mcts"}] * 3}],
    "invited": ["p1", "p2"],
    "bot_level": "mcts",
    "options": {"resign_bot_level": "mcts"},
    "name": "x",
    "text": "x",
}


def spec_operations() -> dict[str, tuple[str, str, dict]]:
    return {
        op["operationId"]: (method.upper(), path, op)
        for path, item in SPEC["paths"].items()
        for method, op in item.items()
        if method in METHODS
    }


def table() -> dict[str, tuple[str, str, str]]:
    """The rows of docs/api.md's table: operation -> (method, path as written, what
    applies)."""
    doc = (ROOT / "docs" / "api.md").read_text()
    assert HEADING in doc, f"docs/api.md has no section {HEADING!r}"
    section = doc.split(HEADING, 1)[1].split("\n#", 1)[0]
    rows: dict[str, tuple[str, str, str]] = {}
    for line in section.splitlines():
        found = ROW.match(line)
        if found is None:
            continue
        name = found["name"]
        assert name not in rows, f"{name} has two rows"
        rows[name] = (found["method"], found["path"], found["budgets"])
    return rows


def written(path: str) -> str:
    """A spec path as the docs write it: without ``/api/v1``."""
    return path.removeprefix("/api/v1")


def concrete(path: str) -> str:
    """A path of the template with its parameters filled in (numbers where Flask wants
    them)."""
    return re.sub(r"\{(seat|seq)\}", "0", re.sub(r"\{(?!seat\}|seq\})\w+\}", "x1", path))


def budgets_counting(app: Flask, method: str, path: str) -> set[str]:
    """The costly budgets whose cost for this request is above 0."""
    counted = set()
    for budget in costly_budgets(Settings()):
        with (
            app.app_context(),
            app.test_request_context(concrete(path), method=method, json=COSTLY_BODY),
        ):
            if budget.cost() > 0:
                counted.add(budget.scope)
    return counted


def test_the_table_lists_every_operation_once() -> None:
    rows, spec = table(), spec_operations()
    missing = [
        f"| `{n}` | `{m} {written(p)}` | … |" for n, (m, p, _) in spec.items() if n not in rows
    ]
    assert not missing, (
        f"docs/api.md, {HEADING!r}, lacks a row for each of these operations (name the "
        "costly budgets that count it, or say the general limit alone applies):\n"
        + "\n".join(missing)
    )
    stale = sorted(set(rows) - set(spec))
    assert not stale, f"the table names operations the spec does not have: {stale}"
    for name, (method, path, _) in rows.items():
        spec_method, spec_path, _ = spec[name]
        assert (method, path) == (spec_method, written(spec_path)), name


def test_each_row_names_the_budgets_that_count_its_operation(app: Flask) -> None:
    code_of = {b.scope: b.code for b in costly_budgets(Settings())} | {SEARCH: "rate_limited"}
    wrong = []
    rows = table()
    for name, (method, path, op) in spec_operations().items():
        if name not in rows:
            continue  # test_the_table_lists_every_operation_once says which
        named = set(re.findall(r"`([^`]+)`", rows[name][2]))
        counted = budgets_counting(app, method, path) | (
            {SEARCH} if name in SEARCH_CHARGED else set()
        )
        if named & set(code_of) != counted:
            wrong.append(
                f"{name}: the table names {sorted(named & set(code_of))}, counted by {sorted(counted)}"
            )
        declared = set(op["responses"].get("429", {}).get("x-problem-codes", []))
        undeclared = {code_of[b] for b in counted} - declared
        if undeclared:
            wrong.append(
                f"{name}: its budgets refuse with {sorted(undeclared)}, not declared (api/contract/errors.py)"
            )
        told = named | {code_of[b] for b in named & set(code_of)} | {"rate_limited"}
        if not declared <= told:
            wrong.append(f"{name}: the table does not name its 429 codes {sorted(declared - told)}")
        if not named <= set(code_of) | declared:
            wrong.append(
                f"{name}: the table names {sorted(named - set(code_of) - declared)}, which are neither a budget nor a 429 code of it"
            )
    assert not wrong, "\n".join(wrong)


def test_the_rows_say_which_operations_are_never_limited() -> None:
    rows = table()
    for name, (_, path, _) in spec_operations().items():
        if name in rows:
            never = path.startswith(EXEMPT_PREFIXES)
            assert ("never limited" in rows[name][2]) == never, name
