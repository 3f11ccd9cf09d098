"""Acting for players (docs/api.md, "Acting for players: OAuth 2"): the consent page's API
under ``/api/v1/oauth/authorization``, the player's tokens under
``/api/v1/players/me/tokens`` (every sign-in, personal access token and site, each
revocable) and its registered (confidential) OAuth clients under
``/api/v1/players/me/oauth-clients``. Only the player's own sign-in tokens may use the
last two and approve sites (``OPERATION_SCOPES``: ``account``)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask.views import MethodView

from api import deps, oauth
from api.auth import NO_STORE, PLAYER_AUTH, player_required, request_grant
from api.parsing import Blueprint
from api.problems import ApiProblem
from api.resources.oauth.schemas import (
    AuthorizationQuerySchema,
    AuthorizationRequestSchema,
    ClientCreateSchema,
    ClientSchema,
    ConsentDecisionSchema,
    ConsentResultSchema,
    CreatedClientSchema,
    CreatedTokenSchema,
    TokenCreateSchema,
    TokenSchema,
)
from service.parts.grants import MAX_TOKENS, TokenInfo

blp = Blueprint(
    "oauth",
    __name__,
    url_prefix="/api/v1",
    description="Acting for players: OAuth 2 consent, tokens with scopes, registered sites.",
)


@blp.route("/oauth/authorization")
class Authorization(MethodView):
    @blp.arguments(AuthorizationQuerySchema, location="query")
    @blp.response(200, AuthorizationRequestSchema)
    def get(self, _query: dict[str, Any]) -> Any:
        """Check an authorization request

        The consent page (`/oauth/authorize`) calls this with the query string the site
        sent: the site, the scopes asked, the redirect URI and a `consent` ticket for the
        decision. A request that cannot be granted is 400 `invalid_authorization_request`
        with the OAuth 2 error in `oauth_error` (unknown client, redirect URI refused,
        `state` or PKCE missing, unknown scope) and, when the redirect URI itself was
        valid, `redirect_to`: where to send the person to tell the site.
        """
        return oauth.describe(), 200, NO_STORE

    @blp.arguments(AuthorizationQuerySchema, location="query")
    @blp.arguments(ConsentDecisionSchema)
    @blp.response(200, ConsentResultSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, _query: dict[str, Any], body: dict[str, Any]) -> Any:
        """Approve or deny a site

        With the player's own token (a site's token or a personal access token cannot
        approve: 403 `missing_scope`), the query string of the request shown and its
        `consent` ticket. Answers `redirect_to`: the site's redirect URI with a
        single-use `code` (valid 60 seconds) or `error=access_denied`, with `state`.
        """
        player = player_required()
        where = oauth.decide(player, body["approve"], body["consent"])
        return {"redirect_to": where}, 200, NO_STORE


def _listed(info: TokenInfo, current_id: str | None) -> dict[str, Any]:
    return {**asdict(info), "current": info.id == current_id}


@blp.route("/players/me/tokens")
class Tokens(MethodView):
    @blp.response(200, TokenSchema(many=True))
    @blp.doc(security=PLAYER_AUTH)
    def get(self) -> Any:
        """My tokens: sign-ins, personal access tokens and sites

        Every token that acts for you, oldest first, with its scopes, when it was made and
        last used (to the minute): your sign-ins on devices (every scope), the personal
        access tokens you made and the tokens of the sites you approved. Tokens are never
        shown again; revoke any with `DELETE /players/me/tokens/{token_id}`.
        """
        player = player_required()
        grant = request_grant()
        current = grant.token_id if grant else None
        return [_listed(t, current) for t in deps.service().grants.tokens(player.id)], 200, NO_STORE

    @blp.arguments(TokenCreateSchema)
    @blp.response(201, CreatedTokenSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any]) -> Any:
        """Make a personal access token

        A player token with only the scopes chosen and a label, for your own programs
        (a bot, a script). Shown once. At most 100 tokens per player (409
        `too_many_tokens`).
        """
        player = player_required()
        grants = deps.service().grants
        if len(grants.tokens(player.id)) >= MAX_TOKENS:
            raise ApiProblem(409, "too_many_tokens", f"at most {MAX_TOKENS}: revoke one first")
        issued = grants.create_personal(player.id, body["label"], body["scopes"])
        return {"token": issued.token, "info": _listed(issued.info, None)}, 201, NO_STORE


@blp.route("/players/me/tokens/<token_id>")
class TokenResource(MethodView):
    @blp.response(204)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self, token_id: str) -> Any:
        """Revoke a token

        It stops working at once: a site's next request with it is 401. Revoking the
        token of this request signs this device out. 404 `token_not_found` for a token
        that is not yours.
        """
        deps.service().grants.revoke(player_required().id, token_id)
        return None


@blp.route("/players/me/oauth-clients")
class Clients(MethodView):
    @blp.response(200, ClientSchema(many=True))
    @blp.doc(security=PLAYER_AUTH)
    def get(self) -> Any:
        """My registered OAuth clients

        The confidential clients (sites with a secret) you registered.
        """
        return deps.service().grants.clients(player_required().id)

    @blp.arguments(ClientCreateSchema)
    @blp.response(201, CreatedClientSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any]) -> Any:
        """Register a confidential OAuth client

        For a site that can keep a secret (a server). It authenticates at the token
        endpoint with its `client_id` and `client_secret` (shown once), may use only the
        redirect URIs listed (compared exactly) and still sends PKCE. The consent page
        shows its name. Public clients (apps, pages) need no registration. At most 10
        per player (422 `too_many_clients`).
        """
        player = player_required()  # 401 before anything about the body
        for uri in body["redirect_uris"]:
            problem = oauth.redirect_uri_problem(uri)
            if problem is not None:
                raise ApiProblem(422, "invalid_redirect_uri", f"{uri!r}: {problem}")
        created = deps.service().grants.register_client(
            player.id, body["name"], body["redirect_uris"]
        )
        return {"client": created.client, "client_secret": created.secret}, 201, NO_STORE


@blp.route("/players/me/oauth-clients/<client_id>")
class ClientResource(MethodView):
    @blp.response(204)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self, client_id: str) -> Any:
        """Delete a registered client

        Every token it was given stops working. 404 `client_not_found` for a client you
        did not register.
        """
        deps.service().grants.delete_client(player_required().id, client_id)
        return None
