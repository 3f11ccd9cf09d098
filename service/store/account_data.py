"""The statements of a person's own data as a whole: what deleting an account removes or
renames (``service.parts.account_deletion``) and what downloading it gathers
(``service.parts.account_export``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from service.models import (
    BlockRow,
    ChallengeInviteRow,
    ChallengeRow,
    ChatMessageRow,
    ChatMuteRow,
    GameRow,
    LabelEntryRow,
    NoticeRow,
    NoticeSettingsRow,
    OAuthClientRow,
    OAuthCodeRow,
    PlayerRow,
    PlayerTokenRow,
    PushSubscriptionRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    SeekRow,
    SigninCodeRow,
    SourceMarkRow,
    TournamentEntryRow,
    WebhookEndpointRow,
)

#: What deleting an account removes outright: every row that is the person's alone
#: (credentials, addresses, subscriptions, hooks, ratings, the address marks of the holds).
_OWN_ROWS = (
    PlayerTokenRow,
    SigninCodeRow,
    OAuthCodeRow,
    NoticeSettingsRow,
    PushSubscriptionRow,
    NoticeRow,
    WebhookEndpointRow,
    RatingRow,
    RatingHistoryRow,
    SourceMarkRow,
    LabelEntryRow,
)


def forget_player(session: Session, player_id: str, shown_name: str, now: datetime) -> None:
    """Remove the person's own rows and their mutes and blocks both ways, and write ``shown_name`` over
    their name on the player, their seats and their chat messages, in the caller's
    transaction. Every game that showed the name changes version, so that cached documents
    and ETags of the old ones are not served again."""
    for table in _OWN_ROWS:
        session.execute(delete(table).where(table.player_id == player_id))
    session.execute(delete(OAuthClientRow).where(OAuthClientRow.player_id == player_id))
    session.execute(
        delete(ChatMuteRow).where(
            (ChatMuteRow.player_id == player_id) | (ChatMuteRow.muted_id == player_id)
        )
    )
    session.execute(
        delete(BlockRow).where(
            (BlockRow.player_id == player_id) | (BlockRow.blocked_id == player_id)
        )
    )
    shown = (
        select(SeatRow.game_id)
        .where(SeatRow.player_id == player_id)
        .union(select(ChatMessageRow.game_id).where(ChatMessageRow.player_id == player_id))
    )
    session.execute(
        update(GameRow)
        .where(GameRow.id.in_(shown))
        .values(version=GameRow.version + 1, updated_at=now)
        .execution_options(synchronize_session=False)
    )
    session.execute(
        update(SeatRow)
        .where(SeatRow.player_id == player_id, SeatRow.name.is_not(None))
        .values(name=shown_name)
    )
    session.execute(
        update(ChatMessageRow).where(ChatMessageRow.player_id == player_id).values(name=shown_name)
    )
    session.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(name=shown_name))


def seats_in_play(session: Session, player_id: str) -> Sequence[tuple[str, int, str]]:
    """``(game_id, seat, status)`` of each seat the player holds, not resigned, in a game
    still open or under way."""
    return (
        session.execute(
            select(SeatRow.game_id, SeatRow.seat, GameRow.status)
            .join(GameRow, GameRow.id == SeatRow.game_id)
            .where(
                SeatRow.player_id == player_id,
                SeatRow.resigned.is_(False),
                GameRow.status.in_(("open", "active")),
            )
        )
        .tuples()
        .all()
    )


def waiting_seeks(session: Session, player_id: str) -> Sequence[str]:
    """The ids of the player's seeks still waiting for a match."""
    return session.scalars(
        select(SeekRow.id).where(SeekRow.player_id == player_id, SeekRow.status == "waiting")
    ).all()


def open_challenges(session: Session, player_id: str) -> tuple[Sequence[str], Sequence[str]]:
    """The ids of the open challenges the player made, and of those the player is invited to."""
    own = session.scalars(
        select(ChallengeRow.id).where(
            ChallengeRow.challenger_id == player_id, ChallengeRow.status == "open"
        )
    ).all()
    invited = session.scalars(
        select(ChallengeRow.id)
        .join(ChallengeInviteRow, ChallengeInviteRow.challenge_id == ChallengeRow.id)
        .where(ChallengeInviteRow.player_id == player_id, ChallengeRow.status == "open")
    ).all()
    return own, invited


def open_entries(session: Session, player_id: str) -> Sequence[str]:
    """The ids of the tournaments the player entered or is invited to, not yet answered."""
    return session.scalars(
        select(TournamentEntryRow.tournament_id).where(
            TournamentEntryRow.player_id == player_id,
            TournamentEntryRow.status.in_(("entered", "invited")),
        )
    ).all()


def chat_messages_by(session: Session, player_id: str) -> Sequence[ChatMessageRow]:
    """Every chat message the player wrote, oldest first."""
    return session.scalars(
        select(ChatMessageRow)
        .where(ChatMessageRow.player_id == player_id)
        .order_by(ChatMessageRow.id)
    ).all()


def games_seated(session: Session, player_id: str) -> Sequence[GameRow]:
    """Every game the player held a seat in, private ones included, oldest first."""
    mine = select(SeatRow.game_id).where(SeatRow.player_id == player_id)
    return (
        session.scalars(
            select(GameRow).where(GameRow.id.in_(mine)).order_by(GameRow.created_at, GameRow.id)
        )
        .unique()
        .all()
    )
