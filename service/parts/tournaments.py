"""Tournaments the service runs (docs/tournaments.md): Swiss at tables of the game's size,
round robin and arena, for players who enter with their own token.

An organiser (a player) creates a tournament with its game terms, format and entry
conditions; players enter and withdraw themselves until it starts (an arena also while it
runs). From its start the workers run it with ``step``, which the beat's sweep calls for
every running tournament and the scheduler's ETA message at the start time
(``Scheduler.tournament_due``). Every step is safe to repeat and to interrupt:

- the start is a conditional update (``upcoming`` → ``running``) that also fixes each
  entrant's rating;
- a round's pairing is stored (its primary key: tournament and number) before any of its
  games is made, so a second pairing of the same round fails and the stored one is used;
- each table's game is made by ``Creation.create_game`` with the table row added in the
  game's own transaction (its primary key: tournament, round, table), so a table gets one
  game however often a step is repeated; a step makes the tables the stored pairing still
  lacks;
- a table is finished (its places written) by a conditional update once its game is over,
  a round closes when all its tables have, and the next round is paired in the same step.

The pairing, the seating of a table and the scores are pure functions
(``service.rules.tournament_pairing``, ``service.rules.tournament_tables``,
``service.rules.tournament_scoring``); the statements are ``service.store.tournaments``'s,
the rounds' listing ``service.parts.tournament_rounds``'s.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.models import GameRow, TournamentRoundRow, TournamentRow, TournamentTableRow
from service.parts.base import Part
from service.parts.creation import Creation
from service.parts.tournament_rounds import RoundView, TableView, round_views, table_view
from service.plumbing.errors import Conflict, Forbidden, NotFound, Unprocessable
from service.plumbing.outages import log_failure
from service.plumbing.text_check import TITLE_MAX, display_text, shown
from service.rules import clocks
from service.rules.bots import check_bot_level, is_search_level
from service.rules.game_options import game_size
from service.rules.notice_kinds import NoticeKind
from service.rules.rating_model import pool_of
from service.rules.seat_tokens import hash_token, new_token
from service.rules.tournament_pairing import (
    Entrant,
    Waiting,
    arena_tables,
    round_robin,
    swiss,
)
from service.rules.tournament_scoring import Table, met_counts, standings
from service.rules.tournament_tables import (
    bot_places,
    seat_order,
    table_result,
    without_withdrawn,
)
from service.store import outbox, transactions
from service.store import tournaments as q
from service.store.people import player_names

log = logging.getLogger(__name__)

FORMATS = ("swiss", "round_robin", "arena")
ENTRY = ("open", "invitation")
STATUSES = ("upcoming", "running", "finished", "cancelled")
MAX_ROUNDS = 30
#: Round robin is for small fields.
ROUND_ROBIN_MAX = 16
MIN_DURATION, MAX_DURATION = 60, 7 * 24 * 3600
DEFAULT_MISSED_LIMIT = 2
#: The rating of an entrant with none in the pool (a new player's leaderboard number).
UNRATED = 0.0
LIST_MAX = 200
#: The notice's "game id" that wakes a tournament's streams (``api/stream``).
STREAM_PREFIX = "tournament:"


class TableTaken(Exception):
    """A table's game was made by another step meanwhile (or an arena entrant was seated
    elsewhere): this creation is undone."""


@dataclass(frozen=True)
class TournamentView:
    id: str
    name: str
    organiser_id: str
    organiser: str
    format: str
    players: int
    variant: str | None
    smaller_tables: bool
    time_control: dict[str, Any]
    rated: bool
    bot_accounts: bool
    service_bots: str | None
    entry: str
    min_rating: float | None
    private: bool
    rounds: int | None
    duration: int | None
    missed_limit: int
    status: str
    round: int
    entrants: int
    created_at: datetime
    starts_at: datetime
    started_at: datetime | None
    ends_at: datetime | None
    finished_at: datetime | None
    #: The organiser's only (None to anyone else): the code of the invitation link.
    invitation: str | None = None


@dataclass(frozen=True)
class EntryView:
    player_id: str
    name: str
    #: invited, entered or withdrawn (a disqualified entrant is withdrawn, and marked so)
    status: str
    rating: float | None
    missed: int
    entered_at: datetime | None
    withdrawn_at: datetime | None
    disqualified: bool


@dataclass(frozen=True)
class StandingView:
    rank: int
    player_id: str
    name: str
    score: float
    games: int
    byes: int
    opponents_score: float
    performance: float | None
    rating: float
    withdrawn: bool
    disqualified: bool = False


@dataclass
class StepReport:
    """What one step did (tests and logs read it)."""

    started: bool = False
    paired: list[int] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    finished: bool = False


@dataclass(eq=False)
class Tournaments(Part):
    """Tournaments: a part of the service over ``creation`` (the one way a game is made)."""

    creation: Creation

    # ------------------------------------------------------------------ the organiser

    def create(
        self,
        organiser_id: str,
        *,
        name: str,
        format: str,
        starts_at: datetime,
        players: int | None = None,
        variant: str | None = None,
        smaller_tables: bool = True,
        time_control: dict[str, Any] | None = None,
        rated: bool = True,
        bot_accounts: bool = False,
        service_bots: str | None = None,
        entry: str = "open",
        min_rating: float | None = None,
        private: bool = False,
        rounds: int | None = None,
        duration: int | None = None,
        missed_limit: int = DEFAULT_MISSED_LIMIT,
        invite: list[str] | None = None,
    ) -> TournamentView:
        """A new tournament, upcoming until ``starts_at``. 422 ``invalid_tournament`` (or
        the game terms' own codes) for terms that cannot be run."""
        name = display_text(name or "", max_length=TITLE_MAX, what="a tournament's name")
        if format not in FORMATS:
            raise Unprocessable("invalid_tournament", f"format is one of {list(FORMATS)}")
        if entry not in ENTRY:
            raise Unprocessable("invalid_tournament", f"entry is one of {list(ENTRY)}")
        size, variant = game_size(players, variant)
        # Smaller tables: down to 3 seats for the base game; a variant has its own size.
        smallest = 3 if smaller_tables and variant is None and size > 3 else size
        if service_bots is not None:
            check_bot_level(service_bots, "invalid_tournament")
            if is_search_level(service_bots):
                raise Unprocessable(
                    "invalid_tournament", "the service's bots in a tournament are random or greedy"
                )
        now = self.clock()
        if starts_at.tzinfo is None:
            raise Unprocessable("invalid_tournament", "starts_at needs a time zone")
        if starts_at < now - timedelta(minutes=1):
            raise Unprocessable("invalid_tournament", "starts_at is in the past")
        if format == "arena":
            if duration is None or not MIN_DURATION <= duration <= MAX_DURATION:
                raise Unprocessable(
                    "invalid_tournament",
                    f"an arena has a duration of {MIN_DURATION}-{MAX_DURATION} seconds",
                )
            rounds = None
        else:
            duration = None
            if format == "swiss" and (rounds is None or not 1 <= rounds <= MAX_ROUNDS):
                raise Unprocessable("invalid_tournament", f"a Swiss has 1-{MAX_ROUNDS} rounds")
            if format == "round_robin" and rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
                raise Unprocessable(
                    "invalid_tournament", f"rounds is 1-{MAX_ROUNDS}, or none: until all met"
                )
        if not 1 <= missed_limit <= 10:
            raise Unprocessable("invalid_tournament", "missed_limit is 1-10 rounds")
        control, _ = clocks.choose(
            time_control, None, self.settings.default_time_limit, self.settings.max_time_limit,
            all_bots=False,
        )  # fmt: skip
        row = TournamentRow(
            id="t" + secrets.token_hex(8),
            name=name,
            organiser_id=organiser_id,
            format=format,
            players=size,
            variant=variant,
            smallest=smallest,
            time_control=control,
            rated=rated,
            bot_accounts=bot_accounts,
            service_bots=service_bots,
            entry=entry,
            min_rating=min_rating,
            private=private,
            rounds=rounds,
            duration=duration,
            missed_limit=missed_limit,
            status="upcoming",
            round=0,
            created_at=now,
            starts_at=starts_at,
        )
        with self.store.writing() as session:
            transactions.add(session, row)
            session.flush()
            for player in invite or []:
                self._invite(session, row, player, now)
        log.info("tournament %s created (%s, %s)", row.id, format, row.players)
        self._due(row.id, starts_at)
        return self.get(row.id, organiser_id)

    def invite(
        self, tournament_id: str, organiser_id: str, player_ids: list[str]
    ) -> list[EntryView]:
        """Invite players (the organiser only, before the start); each enters with their
        own token. 403 ``not_organiser``, 409 ``tournament_started``."""
        now = self.clock()
        with self.store.writing() as session:
            row = self._organised(session, tournament_id, organiser_id)
            if row.status != "upcoming":
                raise Conflict("tournament_started", "the tournament has started")
            for player in player_ids:
                self._invite(session, row, player, now)
        self._announce(tournament_id)
        return self.entries(tournament_id, organiser_id)

    def cancel(self, tournament_id: str, organiser_id: str) -> TournamentView:
        """Cancel an upcoming tournament (the organiser only). 409 ``tournament_started``."""
        with self.store.writing() as session:
            row = self._organised(session, tournament_id, organiser_id)
            if row.status == "cancelled":
                pass
            elif not q.set_status(session, tournament_id, "upcoming", "cancelled",
                                  finished_at=self.clock()):  # fmt: skip
                raise Conflict("tournament_started", "the tournament has started")
        self._announce(tournament_id)
        return self.get(tournament_id, organiser_id)

    def start_now(self, tournament_id: str, organiser_id: str) -> TournamentView:
        """Start an upcoming tournament now instead of at ``starts_at`` (the organiser
        only): its start time becomes now and the workers start it as they would have
        then. 409 ``tournament_started`` once it runs (or was cancelled); 409
        ``too_few_entrants`` while fewer have entered than a round needs, since starting
        would cancel it."""
        now = self.clock()
        with self.store.writing() as session:
            row = self._organised(session, tournament_id, organiser_id)
            if row.status != "upcoming":
                raise Conflict("tournament_started", "the tournament has started or was cancelled")
            entrants = q.entered_count(session, tournament_id)
            if entrants < self._least(row):
                raise Conflict(
                    "too_few_entrants",
                    f"{entrants} entered; a round needs at least {self._least(row)}",
                )
            if not q.set_status(session, tournament_id, "upcoming", "upcoming", starts_at=now):
                raise Conflict("tournament_started", "the tournament has started or was cancelled")
        log.info("tournament %s: started early by its organiser", tournament_id)
        self._due(tournament_id, now)
        self._announce(tournament_id)
        return self.get(tournament_id, organiser_id)

    def remove(
        self, tournament_id: str, organiser_id: str, player_id: str, *, disqualify: bool = False
    ) -> EntryView:
        """The organiser withdraws an entrant (as the entrant may: not paired again, a game
        being played goes on, the results so far stay), or disqualifies them: withdrawn,
        marked so in the entries and the standings, and never entered again. 403
        ``not_organiser``, 404 ``entry_not_found``."""
        now = self.clock()
        with self.store.writing() as session:
            self._organised(session, tournament_id, organiser_id)
            existing = q.entry(session, tournament_id, player_id)
            if existing is None:
                raise NotFound("entry_not_found", f"{player_id} has no entry in this tournament")
            was = ("entered", "invited", "withdrawn") if disqualify else ("entered", "invited")
            values: dict[str, Any] = {
                "status": "disqualified" if disqualify else "withdrawn",
                "waiting_since": None,
            }
            if existing.withdrawn_at is None:
                values["withdrawn_at"] = now
            q.set_entry(session, tournament_id, player_id, was, **values)
        log.info("tournament %s: %s %s by the organiser", tournament_id, player_id,
                 "disqualified" if disqualify else "withdrawn")  # fmt: skip
        self._announce(tournament_id)
        return self._entry_view(tournament_id, player_id)

    def invitation_code(self, tournament_id: str) -> str:
        """The code of the tournament's invitation link: derived from its id and the
        service's secret, so nothing is stored and only the organiser is shown it."""
        digest = hmac.new(
            self.settings.secret_key.encode(),
            b"tournament-invitation:" + tournament_id.encode(),
            hashlib.sha256,
        ).digest()
        return base64.urlsafe_b64encode(digest[:12]).decode()

    def _invited_by_link(self, tournament_id: str, invitation: str | None) -> bool:
        return invitation is not None and hmac.compare_digest(
            invitation.encode(), self.invitation_code(tournament_id).encode()
        )

    # ------------------------------------------------------------------ the players

    def enter(self, tournament_id: str, player_id: str, invitation: str | None = None) -> EntryView:
        """Enter (again: no change; after a withdrawal: entered again while it may be
        entered). ``invitation``: the code of the organiser's invitation link, which
        admits its holder to a private tournament and to one by invitation. 409
        ``tournament_closed`` once it can no longer be entered, 403 ``not_invited`` /
        ``rating_too_low`` / ``bots_not_allowed`` by its conditions, ``disqualified``
        after the organiser disqualified the player."""
        now = self.clock()
        with self.store.writing() as session:
            row = self._visible(session, tournament_id, player_id, invitation)
            existing = q.entry(session, tournament_id, player_id)
            if existing is not None and existing.status == "entered":
                pass
            elif existing is not None and existing.status == "disqualified":
                raise Forbidden("disqualified", "the organiser disqualified you")
            else:
                if not self._enterable(row):
                    raise Conflict("tournament_closed", "the tournament can no longer be entered")
                by_link = self._invited_by_link(tournament_id, invitation)
                if row.entry == "invitation" and existing is None and not by_link:
                    raise Forbidden("not_invited", "this tournament is by invitation")
                if is_bot_account(session, player_id) and not row.bot_accounts:
                    raise Forbidden("bots_not_allowed", "bot accounts may not enter")
                if row.min_rating is not None:
                    rating = self._rating(session, row, player_id)
                    if rating < row.min_rating:
                        raise Forbidden(
                            "rating_too_low",
                            f"your rating in the pool is {rating:.1f}, the minimum "
                            f"{row.min_rating:g}",
                        )
                # Entering a running arena: the rating is fixed now, as the start fixes the
                # others' (a rating fixed at an earlier entry stays).
                running = row.status == "running"
                waiting = now if running and row.format == "arena" else None
                rating = self._rating(session, row, player_id) if running else None
                if existing is None:
                    entry = q_entry(tournament_id, player_id, "entered", now, waiting)
                    entry.rating = rating
                    transactions.add(session, entry)
                else:
                    q.set_entry(session, tournament_id, player_id, ("invited", "withdrawn"),
                                status="entered", entered_at=now, withdrawn_at=None, missed=0,
                                waiting_since=waiting,
                                rating=existing.rating if existing.rating is not None
                                else rating)  # fmt: skip
        self._announce(tournament_id)
        return self._entry_view(tournament_id, player_id)

    def withdraw(self, tournament_id: str, player_id: str) -> EntryView:
        """Withdraw (again: no change): not paired again; a game being played goes on,
        and the results so far stay in the standings. 404 ``entry_not_found``."""
        with self.store.writing() as session:
            self._visible(session, tournament_id, player_id)
            existing = q.entry(session, tournament_id, player_id)
            if existing is None:
                raise NotFound("entry_not_found", "you have no entry in this tournament")
            q.set_entry(session, tournament_id, player_id, ("entered", "invited"),
                        status="withdrawn", withdrawn_at=self.clock(),
                        waiting_since=None)  # fmt: skip
        self._announce(tournament_id)
        return self._entry_view(tournament_id, player_id)

    # ------------------------------------------------------------------ reads

    def get(
        self, tournament_id: str, viewer: str | None, invitation: str | None = None
    ) -> TournamentView:
        """The tournament; ``invitation``, the code of its invitation link, shows a
        private one to whoever holds it (to enter it)."""
        with self.store.sessions() as session:
            row = self._visible(session, tournament_id, viewer, invitation)
            return self._view(session, row, viewer)

    def listing(
        self, viewer: str | None, statuses: list[str] | None = None, limit: int = LIST_MAX
    ) -> list[TournamentView]:
        with self.store.sessions() as session:
            rows = q.listed(session, viewer, statuses or [], limit)
            return [self._view(session, row, viewer) for row in rows]

    def enterable(self, viewer: str | None, limit: int = 50) -> list[TournamentView]:
        """What the lobby offers: upcoming tournaments (and running arenas) open to entry."""
        return [
            t
            for t in self.listing(viewer, ["upcoming", "running"], limit)
            if t.entry == "open" and (t.status == "upcoming" or t.format == "arena")
        ]

    def entries(
        self, tournament_id: str, viewer: str | None, invitation: str | None = None
    ) -> list[EntryView]:
        with self.store.sessions() as session:
            self._visible(session, tournament_id, viewer, invitation)
            return [_entry(e, name) for e, name in q.entries(session, tournament_id)]

    def rounds(
        self, tournament_id: str, viewer: str | None, invitation: str | None = None
    ) -> list[RoundView]:
        """Every round paired or planned (a round robin's whole schedule from its start)."""
        with self.store.sessions() as session:
            row = self._visible(session, tournament_id, viewer, invitation)
            return round_views(row, q.rounds(session, tournament_id),
                               q.tables(session, tournament_id),
                               q.entries(session, tournament_id))  # fmt: skip

    def games(
        self, tournament_id: str, viewer: str | None, invitation: str | None = None
    ) -> list[TableView]:
        """Every table's game, in round and table order (the arena's as they were made)."""
        with self.store.sessions() as session:
            self._visible(session, tournament_id, viewer, invitation)
            names = {e.player_id: name for e, name in q.entries(session, tournament_id)}
            return [table_view(t, names) for t in q.tables(session, tournament_id)]

    def finished_games(
        self, tournament_id: str, viewer: str | None, invitation: str | None = None
    ) -> list[str]:
        """The ids of the tournament's finished games, in round and table order."""
        return [
            t.game_id
            for t in self.games(tournament_id, viewer, invitation)
            if t.status == "finished"
        ]

    def standings(
        self, tournament_id: str, viewer: str | None, invitation: str | None = None
    ) -> list[StandingView]:
        """The standings now (docs/tournaments.md, "Scoring"): finished tables and byes."""
        with self.store.sessions() as session:
            row = self._visible(session, tournament_id, viewer, invitation)
            return self._standings(session, row)

    # ------------------------------------------------------------------ the workers

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
            self._announce(tournament_id)
        return report

    # ------------------------------------------------------------------ steps

    def _start(self, row: TournamentRow, now: datetime, report: StepReport) -> None:
        pool = pool_of(row.players, row.variant)
        with self.store.writing() as session:
            # Everyone with a line in the standings (also who withdrew again) gets a rating.
            listed = [e for e, _ in q.entries(session, row.id) if e.entered_at]
            entered = [e for e in listed if e.status == "entered"]
            if len(entered) < self._least(row):
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
                self._schedule(session, row, entered, now)
        report.started = True
        log.info("tournament %s started with %d entrants", row.id, len(entered))
        if ends is not None:
            self._due(row.id, ends)

    def _schedule(self, session: Session, row: TournamentRow, entered: list, now: datetime) -> None:
        """A round robin's whole schedule, stored at the start (rounds ``scheduled``)."""
        field_ = [Entrant(e.player_id, 0, e.rating or UNRATED) for e in entered]
        smallest = 1 if row.service_bots else row.smallest
        schedule = round_robin(field_[:ROUND_ROBIN_MAX], row.players, smallest=smallest,
                               rounds=row.rounds)  # fmt: skip
        for number, pairing in enumerate(schedule, start=1):
            transactions.add(session,
                TournamentRoundRow(
                    tournament_id=row.id, number=number, status="scheduled",
                    pairing={"tables": pairing.tables, "byes": pairing.byes},
                    started_at=now,
                )
            )  # fmt: skip
        row_rounds = len(schedule)
        q.set_status(session, row.id, "running", "running", rounds=row_rounds)

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
            self._make_tables(row, current, report)
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
                    if len(entered) < self._least(row):
                        nobody = True
                    else:
                        pairing = self._swiss_pairing(session, row, entered)
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

    def _least(self, row: TournamentRow) -> int:
        """Entrants a round needs: one with the service's bots at the table, else the
        smallest table."""
        return 1 if row.service_bots else row.smallest

    def _swiss_pairing(self, session: Session, row: TournamentRow, entered: list) -> Any:
        lines = self._lines(session, row)
        field_ = [
            Entrant(e.player_id, lines[e.player_id].score if e.player_id in lines else 0,
                    e.rating or UNRATED, lines[e.player_id].byes if e.player_id in lines else 0)
            for e in entered
        ]  # fmt: skip
        tables = q.tables(session, row.id)
        met = met_counts([[p for p in t.seats if p is not None] for t in tables])
        smallest = 1 if row.service_bots else row.smallest
        return swiss(field_, row.players, met, smallest=smallest)

    def _make_tables(
        self, row: TournamentRow, current: TournamentRoundRow, report: StepReport
    ) -> None:
        with self.store.sessions() as session:
            made = {t.table for t in q.tables(session, row.id, current.number)}
        for index, seated in enumerate(current.pairing["tables"], start=1):
            if index in made:
                continue
            seats = seat_order(seated, current.number, row.players, bool(row.service_bots))
            if not any(seats):
                continue
            game_id = self._make_game(row, current.number, index, seats)
            if game_id is not None:
                report.games.append(game_id)

    def _make_game(
        self, row: TournamentRow, number: int, table: int, seats: list[str | None],
        claim_since: dict[str, datetime] | None = None,
    ) -> str | None:  # fmt: skip
        """The game of one table, made once (the table row's primary key); None when
        another step made it (or, in an arena, seated one of its players) first."""
        level = row.service_bots or self.settings.standin_level
        with self.store.sessions() as session:
            names = player_names(session, [p for p in seats if p])
            accounts = {p for p in seats if p and q.is_bot_account(session, p)}
        # A bot account paused from new games (docs/bots.md) cannot take its seat: the
        # stand-in plays it from the start, and the round counts as missed for it.
        paused = {p for p in accounts if self.creation.paused_until(p) is not None}
        accounts -= paused
        # A bot account plays a bot seat of its own (it entered with its own token: its
        # consent); a person a human seat taken for them in the creating transaction,
        # under their name as it may be shown (one stored before names were checked would
        # be refused as a seat's name, and the round never made).
        specs: list[dict[str, Any]] = [
            {"kind": "bot", "player": p} if p in accounts
            else {"kind": "bot", "level": self.settings.standin_level} if p in paused
            else {"kind": "human", "name": shown(names.get(p))} if p
            else {"kind": "bot", "level": level}
            for p in seats
        ]  # fmt: skip
        now = self.clock()
        told: list[str] = []
        arena = row.format == "arena"
        notice = {"label": row.name, "round": None if arena else number, "arena": arena}

        def claim(session: Session, game: GameRow) -> None:
            for since_player, since in (claim_since or {}).items():
                if not q.claim_waiting(session, row.id, since_player, since):
                    raise TableTaken(since_player)
            for index, player in enumerate(seats):
                if player is None or player in accounts or player in paused:
                    continue
                seat = game.seats[index]
                seat.token_hash = hash_token(new_token())  # its own: POST .../seats/{n}/token
                seat.player_id = player
                seat.joined_at = now
            transactions.add(session,
                TournamentTableRow(
                    tournament_id=row.id, round=number, table=table, game_id=game.id,
                    seats=list(seats), status="playing", created_at=now,
                    missed=sorted(paused) or None,
                )
            )  # fmt: skip
            session.flush()
            # "Your table is ready": in the table's own transaction, so once per table.
            playing = [p for p in seats if p is not None and p not in paused]
            told[:] = outbox.owe_players(session, NoticeKind.TOURNAMENT,
                                         [(p, game.id, notice) for p in playing], now)  # fmt: skip

        options: dict[str, Any] = {"timeout_bot_level": self.settings.standin_level}
        if row.variant:
            options["variant"] = row.variant
        try:
            created = self.creation.create_game(
                players=len(seats),
                seats=specs,
                time_control=row.time_control,
                timeout_policy="bot",
                options=options,
                player=row.organiser_id,
                rated=row.rated,
                prepare=claim,
                consented=frozenset(accounts),
            )
        except (TableTaken, IntegrityError):
            log.info("tournament %s: table %d/%d was made meanwhile", row.id, number, table)
            return None
        except Conflict as err:
            if err.code == "bot_account_paused":  # paused since the check: the next step
                log.info("tournament %s: table %d/%d waits: %s", row.id, number, table, err)
                return None
            if err.code != "version_conflict":  # the table's row lost to a concurrent twin
                raise
            log.info("tournament %s: table %d/%d was made meanwhile", row.id, number, table)
            return None
        log.info("tournament %s: table %d/%d is game %s", row.id, number, table,
                 created.game.id)  # fmt: skip
        self.after.notices(told)
        return created.game.id

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
        with self.store.sessions() as session:
            lines = self._lines(session, row)
            tables = q.tables(session, row.id)
            waiting = []
            for e, _ in q.entries(session, row.id):
                if e.status != "entered" or e.waiting_since is None:
                    continue
                last = next((t for t in reversed(tables) if e.player_id in t.seats), None)
                line = lines.get(e.player_id)
                waiting.append(
                    Waiting(
                        Entrant(e.player_id, line.score if line else 0, e.rating or UNRATED),
                        e.waiting_since,
                        frozenset(p for p in (last.seats if last else []) if p),
                    )
                )  # fmt: skip
            since = {w.entrant.id: w.since for w in waiting}
            number = q.next_table_number(session, row.id, 1)
        pairing = arena_tables(waiting, row.players)
        for seated in pairing.tables:
            game_id = self._make_game(row, 1, number, list(seated),
                                      claim_since={p: since[p] for p in seated})  # fmt: skip
            if game_id is not None:
                report.games.append(game_id)
                number += 1
            else:
                return  # the field changed: the next step pairs again

    # ------------------------------------------------------------------ helpers

    def _lines(self, session: Session, row: TournamentRow) -> dict[str, Any]:
        return {line.entrant: line for line in self._standing_lines(session, row)}

    def _standing_lines(self, session: Session, row: TournamentRow) -> list[Any]:
        entries = [(e, name) for e, name in q.entries(session, row.id) if e.entered_at]
        ratings: dict[str, float] = {}
        if row.status == "upcoming":
            pool = pool_of(row.players, row.variant)
            ratings = q.ratings(session, [e.player_id for e, _ in entries], pool)
        rated = {
            e.player_id: e.rating if e.rating is not None else ratings.get(e.player_id, UNRATED)
            for e, _ in entries
        }
        finished = [
            Table(dict(t.places), bot_places(t.seats, t.places))
            for t in q.tables(session, row.id)
            if t.status == "finished" and t.places
        ]
        byes = [b for r in q.rounds(session, row.id) if r.status != "scheduled"
                for b in r.pairing["byes"]]  # fmt: skip
        withdrawn = [e.player_id for e, _ in entries if e.status in ("withdrawn", "disqualified")]
        return standings(rated, finished, [b for b in byes if b in rated], withdrawn)

    def _standings(self, session: Session, row: TournamentRow) -> list[StandingView]:
        entries = q.entries(session, row.id)
        names = {e.player_id: name for e, name in entries}
        disqualified = {e.player_id for e, _ in entries if e.status == "disqualified"}
        return [
            StandingView(
                line.rank, line.entrant, names.get(line.entrant, line.entrant),
                round(float(line.score), 3), line.games, line.byes,
                round(float(line.opponents_score), 3),
                None if line.performance is None else round(float(line.performance), 2),
                round(line.rating, 2), line.withdrawn, line.entrant in disqualified,
            )
            for line in self._standing_lines(session, row)
        ]  # fmt: skip

    def _enterable(self, row: TournamentRow) -> bool:
        if row.status == "upcoming":
            return True
        return (
            row.status == "running"
            and row.format == "arena"
            and (row.ends_at is None or row.ends_at > self.clock())
        )

    def _rating(self, session: Session, row: TournamentRow, player_id: str) -> float:
        pool = pool_of(row.players, row.variant)
        return q.ratings(session, [player_id], pool).get(player_id, UNRATED)

    def _visible(
        self, session: Session, tournament_id: str, viewer: str | None,
        invitation: str | None = None,
    ) -> TournamentRow:  # fmt: skip
        """The tournament, when ``viewer`` may see it (a private one: its organiser, its
        entrants and whoever holds its invitation link's code); else 404
        ``tournament_not_found``."""
        row = q.tournament(session, tournament_id)
        hidden = row is not None and row.private and viewer != row.organiser_id
        hidden = hidden and not self._invited_by_link(tournament_id, invitation)
        if hidden and (viewer is None or q.entry(session, tournament_id, viewer) is None):
            row = None
        if row is None:
            raise NotFound("tournament_not_found", f"no tournament {tournament_id}")
        return row

    def _organised(self, session: Session, tournament_id: str, organiser_id: str) -> TournamentRow:
        row = self._visible(session, tournament_id, organiser_id)
        if row.organiser_id != organiser_id:
            raise Forbidden("not_organiser", "only the organiser may do this")
        return row

    def _invite(self, session: Session, row: TournamentRow, player: str, now: datetime) -> None:
        if not q.player_exists(session, player):
            raise Unprocessable("invalid_tournament", f"no player {player}")
        if q.entry(session, row.id, player) is None:
            transactions.add(session, q_entry(row.id, player, "invited", now, None))

    def _view(self, session: Session, row: TournamentRow, viewer: str | None) -> TournamentView:
        names = player_names(session, [row.organiser_id])
        invitation = self.invitation_code(row.id) if viewer == row.organiser_id else None
        return TournamentView(
            row.id, row.name, row.organiser_id, names.get(row.organiser_id, "?"), row.format,
            row.players, row.variant, row.smallest < row.players, row.time_control, row.rated,
            row.bot_accounts, row.service_bots, row.entry, row.min_rating, row.private,
            row.rounds, row.duration, row.missed_limit, row.status, row.round,
            q.entered_count(session, row.id), row.created_at, row.starts_at, row.started_at,
            row.ends_at, row.finished_at, invitation,
        )  # fmt: skip

    def _entry_view(self, tournament_id: str, player_id: str) -> EntryView:
        with self.store.sessions() as session:
            for e, name in q.entries(session, tournament_id):
                if e.player_id == player_id:
                    return _entry(e, name)
        raise NotFound("entry_not_found", "you have no entry in this tournament")

    def _due(self, tournament_id: str, eta: datetime) -> None:
        try:
            self.after.scheduler.tournament_due(tournament_id, eta)
        except Exception as err:  # noqa: BLE001 - the sweep steps it anyway
            log_failure(log, err, "scheduler failed for tournament %s", tournament_id)

    def _announce(self, tournament_id: str) -> None:
        """Wake the tournament's streams."""
        try:
            self.after.publisher.game_changed(STREAM_PREFIX + tournament_id, 0)
        except Exception as err:  # noqa: BLE001 - streams re-check periodically
            log_failure(log, err, "publisher failed for tournament %s", tournament_id)

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
            for s in self._standings(session, row)
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


def is_bot_account(session: Session, player_id: str) -> bool:
    """Whether the player is a bot account (docs/api.md, "Bot accounts"): such an entrant
    needs a tournament that lets bot accounts enter, and plays in a bot seat of its own."""
    return q.is_bot_account(session, player_id)


def q_entry(
    tournament_id: str, player_id: str, status: str, now: datetime, waiting: datetime | None
) -> Any:
    from service.models import TournamentEntryRow

    return TournamentEntryRow(
        tournament_id=tournament_id, player_id=player_id, status=status, missed=0,
        created_at=now, entered_at=now if status == "entered" else None,
        waiting_since=waiting,
    )  # fmt: skip


def _entry(e: Any, name: str) -> EntryView:
    disqualified = e.status == "disqualified"
    status = "withdrawn" if disqualified else e.status
    return EntryView(e.player_id, name, status, e.rating, e.missed, e.entered_at,
                     e.withdrawn_at, disqualified)  # fmt: skip
