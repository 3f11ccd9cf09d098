"""The game's vocabulary as OpenAPI components, built from the engine's own tables.

``engine.actions.ACTION_FIELDS`` says which fields each action type has and of which kind;
``engine.decision.DECISION_KINDS`` lists what the engine asks for; the board, compass,
genes and counts give the values a field may take. Nothing here is a hand copy: an action
type or a decision kind added to the engine appears in the spec at the next ``make
openapi``, and tests/api's spec check holds every action the server sends against these
schemas.

``Action`` is a union discriminated by ``type`` (one model per action type in a
generated client); ``Decision`` is the pending decision with its legal actions as Actions;
``PublicState`` is ``engine.Game.public_view()``, the board as every player may know it;
``Event`` is a union over ``engine.events.EVENT_FIELDS`` and the service's own
``service.rules.play.SERVICE_EVENTS``, discriminated by ``type``.
"""

from __future__ import annotations

from typing import Any, Final

from marshmallow import ValidationError, fields

from api.contract import enums
from api.contract.plugin import NULL
from api.contract.unions import growing_union
from engine import AMOEBAS_PER_COLOUR, SUPPORTED_PLAYERS
from engine.actions import ACTION_FIELDS, ACTION_TYPES
from engine.board import FIELD_NAMES
from engine.compass import DIRECTION_NAMES
from engine.counts import VARIANTS
from engine.events import EVENT_FIELDS, EVENT_TYPES
from engine.genes import GENES
from service.rules.play import SERVICE_EVENTS

JsonSchema = dict[str, Any]

_SEAT: Final[JsonSchema] = {"type": "integer", "minimum": 0, "maximum": max(SUPPORTED_PLAYERS) - 1}
_AMOEBA_NUMBER: Final[JsonSchema] = {"type": "integer", "minimum": 1, "maximum": AMOEBAS_PER_COLOUR}
_GENE: Final[JsonSchema] = {"type": "string", "enum": [gene.id for gene in GENES]}
#: Cubes per colour: one count for each colour in the game.
_CUBES: Final[JsonSchema] = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0},
    "maxItems": max(SUPPORTED_PLAYERS),
}

#: What ``engine.actions`` kinds are in JSON Schema, before a field narrows them.
_KINDS: Final[dict[str, JsonSchema]] = {
    "int": {"type": "integer"},
    "str": {"type": "string"},
    "ints": {"type": "array", "items": {"type": "integer"}},
    "amoeba": {"$ref": "#/components/schemas/Amoeba"},
}

#: The values a field may take, by field name (and, where one name means two things, by
#: action type and field name), from the engine's tables.
_FIELD_VALUES: Final[dict[str, JsonSchema]] = {
    "space": {"type": "integer", "minimum": 1},
    "field": {"type": "string", "enum": list(FIELD_NAMES)},
    "number": _AMOEBA_NUMBER,
    "attacker": _AMOEBA_NUMBER,
    "face": {"type": "integer", "minimum": 1, "maximum": 6},
    "direction": {"type": "string", "enum": list(DIRECTION_NAMES)},
    "move.direction": {"type": "string", "enum": [*DIRECTION_NAMES, "none"]},
    "take": _CUBES,
    "eat": _CUBES,
    "parasite": _SEAT,
    "amount": {"type": "integer", "minimum": 0},
    "gene": _GENE,
    "give_up": _GENE,
}


_FIELD_NAME: Final[JsonSchema] = {"type": "string", "enum": list(FIELD_NAMES)}
_SEATS: Final[JsonSchema] = {"type": "array", "items": _SEAT}

#: Event fields by kind (``engine.events``), then narrowed by name as action fields are.
_EVENT_KINDS: Final[dict[str, JsonSchema]] = {
    "int": {"type": "integer"},
    "int?": {"type": "integer", "nullable": True},
    "str": {"type": "string"},
    "ints": {"type": "array", "items": {"type": "integer"}},
    "amoeba": {"$ref": "#/components/schemas/Amoeba"},
    "amoeba_at": {"$ref": "#/components/schemas/AmoebaOnField"},
    "card": {"$ref": "#/components/schemas/EnvironmentCard"},
    "action": {"$ref": "#/components/schemas/Action"},
}
_EVENT_VALUES: Final[dict[str, JsonSchema]] = {
    "seat": _SEAT,
    "number": _AMOEBA_NUMBER,
    "field": _FIELD_NAME,
    "from_field": _FIELD_NAME,
    "to_field": _FIELD_NAME,
    "gene": _GENE,
    "direction": {"type": "string", "enum": list(DIRECTION_NAMES)},
    "kind": enums.use("DecisionKind"),
    "cubes": _CUBES,
    "eaten": _CUBES,
    "dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
    "seats": _SEATS,
    "ranking": _SEATS,
    "parasite": {**_SEAT, "nullable": True},
}


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def action_schema_name(action_type: str) -> str:
    return f"{_camel(action_type)}Action"


