"""What a player grants: tokens with scopes for sites (OAuth 2) and for the player's own
programs (personal access tokens), listed and revoked by the player (docs/api.md, "Acting
for players: OAuth 2").

Every token is a player token (``player.…``), stored only as its SHA-256 in
``player_tokens``: a token a site received acts as the player exactly like the player's
own, within its scopes (``service.rules.scopes``). Authorization codes are single-use and live
``CODE_TTL`` seconds; a code presented a second time is refused and the token its first
exchange gave is revoked. Sites get long-lived access tokens (``OAUTH_TOKEN_TTL``) and no
refresh tokens: the player revokes them on the tokens page, the site with RFC 7009.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from service.models import OAuthClientRow, OAuthCodeRow, PlayerTokenRow
from service.parts.base import Part
from service.plumbing.errors import NotFound, Unauthorized, Unprocessable
from service.plumbing.text_check import TITLE_MAX, display_text
from service.rules import scopes as scope_names
from service.rules.player_views import PlayerView, new_player_token
from service.rules.seat_tokens import hash_token
from service.store.grants import GrantQueries

log = logging.getLogger(__name__)

#: Seconds an authorization code may wait for its exchange: the site exchanges it at once.
CODE_TTL = 60
#: How long a site's access token lives (there are no refresh tokens): a year, as long as a
#: personal access token without an expiry would in practice; the player revokes it any time.
OAUTH_TOKEN_TTL = 365 * 24 * 3600
#: ``last_used_at`` is written at most this often per token (a read per request, a write
#: per minute).
TOUCH_EVERY = timedelta(seconds=60)
MAX_TOKENS = 100
MAX_CLIENTS = 10


@dataclass(frozen=True)
class TokenGrant:
    """A token's player and what it may do: ``scopes`` None means every scope (the
    player's own sign-in tokens)."""

    player: PlayerView
    token_id: str
    kind: str
    scopes: frozenset[str] | None


@dataclass(frozen=True)
class TokenInfo:
    """A token as the player's token list shows it (never the token itself)."""

    id: str
    kind: str
    label: str | None
    client_id: str | None
    client_name: str | None
    redirect_uri: str | None
    scopes: list[str] | None
    created_at: datetime
    last_used_at: datetime | None
    expires_at: datetime | None


@dataclass(frozen=True)
class IssuedToken:
    info: TokenInfo
    token: str


@dataclass(frozen=True)
class AuthorizationCode:
    """A claimed code: what its exchange gives (``service.parts.grants.Grants.claim_code``)."""

    code_hash: str
    player_id: str
    client_id: str
    redirect_uri: str
    scopes: tuple[str, ...]
    code_challenge: str


@dataclass(frozen=True)
class RegisteredClient:
    client_id: str
    name: str
    redirect_uris: list[str]
    created_at: datetime
    secret_hash: str


@dataclass(frozen=True)
class CreatedClient:
    client: RegisteredClient
    secret: str


def _info(row: PlayerTokenRow, client_name: str | None = None) -> TokenInfo:
    return TokenInfo(
        id=row.id,
        kind=row.kind,
        label=row.label,
        client_id=row.client_id,
        client_name=client_name,
        redirect_uri=row.redirect_uri,
        scopes=None if row.scopes is None else row.scopes.split(),
        created_at=row.created_at,
        last_used_at=row.last_used_at,
        expires_at=row.expires_at,
    )


def _client(row: OAuthClientRow) -> RegisteredClient:
    return RegisteredClient(
        row.client_id, row.name, list(row.redirect_uris), row.created_at, row.secret_hash
    )


def checked_scopes(text: str | list[str] | None) -> tuple[str, ...]:
    try:
        return scope_names.parse(text)
    except scope_names.ScopeError as err:
        raise Unprocessable("invalid_scope", str(err)) from None


