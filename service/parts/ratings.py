"""Ratings: OpenSkill's Plackett–Luce model over the finished rated games (docs/api.md,
"Ratings").

The model, and who a seat counts for, are ``service.rules.rating_model``'s.

Rating a game is one transaction: read the players' ratings (locked on PostgreSQL), write
the new ones and the history, insert ``rated_games`` (the game id is its primary key) and
delete the game's ``ratings_due`` row. A second delivery finds ``rated_games`` and does
nothing; two concurrent ones cannot both commit.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.models import (
    GameRow,
    PlayerRow,
    RatedGameRow,
    RatingHistoryRow,
    RatingRow,
)
from service.parts.base import Part
from service.plumbing import metrics
from service.plumbing.errors import Conflict, NotFound
from service.rules.game_options import GameOptions
from service.rules.rating_model import (
    BOT_PREFIX,
    ordinal,
    pool_of,
    ranks_of,
    rate,
    seat_player,
    starting_rating,
)
from service.store import games, transactions
from service.store import ratings as queries

if TYPE_CHECKING:  # the store reads ratings' tables with this module's helpers
    from service.rules.player_views import RatingChange, RatingView

log = logging.getLogger(__name__)
#: Tries of a rating that keeps losing the race to a concurrent first rating.
RETRIES = 8


def rate_game(session: Session, row: GameRow, now: datetime) -> int | None:
    """Rate the finished game ``row`` in ``session`` (the caller commits); return how many
    players' ratings changed, or None when the game was rated before."""
    if queries.was_rated(session, row.id):
        queries.forget_due(session, row.id)
        return None
    seats = [seat_player(s) for s in row.seats]
    changed = 0
    if row.rated and row.result and None not in seats and len(set(seats)) >= 2:
        players = [p for p in seats if p is not None]
        changed = _apply(session, players, ranks_of(row.result["ranking"], row.players), row, now)
    transactions.add(session, RatedGameRow(game_id=row.id, players=changed, rated_at=now))
    queries.forget_due(session, row.id)
    return changed


def _apply(
    session: Session, players: list[str], ranks: list[int], row: GameRow, now: datetime
) -> int:
    ids = sorted(set(players))  # one lock order for every game: no deadlocks
    options = GameOptions.of(row.options)
    bot_accounts = any(s.bot_account for s in row.seats)
    pool = pool_of(row.players, options.variant, bot_accounts, options.chosen("people_pool"))
    _ensure_bot_players(session, ids, now)
    current = {r.player_id: r for r in queries.ratings_locked(session, pool, ids)}
    before = {p: (r.mu, r.sigma) for p, r in current.items()}
    for player in ids:  # a bot level's first game here starts from the ladder
        start = None if player in before else starting_rating(player, pool)
        if start is not None:
            before[player] = start
    for update in rate(players, ranks, before):
        rating = current.get(update.player_id)
        if rating is None:
            rating = RatingRow(player_id=update.player_id, pool=pool, games=0)
            transactions.add(session, rating)
        rating.mu, rating.sigma = update.mu, update.sigma
        rating.ordinal = ordinal(update.mu, update.sigma)
        rating.games += 1
        rating.updated_at = now
        transactions.add(
            session,
            RatingHistoryRow(
                player_id=update.player_id,
                game_id=row.id,
                pool=pool,
                rank=update.rank,
                seats=row.players,
                mu_before=update.mu_before,
                sigma_before=update.sigma_before,
                mu=update.mu,
                sigma=update.sigma,
                created_at=now,
            ),
        )
    return len(ids)


def _ensure_bot_players(session: Session, ids: list[str], now: datetime) -> None:
    """The player rows of the bot levels among ``ids``, created on their first rated game
    (with no token: nothing ever authenticates as a bot)."""
    bots = [p for p in ids if p.startswith(BOT_PREFIX)]
    if not bots:
        return
    known = queries.existing_players(session, bots)
    for player_id in bots:
        if player_id not in known:
            level = player_id.removeprefix(BOT_PREFIX)
            transactions.add(session, PlayerRow(id=player_id, name=f"bot:{level}", created_at=now))
    session.flush()


@dataclass(eq=False)
class Ratings(Part):
    """Rating finished games and reading the tables."""

    def rate_game(self, game_id: str) -> int | None:
        """Rate a finished rated game: the number of players whose rating changed (0: not
        ratable), or None when it was rated before or is not finished. Exactly once:
        ``rated_games`` is keyed by the game and written in the same transaction; a lost
        race (a concurrent first rating) is retried."""
        for _attempt in range(RETRIES):
            try:
                with self.store.writing() as session:
                    row = games.game(session, game_id)
                    finished = row is not None and row.status == "finished"
                    changed = rate_game(session, row, self.clock()) if finished else None
            except IntegrityError:
                continue  # a concurrent rating (of this game or a first one of a player)
            result = "skipped" if changed is None else "rated" if changed else "unratable"
            metrics.RATING_RUNS.labels(result).inc()
            if changed is not None:
                log.info("game %s rated (%d players)", game_id, changed)
            return changed
        raise Conflict("version_conflict", f"could not rate {game_id}; retry")

    def due_ratings(self, before: datetime, limit: int = 100) -> list[str]:
        """Finished rated games still waiting for their rating since before ``before``:
        the sweep re-sends their tasks (their first message may be lost)."""
        return self.store.people.due_ratings(before, limit)

    def leaderboard(
        self,
        *,
        pool: str | None = None,
        player_id: str | None = None,
        page: int = 1,
        page_size: int = 50,
        bots: str = "include",
    ) -> tuple[list[RatingView], int]:
        """Rated players (bots included), the highest ordinal (``mu - 3 sigma``) first: in
        one pool (a game size such as ``4p`` or a 2-player variant), or each player's
        rating in every pool; ``player_id``: one player's ratings. ``bots``: ``include``
        them, ``exclude`` them (people only) or ``only`` them (bot levels and bot
        accounts)."""
        return self.store.people.leaderboard(
            pool=pool, player_id=player_id, page=page, page_size=page_size, bots=bots
        )

    def rating_history(
        self, player_id: str, *, pool: str | None = None, page: int = 1, page_size: int = 50
    ) -> tuple[list[RatingChange], int]:
        """A player's rating changes (in one pool, or all), the latest first (404
        ``player_not_found``)."""
        if not self.store.people.player_exists(player_id):
            raise NotFound("player_not_found", f"no player {player_id}")
        return self.store.people.rating_history(
            player_id, pool=pool, page=page, page_size=page_size
        )
