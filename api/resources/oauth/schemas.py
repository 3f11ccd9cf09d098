"""Schemas of the consent API, the player's tokens and its registered OAuth clients
(request schemas reject unknown fields: a typo is a 422)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document, optional
from api.display_text import DisplayText
from service.plumbing.text_check import TITLE_MAX
from service.rules.scopes import SCOPES

_SCOPE = fields.String(validate=validate.OneOf(list(SCOPES)))


class AuthorizationQuerySchema(ma.Schema):
    """An OAuth 2 authorization request (RFC 6749 section 4.1.1 with PKCE), as the site
    sent it to `/oauth/authorize`; the page passes it on unchanged."""

    class Meta:
        unknown = ma.EXCLUDE  # other parameters a site adds are ignored

    response_type = fields.String(metadata={"description": "`code`"})
    client_id = fields.String(metadata={"description": "the site (any id for a public client)"})
    redirect_uri = fields.String(metadata={"description": "where the person goes back to"})
    scope = fields.String(metadata={"description": "space-separated scopes"})
    state = fields.String(metadata={"description": "required; returned to the site as is"})
    code_challenge = fields.String(metadata={"description": "PKCE: BASE64URL(SHA256(verifier))"})
    code_challenge_method = fields.String(metadata={"description": "`S256` (the only one)"})


class AuthorizationRequestSchema(Document):
    Meta = optional("client_name")

    client_id = fields.String(metadata={"description": "as the site named itself"})
    client_name = fields.String(
        allow_none=True,
        metadata={"description": "the registered client's name (null for a public client)"},
    )
    registered = fields.Boolean(
        metadata={
            "description": "true for a client a player registered (confidential); a public "
            "client's id is not verified: show where the person is sent back to"
        }
    )
    redirect_uri = fields.String()
    scopes = fields.List(_SCOPE)
    state = fields.String()
    consent = fields.String(
        metadata={"description": "send it back with the decision (valid 10 minutes)"}
    )


class ConsentDecisionSchema(ma.Schema):
    approve = fields.Boolean(required=True, metadata={"description": "false: the player denies"})
    consent = fields.String(
        required=True,
        validate=validate.Length(1, 500),
        metadata={"description": "`consent` from `GET /oauth/authorization`"},
    )


class ConsentResultSchema(Document):
    redirect_to = fields.String(
        metadata={
            "description": "send the person here: the site's redirect URI with `code` (or "
            "`error=access_denied`), `state` and `iss`"
        }
    )


class TokenSchema(Document):
    id = fields.String()
    kind = fields.String(
        validate=validate.OneOf(["device", "personal", "oauth"]),
        metadata={
            "description": "`device`: a sign-in (every scope); `personal`: a personal "
            "access token; `oauth`: given to a site you approved"
        },
    )
    label = fields.String(allow_none=True, metadata={"description": "a personal token's label"})
    client_id = fields.String(allow_none=True, metadata={"description": "the site (oauth)"})
    client_name = fields.String(
        allow_none=True, metadata={"description": "a registered site's name"}
    )
    redirect_uri = fields.String(
        allow_none=True, metadata={"description": "where the site received the approval"}
    )
    scopes = fields.List(
        _SCOPE,
        allow_none=True,
        metadata={"description": "what the token may do; null: everything (a sign-in)"},
    )
    created_at = fields.DateTime()
    last_used_at = fields.DateTime(allow_none=True)
    expires_at = fields.DateTime(allow_none=True)
    current = fields.Boolean(metadata={"description": "the token of this request"})


class TokenCreateSchema(ma.Schema):
    label = DisplayText(
        required=True,
        max_length=TITLE_MAX,
        what="a token's label",
        metadata={"description": "what the token is for, e.g. `my bot`"},
    )
    scopes = fields.List(
        _SCOPE,
        required=True,
        validate=validate.Length(min=1),
        metadata={"description": "what the token may do"},
    )


class CreatedTokenSchema(Document):
    token = fields.String(metadata={"description": "the token (`player.…`), shown only here"})
    info = fields.Nested(TokenSchema)


class ClientCreateSchema(ma.Schema):
    name = DisplayText(
        required=True,
        max_length=TITLE_MAX,
        what="a client's name",
        metadata={"description": "shown to players on the consent page"},
    )
    redirect_uris = fields.List(
        fields.String(validate=validate.Length(1, 2048)),
        required=True,
        validate=validate.Length(1, 10),
        metadata={
            "description": "the exact redirect URIs the site will use (https; http only "
            "on loopback)"
        },
    )


class ClientSchema(Document):
    client_id = fields.String()
    name = fields.String()
    redirect_uris = fields.List(fields.String())
    created_at = fields.DateTime()


class CreatedClientSchema(Document):
    client = fields.Nested(ClientSchema)
    client_secret = fields.String(
        metadata={"description": "the client secret, shown only here (`ocs_…`)"}
    )
