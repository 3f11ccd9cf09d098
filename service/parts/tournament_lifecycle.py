"""A tournament's life from its start to its end (docs/tournaments.md): the workers run it with
``step``, which the beat's sweep calls for every running tournament and the scheduler's ETA
message at the start time (``Scheduler.tournament_due``). Every step is safe to repeat and to
interrupt:

- the start is a conditional update (``upcoming`` → ``running``) that also fixes each
  entrant's rating;
- a round's pairing is stored (its primary key: tournament and number) before any of its
  games is made, so a second pairing of the same round fails and the stored one is used;
- each table's game is made once (``service.parts.tournament_formats``); a step makes the
  tables the stored pairing still lacks;
- a table is finished (its places written) by a conditional update once its game is over,
  a round closes when all its tables have, and the next round is paired in the same step.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.models import TournamentRoundRow, TournamentRow, TournamentTableRow
from service.parts.base import Part
from service.parts.tournament_formats import (
    TournamentTables,
    least,
    schedule_round_robin,
    swiss_pairing,
)
from service.parts.tournament_standings import UNRATED, standing_views
from service.plumbing.aftercommit import AfterCommit
from service.plumbing.outages import log_failure
from service.rules.rating_model import pool_of
from service.rules.tournament_tables import table_result, without_withdrawn
from service.store import tournaments as q
from service.store import transactions

log = logging.getLogger(__name__)

MAX_ROUNDS = 30
#: The notice's "game id" that wakes a tournament's streams (``api/stream``).
STREAM_PREFIX = "tournament:"


@dataclass
class StepReport:
    """What one step did (tests and logs read it)."""

    started: bool = False
    paired: list[int] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    finished: bool = False


def due_at(after: AfterCommit, tournament_id: str, eta: datetime) -> None:
    """Ask the scheduler to step the tournament at ``eta`` (its start, an arena's end)."""
    try:
        after.scheduler.tournament_due(tournament_id, eta)
    except Exception as err:  # noqa: BLE001 - the sweep steps it anyway
        log_failure(log, err, "scheduler failed for tournament %s", tournament_id)


def announce(after: AfterCommit, tournament_id: str) -> None:
    """Wake the tournament's streams."""
    try:
        after.publisher.game_changed(STREAM_PREFIX + tournament_id, 0)
    except Exception as err:  # noqa: BLE001 - streams re-check periodically
        log_failure(log, err, "publisher failed for tournament %s", tournament_id)


@dataclass(eq=False)
class TournamentLifecycle(Part):
    """The workers' part of the tournaments: steps them, making the tables' games with
    ``tables``."""

    tables: TournamentTables

    def due(self, now: datetime | None = None, limit: int = 100) -> list[str]:
        now = now or self.clock()
        with self.store.sessions() as session:
            return q.due(session, now, limit)

    def sweep(self, now: datetime | None = None, limit: int = 100) -> dict[str, StepReport]:
        """Step every tournament with work (the workers' beat runs this; tests with a fake
        clock call it directly)."""
        now = now or self.clock()
        reports = {}
        for tournament_id in self.due(now, limit):
            try:
                reports[tournament_id] = self.step(tournament_id, now)
            except Exception as err:  # noqa: BLE001 - one tournament must not stop the rest
                log_failure(log, err, "tournament %s: step failed; the next sweep retries",
                            tournament_id)  # fmt: skip
        return reports

    def step(self, tournament_id: str, now: datetime | None = None) -> StepReport:
        """Everything due for the tournament now (module docstring); safe to repeat."""
        now = now or self.clock()
        report = StepReport()
        with self.store.sessions() as session:
            row = q.tournament(session, tournament_id)
        if row is None or row.status in ("finished", "cancelled"):
            return report
        if row.status == "upcoming":
            if row.starts_at > now:
                return report
            self._start(row, now, report)
            with self.store.sessions() as session:
                row = q.tournament(session, tournament_id)
            if row is None or row.status != "running":
                return report
        if row.format == "arena":
            self._arena_step(row, now, report)
        else:
            self._rounds_step(row, now, report)
        if report.started or report.paired or report.closed or report.finished or report.games:
            announce(self.after, tournament_id)
        return report

    # ------------------------------------------------------------------ steps

    def _start(self, row: TournamentRow, now: datetime, report: StepReport) -> None:
        pool = pool_of(row.players, row.variant)
        with self.store.writing() as session:
            # Everyone with a line in the standings (also who withdrew again) gets a rating.
            listed = [e for e, _ in q.entries(session, row.id) if e.entered_at]
            entered = [e for e in listed if e.status == "entered"]
            if len(entered) < least(row):
                q.set_status(session, row.id, "upcoming", "cancelled", finished_at=now)
                log.info("tournament %s cancelled: %d entrants", row.id, len(entered))
                report.finished = True
                return
            ends = now + timedelta(seconds=row.duration) if row.duration else None
            if not q.set_status(session, row.id, "upcoming", "running", started_at=now,
                                ends_at=ends):  # fmt: skip
                return  # another step started it
            ratings = q.ratings(session, [e.player_id for e in listed], pool)
            for e in listed:
                e.rating = ratings.get(e.player_id, UNRATED)
                if row.format == "arena" and e.status == "entered":
                    e.waiting_since = now
            if row.format == "round_robin":
                schedule_round_robin(session, row, entered, now)
        report.started = True
        log.info("tournament %s started with %d entrants", row.id, len(entered))
        if ends is not None:
            due_at(self.after, row.id, ends)

    def _rounds_step(self, row: TournamentRow, now: datetime, report: StepReport) -> None:
        """Swiss and round robin: make the current round's missing games, close it when
        all its tables are over, then pair (or start) the next."""
        for _ in range(MAX_ROUNDS + 1):
            with self.store.sessions() as session:
                row = q.tournament(session, row.id)  # type: ignore[assignment]
                current = q.round_row(session, row.id, row.round) if row.round else None
            if current is None or current.status == "scheduled":
                if row.round and current is None:
                    return
                number = row.round + 1 if current is None else row.round
                if row.rounds is not None and number > row.rounds:
                    self._finish(row, now, report)
                    return
                if not self._pair(row, number, now, report):
                    return
                continue
            report.games += self.tables.make_tables(row, current)
            if current.status == "playing" and not self._close(row, current, now, report):
                return
            if row.rounds is not None and row.round >= row.rounds:
                self._finish(row, now, report)
                return
            if not self._pair(row, row.round + 1, now, report):
                return

    def _pair(self, row: TournamentRow, number: int, now: datetime, report: StepReport) -> bool:
        """Store round ``number``'s pairing (a round robin's was stored at the start) and
        move the tournament to it; False when there are too few entrants left to pair
        (the tournament finishes)."""
        changed = nobody = False
        deliveries: list[str] = []
        try:
            with self.store.writing() as session:
                entered = [e for e, _ in q.entries(session, row.id) if e.status == "entered"]
                stored = q.round_row(session, row.id, number)
                if stored is None:
                    if len(entered) < least(row):
                        nobody = True
                    else:
                        pairing = swiss_pairing(session, row, entered)
                        transactions.add(session,
                            TournamentRoundRow(
                                tournament_id=row.id, number=number, status="playing",
                                pairing={"tables": pairing.tables, "byes": pairing.byes},
                                started_at=now,
                            )
                        )  # fmt: skip
                        session.flush()
                        changed = True
                elif stored.status == "scheduled":
                    # A round robin's schedule: those who withdrew since are not seated
                    # (the service's bots play their seats).
                    played = without_withdrawn(stored.pairing, {e.player_id for e in entered})
                    changed = q.set_round(session, row.id, number, "scheduled", status="playing",
                                          started_at=now, pairing=played)  # fmt: skip
                if not nobody:
                    q.advance_round(session, row.id, number)
                if changed:
                    deliveries = self._deliveries(session, row, "tournament.round_started",
                                                  number, now)  # fmt: skip
        except IntegrityError:
            return True  # another step stored this round's pairing first: the loop reads it
        if nobody:
            self._finish(row, now, report)
            return False
        if changed:
            report.paired.append(number)
            log.info("tournament %s: round %d paired", row.id, number)
            self.after.webhooks(deliveries)
        return True

    def _refresh(self, row: TournamentRow, now: datetime) -> list[TournamentTableRow]:
        """Finish every playing table whose game is over; the tables finished now."""
        done = []
        with self.store.sessions() as session:
            playing = q.playing_tables(session, row.id)
        for table in playing:
            with self.store.writing() as session:
                game = q.game(session, table.game_id)
                if game is None or game.status not in ("finished", "aborted"):
                    continue
                places, missed = table_result(table.seats, game)
                missed = sorted(set(missed) | set(table.missed or []))  # paused from the start
                if q.finish_table(session, row.id, table.round, table.table, places, missed, now):
                    table.places, table.missed = places, missed
                    done.append(table)
        return done

    def _close(
        self, row: TournamentRow, current: TournamentRoundRow, now: datetime, report: StepReport
    ) -> bool:
        """Close the round when all its tables are over: the entrants who missed it
        (``missed_limit`` rounds in a row: withdrawn). False while games go on."""
        self._refresh(row, now)
        with self.store.writing() as session:
            tables = q.tables(session, row.id, current.number)
            if len(tables) < sum(1 for t in current.pairing["tables"] if any(t)):
                return False
            if any(t.status != "finished" for t in tables):
                return False
            if not q.set_round(session, row.id, current.number, "playing", status="finished",
                               finished_at=now):  # fmt: skip
                return True  # closed by another step
            missed = {p for t in tables for p in (t.missed or [])}
            for e, _ in q.entries(session, row.id):
                if e.status != "entered":
                    continue
                if e.player_id in missed:
                    e.missed += 1
                    if e.missed >= row.missed_limit:
                        e.status, e.withdrawn_at = "withdrawn", now
                elif any(e.player_id in (t.seats or []) for t in tables):
                    e.missed = 0
            session.flush()
            deliveries = self._deliveries(session, row, "tournament.round_finished",
                                          current.number, now)  # fmt: skip
        report.closed.append(current.number)
        log.info("tournament %s: round %d finished", row.id, current.number)
        self.after.webhooks(deliveries)
        return True

    def _finish(self, row: TournamentRow, now: datetime, report: StepReport) -> None:
        with self.store.writing() as session:
            if not q.set_status(session, row.id, "running", "finished", finished_at=now):
                return
            deliveries = self._deliveries(session, row, "tournament.finished", None, now)
        report.finished = True
        log.info("tournament %s finished", row.id)
        self.after.webhooks(deliveries)

    def _arena_step(self, row: TournamentRow, now: datetime, report: StepReport) -> None:
        """An arena: finish the tables that are over (their players wait again), seat the
        waiting ones while time is left; finished when time is up and no game goes on."""
        for table in self._refresh(row, now):
            with self.store.writing() as session:
                for player in table.seats:
                    if player is not None:
                        q.set_entry(session, row.id, player, ("entered",), waiting_since=now)
            report.closed.append(table.table)
        with self.store.sessions() as session:
            playing = q.playing_tables(session, row.id)
        if row.ends_at is not None and now >= row.ends_at:
            if not playing:
                self._finish(row, now, report)
            return
        report.games += self.tables.seat_arena(row)

    def _deliveries(
        self, session: Session, row: TournamentRow, event: str, number: int | None,
        now: datetime,
    ) -> list[str]:  # fmt: skip
        """The webhook deliveries of ``event`` to the organiser and every entrant, written
        in the step's own transaction (the outbox: a step that commits has them, one that
        rolls back has none); the standings so far in the payload."""
        entries = q.entries(session, row.id)
        players = [row.organiser_id] + [e.player_id for e, _ in entries if e.entered_at]
        top = [
            {"rank": s.rank, "player_id": s.player_id, "name": s.name, "score": s.score}
            for s in standing_views(session, row)
        ]
        payload = {
            "type": event,
            "timestamp": now.isoformat(),
            "data": {
                "tournament_id": row.id, "name": row.name, "format": row.format,
                "round": number, "standings": top,
            },
        }  # fmt: skip
        return q.add_deliveries(session, players, event, payload, now)
