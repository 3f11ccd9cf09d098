"""The event vocabulary: every ``type`` of event the engine records, and its fields.

Events are what happened as an action was applied (``Game.apply`` returns them, the set-up's
are ``game.setup_events``); clients replay them to animate the board and write the game's
log. Like the action names, these are part of the public API: they only ever grow, and the
API's spec (``api/contract/vocabulary.py``) is built from this table, so a field an event
gains here appears in generated clients at the next ``make openapi``.
"""

from __future__ import annotations

from typing import Final

EVENT_TYPES: Final[dict[str, str]] = {
    "game_created": "The soup is set up: how many colours, and the food cubes put on each field.",
    "cubes_placed": "Food cubes were put on a field (one count per colour).",
    "card_revealed": "An environment card was turned up for the round (drift and ozone).",
    "start_roll": "Set-up: a seat rolled for the order of choosing start spaces.",
    "start_order": "Set-up: the order in which seats choose their start spaces.",
    "start_space_taken": "Set-up: a seat took a start space on the scoring ladder.",
    "round_started": "A round began.",
    "phase_started": "A phase of the round began.",
    "action": "A seat's chosen action was applied (the decision's kind and the action).",
    "auto_action": "The engine resolved a decision by itself: it had one legal answer, or it "
    "was the decoy colour's (by: decoy).",
    "amoeba_placed": "An amoeba was put on a field (set-up or division), with its damage points.",
    "amoeba_moved": "An amoeba moved from one field to another, and why (drift, move, escape).",
    "amoeba_stayed": "An amoeba stayed where it was in phase 1, and why.",
    "amoeba_blocked": "An amoeba could not go in a direction (the edge of the soup), and why.",
    "amoeba_carried": "An amoeba holding on to another was carried along with it.",
    "cubes_carried": "Food cubes went along with a moving amoeba (Tentacle).",
    "dice_rolled": "Dice were rolled for an amoeba's movement.",
    "amoeba_fed": "An amoeba ate: the cubes it ate per colour, what it excreted, and the "
    "seat it fed on as a parasite (or null).",
    "amoeba_starved": "An amoeba found nothing to eat and took a damage point.",
    "amoeba_died": "An amoeba died and left the board, and what killed it.",
    "attack_declared": "An amoeba attacked another (in phase 1 or phase 5).",
    "attack_succeeded": "An attack succeeded.",
    "attack_failed": "An attack failed.",
    "escape_started": "An attacked amoeba set off to escape.",
    "escape_succeeded": "An attacked amoeba escaped.",
    "escape_failed": "An attacked amoeba tried to escape and stayed on its field.",
    "attack_ended": "An attack ended without a fight, and why (the attacker clung to its target).",
    "armor_absorbed": "Armor took the attack: the target took a damage point instead.",
    "fight_rolled": "Attacker and defender each rolled a die.",
    "fight_won": "Who won a fight with dice: the attacker or the defender.",
    "bp_paid": "A seat paid biological points, and for what.",
    "bp_received": "A seat received biological points.",
    "overpayment_lost": "A gene given up for a defect was worth more than was left to pay; the "
    "rest is lost.",
    "gene_bought": "A seat bought a gene, and its price.",
    "gene_returned": "A seat gave a gene back, and why.",
    "gene_defect": "A seat's genes outgrew the ozone layer: its mutation points, the ozone and "
    "the difference to pay for.",
    "marker_advanced": "A seat's marker moved up the scoring ladder.",
    "game_ended": "The game ended: why, the ranking of the seats and their scores.",
}

