"""The store's statements about bot accounts and challenges: a part of ``GameStore``
(``service.store.games``), run on the store's sessions."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import exists, func, select, update
from sqlalchemy.orm import Session, sessionmaker

from service.models import (
    ChallengeInviteRow,
    ChallengeRow,
    GameRow,
    PlayerRow,
    SeatRow,
)
from service.rules.notice_kinds import NoticeKind
from service.store import outbox
from service.store.transactions import Transactions


class ChallengeStore:
    """``ChallengeStore(games)``: statements on bot accounts and challenges, on the sessions
    of the game store ``games`` (``GameStore.challenges``)."""

    def __init__(self, games: Transactions) -> None:
        self.games = games
        self.sessions: sessionmaker[Session] = games.sessions

    # ------------------------------------------------------------------ bot accounts

    def has_person_seat(self, player_id: str) -> bool:
        """Whether the player holds or held a seat as a person (``ix_seats_player_id``)."""
        with self.sessions() as session:
            return bool(
                session.scalar(
                    select(
                        exists().where(
                            SeatRow.player_id == player_id, SeatRow.bot_account.is_(False)
                        )
                    )
                )
            )

    def has_any_seat(self, player_id: str) -> bool:
        with self.sessions() as session:
            return bool(session.scalar(select(exists().where(SeatRow.player_id == player_id))))

    def set_bot(self, player_id: str, bot: bool, now: datetime) -> PlayerRow | None:
        """Mark the player a bot account (or a person again); the row after, None when the
        player does not exist."""
        with self.games.writing() as session:
            row = session.get(PlayerRow, player_id)
            if row is None:
                return None
            if row.bot != bot:
                row.bot = bot
                row.bot_since = now if bot else None
            session.flush()
            session.expunge(row)
            return row

    def players_by_id(self, player_ids: Sequence[str]) -> dict[str, PlayerRow]:
        if not player_ids:
            return {}
        with self.sessions() as session:
            rows = session.scalars(select(PlayerRow).where(PlayerRow.id.in_(list(player_ids))))
            return {r.id: r for r in rows}

    def bot_account_games(self, player_id: str, limit: int) -> list[tuple[datetime, int]]:
        """(when the game last changed, the seat's timeouts) of the bot account's latest
        ``limit`` games, newest first."""
        with self.sessions() as session:
            rows = session.execute(
                select(func.coalesce(GameRow.finished_at, GameRow.updated_at), SeatRow.timeouts)
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(SeatRow.player_id == player_id, SeatRow.bot_account.is_(True))
                .order_by(GameRow.created_at.desc(), GameRow.id.desc())
                .limit(limit)
            ).all()
        return [(when, int(timeouts)) for when, timeouts in rows]

    # ------------------------------------------------------------------ challenges

    def add_challenge(
        self, row: ChallengeRow, invites: list[ChallengeInviteRow], notice: dict[str, Any] | None
    ) -> list[str]:
        """Store the challenge, and in the same transaction the ``challenge`` notices
        (``notice``, the payload; None: nobody is told) its invited players want; the
        notices' ids."""
        with self.games.writing() as session:
            session.add(row)
            session.flush()
            session.add_all(invites)
            if notice is None:
                return []
            return outbox.owe_players(
                session, NoticeKind.CHALLENGE,
                [(invite.player_id, None, notice) for invite in invites], row.created_at,
            )  # fmt: skip

    def challenge(self, challenge_id: str) -> tuple[ChallengeRow, list[ChallengeInviteRow]] | None:
        with self.sessions() as session:
            row = session.get(ChallengeRow, challenge_id)
            if row is None:
                return None
            invites = list(
                session.scalars(
                    select(ChallengeInviteRow)
                    .where(ChallengeInviteRow.challenge_id == challenge_id)
                    .order_by(ChallengeInviteRow.seat)
                )
            )
            return row, invites

    def challenges_of(
        self, player_id: str, *, ended_after: datetime | None, limit: int = 200
    ) -> list[tuple[ChallengeRow, list[ChallengeInviteRow]]]:
        """The open challenges the player made or is invited to, and (``ended_after``)
        those that ended after that time, oldest first, each with its invitations."""
        invited = select(ChallengeInviteRow.challenge_id).where(
            ChallengeInviteRow.player_id == player_id
        )
        live = ChallengeRow.status == "open"
        if ended_after is not None:
            live = live | (ChallengeRow.ended_at > ended_after)
        with self.sessions() as session:
            rows = list(
                session.scalars(
                    select(ChallengeRow)
                    .where(
                        (ChallengeRow.challenger_id == player_id) | ChallengeRow.id.in_(invited),
                        live,
                    )
                    .order_by(ChallengeRow.created_at, ChallengeRow.id)
                    .limit(limit)
                )
            )
            ids = [r.id for r in rows]
            by_id: dict[str, list[ChallengeInviteRow]] = {i: [] for i in ids}
            if ids:
                for invite in session.scalars(
                    select(ChallengeInviteRow)
                    .where(ChallengeInviteRow.challenge_id.in_(ids))
                    .order_by(ChallengeInviteRow.seat)
                ):
                    by_id[invite.challenge_id].append(invite)
        return [(r, by_id[r.id]) for r in rows]

    @staticmethod
    def end_challenge(
        session: Session, challenge_id: str, status: str, now: datetime, **values: Any
    ) -> bool:
        """Move an open challenge to ``status`` in ``session``: False when it was not open
        any more (another request ended it first)."""
        ended = session.execute(
            update(ChallengeRow)
            .where(ChallengeRow.id == challenge_id, ChallengeRow.status == "open")
            .values(status=status, ended_at=now, **values)
        ).rowcount
        return ended == 1

    def end_challenge_now(
        self, challenge_id: str, status: str, now: datetime, **values: Any
    ) -> bool:
        with self.games.writing() as session:
            return self.end_challenge(session, challenge_id, status, now, **values)

    def accept_invite(self, challenge_id: str, player_id: str, now: datetime) -> bool:
        """Record the player's acceptance while the challenge is open: False when it had
        accepted already or the challenge is not open."""
        with self.games.writing() as session:
            still_open = session.scalar(
                select(ChallengeRow.status).where(ChallengeRow.id == challenge_id)
            )
            if still_open != "open":
                return False
            return self.accept_invite_in(session, challenge_id, player_id, now)

    @staticmethod
    def accept_invite_in(
        session: Session, challenge_id: str, player_id: str, now: datetime
    ) -> bool:
        """Record the player's acceptance in ``session`` (the transaction that also makes
        the game, for the last one): False when it had accepted already."""
        changed = session.execute(
            update(ChallengeInviteRow)
            .where(
                ChallengeInviteRow.challenge_id == challenge_id,
                ChallengeInviteRow.player_id == player_id,
                ChallengeInviteRow.status == "pending",
            )
            .values(status="accepted", answered_at=now)
        ).rowcount
        return changed == 1

    def expire_challenges(self, now: datetime, limit: int = 500) -> list[str]:
        """End the open challenges whose time is up; their ids."""
        with self.games.writing() as session:
            ids = list(
                session.scalars(
                    select(ChallengeRow.id)
                    .where(ChallengeRow.status == "open", ChallengeRow.expires_at <= now)
                    .limit(limit)
                )
            )
            if ids:
                session.execute(
                    update(ChallengeRow)
                    .where(ChallengeRow.id.in_(ids), ChallengeRow.status == "open")
                    .values(status="expired", ended_at=now)
                )
            return ids
