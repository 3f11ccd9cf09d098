"""What the workers drive: bot moves, the random fallback move, deadlines and the sweep
that finds overdue ones. Each is idempotent on ``(game_id, seq)``: a stale or repeated
delivery changes nothing and returns False."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import undefer
from sqlalchemy.orm.exc import StaleDataError

from service.actions import ActionRequest, GameActions
from service.bots import choose_bot_action, replacement_bot_level
from service.core import MAX_SEED, AfterCommit, Followup, touch
from service.errors import Conflict, Forbidden, NotFound, PreconditionFailed
from service.models import GameRow
from service.seats import seat_of

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _BotTurn:
    """A bot's pending decision as read (no session stays open while the bot thinks)."""

    game: Any
    seat: int
    level: str
    game_seed: int
    row: Any  # the record read (the hot path's), reused for the write; None on the ORM path


class WorkerTurns(GameActions):
    """Moves that no human submits: bots and timeouts."""

    def play_bot_turn(self, game_id: str, seq: int) -> bool:
        """Play the pending bot decision at ``seq``; False (no-op) when stale.

        Builds the seat's bot with ``ai.make_bot``; a bot that fails, returns an illegal
        action or exceeds its time budget is replaced for this move by ``ai.RandomBot``.
        """
        turn = self._bot_turn(game_id, seq)
        if turn is None:
            return False
        bot_seed = (turn.game_seed * 1_000_003 + seq * 7919 + turn.seat) % MAX_SEED
        action = choose_bot_action(turn.game, turn.level, bot_seed, self.settings.bot_time_budget)
        return self._play_for_bot(game_id, seq, turn, action)

    def play_random_turn(self, game_id: str, seq: int) -> bool:
        """A RandomBot move for the pending bot decision at ``seq`` (False when stale).

        For the workers' fallback when a bot task was killed at its hard time limit.
        """
        from ai import RandomBot

        turn = self._bot_turn(game_id, seq)
        if turn is None:
            return False
        action = RandomBot((turn.game_seed + seq) % MAX_SEED).choose(turn.game)
        return self._play_for_bot(game_id, seq, turn, action)

    def _bot_turn(self, game_id: str, seq: int) -> _BotTurn | None:
        """The pending decision at ``seq`` when a bot seat owes it, else None (stale).

        On the hot path this is the action transaction's own read, and the write reuses it
        (conditional on its version): one read of the game per bot move instead of two.
        """
        if self._actions is not None:
            try:
                return _owed_by_bot(self._actions.load(game_id), seq, reuse=True)
            except NotFound:
                return None
        with self.sessions() as session:
            row = session.get(GameRow, game_id, options=[undefer(GameRow.state)])
            return None if row is None else _owed_by_bot(row, seq, reuse=False)

    def _play_for_bot(self, game_id: str, seq: int, turn: _BotTurn, action: dict[str, Any]) -> bool:
        request = ActionRequest(action, "bot", expected_seq=seq)
        try:
            try:
                self._apply(game_id, turn.seat, request, preloaded=turn.row)
            except Conflict as err:
                if turn.row is None or err.code != "version_conflict":
                    raise
                # The game changed while the bot thought (another seat resigned, say):
                # judge the move on a fresh read, as if it had been read just now.
                self._apply(game_id, turn.seat, request)
        except (Conflict, PreconditionFailed, Forbidden):
            return False  # the game moved on meanwhile (another delivery, a resign...)
        return True

    def expire_deadline(self, game_id: str, seq: int) -> bool:
        """Apply the timeout policy to the decision at ``seq`` if its deadline has passed.

        Exactly once: the write is conditional on the version read, so of two concurrent
        deliveries one wins and the other returns False. A bot decision whose deadline is
        due (its task was lost) is simply played now.
        """
        now = self.clock()
        with self.sessions() as session:
            row = session.get(GameRow, game_id)
            if (
                row is None
                or row.status != "active"
                or row.seq != seq
                or row.deadline_at is None
                or row.deadline_at > now
            ):
                return False
            seat_row = seat_of(row, row.pending_seat)
            if seat_row is None:
                return False
            is_bot = seat_row.kind == "bot"
        if is_bot:
            return self.play_bot_turn(game_id, seq)
        ctx = AfterCommit()
        try:
            with self.sessions.begin() as session:
                row = self._load(session, game_id, state=True)
                if row.status != "active" or row.seq != seq or row.deadline_at is None:
                    return False
                if row.deadline_at > now:
                    return False
                seat_row = seat_of(row, row.pending_seat)
                if seat_row is None or seat_row.kind != "human":
                    return False
                if row.timeout_policy == "bot":
                    seat_row.kind = "bot"
                    seat_row.bot_level = (
                        row.options.get("timeout_bot_level") or replacement_bot_level()
                    )
                    seat_row.replaced_by_bot = True
                    seat_row.timeouts += 1
                    row.deadline_at = now + timedelta(seconds=self.settings.bot_grace)
                    touch(row, now)
                    ctx.followups.append((row.id, Followup("bot_turn", row.seq)))
                    log.info("game %s: seat %d timed out, a bot takes over", game_id, seat_row.seat)
                else:
                    default = (row.pending or {}).get("actions", [None])[0]
                    if default is None:
                        return False
                    session.add(
                        self._apply_locked(row, seat_row.seat, default, "timeout", None, ctx)
                    )
                    log.info("game %s: seat %d timed out, default action", game_id, seat_row.seat)
                session.flush()
        except (StaleDataError, IntegrityError):
            return False
        self._dispatch(ctx)
        return True

    def due_deadlines(self, now: datetime | None = None, limit: int = 100) -> list[tuple[str, int]]:
        """(game_id, seq) of active games whose deadline has passed, oldest first."""
        now = now or self.clock()
        with self.sessions() as session:
            rows = session.execute(
                select(GameRow.id, GameRow.seq)
                .where(
                    GameRow.status == "active",
                    GameRow.deadline_at.is_not(None),
                    GameRow.deadline_at <= now,
                )
                .order_by(GameRow.deadline_at)
                .limit(limit)
            ).all()
            return [(r[0], r[1]) for r in rows]


def _owed_by_bot(row: Any, seq: int, *, reuse: bool) -> _BotTurn | None:
    from engine import Game

    if row.status != "active" or row.seq != seq:
        return None
    seat_row = seat_of(row, row.pending_seat)
    if seat_row is None or seat_row.kind != "bot":
        return None
    return _BotTurn(
        Game.from_dict(row.state),
        seat_row.seat,
        seat_row.bot_level or "random",
        row.seed,
        row if reuse else None,
    )
