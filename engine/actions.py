"""The action vocabulary: every ``type`` an action may have, and what it means.

These names are part of the public API (clients send them), so they only ever grow.
"""

from __future__ import annotations

from typing import Final

ACTION_TYPES: Final[dict[str, str]] = {
    "start_space": 'Setup: take free start space {"space": k} on the ladder.',
    "place": 'Put an amoeba {"field": "B2", "number": 1..7} on the board (setup, division).',
    "drift": "Phase 1: let the amoeba drift with the current (stays on the no-drift card).",
    "hold": "Phase 1, Holding: stay put, free.",
    "move": "Phase 1 / escape: move actively; roll the compass, or with Movement II "
    '{"direction": "W"|"N"|"E"|"S"|"none"}.',
    "die": 'Movement I: keep one of the two dice {"face": 1..6}.',
    "direction": 'After a 6: choose {"direction": "W"|"N"|"E"|"S"}.',
    "skip": "Speed: make no second move.",
    "tentacle": 'Tentacle: take {"take": [cubes per colour]} from the field being left.',
    "cling": "Holding: cling to the amoeba leaving your field and be carried along.",
    "let_go": "Holding: stay where you are.",
    "feed": 'Eat {"eat": [cubes per colour]} (and with Parasitism {"parasite": seat}).',
    "starve": "Eat nothing: 1 damage point.",
    "attack": 'Struggle for Survival / Aggression: attack {"target": {"seat", "number"}} '
    '(phase 5 also names its own {"attacker": number}).',
    "accept": "Attacked: take the attack without (further) defence.",
    "defend": "Defense: pay 1 BP (free on a Persistence retry) and fight with dice.",
    "escape": "Escape: pay 1 BP (free with Streamlining) and move out of turn.",
    "pass": "Aggression: make no attack this round.",
    "pay_bp": 'Gene defect: pay {"amount": k} BP.',
    "give_up_gene": 'Gene defect: give up {"gene": id}.',
    "buy": 'Phase 3: buy {"gene": id} (advanced genes name the lower one in "give_up").',
    "done": "End this turn of buying genes or dividing.",
}

# The fields each action type has: name -> (kind, required). Kinds: "int" (never a bool or a
# float), "str", "ints" (a list of ints), "amoeba" ({"seat": int, "number": int}).
ACTION_FIELDS: Final[dict[str, dict[str, tuple[str, bool]]]] = {
    "start_space": {"space": ("int", True)},
    "place": {"field": ("str", True), "number": ("int", True)},
    "drift": {},
    "hold": {},
    "move": {"direction": ("str", False)},
    "die": {"face": ("int", True)},
    "direction": {"direction": ("str", True)},
    "skip": {},
    "tentacle": {"take": ("ints", True)},
    "cling": {},
    "let_go": {},
    "feed": {"eat": ("ints", True), "parasite": ("int", False)},
    "starve": {},
    "attack": {"target": ("amoeba", True), "attacker": ("int", False)},
    "accept": {},
    "defend": {},
    "escape": {},
    "pass": {},
    "pay_bp": {"amount": ("int", True)},
    "give_up_gene": {"gene": ("str", True)},
    "buy": {"gene": ("str", True), "give_up": ("str", False)},
    "done": {},
}
assert ACTION_FIELDS.keys() == ACTION_TYPES.keys()


def _is_int(v: object) -> bool:
    return type(v) is int


def _fits(kind: str, value: object) -> bool:
    if kind == "int":
        return _is_int(value)
    if kind == "str":
        return type(value) is str
    if kind == "ints":
        return type(value) is list and all(_is_int(x) for x in value)
    return (
        type(value) is dict
        and value.keys() == {"seat", "number"}
        and all(_is_int(x) for x in value.values())
    )


def shape_problem(action: object) -> str | None:
    """Why ``action`` is not a well-formed action, or None when its shape is right.

    Well-formed says nothing about legality: that depends on the pending decision.
    """
    if type(action) is not dict:
        return "an action is a JSON object"
    kind = action.get("type")
    if type(kind) is not str:
        return 'an action needs a string "type"'
    fields = ACTION_FIELDS.get(kind)
    if fields is None:
        return f"unknown action type {kind!r}; known: {', '.join(ACTION_TYPES)}"
    for name, value in action.items():
        if name == "type":
            continue
        spec = fields.get(name)
        if spec is None:
            return f"{kind!r} actions have no field {name!r}"
        if not _fits(spec[0], value):
            return f"{kind!r}: field {name!r} must be {_KIND_TEXT[spec[0]]}"
    for name, (_, required) in fields.items():
        if required and name not in action:
            return f"{kind!r} actions need the field {name!r}"
    return None


_KIND_TEXT: Final = {
    "int": "an integer",
    "str": "a string",
    "ints": "a list of integers",
    "amoeba": 'an object {"seat": int, "number": int}',
}
