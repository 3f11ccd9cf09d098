"""What the workers drive: bot runs, the random fallback, deadlines and the sweep's lists.

Each entry point is idempotent on ``(game_id, seq)``: a stale or repeated delivery changes
nothing and returns ``False``.

**A bot run is one task and one transaction** (docs/workers.md, "Bot runs"): the game is
read once, the bots of consecutive bot decisions think one after the other on that read
(no transaction open meanwhile), and every decision is written in one transaction: one log
entry each, the game row once, one commit, one publish of the new entries, one send for
what follows. The run stops at the first decision that is not a bot's, at the end of the
game, after ``decisions`` decisions or once ``Settings.bot_run_ms`` have passed, so one
game cannot hold a worker. Every entry reads as it would have had each decision been its
own task: its own ``created_at``, ``after.version`` one above the previous entry's, the
snapshot of the state after it on every ``SNAPSHOT_EVERY``-th.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ai import RandomBot
from engine import EngineError, Game
from service.models import GameRow
from service.parts.admission import standin_level
from service.parts.base import Part
from service.parts.moves import Moves
from service.plumbing import log_setup, metrics
from service.plumbing.errors import NotFound, from_engine_error
from service.plumbing.outages import log_failure
from service.rules import bot_rules, play
from service.rules.bots import choose_bot_action
from service.rules.seat_tokens import seat_of
from service.store import transactions

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Decision:
    """One bot decision of a run, for the metrics after the commit."""

    level: str
    offered: datetime


@dataclass(eq=False)
class Turns(Part):
    """Bot runs and deadlines of every game: ``GameService.turns``. A bot's move whose run
    lost a race goes through ``moves``, the service's own checked action path."""

    moves: Moves

    def play_bot_turn(self, game_id: str, seq: int) -> bool:
        """Play the pending bot decision at ``seq`` alone; False (no-op) when stale."""
        return self.play(game_id, seq)

    def play_bot_run(self, game_id: str, seq: int) -> bool:
        """The workers' bot task: the decision at ``seq`` and the bot decisions after it,
        up to ``settings.bot_run_decisions`` / ``bot_run_ms``, in one transaction."""
        return self.play(game_id, seq, decisions=self.settings.bot_run_decisions)

    def play_random_turn(self, game_id: str, seq: int) -> bool:
        """A RandomBot move for the bot decision at ``seq`` (the hard-limit fallback)."""
        return self.play_random(game_id, seq)

    # ------------------------------------------------------------------ bot runs

    def play(self, game_id: str, seq: int, *, decisions: int = 1) -> bool:
        """Play the pending bot decision at ``seq`` and up to ``decisions - 1`` bot
        decisions after it, as one run; False (no-op) when ``seq`` is stale.

        Each bot is the seat's own (``ai.make_bot`` through ``choose_bot_action``: a bot
        that fails, answers illegally or overruns its budget is replaced by ``RandomBot``
        for that move). The write is conditional on the version read; when the game
        changed meanwhile, the run's first move is applied on a fresh read (as an action
        at ``seq``) and the rest is left to the next run.

        The read and the write share one pooled connection: one checkout (each costs the
        pool's pre-ping, a round trip), with no transaction open on it while the bots think.
        """
        with self.store.engine.connect() as connection:
            return self._play(connection, game_id, seq, decisions)

    def _play(self, connection: Connection, game_id: str, seq: int, decisions: int) -> bool:
        # Read; think with no transaction open (the row is detached meanwhile and records
        # each decision as it is made); then write the run through the one write path.
        try:
            # The run writes both client views anew and never reads the old ones
            # (``views=False``: two JSON columns fewer to parse, once per seat row).
            row = self.store.load_outside_transaction(connection, game_id, state=True, views=False)
        except NotFound:
            return False
        seat_row = seat_of(row, row.pending_seat)
        if row.status != "active" or row.seq != seq or seat_row is None or seat_row.kind != "bot":
            self._run_ended(row)
            return False
        log_setup.note(seat=seat_row.seat)
        offered = row.updated_at  # the write that made this decision pending
        game = Game.from_dict(row.state)
        first_seat, first_action = seat_row.seat, None
        version = row.version
        made: list[_Decision] = []
        log_rows: list[Any] = []
        followup = None
        started = time.monotonic()
        budget = self.settings.bot_time_budget
        for _ in range(max(decisions, 1)):
            seat = seat_row.seat
            level = seat_row.bot_level or "random"
            action = choose_bot_action(game, level, play.bot_seed(row.seed, row.seq, seat), budget)
            if first_action is None:
                first_action = action
            try:
                events = game.apply(action, player=seat)
            except EngineError as err:
                raise from_engine_error(err) from None
            now = self.clock()
            log_row, followup = play.record_step(
                row, game, seat, action, events, "bot", None, now,
                self.settings.bot_grace, write_state=False,
            )  # fmt: skip
            log_rows.append(log_row)
            # One UPDATE for the run, one version per decision (each entry's
            # ``after.version``): the ORM writes this value, conditional on the version
            # read (``version_id_col``).
            version += 1
            row.version = version
            made.append(_Decision(level, offered))
            offered = now
            if followup is None or followup.eta is not None or followup.finished:
                break  # a human decides next, or the game is over
            if time.monotonic() - started >= self.settings.bot_run_ms / 1000:
                break
            seat_row = seat_of(row, row.pending_seat)
            assert seat_row is not None and seat_row.kind == "bot"
        row.state = game.to_dict()  # once per run (the write path's one dump)
        row.public = game.public_view()
        try:
            with self.store.writing(connection) as session:
                self.store.add_game(session, row)
                transactions.add(session, *log_rows)
        except (StaleDataError, IntegrityError):
            assert first_action is not None
            played = self.moves.play_for_bot(game_id, seq, first_seat, first_action)
            if played:
                self._replied(made[0].level, made[0].offered)
            return played
        self.after.committed(game_id, row.seq, followup)
        if followup is None or followup.eta is not None or followup.finished:
            self._run_ended(row)
        for decision in made:
            self._replied(decision.level, decision.offered)
        return True

    def play_random(self, game_id: str, seq: int) -> bool:
        """A RandomBot move for the pending bot decision at ``seq`` (False when stale).

        For the workers' fallback when a bot task was killed at its hard time limit.
        """
        turn = self._owed(game_id, seq)
        if turn is None:
            return False
        game, seat, game_seed = turn
        action = RandomBot((game_seed + seq) % play.MAX_SEED).choose(game)
        played = self.moves.play_for_bot(game_id, seq, seat, action)
        if played:  # rare (a killed task): one more read, so the owner's slot is not held
            try:
                with self.store.reading(game_id) as row:
                    self._run_ended(row)
            except NotFound:
                pass
        return played

    def _owed(self, game_id: str, seq: int) -> tuple[Any, int, int] | None:
        """(engine game, seat, game seed) when a bot owes the decision at ``seq``."""
        try:
            with self.store.reading(game_id, state=True) as row:
                if row.status != "active" or row.seq != seq:
                    return None
                seat_row = seat_of(row, row.pending_seat)
                if seat_row is None or seat_row.kind != "bot":
                    return None
                return Game.from_dict(row.state), seat_row.seat, row.seed
        except NotFound:
            return None

    def _replied(self, level: str, offered: datetime) -> None:
        """Record a bot's reply latency: offered (the write that made the decision pending)
        to its move committed, which includes the queue's wait, not only the thinking."""
        seconds = (self.clock() - offered).total_seconds()
        metrics.BOT_REPLY_SECONDS.labels(level).observe(max(seconds, 0.0))

    def _run_ended(self, row: GameRow) -> None:
        """The game's bot work is over for now (a human decides, the game ended, or the
        task found it so): give its owner's slot back to the next waiting game
        (``workers.fairshare``). A game still at a bot decision keeps its slot: that
        decision's own task is on its way."""
        pending = seat_of(row, row.pending_seat) if row.status == "active" else None
        if pending is not None and pending.kind == "bot":
            return
        owner, search = play.owner_of(row), play.has_search_bot(row)
        if owner is None or (play.has_human(row) and not search):
            return  # a live game of cheap bots never takes a slot (``_shared``)
        try:
            self.after.scheduler.bot_run_ended(row.id, owner=owner, search=search)
        except Exception as err:  # noqa: BLE001 - the lease expires; the sweep re-offers the rest
            log_failure(log, err, "could not end the bot run of %s", row.id)

    # ------------------------------------------------------------------ deadlines

    def expire_deadline(self, game_id: str, seq: int) -> bool:
        """Apply the timeout policy to the decision at ``seq`` if its deadline has passed:
        ``default_action`` has the stand-in (``options.timeout_bot_level``, default
        ``settings.standin_level``) play this one decision for the seat, which stays human;
        ``bot`` hands the seat to that bot for the rest of the game.

        Exactly once: the write is conditional on the version read, so of two concurrent
        deliveries one wins and the other returns False. A bot decision whose deadline is
        due (its task was lost) is played now, unless its owner's bot work is shared out
        (``workers.fairshare``): then its turn is offered again through the scheduler, so
        the sweep never lets a waiting game jump its owner's queue.
        """
        now = self.clock()
        try:
            with self.store.reading(game_id, state=True) as row:
                owner = play.due_owner(row, seq, now)
                if owner is None:
                    return False
                if owner.kind == "bot":
                    followup = play.Followup(
                        row.id, row.seq, live=play.has_human(row), owner=play.owner_of(row),
                        search=play.has_search_bot(row),
                    )  # fmt: skip
                    if self._shared(followup):  # offered again; nothing changed
                        try:
                            followup.send(self.after.scheduler)
                        except Exception as err:  # noqa: BLE001 - the next sweep offers it again
                            log_failure(
                                log, err, "could not offer the bot turn %s@%s", game_id, seq
                            )
                        return False
                    return self.play(game_id, seq)
                log_setup.note(seat=owner.seat)
                policy, game, game_seed = row.timeout_policy, Game.from_dict(row.state), row.seed
                due_at = row.deadline_at
                level = standin_level(row, "timeout_bot_level", self.settings)
        except NotFound:
            return False
        standin_move = None
        # Think before the transaction, as bot turns do (unless the seat is handed over).
        if policy == "default_action" and not bot_rules.hands_over(owner):
            seed = play.bot_seed(game_seed, seq, owner.seat)
            standin_move = choose_bot_action(game, level, seed, self.settings.bot_time_budget)
        followup = None
        try:
            with self.store.changing(game_id, state=True) as (session, row):
                owner = play.due_owner(row, seq, now)
                if owner is None or owner.kind != "human":
                    return False
                if row.timeout_policy == "bot" or bot_rules.hands_over(owner):
                    owner.replaced_by_bot = True
                    owner.timeouts += 1
                    log_row, followup = play.hand_to_bot(
                        row, owner, level, "timeout", now, self.settings.bot_grace
                    )
                    transactions.add(session, log_row)
                    outcome = "a bot takes over"
                else:
                    assert standin_move is not None
                    log_row, followup = play.apply_step(
                        row, owner.seat, standin_move, "timeout", None, now,
                        self.settings.bot_grace,
                    )  # fmt: skip
                    transactions.add(session, log_row)
                    outcome = f"{level} plays this decision"
        except (StaleDataError, IntegrityError):
            return False
        self.after.committed(game_id, row.seq, followup)
        metrics.DEADLINE_LATENESS_SECONDS.observe(max((now - due_at).total_seconds(), 0.0))
        log.info("game %s: seat %d timed out, %s", game_id, owner.seat, outcome)
        return True

    def _shared(self, followup: play.Followup) -> bool:
        """Whether this bot turn goes through the scheduler's fair share (its owner has a
        quota there): bot-only games and games with search bots, of a known owner."""
        if followup.owner is None or (followup.live and not followup.search):
            return False
        return self.after.scheduler.shares_by_owner

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
