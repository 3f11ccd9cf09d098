"""The unions that grow: one way to declare them so that an older client reads a newer member.

Events, actions, decision kinds, stream messages and problem codes gain members in minor
versions (docs/api-changelog.md). A client generated from an older document must read a
document that holds a newer member instead of failing on it (docs/api.md, "What a minor
version may add and how your client sees it"), as Stripe's and GitHub's clients do:

- a union discriminated by ``type`` (``Event``, ``Action``, each stream's messages) is an
  ``anyOf`` of its members and, last, ``Unknown<Name>``: an object with a string ``type``
  and any other members. Generators try the members in order (openapi-python-client) or
  type the union as all of them (openapi-typescript), so a newer type is read as
  ``Unknown<Name>`` with its members kept. ``anyOf``, not ``oneOf``: a known member matches
  ``Unknown<Name>`` too. The discriminator maps the known types only;
- an enum that grows (``DecisionKind``, ``ProblemCode``) is referenced as ``anyOf`` of the
  named enum and a plain string (``api.contract.enums.named_enum``): a generated client
  keeps a newer value as a string.
"""

from __future__ import annotations

from typing import Any, Final

JsonSchema = dict[str, Any]

#: A string that a newer version may add to a growing enum, where it is referenced.
NEWER_VALUE: Final[JsonSchema] = {
    "type": "string",
    "description": "a value added after this version of the document",
}


def unknown_name(union: str) -> str:
    return f"Unknown{union}"


def growing_union(
    name: str, members: dict[str, str], description: str, property_name: str = "type"
) -> dict[str, JsonSchema]:
    """``name``, the union of the components ``members`` (discriminator value -> component
    name) and of ``Unknown<name>``, and ``Unknown<name>`` itself."""
    unknown = unknown_name(name)
    refs = list(dict.fromkeys(members.values()))
    return {
        name: {
            "description": description,
            "anyOf": [*({"$ref": f"#/components/schemas/{r}"} for r in refs), _ref(unknown)],
            "discriminator": {
                "propertyName": property_name,
                "mapping": {value: f"#/components/schemas/{c}" for value, c in members.items()},
            },
        },
        unknown: {
            "type": "object",
            "description": f"a member of `{name}` added after this version of the document: "
            f"its `{property_name}` names it; its other members are kept as they came",
            "properties": {property_name: {"type": "string"}},
            "required": [property_name],
            "additionalProperties": True,
        },
    }


def _ref(name: str) -> JsonSchema:
    return {"$ref": f"#/components/schemas/{name}"}