def _field_schema(action_type: str, name: str, kind: str) -> JsonSchema:
    narrowed = _FIELD_VALUES.get(f"{action_type}.{name}", _FIELD_VALUES.get(name))
    schema = dict(narrowed if narrowed is not None else _KINDS[kind])
    if "$ref" not in schema:
        assert schema["type"] == _KINDS[kind]["type"], (action_type, name)
    return schema


def _object(properties: dict[str, JsonSchema], description: str) -> JsonSchema:
    """A closed object whose every property is always there (nullable ones say so)."""
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _nullable(schema: JsonSchema) -> JsonSchema:
    """``schema`` or null, written as OpenAPI 3.0 validators and generators read it: a
    ``$ref`` takes no siblings (so it goes into an ``anyOf``) and an ``enum`` lists null."""
    if "$ref" in schema:
        return {"anyOf": [NULL, schema]}
    if "enum" in schema:
        return {**schema, "enum": [*schema["enum"], None], "nullable": True}
    return {**schema, "nullable": True}


def _seats_in_order() -> JsonSchema:
    return {"type": "array", "items": _SEAT, "description": "seats, the first ahead"}


def _public_state_components() -> dict[str, JsonSchema]:
    """``engine.Game.public_view()`` as components: every key it writes, every value from
    the engine's tables (a key added there fails the spec check of every API test until it
    is described here)."""
    genes = {"type": "array", "items": _GENE}
    card = _object(
        {
            "drift": {"type": "string", "enum": [*DIRECTION_NAMES, "none"]},
            "ozone": {"type": "integer", "minimum": 0},
        },
        "an environment card: where the soup drifts and the ozone layer's thickness",
    )
    amoeba = _object(
        {
            "number": _AMOEBA_NUMBER,
            "field": {"type": "string", "enum": list(FIELD_NAMES)},
            "dp": {"type": "integer", "minimum": 0, "description": "damage points"},
        },
        "one of a seat's amoebas on the board",
    )
    seat = _object(
        {
            "seat": _SEAT,
            "player": _nullable({**_SEAT, "description": "the player who plays this colour"}),
            "decoy": {"type": "boolean", "description": "the 2-player variant's decoy colour"},
            "score": {"type": "integer", "minimum": 0},
            "bp": {"type": "integer", "description": "biological points"},
            "genes": genes,
            "genes_bought_this_round": genes,
            "amoebas": {"type": "array", "items": _ref("StateAmoeba")},
            "supply": {"type": "integer", "minimum": 0, "description": "amoebas not on the board"},
        },
        "one colour at the table",
    )
    field = _object(
        {"name": {"type": "string", "enum": list(FIELD_NAMES)}, "food": _CUBES},
        "a field of the soup and its food cubes, one count per colour",
    )
    environment = _object(
        {
            "current": _nullable(_ref("EnvironmentCard")),
            "revealed": {"type": "array", "items": _ref("EnvironmentCard")},
            "remaining": {"type": "integer", "minimum": 0, "description": "cards not drawn"},
        },
        "the environment cards drawn so far (the order of the rest is secret)",
    )
    state = _object(
        {
            "players": {"type": "integer", "enum": list(SUPPORTED_PLAYERS)},
            "variant": _nullable({"type": "string", "enum": list(VARIANTS)}),
            "decoy_scores": {"type": "boolean"},
            "player_count": {"type": "integer", "minimum": 1},
            "round": {"type": "integer", "minimum": 0},
            "phase": {"type": "integer", "minimum": 0},
            "seq": {"type": "integer", "minimum": 0},
            "over": {"type": "boolean"},
            "ranking": _nullable(_seats_in_order()),
            "player_ranking": _nullable(
                {"type": "array", "items": _SEAT, "description": "players, the first ahead"}
            ),
            "seats": {"type": "array", "items": _ref("StateSeat")},
            "fields": {"type": "array", "items": _ref("StateField")},
            "environment": _ref("Environment"),
            "gene_supply": _object(
                {gene.id: {"type": "integer", "minimum": 0} for gene in GENES},
                "copies of each gene left to buy",
            ),
            "pending": _nullable(_ref("Decision")),
        },
        "the game as every player may know it: no generator, no order of undrawn cards",
    )
    return {
        "EnvironmentCard": card,
        "StateAmoeba": amoeba,
        "StateSeat": seat,
        "StateField": field,
        "Environment": environment,
        "PublicState": state,
    }


