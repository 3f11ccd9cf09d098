"""What a line on an engine's stdout means (docs/bots.md, "The engine protocol"): the answer
to the decision it owes, or stray output; and which of the server's legal actions an answer
names.

The server compares actions as JSON values, so the bridge does too: ``3.0`` is not ``3`` and
``true`` is not ``1``, although Python's ``==`` says they are. An answer that matched only
by Python's equality would pass here and be refused by the server (422
``malformed_action``), after the bridge had already spent the decision."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: The JSON types, as ``json.loads`` gives them; ``bool`` before ``int`` (a subclass of it).
_JSON_TYPES: tuple[type, ...] = (bool, int, float, str, list, dict, type(None))


def _json_type(value: Any) -> type | None:
    return next((kind for kind in _JSON_TYPES if isinstance(value, kind)), None)


def same_json(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are the same JSON value: the same type at every level (an
    integer is not a float, a boolean is not a number), equal scalars, lists equal item by
    item, objects with the same keys (in any order) and the same values."""
    kind = _json_type(a)
    if kind is None or kind is not _json_type(b):
        return False
    if kind is dict:
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if kind is list:
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def legal_item(action: Any, actions: Sequence[Any]) -> Any | None:
    """The server's own item of ``actions`` that is the same JSON value as ``action`` (the
    bridge submits that item, never the engine's copy), or None."""
    return next((item for item in actions if same_json(action, item)), None)


def loosely_legal(action: Any, actions: Sequence[Any]) -> Any | None:
    """The item of ``actions`` that ``action`` equals by Python's looser equality only
    (``3.0 == 3``): for saying what is wrong with an answer, never for playing it."""
    return next((item for item in actions if action == item), None)


@dataclass(frozen=True)
class Line:
    """One stdout line. ``answer``: the line's JSON object when it is the answer to the
    decision owed; else ``stray`` says why it is not."""

    text: str
    answer: dict[str, Any] | None = None
    stray: str | None = None


def read_line(text: str, *, owed: bool, seq: Any = None) -> Line:
    """Classify one stdout line read while the engine owes the decision ``seq`` (``owed``)
    or owes nothing. It is the answer to the decision owed when it is a JSON object with an
    ``action`` field whose ``seq``, if it has one, is the decision's; any other line, and
    any line at all while nothing is owed, is stray output."""
    shown = text.strip()[:200]
    try:
        value = json.loads(text)
    except ValueError:
        return Line(text, stray=f"not JSON: {shown!r}")
    if not isinstance(value, dict) or "action" not in value:
        return Line(text, stray=f"not an answer (a JSON object with an action): {shown!r}")
    if not owed:
        return Line(text, stray=f"an answer while no decision was asked: {shown!r}")
    if "seq" in value and not same_json(value["seq"], seq):
        return Line(text, stray=f"an answer to seq {value['seq']!r}, not {seq}: {shown!r}")
    return Line(text, answer=value)
