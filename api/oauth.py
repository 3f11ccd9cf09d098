"""The OAuth 2 authorization server, on Authlib's Flask integration (docs/api.md, "Acting
for players: OAuth 2").

- Authorization code grant with PKCE, ``S256`` only, required of every client; ``state``
  required; the redirect URI is required and compared exactly (a registered client's to
  its list, a public client's to the one its code was issued for).
- Public clients are not registered: any ``client_id`` (printable ASCII, 1-100
  characters) names one, and the consent page shows it to the player with the address the
  player will be sent back to, which must be ``https`` (``http`` only on loopback).
  Confidential clients are registered by a player (``POST /players/me/oauth-clients``)
  and authenticate with their secret (``client_secret_basic`` or ``client_secret_post``).
- Long-lived access tokens (``service.parts.grants.OAUTH_TOKEN_TTL``), no refresh tokens; the
  token a site gets is a player token with the approved scopes (``service.parts.grants``).
- Revocation (RFC 7009) at ``/oauth/revoke``; metadata (RFC 8414) at
  ``/.well-known/oauth-authorization-server``.

The authorization endpoint is the web page ``/oauth/authorize`` (``web/static/authorize.js``):
it reads the request through ``GET /api/v1/oauth/authorization`` (``validated_request``)
and sends the player's decision with ``POST`` (``decide``), authenticated by the player's
own token in the ``Authorization`` header. The token endpoint and the revocation endpoint
speak OAuth's form-encoded requests and JSON errors (RFC 6749 section 5.2), outside the
JSON API.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from authlib.common.urls import add_params_to_uri
from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749 import ClientMixin, InvalidRequestError, OAuth2Error
from authlib.oauth2.rfc6749.grants import AuthorizationCodeGrant
from authlib.oauth2.rfc7009 import RevocationEndpoint
from authlib.oauth2.rfc7636 import CodeChallenge
from flask import Blueprint, Flask, Response, current_app, jsonify, request
from itsdangerous import BadSignature, URLSafeTimedSerializer

from api import deps
from api.problems import ApiProblem
from service.parts.grants import OAUTH_TOKEN_TTL, AuthorizationCode, RegisteredClient
from service.rules.player_views import PlayerView, new_player_token
from service.rules.scopes import SCOPES

EXTENSION = "ursuppe_oauth"
AUTHORIZE_PATH = "/oauth/authorize"
TOKEN_PATH = "/oauth/token"
REVOKE_PATH = "/oauth/revoke"
METADATA_PATH = "/.well-known/oauth-authorization-server"
AUTH_METHODS = ["none", "client_secret_basic", "client_secret_post"]
#: Seconds between showing the consent page and the player's decision.
CONSENT_TTL = 600

_PUBLIC_CLIENT_ID = re.compile(r"^[\x21-\x7e]{1,100}$")
_LOOPBACK = {"127.0.0.1", "::1", "localhost"}
#: The parameters of an authorization request the consent ticket is bound to.
_BOUND = (
    "response_type",
    "client_id",
    "redirect_uri",
    "scope",
    "state",
    "code_challenge",
    "code_challenge_method",
)


def redirect_uri_problem(uri: str) -> str | None:
    """Why ``uri`` cannot be a public client's redirect URI, or None: ``https`` with a
    host, or ``http`` on a loopback address (RFC 8252), no fragment, no user name or
    password in it."""
    if len(uri) > 2048:
        return "longer than 2048 characters"
    try:
        parts = urlsplit(uri)
        host = parts.hostname
    except ValueError:
        return "not a URL"
    if "#" in uri:
        return "has a fragment"
    if parts.username is not None or parts.password is not None:
        return "has a user name or password"
    if parts.scheme == "https" and host:
        return None
    if parts.scheme == "http" and host in _LOOPBACK:
        return None
    return "must be https (http only on a loopback address)"


@dataclass(frozen=True)
class Client(ClientMixin):  # type: ignore[misc]
    """A site: public (not registered: ``registered`` None) or registered (confidential)."""

    client_id: str
    registered: RegisteredClient | None = None

    def get_client_id(self) -> str:
        return self.client_id

    def get_default_redirect_uri(self) -> None:
        return None  # the redirect URI is always named

    def get_allowed_scope(self, scope: str | None) -> str | None:
        return scope or None  # at least one scope (unknown ones are refused before)

    def check_redirect_uri(self, redirect_uri: str) -> bool:
        if self.registered is not None:
            return redirect_uri in self.registered.redirect_uris
        return redirect_uri_problem(redirect_uri) is None

    def check_client_secret(self, client_secret: str) -> bool:
        if self.registered is None:
            return False
        digest = hashlib.sha256(client_secret.encode()).hexdigest()
        return hmac.compare_digest(digest, self.registered.secret_hash)

    def check_endpoint_auth_method(self, method: str, endpoint: str) -> bool:
        if self.registered is None:
            return method == "none"
        return method in ("client_secret_basic", "client_secret_post")

    def check_response_type(self, response_type: str) -> bool:
        return response_type == "code"

    def check_grant_type(self, grant_type: str) -> bool:
        return grant_type == "authorization_code"


@dataclass(frozen=True)
class Code:
    """A claimed authorization code as Authlib reads it."""

    grant: AuthorizationCode
    code_challenge_method: str = "S256"

    @property
    def code_challenge(self) -> str:
        return self.grant.code_challenge

    def get_redirect_uri(self) -> str:
        return self.grant.redirect_uri

    def get_scope(self) -> str:
        return " ".join(self.grant.scopes)


@dataclass(frozen=True)
class IssuedToken:
    """A token a client names at the revocation endpoint."""

    token: str
    client_id: str

    def check_client(self, client: Client) -> bool:
        return client.client_id == self.client_id


def query_client(client_id: str) -> Client | None:
    registered = deps.service().grants.client(client_id)
    if registered is not None:
        return Client(client_id, registered)
    return Client(client_id) if _PUBLIC_CLIENT_ID.match(client_id) else None


class PkceS256(CodeChallenge):
    """PKCE with ``S256`` only, required of every client (RFC 9700 section 2.1.1)."""

    DEFAULT_CODE_CHALLENGE_METHOD = "S256"
    SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]
    CODE_CHALLENGE_METHODS = {"S256": CodeChallenge.CODE_CHALLENGE_METHODS["S256"]}

    def validate_code_challenge(self, grant: Any, redirect_uri: str) -> None:
        data = grant.request.payload.data
        if not data.get("code_challenge"):
            raise InvalidRequestError("PKCE is required: send 'code_challenge' (S256)")
        if data.get("code_challenge_method") != "S256":
            raise InvalidRequestError("'code_challenge_method' must be S256")
        super().validate_code_challenge(grant, redirect_uri)


class CodeGrant(AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = AUTH_METHODS

    def validate_authorization_request(self) -> str:
        redirect_uri = super().validate_authorization_request()
        if not self.request.payload.state:
            raise InvalidRequestError(
                "'state' is required (it protects the site against forged redirects)",
                redirect_uri=redirect_uri,
            )
        return redirect_uri

    def save_authorization_code(self, code: str, request: Any) -> None:
        deps.service().grants.save_code(
            code,
            player_id=request.user.id,
            client_id=request.client.client_id,
            redirect_uri=request.payload.redirect_uri,
            scopes=tuple(request.scope.split()),
            code_challenge=request.payload.data["code_challenge"],
        )

    def query_authorization_code(self, code: str, client: Client) -> Code | None:
        claimed = deps.service().grants.claim_code(code, client.client_id)
        return None if claimed is None else Code(claimed)

    def delete_authorization_code(self, authorization_code: Code) -> None:
        """Nothing: ``query_authorization_code`` claimed it (single use, even when the
        exchange fails later)."""

    def authenticate_user(self, authorization_code: Code) -> PlayerView | None:
        row = deps.service().store.people.player(authorization_code.grant.player_id)
        return None if row is None else PlayerView.of(row)


class Revocation(RevocationEndpoint):
    CLIENT_AUTH_METHODS = AUTH_METHODS

    def query_token(self, token_string: str, token_type_hint: str | None) -> IssuedToken | None:
        client_id = deps.service().grants.oauth_token_client(token_string)
        return None if client_id is None else IssuedToken(token_string, client_id)

    def revoke_token(self, token: IssuedToken, request: Any) -> None:
        deps.service().grants.revoke_oauth_token(token.token, token.client_id)


def save_token(token: dict[str, Any], request: Any) -> None:
    deps.service().grants.issue_oauth_token(request.authorization_code.grant, token["access_token"])


def _access_token(**_: Any) -> str:
    return new_player_token()


def build_server(app: Flask) -> AuthorizationServer:
    app.config.setdefault("OAUTH2_ACCESS_TOKEN_GENERATOR", _access_token)
    app.config.setdefault("OAUTH2_REFRESH_TOKEN_GENERATOR", False)
    app.config.setdefault("OAUTH2_TOKEN_EXPIRES_IN", {"authorization_code": OAUTH_TOKEN_TTL})
    app.config.setdefault("OAUTH2_SCOPES_SUPPORTED", list(SCOPES))
    server = AuthorizationServer(app, query_client=query_client, save_token=save_token)
    server.register_grant(CodeGrant, [PkceS256(required=True)])
    server.register_endpoint(Revocation)
    return server


def server() -> AuthorizationServer:
    return current_app.extensions[EXTENSION]


def issuer() -> str:
    """This server's address as sites reach it (the proxies' when trusted)."""
    return request.host_url.rstrip("/")


# ---------------------------------------------------------------------------- the consent


def _consent_serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="oauth-consent")


def _bound_digest() -> str:
    values = [f"{name}={request.args.get(name, '')}" for name in _BOUND]
    return hashlib.sha256("\n".join(values).encode()).hexdigest()


def consent_ticket() -> str:
    """What the consent page must send back with the decision: the request it showed,
    signed with the app's secret, for ``CONSENT_TTL`` seconds."""
    return _consent_serializer().dumps(_bound_digest())


