"""An apispec plugin for what the contract says beyond the routes and schemas.

- Names every operation (``api.contract.operations``): flask-smorest hands each route's
  operations to the spec's plugins as it registers them, and this one adds the
  ``operationId`` from the table. An operation missing from the table keeps none, which
  tests/api/test_api_contract.py reports by method and path.
- Writes a nullable reference as ``anyOf: [{nullable: true, enum: [null]}, <ref>]``.
  OpenAPI 3.0 cannot put ``nullable`` beside a ``$ref``; apispec's stand-in for null,
  ``{type: object, nullable: true}``, is an object of any shape, which generators turn
  into a second model (``GamePendingType1Type0``) where the client expects
  ``Decision | None``. Null comes first: a validator that reaches a discriminated union
  with null (openapi-schema-validator's discriminator) fails instead of saying no.
"""

from __future__ import annotations

from typing import Any

from apispec import APISpec, BasePlugin
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import fields

from api.contract.operations import OPERATION_IDS

#: null, and nothing else, in OpenAPI 3.0.
NULL: dict[str, Any] = {"nullable": True, "enum": [None]}
_APISPEC_NULL = {"type": "object", "nullable": True}


def nullable_reference(
    _converter: Any, field: fields.Field, ret: dict[str, Any], **_: Any
) -> dict[str, Any]:
    """An apispec attribute function, run after the others: a nullable field whose schema is
    a reference takes ``NULL`` as its other branch (see the module's docstring)."""
    branches = ret.get("anyOf")
    if branches and len(branches) == 2 and _APISPEC_NULL in branches:
        ret["anyOf"] = [dict(NULL), next(b for b in branches if b != _APISPEC_NULL)]
    elif ret.get("nullable") and len(ret.get("allOf", ())) == 1:
        del ret["nullable"]
        ret["anyOf"] = [dict(NULL), ret.pop("allOf")[0]]
        ret.pop("type", None)
    return {}


class ContractPlugin(BasePlugin):
    def init_spec(self, spec: APISpec) -> None:
        super().init_spec(spec)
        for plugin in spec.plugins:  # flask-smorest's, initialised before this one
            if isinstance(plugin, MarshmallowPlugin):
                plugin.converter.add_attribute_function(nullable_reference)

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **_: Any
    ) -> None:
        for method, operation in (operations or {}).items():
            name = OPERATION_IDS.get((method, path or ""))
            if name is not None:
                operation.setdefault("operationId", name)
