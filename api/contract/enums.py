"""The closed sets of the API, each one named component schema (``#/components/schemas/X``).

A generated client makes one type of each named enum (``GameStatus``), where an inline
``enum`` at every field would give it one class per field, and three per nullable field.
``named_enum`` is the one gate: an apispec attribute function that replaces, at any field
of any schema, request or response, an inline string enum whose values are one of these
sets by a reference to it (``anyOf`` of one, or null and it when the field is nullable).
A field says it is closed by its ``enum`` metadata, its view's, or a ``OneOf`` validator,
and the set it names comes from the table that the service or the engine checks against.
tests/api/test_api_contract.py fails while the spec holds an inline copy of a named set.
"""

from __future__ import annotations

from typing import Any, Final

from marshmallow import fields

from api.contract.unions import NEWER_VALUE
from api.problems import PROBLEM_CODES
from engine.decision import DECISION_KINDS
from service.models.base import ACTORS, GAME_STATUSES, SEAT_KINDS, TIMEOUT_POLICIES
from service.rules.moderation import MODERATION_ACTIONS, REPORT_REASONS

#: name -> the values, in the order the spec lists them.
NAMED_ENUMS: Final[dict[str, tuple[str, ...]]] = {
    "GameStatus": GAME_STATUSES,
    "Actor": ACTORS,
    "SeatKind": SEAT_KINDS,
    "TimeoutPolicy": TIMEOUT_POLICIES,
    "DecisionKind": DECISION_KINDS,
    "ProblemCode": PROBLEM_CODES,
    "ReportReason": REPORT_REASONS,
    "ModerationAction": MODERATION_ACTIONS,
}
#: The named enums that minor versions add values to (``api.contract.unions``): referenced
#: with a plain string beside them, so that an older client keeps a newer value.
GROWING: Final = frozenset({"DecisionKind", "ProblemCode"})
_BY_VALUES: Final = {frozenset(values): name for name, values in NAMED_ENUMS.items()}
assert len(_BY_VALUES) == len(NAMED_ENUMS), "two named enums of the same values"

#: null, and nothing else, in OpenAPI 3.0 (the other branch of a nullable reference). 3.0
#: allows ``nullable`` only beside a ``type``, and the type is never met (``enum: [null]``);
#: ``integer`` is the one every generator the project checks reads as plain null
#: (docs/api.md, "Generating a client"): with ``object`` datamodel-code-generator adds a
#: ``dict`` that matches before the model it stands beside, and with ``string``
#: openapi-generator's python generator looks for a model named ``str``.
NULL: Final[dict[str, Any]] = {"type": "integer", "nullable": True, "enum": [None]}

_DESCRIPTIONS: Final[dict[str, str]] = {
    "GameStatus": "where a game is: open (seats to fill), active, finished or aborted",
    "Actor": "who made a move: the seat's human, a bot, or the clock (a timeout)",
    "SeatKind": "who plays a seat: a human (with a token) or a bot of the server",
    "TimeoutPolicy": "what a timeout does: play the engine's safe default or hand the "
    "seat to a bot",
    "DecisionKind": "what the game asks of a seat (GET /rules describes each kind)",
    "ProblemCode": "a problem's stable code (docs/api.md, Errors), listed by status",
    "ReportReason": "why a player reports another player or a chat message",
    "ModerationAction": "what a moderator does about a player or a report",
}


def reference(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def use(name: str, *, nullable: bool = False) -> dict[str, Any]:
    """The schema of a field whose values are the named enum ``name``."""
    branches = [reference(name), *([dict(NEWER_VALUE)] if name in GROWING else [])]
    return {"anyOf": [dict(NULL), *branches] if nullable else branches}


def components() -> dict[str, dict[str, Any]]:
    """Each named enum as a component schema."""
    return {
        name: {"type": "string", "enum": list(values), "description": _DESCRIPTIONS[name]}
        for name, values in NAMED_ENUMS.items()
    }


def named_enum(
    _converter: Any, _field: fields.Field, ret: dict[str, Any], **_: Any
) -> dict[str, Any]:
    """An apispec attribute function: an inline enum of a named set becomes its reference."""
    values = [v for v in ret.get("enum", ()) if v is not None]
    name = _BY_VALUES.get(frozenset(values))
    if name is None or ret.get("type") != "string":
        return {}
    nullable = bool(ret.pop("nullable", False)) or None in ret["enum"]
    del ret["enum"], ret["type"]
    ret |= use(name, nullable=nullable)
    return {}
