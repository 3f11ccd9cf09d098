"""Quick play (docs/api.md, "Quick play"): a player posts a *seek*, a wish for a game now.

Seekers who want the same game (player count or variant, time control, rated or not: the
seek's ``key``) are put into one game as soon as there are enough of them; when a seek's
wait is over, its game is made with whoever waits for the same game and bots of the
seek's level take the empty seats.

Every game is made by ``Creation.create_game``; the seeks it seats are claimed inside
that same transaction (its ``prepare`` hook) by a conditional update, ``status =
'waiting'`` → ``'matched'``, one row at a time in id order. A claim that finds a seek no
longer waiting (matched by another process, cancelled) undoes the whole game, and the
matcher looks again. So a seek is matched at most once, and a player, who has at most one
waiting seek (a partial unique index), never gets two seats from one seek. The same holds
on PostgreSQL (row locks, READ COMMITTED re-check) and SQLite (one writer at a time).
Two players kept apart by a block (``service.parts.blocks``) are never chosen for one game.

The wait's end is in the database (``expires_at``): the scheduler gets an ETA message for
it when the seek is posted (``seek_due``) and the workers' sweep fills every seek that is
due, so a lost message or a restart only delays a game by one sweep interval.
"""

from __future__ import annotations

import logging
import secrets
import threading
import zlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.models import GameRow, SeekRow
from service.parts import sanctions
from service.parts.base import Part
from service.parts.creation import Creation
from service.parts.seating import Seating
from service.plumbing.errors import Conflict, Forbidden, NotFound, Unprocessable
from service.plumbing.outages import log_failure
from service.plumbing.text_check import shown
from service.rules import clocks
from service.rules.bots import check_bot_level, is_search_level
from service.rules.game_options import game_size
from service.rules.seat_tokens import hash_token, new_token
from service.rules.seek_terms import (
    DEFAULT_BOT_LEVEL,
    DEFAULT_WAIT,
    MAX_WAIT,
    MIN_WAIT,
    MatchedSeek,
    SeekView,
    seek_key,
)
from service.store import blocks, transactions
from service.store import seeks as queries

log = logging.getLogger(__name__)

#: Tries of a fill (or a read of the seat's token) that keeps losing races.
MATCH_ATTEMPTS = 8
#: The notice's "game id" that wakes the lobby streams (``api/stream``).
LOBBY = "lobby:seeks"
LIST_MAX = 200
#: Locks that make a process's matchers of one pool take turns (``Seeks.match``).
STRIPES = 64


class SeekTaken(Exception):
    """A seek chosen for a game was matched or cancelled meanwhile: the game is undone."""


