"""Examples of the main flow, for the spec's readers and generators' docs: create a game,
join it, read the pending decision, submit an action, a stream message and a problem.

Each is checked against its schema by the spec's lint (Redocly's
``no-invalid-media-type-examples``, tests/api/test_api_contract.py).
"""

from __future__ import annotations

from typing import Any, Final

_GAME_ID = "a2588ab48cc841ba"
_DECISION: Final[dict[str, Any]] = {
    "seat": 3,
    "player": 3,
    "kind": "start_space",
    "actions": [{"type": "start_space", "space": k} for k in (1, 2, 3, 4)],
    "context": {},
    "seq": 0,
}

#: operationId -> {"request": body, "<status>": body}: examples of JSON bodies.
OPERATION_EXAMPLES: Final[dict[str, dict[str, Any]]] = {
    "createGame": {
        "request": {
            "players": 4,
            "seats": [
                {"kind": "human"},
                {"kind": "human"},
                {"kind": "bot", "level": "greedy"},
                {"kind": "human"},
            ],
            "time_control": {"type": "per_decision", "seconds": 600},
        },  # fmt: skip
    },
    "joinGame": {"request": {"name": "Ada"}},
    "getPendingDecision": {
        "200": {
            "game_id": _GAME_ID,
            "status": "active",
            "seq": 0,
            "version": 5,
            "deadline_at": "2026-11-27T17:35:01+00:00",
            "pending": _DECISION,
        }
    },
    "submitAction": {
        "request": {"action": {"type": "start_space", "space": 2}, "expected_seq": 0, "seat": 3}
    },
}

#: component name -> an example of it.
COMPONENT_EXAMPLES: Final[dict[str, Any]] = {
    "Problem": {
        "type": "urn:ursuppe:problem:stale_seq",
        "title": "Conflict",
        "status": 409,
        "detail": "the decision was already taken: the pending decision is now seq 8",
        "instance": f"/api/v1/games/{_GAME_ID}/actions",
        "code": "stale_seq",
        "current_seq": 8,
    },
    "Decision": _DECISION,
    "StreamMessageEntry": {
        "type": "entry",
        "id": 1,
        "data": {
            "seq": 1,
            "seat": 3,
            "action": {"type": "start_space", "space": 2},
            "events": [
                {
                    "type": "action",
                    "seat": 3,
                    "kind": "start_space",
                    "action": {"type": "start_space", "space": 2},
                },
                {"type": "start_space_taken", "seat": 3, "space": 2},
            ],  # fmt: skip
            "actor": "human",
            "created_at": "2026-11-27T17:26:01+00:00",
            "pending": {
                "seat": 2,
                "player": 2,
                "kind": "start_space",
                "deadline": "2026-11-27T17:36:01+00:00",
            },
        },
    },
}


def add_component_examples(schemas: dict[str, dict[str, Any]]) -> None:
    """Put ``COMPONENT_EXAMPLES`` on the spec's registered component schemas."""
    for name, example in COMPONENT_EXAMPLES.items():
        schemas[name]["example"] = example