def check_consent_ticket(ticket: str) -> None:
    try:
        shown = _consent_serializer().loads(ticket, max_age=CONSENT_TTL)
    except BadSignature:
        raise ApiProblem(
            400, "consent_expired", "the consent page is stale or forged: open it again"
        ) from None
    if not hmac.compare_digest(str(shown), _bound_digest()):
        raise ApiProblem(400, "consent_expired", "the decision is not for the request shown")


def _refused(err: OAuth2Error) -> ApiProblem:
    """An authorization request refused: a problem the page shows, with where to send the
    person to tell the site (only when the site's redirect URI was checked valid)."""
    redirect_to = None
    if err.redirect_uri:
        params = [("error", err.error)]
        if err.description:
            params.append(("error_description", err.description))
        if request.args.get("state"):
            params.append(("state", request.args["state"]))
        params.append(("iss", issuer()))
        redirect_to = add_params_to_uri(err.redirect_uri, params)
    return ApiProblem(
        400,
        "invalid_authorization_request",
        err.description or err.error,
        oauth_error=err.error,
        redirect_to=redirect_to,
    )


@dataclass(frozen=True)
class ConsentRequest:
    client_id: str
    client_name: str | None
    registered: bool
    redirect_uri: str
    scopes: list[str]
    state: str
    consent: str


