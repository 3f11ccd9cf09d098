"""Tournaments the service runs (docs/tournaments.md): Swiss at tables of the game's size,
round robin and arena, for players who enter with their own token.

An organiser (a player) creates a tournament with its game terms, format and entry
conditions; players enter and withdraw themselves until it starts (an arena also while it
runs). ``Tournaments`` is the rest of the service's one door to them: the organiser's and
the players' acts and the reads are here; from its start the workers run a tournament with
``step`` (``service.parts.tournament_lifecycle``), whose tables each format seats
(``service.parts.tournament_formats``); the standings are
``service.parts.tournament_standings``', what is shown and to whom
``service.parts.tournament_views``' and ``service.parts.tournament_rounds``'; the statements
are ``service.store.tournaments``'s.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from service.models import TournamentRow
from service.parts import sanctions
from service.parts.base import Part
from service.parts.tournament_formats import least
from service.parts.tournament_lifecycle import (
    MAX_ROUNDS,
    StepReport,
    TournamentLifecycle,
    announce,
    due_at,
)
from service.parts.tournament_rounds import RoundView, TableView, round_views, table_view
from service.parts.tournament_standings import StandingView, standing_views
from service.parts.tournament_standings import rating as rating_in_pool
from service.parts.tournament_views import (
    EntryView,
    TournamentView,
    entry_view,
    invitation_code,
    invited_by_link,
    tournament_view,
    visible,
)
from service.plumbing.errors import Conflict, Forbidden, NotFound, Unprocessable
from service.plumbing.text_check import TITLE_MAX, display_text
from service.rules import clocks
from service.rules.bots import check_bot_level, is_search_level
from service.rules.game_options import game_size
from service.store import tournaments as q
from service.store import transactions

log = logging.getLogger(__name__)

FORMATS = ("swiss", "round_robin", "arena")
ENTRY = ("open", "invitation")
STATUSES = ("upcoming", "running", "finished", "cancelled")
MIN_DURATION, MAX_DURATION = 60, 7 * 24 * 3600
DEFAULT_MISSED_LIMIT = 2
LIST_MAX = 200


@dataclass(eq=False)
class Tournaments(Part):
    """Tournaments: the organiser's and the players' acts and the reads, over ``lifecycle``
    (the workers' steps)."""

    #: The workers' steps (``due``, ``sweep``, ``step`` hand over to it).
    lifecycle: TournamentLifecycle

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
        due_at(self.after, row.id, starts_at)
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
        announce(self.after, tournament_id)
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
        announce(self.after, tournament_id)
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
            if entrants < least(row):
                raise Conflict(
                    "too_few_entrants",
                    f"{entrants} entered; a round needs at least {least(row)}",
                )
            if not q.set_status(session, tournament_id, "upcoming", "upcoming", starts_at=now):
                raise Conflict("tournament_started", "the tournament has started or was cancelled")
        log.info("tournament %s: started early by its organiser", tournament_id)
        due_at(self.after, tournament_id, now)
        announce(self.after, tournament_id)
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
        announce(self.after, tournament_id)
        return self._entry_view(tournament_id, player_id)

    def invitation_code(self, tournament_id: str) -> str:
        """The code of the tournament's invitation link (``tournament_views``)."""
        return invitation_code(self.settings.secret_key, tournament_id)

    # ------------------------------------------------------------------ the players

    def enter(self, tournament_id: str, player_id: str, invitation: str | None = None) -> EntryView:
        """Enter (again: no change; after a withdrawal: entered again while it may be
        entered). ``invitation``: the code of the organiser's invitation link, which
        admits its holder to a private tournament and to one by invitation. 409
        ``tournament_closed`` once it can no longer be entered, 403 ``not_invited`` /
        ``rating_too_low`` / ``bots_not_allowed`` by its conditions, ``barred_from_rated``
        (a rated one, the player barred by a moderator), ``disqualified`` after the
        organiser disqualified the player."""
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
                by_link = invited_by_link(self.settings.secret_key, tournament_id, invitation)
                if row.entry == "invitation" and existing is None and not by_link:
                    raise Forbidden("not_invited", "this tournament is by invitation")
                if q.is_bot_account(session, player_id) and not row.bot_accounts:
                    raise Forbidden("bots_not_allowed", "bot accounts may not enter")
                if row.rated:
                    sanctions.check_rated(session, [player_id], now)
                if row.min_rating is not None:
                    rating = rating_in_pool(session, row, player_id)
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
                rating = rating_in_pool(session, row, player_id) if running else None
                if existing is None:
                    entry = q.new_entry(tournament_id, player_id, "entered", now, waiting)
                    entry.rating = rating
                    transactions.add(session, entry)
                else:
                    q.set_entry(session, tournament_id, player_id, ("invited", "withdrawn"),
                                status="entered", entered_at=now, withdrawn_at=None, missed=0,
                                waiting_since=waiting,
                                rating=existing.rating if existing.rating is not None
                                else rating)  # fmt: skip
        announce(self.after, tournament_id)
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
        announce(self.after, tournament_id)
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
            return [entry_view(e, name) for e, name in q.entries(session, tournament_id)]

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
            return standing_views(session, row)

    # ------------------------------------------------------------------ the workers

    def due(self, now: datetime | None = None, limit: int = 100) -> list[str]:
        return self.lifecycle.due(now, limit)

    def sweep(self, now: datetime | None = None, limit: int = 100) -> dict[str, StepReport]:
        """Step every tournament with work (``TournamentLifecycle.sweep``)."""
        return self.lifecycle.sweep(now, limit)

    def step(self, tournament_id: str, now: datetime | None = None) -> StepReport:
        """Everything due for the tournament now; safe to repeat."""
        return self.lifecycle.step(tournament_id, now)

    # ------------------------------------------------------------------ helpers

    def _enterable(self, row: TournamentRow) -> bool:
        if row.status == "upcoming":
            return True
        return (
            row.status == "running"
            and row.format == "arena"
            and (row.ends_at is None or row.ends_at > self.clock())
        )

    def _visible(
        self, session: Session, tournament_id: str, viewer: str | None,
        invitation: str | None = None,
    ) -> TournamentRow:  # fmt: skip
        """The tournament when ``viewer`` may see it, else 404 (``tournament_views.visible``)."""
        return visible(session, self.settings.secret_key, tournament_id, viewer, invitation)

    def _organised(self, session: Session, tournament_id: str, organiser_id: str) -> TournamentRow:
        row = self._visible(session, tournament_id, organiser_id)
        if row.organiser_id != organiser_id:
            raise Forbidden("not_organiser", "only the organiser may do this")
        return row

    def _invite(self, session: Session, row: TournamentRow, player: str, now: datetime) -> None:
        if not q.player_exists(session, player):
            raise Unprocessable("invalid_tournament", f"no player {player}")
        if q.entry(session, row.id, player) is None:
            transactions.add(session, q.new_entry(row.id, player, "invited", now, None))

    def _view(self, session: Session, row: TournamentRow, viewer: str | None) -> TournamentView:
        invitation = self.invitation_code(row.id) if viewer == row.organiser_id else None
        return tournament_view(session, row, invitation)

    def _entry_view(self, tournament_id: str, player_id: str) -> EntryView:
        with self.store.sessions() as session:
            for e, name in q.entries(session, tournament_id):
                if e.player_id == player_id:
                    return entry_view(e, name)
        raise NotFound("entry_not_found", "you have no entry in this tournament")
