"""The description of a view's field: the API builds its response schemas from the views
(``api.contract.documents.view_document``), so a field is described once, where it is
declared."""

from __future__ import annotations

from typing import Any


def described(text: str, **more: Any) -> dict[str, Any]:
    """A view field's metadata: ``text`` describes it in the API's documents; ``more``
    adds to the schema (``enum``)."""
    return {"description": text, **more}
