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
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma


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