@dataclass(eq=False)
class Seeks(Part):
    """Seeks and their matching: a part of the service over ``creation`` (the one way a
    game is made) and ``seating`` (a matched seeker's seat token); the scheduler and
    publisher come through ``after``."""

    creation: Creation
    seating: Seating

    def __post_init__(self) -> None:
        #: Games undone because a chosen seek was taken meanwhile (the benchmark reports it).
        self.lost_claims = 0
        self._lost_lock = threading.Lock()
        self._stripes = [threading.Lock() for _ in range(STRIPES)]

    # ------------------------------------------------------------------ the seeker's side

    def post(
        self,
        player_id: str,
        *,
        players: int | None = None,
        variant: str | None = None,
        time_control: dict[str, Any] | None = None,
        rated: bool = True,
        wait: int = DEFAULT_WAIT,
        bot_level: str = DEFAULT_BOT_LEVEL,
        bot_accounts: bool = False,
    ) -> SeekView:
        """Post a seek for ``player_id`` and match it at once if enough people wait for
        the same game. 409 ``seek_exists`` while the player has a waiting seek (cancel it
        first); 422 ``invalid_seek``, ``invalid_players``, ``invalid_option`` or
        ``invalid_time_control`` for a game that cannot be made. ``bot_accounts``: the
        seek welcomes bot accounts and matches only seeks that do; a bot account seeks
        only so (its opt-in: 409 ``bot_account_human_seat`` without it) and is seated as a
        bot. 403 ``barred_from_rated``: a rated seek of a player a moderator barred."""
        me = self.store.people.player(player_id)
        if me is not None and me.bot and not bot_accounts:
            raise Conflict(
                "bot_account_human_seat",
                "a bot account seeks with bot_accounts: true (it is seated as a bot, among "
                "seekers who welcome bot accounts)",
            )
        players, variant = game_size(players, variant)
        if not MIN_WAIT <= wait <= MAX_WAIT:
            raise Unprocessable("invalid_seek", f"wait is {MIN_WAIT}-{MAX_WAIT} seconds")
        check_bot_level(bot_level, "invalid_seek")
        if is_search_level(bot_level):
            raise Unprocessable(
                "invalid_seek", "quick play fills seats with bots that answer at once: "
                "random or greedy",
            )  # fmt: skip
        settings = self.settings
        control, _ = clocks.choose(
            time_control, None, settings.default_time_limit, settings.max_time_limit,
            all_bots=False,
        )  # fmt: skip
        now = self.clock()
        row = SeekRow(
            id="s" + secrets.token_hex(8),
            player_id=player_id,
            key=seek_key(players, variant, control, rated, bot_accounts),
            players=players,
            variant=variant,
            time_control=control,
            rated=rated,
            wait=wait,
            bot_level=bot_level,
            status="waiting",
            created_at=now,
            expires_at=now + timedelta(seconds=wait),
        )
        try:
            with self.store.writing() as session:
                if rated:
                    sanctions.check_rated(session, [player_id], now)
                existing = self._waiting_of(session, player_id)
                if existing is not None:
                    raise _exists(existing)
                transactions.add(session, row)
        except IntegrityError:  # a concurrent post of the same player committed first
            with self.store.sessions() as session:
                existing = self._waiting_of(session, player_id)
            if existing is None:
                raise
            raise _exists(existing) from None
        log.info("seek %s posted (%s)", row.id, row.key)
        self._announce()
        try:
            self.after.scheduler.seek_due(row.id, row.expires_at)
        except Exception as err:  # noqa: BLE001 - the sweep fills it anyway
            log_failure(log, err, "scheduler failed for seek %s", row.id)
        try:
            self.match(row.key)
        except Exception as err:  # noqa: BLE001 - the seek is stored: the sweep matches it
            log_failure(log, err, "matching after seek %s failed; the sweep will match it", row.id)
        return self.get(row.id, player_id)

    def get(self, seek_id: str, player_id: str) -> SeekView:
        """The player's own seek (404 ``seek_not_found`` for anyone else's)."""
        with self.store.sessions() as session:
            found = queries.with_name(session, seek_id)
        if found is None or found[0].player_id != player_id:
            raise NotFound("seek_not_found", f"no seek {seek_id} of yours")
        return SeekView.of(found[0], found[1])

    def read(self, seek_id: str, player_id: str) -> MatchedSeek:
        """The player's own seek and, once matched, a new token for its seat (the one
        handed out before stops working, as with ``POST /games/{id}/seats/{n}/token``)."""
        seek = self.get(seek_id, player_id)
        if seek.status != "matched" or seek.game_id is None or seek.seat is None:
            return MatchedSeek(seek, None)
        for _attempt in range(MATCH_ATTEMPTS):  # the bots may be moving meanwhile
            try:
                return MatchedSeek(
                    seek, self.seating.seat_token(seek.game_id, seek.seat, player_id)
                )
            except Conflict as err:
                if err.code != "version_conflict":
                    break  # the game is over: nothing to play with a token
            except Forbidden:
                break  # the seat resigned
        return MatchedSeek(seek, None)

    def cancel(self, seek_id: str, player_id: str) -> SeekView:
        """Withdraw the player's waiting seek (again: no change). 409 ``seek_matched``
        when it was matched first: the game is the player's."""
        seek = self.get(seek_id, player_id)
        if seek.status == "waiting":
            with self.store.writing() as session:
                done = queries.cancel(session, seek_id, self.clock())
            if done:
                log.info("seek %s cancelled", seek_id)
                self._announce()
            seek = self.get(seek_id, player_id)
        if seek.status == "matched":
            raise Conflict(
                "seek_matched", f"the seek was matched first: game {seek.game_id}",
                game_id=seek.game_id, seat=seek.seat,
            )  # fmt: skip
        return seek

    # ------------------------------------------------------------------ the lobby's side

    def waiting(self, limit: int = LIST_MAX) -> list[SeekView]:
        """The seeks waiting now, oldest first."""
        return self.look(None, limit)

    def look(self, ended_since: datetime | None, limit: int = LIST_MAX) -> list[SeekView]:
        """The waiting seeks and, with ``ended_since``, those matched or cancelled since
        then (the lobby stream tells a match from a cancellation by them)."""
        with self.store.sessions() as session:
            rows = queries.look(session, ended_since, limit)
        return [SeekView.of(row, name) for row, name in rows]

    # ------------------------------------------------------------------ matching

    def match(self, key: str) -> str | None:
        """Make a game of people only when enough seekers wait for ``key``; its id, or
        None when there are too few.

        Within a process the matchers of a pool take turns (a lock per stripe of keys):
        of many seekers posting at once, each builds a game only when its turn finds a
        full pool, instead of all building games that all but one undo. Across processes
        the claim alone decides; each lost claim means another matcher made a game (or a
        seeker cancelled), so the tries have no cap: a loser that gave up could leave a
        full pool waiting for its wait's end."""
        with self._stripes[zlib.crc32(key.encode()) % len(self._stripes)]:
            return self._match(key)

    def _match(self, key: str) -> str | None:
        while True:
            with self.store.sessions() as session:
                first = queries.first_waiting(session, key)
                if first is None:
                    return None
                chosen = self._full_table(session, first)
            if chosen is None:
                return None
            game_id = self._make(chosen, bot_level=chosen[0].bot_level)
            if game_id is not None:
                return game_id

    def fill(self, seek_id: str, now: datetime | None = None) -> str | None:
        """The seek's wait is over: make its game with the people waiting for the same
        game (the seek first, then the longest waiting) and bots of its level in the other
        seats. The game's id, or None when the seek is no longer waiting or not due."""
        now = now or self.clock()
        for _attempt in range(MATCH_ATTEMPTS):
            with self.store.sessions() as session:
                seek = queries.seek(session, seek_id)
                if seek is None or seek.status != "waiting" or seek.expires_at > now:
                    return None
                chosen = self._candidates(session, seek)
            game_id = self._make(chosen, bot_level=seek.bot_level)
            if game_id is not None:
                return game_id
        log.warning("seek %s: gave up filling after %d tries", seek_id, MATCH_ATTEMPTS)
        return None

    def due(self, now: datetime | None = None, limit: int = 100) -> list[str]:
        """The waiting seeks whose wait is over, the earliest first."""
        now = now or self.clock()
        with self.store.sessions() as session:
            return queries.due(session, now, limit)

    def ready(self, limit: int = 100) -> list[str]:
        """The keys with enough seekers waiting for a game of people only: none, unless a
        process died between posting a seek and matching it."""
        with self.store.sessions() as session:
            return queries.full_pools(session, limit)

    def sweep(self, now: datetime | None = None, limit: int = 100) -> list[str]:
        """Match every pool that is full, then fill every seek that is due (the workers'
        beat runs this; tests with a fake clock call it directly); the games made."""
        made = [game for key in self.ready(limit) if (game := self.match(key)) is not None]
        for seek_id in self.due(now, limit):
            game_id = self.fill(seek_id, now)
            if game_id is not None:
                made.append(game_id)
        return made

    def _candidates(self, session: Session, first: SeekRow) -> list[SeekRow]:
        """``first`` and the longest-waiting others of its key, as many as its game seats,
        passing over a seeker that a block keeps apart from one chosen before it (either
        way, ``service.parts.blocks``). Usually no block stands among the first few: one
        more query; else the whole pool is looked through, in order."""
        chosen = [first, *queries.others_waiting(session, first, first.players - 1)]
        if not blocks.pairs_among(session, [s.player_id for s in chosen]):
            return chosen
        pool = [first, *queries.others_waiting(session, first, None)]
        return _seated_apart(pool, blocks.pairs_among(session, [s.player_id for s in pool]))

    def _full_table(self, session: Session, first: SeekRow) -> list[SeekRow] | None:
        """A full table of people for ``first``'s key, or None: ``first``'s own when it
        fills, else the first that fills led by a later seeker in waiting order, so that a
        seeker kept apart from all the others holds up nobody."""
        chosen = self._candidates(session, first)
        if len(chosen) == first.players:
            return chosen
        pool = [first, *queries.others_waiting(session, first, None)]
        apart = blocks.pairs_among(session, [s.player_id for s in pool])
        for lead in range(1, len(pool) - first.players + 1):
            chosen = _seated_apart(pool[lead:], apart)
            if len(chosen) == first.players:
                return chosen
        return None

    def _make(self, chosen: list[SeekRow], *, bot_level: str) -> str | None:
        """Create the game of ``chosen`` (one seat each, in order) with bots of
        ``bot_level`` in the seats left; None when a chosen seek was taken meanwhile."""
        first = chosen[0]
        known = self.store.challenges.players_by_id([s.player_id for s in chosen])
        bots = frozenset(pid for pid, p in known.items() if p.bot)
        seats: list[dict[str, Any]] = [
            {"kind": "bot", "player": s.player_id}
            if s.player_id in bots
            else {
                "kind": "human",
                "name": shown(known[s.player_id].name) if s.player_id in known else None,
            }
            for s in chosen
        ]
        seats += [{"kind": "bot", "level": bot_level}] * (first.players - len(chosen))
        now = self.clock()

        def claim(session: Session, row: GameRow) -> None:
            seat_of = {s.id: i for i, s in enumerate(chosen)}
            for seek in sorted(chosen, key=lambda s: s.id):  # one lock order for all
                if not queries.claim(session, seek.id, row.id, seat_of[seek.id], now):
                    raise SeekTaken(seek.id)
                seat = row.seats[seat_of[seek.id]]
                if seat.bot_account:
                    continue  # taken for the account by the creation (it opted in)
                seat.token_hash = hash_token(new_token())  # its own: GET /seeks/{id}
                seat.player_id = seek.player_id
                seat.joined_at = now

        options = {"variant": first.variant} if first.variant else {}
        try:
            created = self.creation.create_game(
                players=first.players,
                seats=seats,
                time_control=first.time_control,
                options=options,
                player=first.player_id,
                rated=first.rated,
                prepare=claim,
                consented=bots,
            )
        except SeekTaken as taken:
            log.info("seek %s was taken meanwhile; matching again", taken)
            with self._lost_lock:
                self.lost_claims += 1
            return None
        log.info("seeks %s matched into game %s", [s.id for s in chosen], created.game.id)
        self._announce()
        return created.game.id

    # ------------------------------------------------------------------ helpers

    def _waiting_of(self, session: Session, player_id: str) -> SeekRow | None:
        return queries.waiting_of(session, player_id)

    def _announce(self) -> None:
        """Wake the lobby streams (and nothing else reads this notice)."""
        try:
            self.after.publisher.game_changed(LOBBY, 0)
        except Exception as err:  # noqa: BLE001 - lobby streams re-check periodically
            log_failure(log, err, "publisher failed for the lobby")


def _exists(existing: SeekRow) -> Conflict:
    return Conflict(
        "seek_exists", f"you have a waiting seek, {existing.id}: cancel it first",
        seek_id=existing.id,
    )  # fmt: skip


def _seated_apart(pool: list[SeekRow], apart: set[frozenset[str]]) -> list[SeekRow]:
    """The pool's seekers in order, passing over one that a block in ``apart`` keeps from
    one taken before, up to the first seeker's table size."""
    chosen: list[SeekRow] = []
    for seek in pool:
        if all(frozenset((seek.player_id, c.player_id)) not in apart for c in chosen):
            chosen.append(seek)
        if len(chosen) == pool[0].players:
            break
    return chosen
