"""How each format seats a tournament's players at tables, and the one way a table's game is
made (docs/tournaments.md): a Swiss pairs each round from the standings so far, a round robin
stores its whole schedule at the start, an arena seats whoever waits as soon as a table fills.
The pairing and the seating are pure functions (``service.rules.tournament_pairing``,
``service.rules.tournament_tables``); a table's game is made by ``Creation.create_game`` with
the table's row in the game's own transaction, so a table gets one game however often a step
is repeated."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.models import GameRow, TournamentRoundRow, TournamentRow, TournamentTableRow
from service.parts.base import Part
from service.parts.creation import Creation
from service.parts.tournament_standings import UNRATED, lines
from service.plumbing.errors import Conflict
from service.plumbing.text_check import shown
from service.rules.notice_kinds import NoticeKind
from service.rules.seat_tokens import hash_token, new_token
from service.rules.tournament_pairing import (
    Entrant,
    Pairing,
    Waiting,
    arena_tables,
    round_robin,
    swiss,
)
from service.rules.tournament_scoring import met_counts
from service.rules.tournament_tables import seat_order
from service.store import outbox, transactions
from service.store import tournaments as q
from service.store.people import player_names

log = logging.getLogger(__name__)

#: Round robin is for small fields.
ROUND_ROBIN_MAX = 16


class TableTaken(Exception):
    """A table's game was made by another step meanwhile (or an arena entrant was seated
    elsewhere): this creation is undone."""


def least(row: TournamentRow) -> int:
    """Entrants a round needs: one with the service's bots at the table, else the
    smallest table."""
    return 1 if row.service_bots else row.smallest


def schedule_round_robin(
    session: Session, row: TournamentRow, entered: list, now: datetime
) -> None:
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


def swiss_pairing(session: Session, row: TournamentRow, entered: list) -> Pairing:
    """The next round of a Swiss: the entered by score, repeats of earlier tables avoided."""
    found = lines(session, row)
    field_ = [
        Entrant(e.player_id, found[e.player_id].score if e.player_id in found else 0,
                e.rating or UNRATED, found[e.player_id].byes if e.player_id in found else 0)
        for e in entered
    ]  # fmt: skip
    tables = q.tables(session, row.id)
    met = met_counts([[p for p in t.seats if p is not None] for t in tables])
    smallest = 1 if row.service_bots else row.smallest
    return swiss(field_, row.players, met, smallest=smallest)


@dataclass(eq=False)
class TournamentTables(Part):
    """Makes the tables' games of the tournaments, over ``creation`` (the one way a game is
    made); ``TournamentLifecycle`` calls it at each step."""

    creation: Creation

    def make_tables(self, row: TournamentRow, current: TournamentRoundRow) -> list[str]:
        """The games of the round's tables not made yet; the ids of those made now."""
        games: list[str] = []
        with self.store.sessions() as session:
            made = {t.table for t in q.tables(session, row.id, current.number)}
        for index, seated in enumerate(current.pairing["tables"], start=1):
            if index in made:
                continue
            seats = seat_order(seated, current.number, row.players, bool(row.service_bots))
            if not any(seats):
                continue
            game_id = self.make_game(row, current.number, index, seats)
            if game_id is not None:
                games.append(game_id)
        return games

    def make_game(
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

    def seat_arena(self, row: TournamentRow) -> list[str]:
        """An arena's waiting entrants at new tables, as many as fill; the games made."""
        games: list[str] = []
        with self.store.sessions() as session:
            found = lines(session, row)
            tables = q.tables(session, row.id)
            waiting = []
            for e, _ in q.entries(session, row.id):
                if e.status != "entered" or e.waiting_since is None:
                    continue
                last = next((t for t in reversed(tables) if e.player_id in t.seats), None)
                line = found.get(e.player_id)
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
            game_id = self.make_game(row, 1, number, list(seated),
                                      claim_since={p: since[p] for p in seated})  # fmt: skip
            if game_id is not None:
                games.append(game_id)
                number += 1
            else:
                break  # the field changed: the next step pairs again
        return games
