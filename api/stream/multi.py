"""One stream of many games (``/api/v1/stream``): the games a client follows and, with a
player token, the player's notices, over one connection (docs/stream.md, "Many games on
one stream").

Each followed game is the game stream's own machinery: a ``Watcher`` on the process's
notice hub (sharing the snapshot that every stream of the game reads) and a
``StreamSession`` that sends its entries exactly once, from the log. What is new here is
only the fan-in: the watchers of one stream share one event, and a wake-up advances the
games whose generation moved. The player's notices are the player stream's session on
the same looks. The resume point is one position per game (``<game id>:<seq>``, the id
of each entry): the client sends back the last one of every game and gets, per game,
what the game stream would send after it.

A game may bring its chat too (``chat``: the client's last chat id per game), as the game
stream's ``chat_since`` does; that game's ids are then ``<game id>:<seq>:<chat id>``. With
``lobby`` the stream also carries the lobby stream's messages (the quick-play seeks),
looked at on the same wake-ups as the player's notices.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from api.stream.framing import NdjsonFraming, SseFraming
from api.stream.lobby import LobbyStreamSession
from api.stream.notices import AnyWatcher, Watcher
from api.stream.player import MIN_LOOK, PlayerStreamSession
from api.stream.runtime import StreamRuntime
from api.stream.session import Message, StreamSession
from api.stream.snapshot import TERMINAL, Snapshot
from service.plumbing import metrics
from service.plumbing.errors import NotFound
from service.rules.player_views import BoardSeat
from service.rules.seek_terms import SeekView

log = logging.getLogger(__name__)

LIVE = ("open", "active")  # the statuses whose games a label or "mine" adds to the set
RETRY_READ = 1.0  # seconds before a game whose read failed is read again


@dataclass
class _Followed:
    """One followed game: its watcher, its session, and the generation last advanced to."""

    watcher: Watcher
    session: StreamSession
    seen: int


@dataclass(frozen=True)
class GameSet:
    """Which games a stream follows: ``ids`` named by the client, the games of ``label``
    (``members``, read again every re-check) and, with ``mine``, the open and active
    games where the player holds a seat (from the player's looks)."""

    ids: tuple[str, ...] = ()
    members: Callable[[], list[str]] | None = None
    mine: bool = False


class MultiStream:
    """The games of ``games`` (at most ``max_games``) and, with ``look``, the player's
    notices; ``since``: the client's position per game (absent: a fresh start, the game's
    ``state`` first); ``chat``: the client's last chat id per game whose chat it follows;
    ``lobby``: the seeks' look (``SeekService.look``), for the lobby's messages."""

    def __init__(
        self,
        runtime: StreamRuntime,
        games: GameSet,
        since: dict[str, int],
        look: Callable[[datetime], list[BoardSeat]] | None,
        notices: PlayerStreamSession | None,
        opened: datetime,
        chat: dict[str, int] | None = None,
        lobby: Callable[[datetime], list[SeekView]] | None = None,
    ) -> None:
        self.runtime = runtime
        self.set = games
        self.since = since
        self.chat = chat or {}
        self.lobby = lobby
        self.lobby_session = LobbyStreamSession() if lobby is not None else None
        self.look, self.notices, self.opened = look, notices, opened
        self.max_games = runtime.settings.max_games
        self.event = threading.Event()  # woken by any followed game (and any notice)
        self.games: dict[str, _Followed] = {}
        self.ended: set[str] = set()  # sent `end` on this stream: never followed again
        self.any: AnyWatcher | None = None
        self.retry_at: float | None = None
        self.announced = 0  # the number of games the last `following` named

    # ------------------------------------------------------------------ opening

    def open(self) -> list[Message] | None:
        """Watch the named games and take the first look: the first messages, or None when
        the client already has everything of every named game and nothing else can come
        (all ended; answered 204, which stops EventSource). Raises NotFound for a named
        game that does not exist; the watchers are then let go."""
        try:
            if self._looks():
                self.any = self.runtime.hub.watch_any(self.event)
            out: list[Message] = []
            firsts: list[tuple[str, Snapshot]] = []
            for gid, snap in self._watch(list(self.set.ids)):
                if isinstance(snap, Exception):
                    raise snap  # NotFound: a 404 naming the game
                firsts.append((gid, snap))
            if not self._keeps_listening() and all(
                self._finished_for_client(gid, snap) for gid, snap in firsts
            ):
                self.close()
                return None
            out.append(self._following())  # the named games, before their first messages
            for gid, snap in firsts:
                out += self._advance_game(gid, snap)
            out += self._refresh_members(look=True)
            if len(self.games) != self.announced:  # some ended at once
                out.append(self._following())
            return out
        except BaseException:
            self.close()
            raise

    def _watch(self, game_ids: list[str]) -> list[tuple[str, Snapshot | Exception]]:
        """Follow ``game_ids``: each watched before its first read (no notice missed), the
        reads side by side; each game's snapshot or what its read raised (the game is then
        let go)."""
        for game_id in game_ids:
            watcher = self.runtime.hub.watch(game_id, self.event)
            self.games[game_id] = _Followed(
                watcher,
                StreamSession(
                    self.since.get(game_id),
                    None,
                    lambda after, upto, game_id=game_id: self.runtime.reader.entries(
                        game_id, after, upto
                    ),
                    self.chat.get(game_id),
                    lambda after, upto, game_id=game_id: self.runtime.reader.chat(
                        game_id, after, upto
                    ),
                ),
                watcher.generation,
            )
        reads = list(self.runtime.readers.map(_read, [self.games[g].watcher for g in game_ids]))
        for game_id, snap in zip(game_ids, reads, strict=True):
            if isinstance(snap, Exception):
                self._drop(game_id)
        return list(zip(game_ids, reads, strict=True))

    def _finished_for_client(self, game_id: str, snap: Snapshot) -> bool:
        since = self.since.get(game_id)
        chat = self.chat.get(game_id)
        return (
            snap.doc["status"] in TERMINAL
            and since is not None
            and since >= snap.seq
            and (chat is None or chat >= snap.chat_last)
        )

    def _looks(self) -> bool:
        """Whether the stream looks at the database after any notice (notices, lobby)."""
        return self.look is not None or self.lobby is not None

    def _keeps_listening(self) -> bool:
        """Whether the stream can bring more once its named games are over."""
        return self._looks() or self.set.members is not None

    # ------------------------------------------------------------------ the body

    def body(self, framing: SseFraming | NdjsonFraming, first: list[Message]) -> Iterator[bytes]:
        """Messages as the games and the player's looks bring them, heartbeats in between,
        until the idle or maximum duration, or until nothing is left to follow."""
        metrics.STREAMS_OPEN.inc()
        try:
            yield from self._messages(framing, first)
        finally:
            metrics.STREAMS_OPEN.dec()

    def _messages(
        self, framing: SseFraming | NdjsonFraming, first: list[Message]
    ) -> Iterator[bytes]:
        s = self.runtime.settings
        started = last_write = last_message = last_look = last_members = time.monotonic()
        next_look = last_look + s.recheck
        yield framing.open(s.retry_ms)
        out = first
        while True:
            if out:
                yield b"".join(framing.message(*m) for m in out)
                last_write = last_message = time.monotonic()
                for kind, _data, _id in out:
                    metrics.STREAM_MESSAGES.labels(kind).inc()
            if not self.games and not self._keeps_listening():
                return
            woken = False
            while True:
                now = time.monotonic()
                if now - started >= s.max_duration or now - last_message >= s.idle_timeout:
                    return
                due = [last_write + s.heartbeat]
                if self._looks():
                    due.append(next_look)
                if self.set.members is not None:
                    due.append(last_members + s.recheck)
                if self.retry_at is not None:
                    due.append(self.retry_at)
                if self.event.wait(max(0.0, min(due) - now)):
                    self.event.clear()
                    woken = True
                    break
                if time.monotonic() < min(due[1:], default=float("inf")):
                    yield framing.heartbeat
                    metrics.STREAM_MESSAGES.labels("heartbeat").inc()
                    last_write = time.monotonic()
                    continue
                break
            now = time.monotonic()
            if woken and self._looks():  # a notice: look soon, at most every MIN_LOOK
                next_look = min(next_look, last_look + MIN_LOOK)
            out = self._advance_games()
            if self._looks() and now >= next_look:
                last_look = last_members = now
                next_look = now + s.recheck
                out += self._refresh_members(look=True)
            elif self.set.members is not None and now >= last_members + s.recheck:
                last_members = now
                out += self._refresh_members(look=False)

    def _advance_games(self) -> list[Message]:
        """The messages of every game woken since it was last advanced. The games' reads
        go side by side (``StreamRuntime.readers``): one after the other, a burst of
        notices would wait on the database once per game, as a stream per game does not."""
        self.retry_at = None
        out: list[Message] = []
        woken: list[tuple[str, _Followed]] = []
        for game_id, followed in self.games.items():
            generation = followed.watcher.generation
            if generation != followed.seen:
                followed.seen = generation  # before the read, which covers at least this one
                woken.append((game_id, followed))
        reads = self.runtime.readers.map(_read, [followed.watcher for _g, followed in woken])
        for (game_id, followed), snap in zip(woken, reads, strict=True):
            if isinstance(snap, NotFound):
                self._drop(game_id)
                self.ended.add(game_id)
            elif isinstance(snap, Exception):  # the database is away: keep the client, retry
                log.warning("stream of many: read of %s failed; retrying", game_id, exc_info=snap)
                followed.seen = -1
                self.retry_at = time.monotonic() + RETRY_READ
            else:
                out += self._advance_game(game_id, snap)
        if len(self.games) != self.announced:
            out.append(self._following())
        return out

    def _advance_game(self, game_id: str, snap: Snapshot) -> list[Message]:
        followed = self.games[game_id]
        out: list[Message] = []
        for kind, data, position in followed.session.advance(snap):
            if kind in ("entry", "chat"):
                # The game's position: "<seq>", or "<seq>:<chat id>" when its chat comes too.
                out.append((kind, {"game_id": game_id, **data}, f"{game_id}:{position}"))
            else:
                out.append((kind, data, None))
        if followed.session.done:
            self._drop(game_id)
            self.ended.add(game_id)
        return out

    def _refresh_members(self, *, look: bool) -> list[Message]:
        """The player's notices (``look``) and the games a label or the player's seats add
        to the set; a ``following`` message when the set changed."""
        out: list[Message] = []
        found: list[str] = []
        try:
            if look and self.lobby is not None and self.lobby_session is not None:
                out += self.lobby_session.advance(self.lobby(self.opened))
            if look and self.look is not None:
                board = self.look(self.opened)
                if self.notices is not None:
                    out += self.notices.advance(board)
                if self.set.mine:
                    found += [b.game_id for b in board if b.status in LIVE]
            if self.set.members is not None:
                found += self.set.members()
        except Exception:  # noqa: BLE001 - the database is away: the next look retries
            log.warning("stream of many: look failed; retrying", exc_info=True)
            return out
        new = [g for g in dict.fromkeys(found) if g not in self.games and g not in self.ended]
        added = False
        for game_id, snap in self._watch(new[: max(0, self.max_games - len(self.games))]):
            if isinstance(snap, NotFound):
                continue
            if isinstance(snap, Exception):  # the database is away: the next look retries
                log.warning("stream of many: read of %s failed", game_id, exc_info=snap)
                continue
            out += self._advance_game(game_id, snap)
            added = True
        if added:
            out.append(self._following())
        return out

    def _following(self) -> Message:
        self.announced = len(self.games)
        return ("following", {"games": sorted(self.games), "max_games": self.max_games}, None)

    # ------------------------------------------------------------------ closing

    def _drop(self, game_id: str) -> None:
        followed = self.games.pop(game_id, None)
        if followed is not None:
            followed.watcher.close()

    def close(self) -> None:
        """Let every watcher go (the client left, or the stream ended)."""
        for game_id in list(self.games):
            self._drop(game_id)
        if self.any is not None:
            self.any.close()
            self.any = None


def _read(watcher: Watcher) -> Snapshot | Exception:
    """A woken game's snapshot, or what its read raised (handled by the stream)."""
    try:
        return watcher.snapshot()
    except Exception as err:  # noqa: BLE001 - returned to the stream, which decides
        return err


def label_members(
    list_games: Callable[..., Any], label: str, limit: int
) -> Callable[[], list[str]]:
    """The open and active games of ``label`` (at most ``limit``, oldest first), read
    page by page."""

    def members() -> list[str]:
        found: list[tuple[Any, str]] = []
        for status in LIVE:
            cursor = None
            while len(found) < 2 * limit:
                page = list_games(status=status, label=label, cursor=cursor, page_size=100)
                found += [(g.created_at, g.id) for g in page.games]
                cursor = page.next_cursor
                if cursor is None:
                    break
        return [game_id for _created, game_id in sorted(found)[:limit]]

    return members
