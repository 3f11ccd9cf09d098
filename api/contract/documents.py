"""The base of every response schema: a field is always in the document unless the schema
says otherwise.

OpenAPI's ``required`` on a response tells a generated client which fields it may read
without checking (a Python attribute typed ``str`` rather than ``str | Unset``, a TypeScript
property without ``?``). The API sends nearly every field every time, so ``Document``
marks them all required and a schema lists the exceptions in ``Meta.optional``; ``null``
values are declared by each field's ``allow_none`` (``nullable`` in the spec). The API tests
check every response against the committed spec (tests/api/spec_check.py), so a field
marked required that is ever left out fails them.

Only for documents the API sends: marshmallow ignores ``required`` when dumping, but it
would enforce it when loading a request.

``view_document`` builds a response schema from the service's view it serialises
(``service.rules.views``): the view declares each field once, with its type and its
description (field metadata ``description``, ``enum``); a schema names only what a type
cannot say (a nested document, a field the view computes).
"""

from __future__ import annotations

import dataclasses
import types
from datetime import datetime
from typing import Any, get_args, get_origin, get_type_hints

import marshmallow as ma
from marshmallow import fields


class Document(ma.Schema):
    """A response document: every field required except those ``Meta.optional`` names."""

    class Meta:
        optional: tuple[str, ...] = ()

    def on_bind_field(self, field_name: str, field_obj: ma.fields.Field) -> None:
        super().on_bind_field(field_name, field_obj)
        if field_name not in getattr(self.Meta, "optional", ()):
            field_obj.required = True


def optional(*names: str) -> Any:
    """A ``Meta`` for a ``Document`` whose ``names`` are sent only sometimes."""
    return type("Meta", (), {"optional": names})


_SCALARS: dict[Any, type[fields.Field]] = {
    bool: fields.Boolean,
    int: fields.Integer,
    float: fields.Float,
    str: fields.String,
    datetime: fields.DateTime,
}


def view_document(
    name: str,
    view: type,
    /,
    *,
    exclude: tuple[str, ...] = (),
    base: type[ma.Schema] | None = None,
    **given: fields.Field,
) -> type[ma.Schema]:
    """The ``Document`` schema ``name`` of the dataclass ``view``: a field for each of the
    view's fields (but ``exclude``), typed by its annotation (``X | None``: nullable) and
    described by its metadata; ``given`` fields replace or add to them, in the view's order
    and then their own. ``base``: a document schema to extend."""
    hints = get_type_hints(view)
    declared = {
        f.name: given.pop(f.name) if f.name in given else _view_field(hints[f.name], f.metadata)
        for f in dataclasses.fields(view)
        if f.name not in exclude
    }
    return type(name, (base or Document,), {**declared, **given})


def _view_field(hint: Any, meta: Any) -> fields.Field:
    args = get_args(hint)
    nullable = get_origin(hint) is types.UnionType and type(None) in args
    if nullable:
        (hint,) = (a for a in args if a is not type(None))
    metadata = {k: meta[k] for k in ("description", "enum") if k in meta}
    options: dict[str, Any] = {"allow_none": True} if nullable else {}
    if get_origin(hint) is list:
        return fields.List(_view_field(get_args(hint)[0], {}), metadata=metadata, **options)
    return _SCALARS[hint](metadata=metadata, **options)
