"""A credential inside an answer that is otherwise open to any token.

The rule (docs/api.md, "Default deny"): an answer that carries a credential — a seat
token, a code, a link that acts — reaches only a token that may play (``game:play``, or the
player's own sign-in token, which has every scope). Most operations that return one need
``game:play`` outright (``api.contract.operations``). Where a credential is one field of a
document that other scopes may read (a tournament's invitation code, shown to its
organiser), the field itself is the gate: ``Credential`` writes it only for such a token
and null for any other, whatever the route that serialises the document, and marks it in
the spec (``x-credential-needs``), so the scope tests know the field guards itself.
"""

from __future__ import annotations

from typing import Any

from marshmallow import fields

from api.auth import request_grant
from service.rules import scopes

#: The scope a token needs to receive a credential.
PLAY = "game:play"


def may_receive_credentials() -> bool:
    """Whether this request's token may be handed a credential: a player token allowing
    ``game:play`` (a sign-in token allows everything); no player token: only the view's own
    rules apply (such a caller is nobody's organiser)."""
    grant = request_grant()
    return grant is None or scopes.allows(grant.scopes, PLAY)


class Credential(fields.String):
    """A string credential, null unless ``may_receive_credentials``."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {**kwargs.pop("metadata", {}), "x-credential-needs": PLAY}
        super().__init__(allow_none=True, metadata=metadata, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None or not may_receive_credentials():
            return None
        return super()._serialize(value, attr, obj, **kwargs)
