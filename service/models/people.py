"""Players (identities that outlive a game), their tokens and sign-in codes, and labels."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    ForeignKey,
    String,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class PlayerRow(Base):
    """An identity: a name (a display name: not unique) and its tokens, one per signed-in
    device (``PlayerTokenRow``)."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: A bot account (docs/bots.md, "Bot accounts"): a program's player, shown as a bot,
    #: seated only in bot seats and rated in the bot pools.
    bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=text("false"))
    #: When it became one (None: a person).
    bot_since: Mapped[datetime | None] = mapped_column(UTCDateTime)


class PlayerTokenRow(Base):
    """One device's player token, by its SHA-256 (the token is shown once): signing in on
    another device adds one, signing out removes one. Bots have none."""

    __tablename__ = "player_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class SigninCodeRow(Base):
    """A one-time sign-in code by its SHA-256: redeemed once for a new token of its player,
    before ``expires_at`` (docs/api.md, "Signing in on another device")."""

    __tablename__ = "signin_codes"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LabelRow(Base):
    """A label owned by the player who used it first; nobody else creates games under it."""

    __tablename__ = "labels"

    label: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LabelEntryRow(Base):
    """A player's entry in a label (a tournament): the label's owner may then seat the
    player in games created under it (docs/api.md, "Who may do what"). Written only with
    the player's own token, so nobody is seated, played or rated in another's name."""

    __tablename__ = "label_entries"

    label: Mapped[str] = mapped_column(
        String(64), ForeignKey("labels.label", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    #: The player lets the label's owner receive the seat tokens of the seats it gives the
    #: player (a site that plays for its members); otherwise only the player gets them.
    share_seat_tokens: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
