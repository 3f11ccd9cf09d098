"""The store's statements about people: players, their games and turns, labels and
their tables, ratings. ``GameStore.people`` (``service.store.games``): every one runs on the
game store's sessions and pages as it does."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from service.models import (
    GameRow,
    LabelRow,
    PlayerRow,
    PlayerTokenRow,
    RatingDueRow,
    RatingHistoryRow,
    RatingRow,
    ReviewRow,
    SeatRow,
)
from service.rules.player_views import RatingChange, RatingView
from service.rules.rating_model import BOT_PREFIX, ordinal
from service.store.transactions import Transactions


def player_names(session: Session, player_ids: Sequence[str]) -> dict[str, str]:
    """``{id: name}`` of the players among ``player_ids`` that exist, in one query on the
    caller's session (a read, or a transaction such as a tournament's pairing); no query
    for no ids."""
    if not player_ids:
        return {}
    query = select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(list(player_ids)))
    return dict(session.execute(query).tuples().all())


# The seats come joined (the mapping's default): one statement, cheaper here than a second
# SELECT for them, though the driver parses the game's JSON columns once per seat.


class PeopleStore:
    """``PeopleStore(games)``: statements on players, labels and ratings, on the sessions of
    the game store ``games`` (its ``writing`` and ``page`` too)."""

    def __init__(self, games: Transactions) -> None:
        self.games = games
        self.sessions: sessionmaker[Session] = games.sessions

    # ------------------------------------------------------------------ players

    def player(self, player_id: str) -> PlayerRow | None:
        with self.sessions() as session:
            return session.get(PlayerRow, player_id)

    def player_exists(self, player_id: str) -> bool:
        return self.player(player_id) is not None

    def player_id_for_token(self, digest: str) -> str | None:
        """The player holding the token whose SHA-256 is ``digest`` (the table's key)."""
        with self.sessions() as session:
            return session.scalar(
                select(PlayerTokenRow.player_id).where(PlayerTokenRow.token_hash == digest)
            )

    @staticmethod
    def claim_label_in(
        session: Session, label: str, player_id: str | None, now: datetime
    ) -> str | None:
        """The label's owner after ``player_id`` (when given) claimed it in this
        transaction, when nobody owned it: the first claim wins (the primary key decides
        between concurrent ones, failing the later commit)."""
        owner = session.scalar(select(LabelRow.player_id).where(LabelRow.label == label))
        if owner is None and player_id is not None:
            session.add(LabelRow(label=label, player_id=player_id, created_at=now))
            session.flush()
            return player_id
        return owner

    def claim_label(self, label: str, player_id: str | None, now: datetime) -> str | None:
        """``claim_label_in`` as a write of its own, which a concurrent claim may win."""
        try:
            with self.games.writing() as session:
                return self.claim_label_in(session, label, player_id, now)
        except IntegrityError:
            with self.sessions() as session:
                return session.scalar(select(LabelRow.player_id).where(LabelRow.label == label))

    def player_games(
        self,
        player_id: str,
        *,
        status: str | None,
        page: int,
        page_size: int,
        listed_only: bool = False,
    ) -> tuple[list[GameRow], int]:
        """The games with a seat the player joined (``ix_seats_player_id``), newest first;
        ``listed_only``: without private games (what others may see of the player). A bot
        level's player (``bot-greedy``) plays the seats its ratings count for
        (``rating_model.seat_player``): the bot seats of its level that no stand-in took."""
        mine = select(SeatRow.game_id).where(SeatRow.player_id == player_id)
        if player_id.startswith(BOT_PREFIX):
            mine = select(SeatRow.game_id).where(
                SeatRow.player_id.is_(None),
                SeatRow.kind == "bot",
                SeatRow.bot_level == player_id.removeprefix(BOT_PREFIX),
                SeatRow.resigned.is_(False),
                SeatRow.replaced_by_bot.is_(False),
            )
        query = select(GameRow).where(GameRow.id.in_(mine))
        if status is not None:
            query = query.where(GameRow.status == status)
        if listed_only:
            query = query.where(GameRow.private.is_(False))
        rows, total = self.games.page(
            query, offset=(page - 1) * page_size, page_size=page_size, count=True
        )
        return rows, total or 0

    def player_board(self, player_id: str, ended_after: datetime, limit: int) -> list[Any]:
        """Per seat of the player (``ix_seats_player_id``): (game id, seat, seat kind,
        status, seq, pending seat, pending kind, deadline, result, label, review status,
        whether a bot account plays the seat) of
        its open and active games, of those that ended after ``ended_after`` and of those
        whose review was ready after it: what the player's event stream compares between
        two looks."""
        with self.sessions() as session:
            return list(
                session.execute(
                    select(
                        GameRow.id,
                        SeatRow.seat,
                        SeatRow.kind,
                        GameRow.status,
                        GameRow.seq,
                        GameRow.pending_seat,
                        GameRow.pending_kind,
                        GameRow.deadline_at,
                        GameRow.result,
                        GameRow.label,
                        ReviewRow.status,
                        SeatRow.bot_account,
                    )
                    .join(SeatRow, SeatRow.game_id == GameRow.id)
                    .outerjoin(ReviewRow, ReviewRow.game_id == GameRow.id)
                    .where(
                        SeatRow.player_id == player_id,
                        GameRow.status.in_(("open", "active"))
                        | (GameRow.finished_at > ended_after)
                        | (ReviewRow.ready_at > ended_after),
                    )
                    .order_by(GameRow.created_at, GameRow.id, SeatRow.seat)
                    .limit(limit)
                ).all()
            )

    def player_turns(self, player_id: str, limit: int) -> list[Any]:
        """(game id, seat, seq, pending kind, deadline, label) of the active games waiting
        for one of the player's human seats, the nearest deadline first: the player's seats
        through ``ix_seats_player_id``, then each game by its primary key."""
        with self.sessions() as session:
            return list(
                session.execute(
                    select(
                        GameRow.id,
                        SeatRow.seat,
                        GameRow.seq,
                        GameRow.pending_kind,
                        GameRow.deadline_at,
                        GameRow.label,
                    )
                    .join(SeatRow, SeatRow.game_id == GameRow.id)
                    .where(
                        SeatRow.player_id == player_id,
                        SeatRow.kind == "human",
                        GameRow.status == "active",
                        GameRow.pending_seat == SeatRow.seat,
                    )
                    .order_by(GameRow.deadline_at.asc().nulls_last(), GameRow.id)
                    .limit(limit)
                ).all()
            )

    # ------------------------------------------------------------------ labels

    def finished_under_label(self, label: str) -> list[tuple[dict[str, Any], list[Any]]]:
        """(result, seats) of the label's finished games, oldest first: only the columns
        a table needs, in one statement (``ix_games_label_created_id``, then each game's
        seats by primary key)."""
        with self.sessions() as session:
            rows = session.execute(
                select(
                    GameRow.id,
                    GameRow.result,
                    SeatRow.seat,
                    SeatRow.player_id,
                    SeatRow.kind,
                    SeatRow.bot_level,
                    SeatRow.resigned,
                    SeatRow.replaced_by_bot,
                    SeatRow.name,
                )
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(GameRow.label == label, GameRow.status == "finished")
                .order_by(GameRow.created_at, GameRow.id, SeatRow.seat)
            ).all()
        games: dict[str, tuple[dict[str, Any], list[Any]]] = {}
        for row in rows:
            games.setdefault(row.id, (row.result or {"ranking": []}, []))[1].append(row)
        return list(games.values())

    def finished_ids_under_label(self, label: str) -> list[str]:
        with self.sessions() as session:
            return list(
                session.scalars(
                    select(GameRow.id)
                    .where(GameRow.label == label, GameRow.status == "finished")
                    .order_by(GameRow.created_at, GameRow.id)
                )
            )

    def finished_games_of(
        self,
        player_id: str,
        *,
        after: tuple[datetime, str] | None,
        since: datetime | None,
        until: datetime | None,
        rated: bool | None,
        players: int | None,
        listed_only: bool,
        limit: int,
    ) -> list[tuple[str, datetime, dict[str, Any]]]:
        """(id, finished_at, options) of the player's finished games, oldest finish first,
        ``limit`` after the keyset ``after`` (finished_at, id): a caller walking them all
        holds one page at a time (``ix_seats_player_id``)."""
        mine = select(SeatRow.game_id).where(SeatRow.player_id == player_id)
        query = select(GameRow.id, GameRow.finished_at, GameRow.options).where(
            GameRow.id.in_(mine), GameRow.status == "finished"
        )
        if after is not None:
            at, last = after
            query = query.where(
                (GameRow.finished_at > at) | ((GameRow.finished_at == at) & (GameRow.id > last))
            )
        if since is not None:
            query = query.where(GameRow.finished_at >= since)
        if until is not None:
            query = query.where(GameRow.finished_at < until)
        if rated is not None:
            query = query.where(GameRow.rated.is_(rated))
        if players is not None:
            query = query.where(GameRow.players == players)
        if listed_only:
            query = query.where(GameRow.private.is_(False))
        query = query.order_by(GameRow.finished_at, GameRow.id).limit(limit)
        with self.sessions() as session:
            return [(r.id, r.finished_at, r.options or {}) for r in session.execute(query)]

    def player_names(self, player_ids: Sequence[str]) -> dict[str, str]:
        with self.sessions() as session:
            return player_names(session, player_ids)

    # ------------------------------------------------------------------ ratings

    def due_ratings(self, before: datetime, limit: int) -> list[str]:
        with self.sessions() as session:
            return list(
                session.scalars(
                    select(RatingDueRow.game_id)
                    .where(RatingDueRow.due_at <= before)
                    .order_by(RatingDueRow.due_at)
                    .limit(limit)
                )
            )

    def leaderboard(
        self,
        *,
        pool: str | None,
        player_id: str | None,
        page: int,
        page_size: int,
        bots: str = "include",
    ) -> tuple[list[RatingView], int]:
        """One page of the ratings of one pool (``ix_ratings_pool_ordinal`` backwards) or
        of every pool, or of one player; ``bots``: ``include``, ``exclude`` or ``only``
        the bots (bot levels and bot accounts)."""
        is_bot = PlayerRow.bot.is_(True) | RatingRow.player_id.startswith(BOT_PREFIX)
        where = [
            *([RatingRow.pool == pool] if pool is not None else []),
            *([RatingRow.player_id == player_id] if player_id is not None else []),
            *([is_bot] if bots == "only" else [~is_bot] if bots == "exclude" else []),
        ]
        with self.sessions() as session:
            total = (
                session.scalar(
                    select(func.count())
                    .select_from(RatingRow)
                    .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
                    .where(*where)
                )
                or 0
            )
            rows = session.execute(
                select(RatingRow, PlayerRow.name, PlayerRow.bot)
                .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
                .where(*where)
                .order_by(RatingRow.ordinal.desc(), RatingRow.player_id.desc(), RatingRow.pool)
                .offset((page - 1) * page_size)
                .limit(page_size)
            ).all()
        views = [
            RatingView(
                r.player_id,
                name,
                bool(bot) or r.player_id.startswith(BOT_PREFIX),
                r.pool,
                r.mu,
                r.sigma,
                r.ordinal,
                r.games,
                r.updated_at,
            )  # fmt: skip
            for r, name, bot in rows
        ]
        return views, total

    def rating_history(
        self, player_id: str, *, pool: str | None, page: int, page_size: int
    ) -> tuple[list[RatingChange], int]:
        """One page of the player's history (in one pool, or all), latest first
        (``ix_rating_history_player_id``)."""
        mine = [
            RatingHistoryRow.player_id == player_id,
            *([RatingHistoryRow.pool == pool] if pool is not None else []),
        ]
        with self.sessions() as session:
            total = session.scalar(select(func.count()).where(*mine)) or 0
            rows = session.scalars(
                select(RatingHistoryRow)
                .where(*mine)
                .order_by(RatingHistoryRow.id.desc())
                .offset((page - 1) * page_size)
                .limit(page_size)
            ).all()
        changes = [
            RatingChange(
                h.game_id,
                h.pool,
                h.rank,
                h.seats,
                h.mu_before,
                h.sigma_before,
                h.mu,
                h.sigma,
                ordinal(h.mu, h.sigma),
                h.created_at,
            )  # fmt: skip
            for h in rows
        ]
        return changes, total
