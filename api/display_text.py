"""The one field type for text a person gives and others see: names of players, seats and
bots, tournament names, token labels, OAuth client names, chat messages, and any such
field added later.

``DisplayText`` reads a string through ``service.plumbing.text_check.display_text`` (NFC,
trimmed, one line of visible text, a length limit) and refuses anything else at the
schema, before a route runs, so that no page, mail, CSV or log line is handed it raw. Its
refusal keeps marshmallow's place in ``errors`` (which field, at what index) and carries
its stable problem code; ``refusal`` finds it there, and the request parser answers
422 with that code when the field's text is all that was wrong (a missing or mistyped
field is ``validation_error``, as for any other field).

In the spec the field says what it is: ``x-display-text`` holds its code, beside its
``minLength`` and ``maxLength``; each operation that takes one declares that code
(``api.contract.errors``). tests/api/test_api_display_text.py walks every request
schema and fails on a string field that a person fills in without it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from marshmallow import ValidationError, fields

from service.plumbing.errors import Unprocessable
from service.plumbing.text_check import INVALID_NAME, NAME_MAX, display_text

#: The spec's mark of a display-text field; its value is the field's problem code.
MARK: Final = "x-display-text"


class Refusal(str):
    """A field error message that carries the problem code of the refusal."""

    code: str

    def __new__(cls, message: str, code: str) -> Refusal:
        refusal = super().__new__(cls, message)
        refusal.code = code
        return refusal


class DisplayText(fields.String):
    """A string a person names something with, as ``display_text`` admits it: stored NFC
    and trimmed; refused with ``code`` (422 ``invalid_name`` unless the field has a code of
    its own) when it is not 1 to ``max_length`` characters of one line of visible text."""

    def __init__(
        self,
        *,
        max_length: int = NAME_MAX,
        what: str = "a name",
        code: str = INVALID_NAME,
        metadata: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        marks = {"minLength": 1, "maxLength": max_length, MARK: code}
        super().__init__(metadata={**(metadata or {}), **marks}, **kwargs)
        self.max_length, self.what, self.code = max_length, what, code

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return display_text(text, max_length=self.max_length, what=self.what, code=self.code)
        except Unprocessable as refused:
            raise ValidationError(Refusal(refused.message, refused.code)) from None


def refusal(messages: Any) -> Refusal | None:
    """A display-text refusal among a schema's error ``messages`` when every message in
    them is one, all of the same code; None when anything else is wrong too."""
    found: dict[str, Refusal] = {}
    todo = [messages]
    while todo:
        item = todo.pop()
        if isinstance(item, Mapping):
            todo += list(item.values())
        elif isinstance(item, list | tuple):
            todo += list(item)
        elif isinstance(item, Refusal):
            found.setdefault(item.code, item)
        else:
            return None
    return next(iter(found.values())) if len(found) == 1 else None