def event_schema_name(event_type: str) -> str:
    return f"{_camel(event_type)}Event"


def _event_component(event_type: str, description: str, spec: dict) -> JsonSchema:
    properties: dict[str, JsonSchema] = {"type": {"type": "string", "enum": [event_type]}}
    for name, (kind, _) in spec.items():
        schema = _EVENT_KINDS[kind]
        narrowed = _EVENT_VALUES.get(name)
        if "$ref" not in schema and narrowed is not None:
            assert narrowed.get("type", schema["type"]) == schema["type"], (event_type, name)
            schema = {**narrowed, **({"nullable": True} if kind == "int?" else {})}
        properties[name] = schema
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": ["type", *(name for name, (_, required) in spec.items() if required)],
        "additionalProperties": False,
    }


def _event_components() -> dict[str, JsonSchema]:
    """One component per event type (the engine's and the service's) and ``Event``, their
    union discriminated by ``type``."""
    described = {t: (EVENT_TYPES[t], spec) for t, spec in EVENT_FIELDS.items()}
    described |= SERVICE_EVENTS
    names = {t: event_schema_name(t) for t in described}
    result: JsonSchema = {
        names[t]: _event_component(t, text, spec) for t, (text, spec) in described.items()
    }
    result["AmoebaOnField"] = _object(
        {"seat": _SEAT, "number": _AMOEBA_NUMBER, "field": _FIELD_NAME},
        "an amoeba and the field it is on",
    )
    result |= growing_union(
        "Event", names, "something that happened in the game (engine/events.py lists them)"
    )
    return result


def _action_component(action_type: str) -> JsonSchema:
    spec = ACTION_FIELDS[action_type]
    properties = {"type": {"type": "string", "enum": [action_type]}}
    properties |= {name: _field_schema(action_type, name, kind) for name, (kind, _) in spec.items()}
    return {
        "type": "object",
        "description": ACTION_TYPES[action_type],
        "properties": properties,
        "required": ["type", *(name for name, (_, required) in spec.items() if required)],
        "additionalProperties": False,
    }


def _ref(name: str) -> JsonSchema:
    return {"$ref": f"#/components/schemas/{name}"}


def components() -> dict[str, JsonSchema]:
    """Every component of the vocabulary, by name (``api/app.py`` adds them to the spec)."""
    names = {action_type: action_schema_name(action_type) for action_type in ACTION_FIELDS}
    result: dict[str, JsonSchema] = {
        "Amoeba": {
            "type": "object",
            "description": "an amoeba on the board: its seat (colour) and number",
            "properties": {"seat": _SEAT, "number": _AMOEBA_NUMBER},
            "required": ["seat", "number"],
            "additionalProperties": False,
        },
        **growing_union(
            "Action",
            names,
            "a move of the game; submit one of the pending decision's `actions`, verbatim",
        ),
        "Decision": {
            "type": "object",
            "description": "what the game waits for: `seat` must submit one of `actions`; "
            "`actions[0]` is the engine's safe default (the one a timeout applies)",
            "properties": {
                "seat": _SEAT,
                "player": {**_SEAT, "nullable": True, "description": "the seat's player"},
                "kind": enums.use("DecisionKind"),
                "actions": {"type": "array", "items": _ref("Action"), "minItems": 1},
                "context": {
                    "type": "object",
                    "additionalProperties": {},
                    "description": "what the decision is about (the kind's help: GET /rules)",
                },
                "seq": {"type": "integer", "description": "answer with expected_seq: seq"},
            },
            "required": ["seat", "kind", "actions", "context"],
            "additionalProperties": False,
        },
    }
    result |= {names[t]: _action_component(t) for t in ACTION_FIELDS}
    state, events = _public_state_components(), _event_components()
    assert not (result.keys() & state.keys() | result.keys() & events.keys()), "name clash"
    return result | state | events


def _an_object(value: object) -> None:
    if not isinstance(value, dict):
        raise ValidationError("Not a valid mapping type.")


def component_field(name: str, **kwargs: Any) -> fields.Raw:
    """A field documented as the component ``name`` (``allow_none`` makes it nullable).

    Loaded as any JSON object: the engine says what is wrong with an action
    (422 ``malformed_action`` / ``illegal_action``) better than a schema could."""
    # anyOf of one, not allOf: generators read allOf over a discriminated union as
    # inheritance (openapi-typescript: Omit<Action, "type">).
    metadata = {"anyOf": [_ref(name)], **kwargs.pop("metadata", {})}
    return fields.Raw(validate=_an_object, metadata=metadata, **kwargs)
