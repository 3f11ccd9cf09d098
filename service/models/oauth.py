"""OAuth 2 authorization codes and the sites registered as confidential clients
(docs/api.md, "Acting for players: OAuth 2"). The tokens a site receives are player
tokens (``PlayerTokenRow`` with ``kind="oauth"``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class OAuthCodeRow(Base):
    """An authorization code by its SHA-256, bound to the client, the redirect URI, the
    approved scopes and the PKCE challenge. Exchanged once before ``expires_at``: the
    exchange marks it ``used_at`` and notes the token it gave, so that a second exchange is
    refused and revokes that token (RFC 9700, section 4.5). Rows older than their lifetime
    are removed by the next code issued."""

    __tablename__ = "oauth_codes"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    client_id: Mapped[str] = mapped_column(String(200))
    redirect_uri: Mapped[str] = mapped_column(String(2048))
    scopes: Mapped[str] = mapped_column(String(512))
    code_challenge: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    #: The hash of the token the exchange issued (revoked when the code comes again).
    token_hash: Mapped[str | None] = mapped_column(String(64), default=None)


class OAuthClientRow(Base):
    """A confidential client a player registered: its name, the exact redirect URIs it may
    use and its secret's SHA-256 (shown once). Public clients are not registered."""

    __tablename__ = "oauth_clients"

    client_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(100))
    redirect_uris: Mapped[list[Any]] = mapped_column(JSON)
    secret_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