@dataclass(eq=False)
class Grants(Part):
    """Tokens with scopes, authorization codes and registered clients: a part
    (``service.parts``)."""

    def __post_init__(self) -> None:
        self.queries = GrantQueries(self.store.sessions)

    # ------------------------------------------------------------------ every token

    def resolve(self, token: str) -> TokenGrant:
        """The player and scopes of a player token (401 ``invalid_token`` when it is
        unknown, revoked or expired). Notes when it was used, at most once a minute."""
        now = self.clock()
        digest = hash_token(token)
        found = self.queries.token(digest, now)
        if found is None:
            raise Unauthorized("invalid_token", "the token is not a player's, or was revoked")
        player, row = found
        if row.last_used_at is None or now - row.last_used_at >= TOUCH_EVERY:
            self.queries.touch(digest, now)
        granted = None if row.scopes is None else frozenset(row.scopes.split())
        return TokenGrant(PlayerView.of(player), row.id, row.kind, granted)

    def tokens(self, player_id: str) -> list[TokenInfo]:
        """Every live token of the player, oldest first: its devices, its personal access
        tokens and the sites it approved."""
        rows = self.queries.tokens_of(player_id, self.clock())
        names = self.queries.client_names({r.client_id for r in rows if r.client_id})
        return [_info(r, names.get(r.client_id or "")) for r in rows]

    def revoke(self, player_id: str, token_id: str) -> None:
        """The token stops working at once (404 ``token_not_found`` for another's)."""
        if not self.queries.delete_token(player_id, token_id):
            raise NotFound("token_not_found", f"you have no token {token_id}")
        log.info("player %s revoked token %s", player_id, token_id)

    def create_personal(self, player_id: str, label: str, scopes: list[str]) -> IssuedToken:
        """A personal access token with the scopes chosen (shown once)."""
        wanted = checked_scopes(scopes)
        label = display_text(label, max_length=TITLE_MAX, what="a token's label")
        token = new_player_token()
        row = self.queries.add_token(
            PlayerTokenRow(
                token_hash=hash_token(token),
                player_id=player_id,
                created_at=self.clock(),
                kind="personal",
                label=label,
                scopes=scope_names.joined(wanted),
            )
        )
        return IssuedToken(_info(row), token)

    # ------------------------------------------------------------------ OAuth 2

    def save_code(
        self,
        code: str,
        *,
        player_id: str,
        client_id: str,
        redirect_uri: str,
        scopes: tuple[str, ...],
        code_challenge: str,
    ) -> None:
        now = self.clock()
        self.queries.add_code(
            OAuthCodeRow(
                code_hash=hash_token(code),
                player_id=player_id,
                client_id=client_id,
                redirect_uri=redirect_uri,
                scopes=scope_names.joined(scopes),
                code_challenge=code_challenge,
                created_at=now,
                expires_at=now + timedelta(seconds=CODE_TTL),
            ),
            now,
        )

    def claim_code(self, code: str, client_id: str) -> AuthorizationCode | None:
        """The code's grant, once, for ``client_id`` within its lifetime; None otherwise. A
        code that was already exchanged revokes the token that exchange gave (someone else
        may hold the code: RFC 6749 section 4.1.2, RFC 9700 section 4.5)."""
        digest = hash_token(code)
        row = self.queries.claim_code(digest, client_id, self.clock())
        if row is None:
            used = self.queries.code(digest)
            if used is not None and used.used_at is not None and used.token_hash:
                self.queries.delete_token_by_hash(used.token_hash)
                log.warning("authorization code of client %r used twice: token revoked", client_id)
            return None
        return AuthorizationCode(
            row.code_hash,
            row.player_id,
            row.client_id,
            row.redirect_uri,
            tuple(row.scopes.split()),
            row.code_challenge,
        )

    def issue_oauth_token(self, code: AuthorizationCode, token: str) -> None:
        """Store the access token the code's exchange gives (generated by the caller)."""
        digest = hash_token(token)
        now = self.clock()
        self.queries.add_token(
            PlayerTokenRow(
                token_hash=digest,
                player_id=code.player_id,
                created_at=now,
                kind="oauth",
                scopes=scope_names.joined(code.scopes),
                client_id=code.client_id,
                redirect_uri=code.redirect_uri,
                expires_at=now + timedelta(seconds=OAUTH_TOKEN_TTL),
            )
        )
        self.queries.note_code_token(code.code_hash, digest)
        log.info("player %s: token issued to client %r", code.player_id, code.client_id)

    def oauth_token_client(self, token: str) -> str | None:
        """The client a token was issued to (None: not a site's token, or unknown)."""
        row = self.queries.token_row(hash_token(token))
        return None if row is None else row.client_id

    def revoke_oauth_token(self, token: str, client_id: str) -> None:
        """RFC 7009: the site gives its token back."""
        self.queries.delete_token_by_hash(hash_token(token), client_id)

    # ------------------------------------------------------------------ registered clients

    def client(self, client_id: str) -> RegisteredClient | None:
        row = self.queries.client(client_id)
        return None if row is None else _client(row)

    def clients(self, player_id: str) -> list[RegisteredClient]:
        return [_client(r) for r in self.queries.clients_of(player_id)]

    def register_client(self, player_id: str, name: str, redirect_uris: list[str]) -> CreatedClient:
        """A confidential client: its id and secret (shown once). Its name is display
        text: the consent page shows it to players."""
        name = display_text(name, max_length=TITLE_MAX, what="a client's name")
        if len(self.queries.clients_of(player_id)) >= MAX_CLIENTS:
            raise Unprocessable("too_many_clients", f"at most {MAX_CLIENTS} clients per player")
        secret = "ocs_" + secrets.token_urlsafe(32)
        row = self.queries.add_client(
            OAuthClientRow(
                client_id="oc" + secrets.token_hex(10),
                player_id=player_id,
                name=name,
                redirect_uris=list(redirect_uris),
                secret_hash=hash_token(secret),
                created_at=self.clock(),
            )
        )
        return CreatedClient(_client(row), secret)

    def delete_client(self, player_id: str, client_id: str) -> None:
        if not self.queries.delete_client(player_id, client_id):
            raise NotFound("client_not_found", f"you registered no client {client_id}")
