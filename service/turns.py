"""What the workers drive: bot turns and deadlines. Each is idempotent on (game_id, seq): a
stale or repeated delivery changes nothing.

A bot thinks outside any transaction and its move is written like any action, conditionally
on the decision still being pending; a deadline that passed applies the game's timeout
policy exactly once (``docs/workers.md``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ai import RandomBot
from engine import Game
from service import logs, metrics, play
from service.bots import choose_bot_action
from service.errors import Conflict, Forbidden, NotFound, PreconditionFailed
from service.moves import ActionRequest, Moves
from service.parts import Part
from service.seats import seat_of

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Turns(Part):
    """``Turns(store, settings, clock, after, moves)``: bot turns and deadlines."""

    moves: Moves

    def play_bot_turn(self, game_id: str, seq: int) -> bool:
        """Play the pending bot decision at ``seq``; False (no-op) when stale.

        Builds the seat's bot with ``ai.make_bot``; a bot that fails, returns an illegal
        action or exceeds its time budget is replaced for this move by ``ai.RandomBot``.
        No transaction stays open while the bot thinks: the move is written like any
        action, conditionally on ``seq`` still being pending.
        """
        with self.store.sessions() as session:
            try:
                row = self.store.load(session, game_id, state=True)
            except NotFound:
                return False
            seat_row = seat_of(row, row.pending_seat)
            if row.status != "active" or row.seq != seq or seat_row is None:
                return False
            if seat_row.kind != "bot":
                return False
            seat, level = seat_row.seat, seat_row.bot_level or "random"
            logs.note(seat=seat)
            offered = row.updated_at  # the write that made this decision pending
            game = Game.from_dict(row.state)
            session.commit()  # no transaction stays open while the bot thinks
            bot_seed = (row.seed * 1_000_003 + seq * 7919 + seat) % play.MAX_SEED
            action = choose_bot_action(game, level, bot_seed, self.settings.bot_time_budget)
            # Write with the read the bot thought on (one read per move), conditional on
            # its version; a game changed meanwhile is read again by ``_play_for_bot``.
            try:
                with session.begin():
                    play.check_can_act(row, seat, "bot", seq)
                    log_row, followup = play.apply_step(
                        row, seat, action, "bot", None, self.clock(), self.settings.bot_grace
                    )
                    session.add(log_row)
                    sent = self.store.outbox(session, row)
            except (StaleDataError, IntegrityError, Conflict, PreconditionFailed, Forbidden):
                played = self._play_for_bot(game_id, seq, seat, action)
                if played:
                    self._bot_replied(level, offered)
                return played
        self.after.webhooks(sent)
        self.after.committed(game_id, row.seq, followup)
        self._bot_replied(level, offered)
        return True

    def _bot_replied(self, level: str, offered: datetime) -> None:
        """Record a bot's reply latency: offered (the write that made the decision pending)
        to its move committed, which includes the queue's wait, not only the thinking."""
        seconds = (self.clock() - offered).total_seconds()
        metrics.BOT_REPLY_SECONDS.labels(level).observe(max(seconds, 0.0))

    def play_random_turn(self, game_id: str, seq: int) -> bool:
        """A RandomBot move for the pending bot decision at ``seq`` (False when stale).

        For the workers' fallback when a bot task was killed at its hard time limit.
        """
        turn = self._owed_bot_turn(game_id, seq)
        if turn is None:
            return False
        game, seat, _level, game_seed = turn
        action = RandomBot((game_seed + seq) % play.MAX_SEED).choose(game)
        return self._play_for_bot(game_id, seq, seat, action)

    def _owed_bot_turn(self, game_id: str, seq: int) -> tuple[Any, int, str, int] | None:
        """(engine game, seat, level, game seed) when a bot owes the decision at ``seq``."""
        try:
            with self.store.reading(game_id, state=True) as row:
                if row.status != "active" or row.seq != seq:
                    return None
                seat_row = seat_of(row, row.pending_seat)
                if seat_row is None or seat_row.kind != "bot":
                    return None
                level = seat_row.bot_level or "random"
                return Game.from_dict(row.state), seat_row.seat, level, row.seed
        except NotFound:
            return None

    def _play_for_bot(self, game_id: str, seq: int, seat: int, action: dict[str, Any]) -> bool:
        try:
            self.moves.apply(game_id, seat, ActionRequest(action, "bot", expected_seq=seq))
        except (Conflict, PreconditionFailed, Forbidden):
            return False  # the game moved on meanwhile (another delivery, a resign...)
        return True

    def expire_deadline(self, game_id: str, seq: int) -> bool:
        """Apply the timeout policy to the decision at ``seq`` if its deadline has passed:
        ``default_action`` has the stand-in (``options.timeout_bot_level``, default
        ``settings.standin_level``) play this one decision for the seat, which stays human;
        ``bot`` hands the seat to that bot for the rest of the game.

        Exactly once: the write is conditional on the version read, so of two concurrent
        deliveries one wins and the other returns False. A bot decision whose deadline is
        due (its task was lost) is simply played now.
        """
        now = self.clock()
        try:
            with self.store.reading(game_id, state=True) as row:
                owner = play.due_owner(row, seq, now)
                if owner is None:
                    return False
                if owner.kind == "bot":
                    return self.play_bot_turn(game_id, seq)
                logs.note(seat=owner.seat)
                policy, game, game_seed = row.timeout_policy, Game.from_dict(row.state), row.seed
                due_at = row.deadline_at
                level = row.options.get("timeout_bot_level") or self.settings.standin_level
        except NotFound:
            return False
        standin_move = None
        if policy == "default_action":  # think before the transaction, as bot turns do
            bot_seed = (game_seed * 1_000_003 + seq * 7919 + owner.seat) % play.MAX_SEED
            standin_move = choose_bot_action(game, level, bot_seed, self.settings.bot_time_budget)
        followup = None
        try:
            with self.store.changing(game_id, state=True) as (session, row):
                owner = play.due_owner(row, seq, now)
                if owner is None or owner.kind != "human":
                    return False
                if row.timeout_policy == "bot":
                    owner.replaced_by_bot = True
                    owner.timeouts += 1
                    log_row, followup = play.hand_to_bot(
                        row, owner, level, "timeout", now, self.settings.bot_grace
                    )
                    session.add(log_row)
                    outcome = "a bot takes over"
                else:
                    assert standin_move is not None
                    log_row, followup = play.apply_step(
                        row, owner.seat, standin_move, "timeout", None, now,
                        self.settings.bot_grace,
                    )  # fmt: skip
                    session.add(log_row)
                    outcome = f"{level} plays this decision"
        except (StaleDataError, IntegrityError):
            return False
        self.after.committed(game_id, row.seq, followup)
        metrics.DEADLINE_LATENESS_SECONDS.observe(max((now - due_at).total_seconds(), 0.0))
        log.info("game %s: seat %d timed out, %s", game_id, owner.seat, outcome)
        return True

    def due_deadlines(self, now: datetime | None = None, limit: int = 100) -> list[tuple[str, int]]:
        """(game_id, seq) of active games whose deadline has passed, oldest first."""
        return self.store.due(now or self.clock(), limit)

    def upcoming_deadlines(
        self, until: datetime, limit: int = 100
    ) -> list[tuple[str, int, datetime]]:
        """(game_id, seq, deadline_at) of human decisions due after now and by ``until``:
        what the sweep gives a timed message as they come within the scheduler's horizon."""
        return self.store.upcoming(self.clock(), until, limit)

    def orphaned_bot_turn(self, game_id: str, seq: int) -> int | None:
        """After a *redelivered* task for ``seq`` found itself stale: the seq of the bot
        decision pending now, which the worker should send again, else None.

        A worker killed between committing a move and sending the next bot task leaves a
        game whose pending bot decision has no message. Its own message is then
        redelivered (it was never acknowledged) and finds itself stale; that is the one
        moment to re-send. A human decision needs nothing: its deadline is in the database
        and the sweep has it. A spare message is harmless (stale → no-op).
        """
        try:
            with self.store.reading(game_id) as row:
                if row.status != "active" or row.seq <= seq:
                    return None
                owner = seat_of(row, row.pending_seat)
                return row.seq if owner is not None and owner.kind == "bot" else None
        except NotFound:
            return None