# The fields each event type has: name -> (kind, required). Kinds: "int" (never a bool),
# "int?" (an int or null), "str", "ints" (a list of ints), "amoeba" ({"seat", "number"}),
# "amoeba_at" ({"seat", "number", "field"}), "card" ({"drift", "ozone"}), "action" (an
# action of ``engine.actions``).
EVENT_FIELDS: Final[dict[str, dict[str, tuple[str, bool]]]] = {
    "game_created": {"players": ("int", True), "food_per_field": ("int", True)},
    "cubes_placed": {"field": ("str", True), "cubes": ("ints", True)},
    "card_revealed": {"card": ("card", True), "round": ("int", True)},
    "start_roll": {"seat": ("int", True), "dice": ("ints", True)},
    "start_order": {"seats": ("ints", True)},
    "start_space_taken": {"seat": ("int", True), "space": ("int", True)},
    "round_started": {"round": ("int", True)},
    "phase_started": {"round": ("int", True), "phase": ("int", True)},
    "action": {"seat": ("int", True), "kind": ("str", True), "action": ("action", True)},
    "auto_action": {
        "seat": ("int", True),
        "kind": ("str", True),
        "action": ("action", True),
        "by": ("str", False),
    },
    "amoeba_placed": {
        "seat": ("int", True),
        "number": ("int", True),
        "field": ("str", True),
        "dp": ("int", True),
        "by": ("str", False),
    },
    "amoeba_moved": {
        "seat": ("int", True),
        "number": ("int", True),
        "from_field": ("str", True),
        "to_field": ("str", True),
        "reason": ("str", True),
    },
    "amoeba_stayed": {"seat": ("int", True), "number": ("int", True), "reason": ("str", True)},
    "amoeba_blocked": {
        "seat": ("int", True),
        "number": ("int", True),
        "field": ("str", True),
        "direction": ("str", True),
        "reason": ("str", True),
    },
    "amoeba_carried": {
        "seat": ("int", True),
        "number": ("int", True),
        "by": ("amoeba", True),
        "from_field": ("str", True),
        "to_field": ("str", True),
    },
    "cubes_carried": {
        "seat": ("int", True),
        "number": ("int", True),
        "cubes": ("ints", True),
        "from_field": ("str", True),
        "to_field": ("str", True),
    },
    "dice_rolled": {"seat": ("int", True), "number": ("int", True), "dice": ("ints", True)},
    "amoeba_fed": {
        "seat": ("int", True),
        "number": ("int", True),
        "eaten": ("ints", True),
        "excreted": ("int", True),
        "parasite": ("int?", True),
    },
    "amoeba_starved": {"seat": ("int", True), "number": ("int", True), "dp": ("int", True)},
    "amoeba_died": {
        "seat": ("int", True),
        "number": ("int", True),
        "field": ("str", True),
        "cause": ("str", True),
    },
    "attack_declared": {
        "attacker": ("amoeba_at", True),
        "target": ("amoeba_at", True),
        "phase": ("int", True),
    },
    "attack_succeeded": {"attacker": ("amoeba_at", True), "target": ("amoeba_at", True)},
    "attack_failed": {"attacker": ("amoeba_at", True), "target": ("amoeba_at", True)},
    "escape_started": {"amoeba": ("amoeba_at", True)},
    "escape_succeeded": {"amoeba": ("amoeba_at", True)},
    "escape_failed": {"amoeba": ("amoeba_at", True)},
    "attack_ended": {"attacker": ("amoeba_at", True), "reason": ("str", True)},
    "armor_absorbed": {"target": ("amoeba_at", True), "dp": ("int", True)},
    "fight_rolled": {"attacker_die": ("int", True), "defender_die": ("int", True)},
    "fight_won": {"winner": ("str", True)},
    "bp_paid": {"seat": ("int", True), "amount": ("int", True), "reason": ("str", True)},
    "bp_received": {"seat": ("int", True), "amount": ("int", True)},
    "overpayment_lost": {"seat": ("int", True), "amount": ("int", True)},
    "gene_bought": {"seat": ("int", True), "gene": ("str", True), "price": ("int", True)},
    "gene_returned": {"seat": ("int", True), "gene": ("str", True), "reason": ("str", True)},
    "gene_defect": {
        "seat": ("int", True),
        "mp": ("int", True),
        "ozone": ("int", True),
        "difference": ("int", True),
    },
    "marker_advanced": {
        "seat": ("int", True),
        "steps": ("int", True),
        "from_space": ("int", True),
        "to_space": ("int", True),
    },
    "game_ended": {"reason": ("str", True), "ranking": ("ints", True), "scores": ("ints", True)},
}
assert EVENT_FIELDS.keys() == EVENT_TYPES.keys()

_SHAPES: Final[dict[str, frozenset[str]]] = {
    "amoeba": frozenset({"seat", "number"}),
    "amoeba_at": frozenset({"seat", "number", "field"}),
    "card": frozenset({"drift", "ozone"}),
}


def _is_int(value: object) -> bool:
    return type(value) is int


def _fits(kind: str, value: object) -> bool:
    if kind == "int":
        return _is_int(value)
    if kind == "int?":
        return value is None or _is_int(value)
    if kind == "str":
        return type(value) is str
    if kind == "ints":
        return type(value) is list and all(_is_int(x) for x in value)
    if kind == "action":
        return type(value) is dict and type(value.get("type")) is str
    return type(value) is dict and value.keys() == _SHAPES[kind]


def event_problems(event: dict) -> list[str]:
    """What keeps ``event`` from matching the table (empty when it matches): the check the
    engine's tests run over every event of many games, so the table cannot fall behind."""
    spec = EVENT_FIELDS.get(event.get("type"))  # type: ignore[arg-type]
    if spec is None:
        return [f"unknown event type {event.get('type')!r}"]
    problems = [
        f"{event['type']}: unknown field {k!r}" for k in event if k != "type" and k not in spec
    ]
    for name, (kind, required) in spec.items():
        if name not in event:
            if required:
                problems.append(f"{event['type']}: missing {name!r}")
        elif not _fits(kind, event[name]):
            problems.append(f"{event['type']}.{name}: {event[name]!r} is not {kind}")
    return problems