def _unquotable(err: ValueError) -> bool:
    """Authlib's refusal of an error description with characters OAuth 2 does not allow
    there (``"`` and ``\\``, non-ASCII): a parameter it quotes in its description held them."""
    return "forbidden characters" in str(err)


#: What a request whose parameters Authlib cannot even quote in its refusal is told.
_UNQUOTABLE = "a parameter holds characters OAuth 2 does not allow"


def validated_request(player: PlayerView | None = None) -> Any:
    """The grant of the authorization request in the query string; raises the refusal."""
    try:
        return server().get_consent_grant(end_user=player)
    except OAuth2Error as err:
        raise _refused(err) from None
    except ValueError as err:
        if not _unquotable(err):
            raise
        raise ApiProblem(
            400, "invalid_authorization_request", _UNQUOTABLE, oauth_error="invalid_request"
        ) from None


def describe() -> ConsentRequest:
    grant = validated_request()
    client: Client = grant.request.client
    return ConsentRequest(
        client_id=client.client_id,
        client_name=client.registered.name if client.registered else None,
        registered=client.registered is not None,
        redirect_uri=grant.redirect_uri,
        scopes=grant.request.scope.split(),
        state=grant.request.payload.state,
        consent=consent_ticket(),
    )


def decide(player: PlayerView, approve: bool, ticket: str) -> str:
    """The address to send the person to: the site's redirect URI with the code (approved)
    or ``error=access_denied`` (denied), the ``state`` and ``iss`` (RFC 9207)."""
    check_consent_ticket(ticket)
    grant = validated_request(player)
    response = server().create_authorization_response(
        grant_user=player if approve else None, grant=grant
    )
    location = response.headers.get("Location")
    if not location:  # refused after all: Authlib answered the error itself
        raise ApiProblem(400, "invalid_authorization_request", response.get_data(as_text=True))
    return add_params_to_uri(location, [("iss", issuer())])


# ---------------------------------------------------------------------------- endpoints

oauth_bp = Blueprint("oauth2", __name__)


def _oauth_error(error: str, description: str) -> Response:
    resp = jsonify({"error": error, "error_description": description})
    resp.status_code = 400
    resp.headers["Cache-Control"] = "no-store"
    return resp


@oauth_bp.post(TOKEN_PATH)
def token() -> Response:
    """RFC 6749 section 4.1.3: a code and its PKCE verifier for an access token."""
    try:
        return server().create_token_response()
    except ValueError as err:
        if not _unquotable(err):
            raise
        return _oauth_error("invalid_request", _UNQUOTABLE)


@oauth_bp.post(REVOKE_PATH)
def revoke() -> Response:
    """RFC 7009: the site gives a token back; it stops working at once."""
    try:
        return server().create_endpoint_response(Revocation.ENDPOINT_NAME)
    except ValueError as err:
        if not _unquotable(err):
            raise
        return _oauth_error("invalid_request", _UNQUOTABLE)


def metadata() -> dict[str, Any]:
    base = issuer()
    return {
        "issuer": base,
        "authorization_endpoint": base + AUTHORIZE_PATH,
        "token_endpoint": base + TOKEN_PATH,
        "revocation_endpoint": base + REVOKE_PATH,
        "scopes_supported": list(SCOPES),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code"],
        "token_endpoint_auth_methods_supported": AUTH_METHODS,
        "revocation_endpoint_auth_methods_supported": AUTH_METHODS,
        "code_challenge_methods_supported": ["S256"],
        "authorization_response_iss_parameter_supported": True,
        "service_documentation": base + "/api/v1/docs",
    }


@oauth_bp.get(METADATA_PATH)
def server_metadata() -> Response:
    """RFC 8414: where the endpoints are and what they support."""
    resp = jsonify(metadata())
    resp.headers["Cache-Control"] = "public, max-age=3600"
    return resp


def install(app: Flask) -> None:
    app.extensions[EXTENSION] = build_server(app)
    app.register_blueprint(oauth_bp)
