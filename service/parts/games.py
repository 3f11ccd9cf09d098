"""Reading games: a game's document, the listing, its log, its positions and its record.
Nothing here writes; every read is one short session (``GameStore.reading``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from engine import Game, fairness
from service.parts.chat import Chat
from service.plumbing.errors import Conflict, NotFound, Unprocessable
from service.plumbing.paging import GamePage, decode_cursor, encode_cursor
from service.rules import positions
from service.rules.game_options import GameOptions
from service.rules.new_game import label_key
from service.rules.views import GameView, LogEntry, SeatView, game_view
from service.store.games import GameStore

#: Game ids read per page while streaming a player's records.
RECORD_PAGE = 100


class GameReads:
    """``GameReads(store, chat)``: what anybody may read of games (the chat joins the
    record)."""

    def __init__(self, store: GameStore, chat: Chat) -> None:
        self.store = store
        self.chat = chat

    def ping(self) -> None:
        """Raise when the database does not answer (readiness probes)."""
        self.store.ping()

    def get(self, game_id: str) -> GameView:
        with self.store.reading(game_id) as row:
            return game_view(row, full=True)

    def get_version(self, game_id: str) -> int:
        """Cheap read (one indexed column) for conditional GETs and caches."""
        return self.store.version(game_id)

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        """The versions of many games in one query (the live streams' periodic re-check);
        a game that does not exist is left out."""
        return self.store.versions(game_ids)

    def list_games(
        self,
        *,
        status: str | None = None,
        open_seats: bool | None = None,
        label: str | None = None,
        updated_after: datetime | None = None,
        cursor: str | None = None,
        page: int | None = None,
        page_size: int = 20,
        count: bool = False,
        viewer: str | None = None,
    ) -> GamePage:
        """Newest first. ``open_seats=True``: only games a human can still join. Private
        games are listed only to the player who created them (``viewer``, a player id).

        ``label`` and ``updated_after`` let a site that runs many games follow just its
        own: the games of one label that changed since its last look, in one request.
        Continue with ``cursor`` = the page's ``next_cursor`` (keyset paging, flat cost at
        any depth); ``page`` is the deprecated OFFSET paging. ``count``: also the number of
        matching games (one more query: only when asked).
        """
        if updated_after is not None and updated_after.tzinfo is None:
            raise ValueError("updated_after must be an aware datetime")
        if cursor is not None and page is not None:
            raise Unprocessable("invalid_cursor", "use cursor or page, not both")
        label = None if label is None else label_key(label)
        rows, total = self.store.list_games(
            status=status,
            open_seats=open_seats,
            label=label,
            updated_after=updated_after,
            after=decode_cursor(cursor) if cursor is not None else None,
            offset=(page - 1) * page_size if page is not None else 0,
            page_size=page_size + 1,  # one more tells whether a next page exists
            count=count,
            viewer=viewer,
        )
        more = len(rows) > page_size
        rows = rows[:page_size]
        next_cursor = encode_cursor(rows[-1].created_at, rows[-1].id) if rows and more else None
        return GamePage([game_view(r, full=False) for r in rows], total, next_cursor)

    def setup_events(self, game_id: str) -> list[Any]:
        """The engine's events from setting the game up (before the first action)."""
        return self.store.setup_events(game_id)

    def events(self, game_id: str, since: int = 0, limit: int = 100) -> list[LogEntry]:
        """Log entries with ``seq > since`` in order, at most ``limit``."""
        return [_entry(r) for r in self.store.log(game_id, since, limit)]

    def live_view(self, game_id: str, after: int, limit: int) -> tuple[GameView, list[LogEntry]]:
        """The game and its log entries with ``after < seq <= game.seq`` (at most ``limit``),
        for the live streams: the game is read first, so every entry up to its seq has
        committed."""
        row, rows = self.store.game_and_log(game_id, after, limit)
        return game_view(row, full=True), [_entry(r) for r in rows]

    def position(self, game_id: str, seq: int) -> dict[str, Any]:
        """The public view of a started game as it stood after its log entry ``seq`` (0:
        after the set-up): what a replay viewer draws at each step, food included. Only the
        public view, as ``get`` shows: never the generator or the order of undrawn cards."""
        page = self.positions(game_id, seq, seq)
        return {"game_id": game_id, **page["items"][0]}

    def positions(self, game_id: str, first: int, last: int) -> dict[str, Any]:
        """The positions after entries ``first`` to ``last`` (at most
        ``positions.MAX_RANGE``, and no further than the log goes) and the seq to ask for
        next (None at the end of the log): one walk from the nearest engine snapshot
        (``service/rules/positions.py``), so the cost is bounded whatever the seqs."""
        with self.store.reading(game_id) as row:
            if row.started_at is None:
                raise Conflict("game_not_started", "a game has positions once it has started")
            if not 0 <= first <= row.seq:
                raise NotFound("position_not_found", f"the log has entries 1 to {row.seq}")
            players, seed, options, current = row.players, row.seed, row.options, row.seq
        last = max(first, min(last, current, first + positions.MAX_RANGE - 1))
        base, state = self.store.snapshot_before(game_id, first)
        game = (
            Game.from_dict(state)
            if state is not None
            else GameOptions.of(options).new_game(players, seed)
        )
        items = positions.walk(game, base, self.store.actions(game_id, base, last), first)
        return {
            "game_id": game_id,
            "items": items,
            "next_from": last + 1 if last < current else None,
        }

    def record(self, game_id: str) -> dict[str, Any]:
        """Everything needed to replay a finished game exactly (``engine.replay``)."""
        with self.store.reading(game_id) as row:
            if row.status != "finished":
                raise Conflict("game_not_finished", "the record is available once finished")
            seats = [SeatView.of(s) for s in row.seats]
            verifiable = row.server_seed is not None
            fair = {
                "scheme": fairness.SCHEME if verifiable else None,
                "commitment": row.commitment,
                "server_seed": row.server_seed,
                "contributions": [s.entropy for s in row.seats] if verifiable else None,
            }
            setup = self.store.setup_events(game_id)
        return {
            "id": row.id,
            "label": row.label,
            "players": row.players,
            "seed": row.seed,
            "options": row.options,
            **GameOptions.of(row.options).engine_keywords(),  # engine.replay(..., **these)
            "seats": seats,
            "fairness": fair,
            "setup": setup,
            "actions": [
                {
                    "seq": a.seq,
                    "seat": a.seat,
                    "action": a.action,
                    "actor": a.actor,
                    "events": a.events,
                }
                for a in self.store.log(game_id)
                if a.action is not None  # hand-overs to bots are in /events, not replayed
            ],
            "chat": self.chat.messages(game_id, limit=None),
            "result": row.result,
            "created_at": row.created_at,
            "started_at": row.started_at,
            "finished_at": row.finished_at,
        }

    def label_records(self, label: str) -> Iterator[dict[str, Any]]:
        """The records (``record``) of the label's finished games, oldest first, one at a
        time: an export of a whole tournament never holds it all in memory."""
        ids = self.store.people.finished_ids_under_label(label_key(label))
        return (self.record(game_id) for game_id in ids)

    def player_records(
        self,
        player_id: str,
        *,
        viewer: str | None,
        since: datetime | None = None,
        until: datetime | None = None,
        most: int | None = None,
        rated: bool | None = None,
        players: int | None = None,
        variant: str | None = None,
    ) -> Iterator[dict[str, Any]]:
        """The records of the player's finished games, oldest finish first, read one page
        of ids and one record at a time: a player with thousands of games streams in
        bounded memory. Private games only when ``viewer`` is the player. 404
        ``player_not_found`` at once, before anything is streamed."""
        if not self.store.people.player_exists(player_id):
            raise NotFound("player_not_found", f"no player {player_id}")
        return self._player_records(player_id, viewer, since, until, most, rated, players, variant)

    def _player_records(
        self,
        player_id: str,
        viewer: str | None,
        since: datetime | None,
        until: datetime | None,
        most: int | None,
        rated: bool | None,
        players: int | None,
        variant: str | None,
    ) -> Iterator[dict[str, Any]]:
        sent, after = 0, None
        while most is None or sent < most:
            page = self.store.people.finished_games_of(
                player_id, after=after, since=since, until=until, rated=rated,
                players=players, listed_only=viewer != player_id, limit=RECORD_PAGE,
            )  # fmt: skip
            for game_id, _, options in page:
                if variant is not None and options.get("variant") != variant:
                    continue
                yield self.record(game_id)
                sent += 1
                if most is not None and sent >= most:
                    return
            if len(page) < RECORD_PAGE:
                return
            last_id, last_finished, _ = page[-1]
            after = (last_finished, last_id)


def _entry(row: Any) -> LogEntry:
    return LogEntry(row.seq, row.seat, row.action, row.events, row.actor, row.created_at, row.after)
