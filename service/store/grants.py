"""The statements about what players grant: their tokens (device, personal, oauth), the
OAuth 2 authorization codes and the registered clients. Used by ``service.parts.grants``; every
statement runs on the store's sessions."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from service.models import OAuthClientRow, OAuthCodeRow, PlayerRow, PlayerTokenRow


class GrantQueries:
    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions

    # ------------------------------------------------------------------ tokens

    def token(self, token_hash: str, now: datetime) -> tuple[PlayerRow, PlayerTokenRow] | None:
        """The live token by its hash (the table's key) with its player; None when unknown
        or expired."""
        with self.sessions() as session:
            found = session.execute(
                select(PlayerRow, PlayerTokenRow)
                .join(PlayerTokenRow, PlayerTokenRow.player_id == PlayerRow.id)
                .where(
                    PlayerTokenRow.token_hash == token_hash,
                    or_(PlayerTokenRow.expires_at.is_(None), PlayerTokenRow.expires_at > now),
                )
            ).first()
            return None if found is None else (found[0], found[1])

    def touch(self, token_hash: str, now: datetime) -> None:
        with self.sessions() as session, session.begin():
            session.execute(
                update(PlayerTokenRow)
                .where(PlayerTokenRow.token_hash == token_hash)
                .values(last_used_at=now)
            )

    def add_token(self, row: PlayerTokenRow) -> PlayerTokenRow:
        with self.sessions() as session, session.begin():
            session.add(row)
        return row

    def tokens_of(self, player_id: str, now: datetime) -> list[PlayerTokenRow]:
        """The player's live tokens, oldest first."""
        with self.sessions() as session:
            return list(
                session.scalars(
                    select(PlayerTokenRow)
                    .where(
                        PlayerTokenRow.player_id == player_id,
                        or_(PlayerTokenRow.expires_at.is_(None), PlayerTokenRow.expires_at > now),
                    )
                    .order_by(PlayerTokenRow.created_at, PlayerTokenRow.id)
                )
            )

    def delete_token(self, player_id: str, token_id: str) -> bool:
        with self.sessions() as session, session.begin():
            gone = session.execute(
                delete(PlayerTokenRow).where(
                    PlayerTokenRow.player_id == player_id, PlayerTokenRow.id == token_id
                )
            )
            return bool(gone.rowcount)

    def delete_token_by_hash(self, token_hash: str, client_id: str | None = None) -> bool:
        """Remove the token (only when it was issued to ``client_id``, when given)."""
        query = delete(PlayerTokenRow).where(PlayerTokenRow.token_hash == token_hash)
        if client_id is not None:
            query = query.where(PlayerTokenRow.client_id == client_id)
        with self.sessions() as session, session.begin():
            return bool(session.execute(query).rowcount)

    def token_row(self, token_hash: str) -> PlayerTokenRow | None:
        with self.sessions() as session:
            return session.get(PlayerTokenRow, token_hash)

    # ------------------------------------------------------------------ authorization codes

    def add_code(self, row: OAuthCodeRow, now: datetime) -> None:
        """Store a new code, and drop the codes whose lifetime ended (used or not)."""
        with self.sessions() as session, session.begin():
            session.execute(delete(OAuthCodeRow).where(OAuthCodeRow.expires_at <= now))
            session.add(row)

    def claim_code(self, code_hash: str, client_id: str, now: datetime) -> OAuthCodeRow | None:
        """Mark the code used, once: the live, unused code of ``client_id``, else None. A
        second claim of a used code finds none (the update is conditional on ``used_at``)."""
        with self.sessions() as session, session.begin():
            claimed = session.execute(
                update(OAuthCodeRow)
                .where(
                    OAuthCodeRow.code_hash == code_hash,
                    OAuthCodeRow.client_id == client_id,
                    OAuthCodeRow.used_at.is_(None),
                    OAuthCodeRow.expires_at > now,
                )
                .values(used_at=now)
            ).rowcount
            return session.get(OAuthCodeRow, code_hash) if claimed else None

    def code(self, code_hash: str) -> OAuthCodeRow | None:
        with self.sessions() as session:
            return session.get(OAuthCodeRow, code_hash)

    def note_code_token(self, code_hash: str, token_hash: str) -> None:
        with self.sessions() as session, session.begin():
            session.execute(
                update(OAuthCodeRow)
                .where(OAuthCodeRow.code_hash == code_hash)
                .values(token_hash=token_hash)
            )

    # ------------------------------------------------------------------ registered clients

    def client(self, client_id: str) -> OAuthClientRow | None:
        with self.sessions() as session:
            return session.get(OAuthClientRow, client_id)

    def client_names(self, client_ids: set[str]) -> dict[str, str]:
        """The names of those of ``client_ids`` that are registered."""
        if not client_ids:
            return {}
        with self.sessions() as session:
            rows = session.execute(
                select(OAuthClientRow.client_id, OAuthClientRow.name).where(
                    OAuthClientRow.client_id.in_(client_ids)
                )
            )
            return {client_id: name for client_id, name in rows}

    def add_client(self, row: OAuthClientRow) -> OAuthClientRow:
        with self.sessions() as session, session.begin():
            session.add(row)
        return row

    def clients_of(self, player_id: str) -> list[OAuthClientRow]:
        with self.sessions() as session:
            return list(
                session.scalars(
                    select(OAuthClientRow)
                    .where(OAuthClientRow.player_id == player_id)
                    .order_by(OAuthClientRow.created_at)
                )
            )

    def delete_client(self, player_id: str, client_id: str) -> bool:
        """Remove the client and every token issued to it."""
        with self.sessions() as session, session.begin():
            gone = session.execute(
                delete(OAuthClientRow).where(
                    OAuthClientRow.player_id == player_id, OAuthClientRow.client_id == client_id
                )
            ).rowcount
            if gone:
                session.execute(delete(PlayerTokenRow).where(PlayerTokenRow.client_id == client_id))
            return bool(gone)
