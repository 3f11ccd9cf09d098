"""The process's one Redis subscription, and what it wakes: the streams of a game.

Each open stream registers a ``Watcher`` on its game. A notice for the game (or a
re-check that found its version changed, or a re-subscription after a Redis outage) bumps
the game's generation and wakes its watchers. The first woken watcher reads a new snapshot;
the others reuse it (one database read per game and notice, whatever the number of
spectators). Reads start after the bump, so a snapshot used for a wake-up always
includes the commit that caused it.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable

from api.stream.snapshot import Snapshot, SnapshotReader
from service.plumbing import metrics
from service.plumbing.outages import log_failure
from service.plumbing.publishing import CHANNEL, decode_notice

log = logging.getLogger(__name__)


class _Game:
    """The watchers of one game in this process and the snapshot they share."""

    def __init__(self) -> None:
        self.events: set[threading.Event] = set()
        self.generation = 0
        self.snapshot: Snapshot | None = None
        self.read_generation = -1
        self.read_lock = threading.Lock()


class Watcher:
    """One stream's registration: ``wait`` for a wake-up, read the shared ``snapshot``.

    ``event``: the one a stream of many games shares among its watchers (it waits on that
    and asks each watcher's ``generation`` which game woke it); by default a watcher's
    own."""

    def __init__(
        self, hub: NoticeHub, game_id: str, game: _Game, event: threading.Event | None = None
    ) -> None:
        self.hub, self.game_id, self._game = hub, game_id, game
        self._event = event if event is not None else threading.Event()
        game.events.add(self._event)
        self._closed = False
        metrics.STREAM_GAMES_FOLLOWED.inc()

    @property
    def generation(self) -> int:
        """How many wake-ups the game has had: a change means read the snapshot again."""
        return self._game.generation

    def wait(self, timeout: float) -> bool:
        """True when woken (then re-armed), False after ``timeout``."""
        if self._event.wait(timeout):
            self._event.clear()
            return True
        return False

    def snapshot(self) -> Snapshot:
        return self.hub.snapshot(self.game_id, self._game)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            metrics.STREAM_GAMES_FOLLOWED.dec()
            self.hub._unwatch(self.game_id, self._game, self._event)


class AnyWatcher:
    """A registration for every notice: ``wait`` for one, then look again. With
    ``games`` it also keeps which games were noticed (``noticed``), so that a player's
    stream looks at once after a notice of one of the player's own games."""

    def __init__(
        self, hub: NoticeHub, event: threading.Event | None = None, games: bool = False
    ) -> None:
        self.hub = hub
        self.event = event if event is not None else threading.Event()
        self._noticed: set[str] | None = set() if games else None

    def wait(self, timeout: float) -> bool:
        if self.event.wait(timeout):
            self.event.clear()
            return True
        return False

    def note(self, game_id: str) -> None:
        """A notice of ``game_id`` (the hub calls it under its lock)."""
        if self._noticed is not None:
            self._noticed.add(game_id)
        self.event.set()

    def noticed(self) -> set[str]:
        """The games noticed since the last call (empty unless made with ``games``)."""
        with self.hub._lock:
            found = self._noticed or set()
            if self._noticed is not None:
                self._noticed = set()
        return found

    def close(self) -> None:
        self.hub._unwatch_any(self)


class NoticeHub:
    """Watchers by game, the subscription and the periodic re-check (both started on the
    first ``watch``: a process that never serves a stream opens nothing)."""

    def __init__(
        self,
        reader: SnapshotReader,
        versions: Callable[[list[str]], dict[str, tuple[int, int]]],
        redis_url: str | None,
        recheck: float,
        channel: str = CHANNEL,
        read_timeout: float = 10.0,
    ) -> None:
        self.reader = reader
        self.versions = versions
        self.redis_url = redis_url
        self.recheck = recheck
        self.channel = channel
        self.read_timeout = read_timeout  # above get_message's 2 s wait, which has its own
        self._games: dict[str, _Game] = {}
        self._any: set[AnyWatcher] = set()  # woken by every notice (player streams)
        self._lock = threading.Lock()
        self._started = False
        self._stopped = threading.Event()
        self.subscribed = threading.Event()  # set while the subscription is live

    def watch(self, game_id: str, event: threading.Event | None = None) -> Watcher:
        self._start()
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                game = self._games[game_id] = _Game()
            return Watcher(self, game_id, game, event)

    def watch_any(self, event: threading.Event | None = None, games: bool = False) -> AnyWatcher:
        """A registration woken by every game's notice: the player streams, which follow
        many games that change as the player joins more (``games``: it keeps which)."""
        self._start()
        watcher = AnyWatcher(self, event, games)
        with self._lock:
            self._any.add(watcher)
        return watcher

    def _unwatch_any(self, watcher: AnyWatcher) -> None:
        with self._lock:
            self._any.discard(watcher)

    def stop(self) -> None:
        """End the background loops (within a few seconds); for tests and shutdown."""
        self._stopped.set()

    def _unwatch(self, game_id: str, game: _Game, event: threading.Event) -> None:
        with self._lock:
            game.events.discard(event)
            if not game.events and self._games.get(game_id) is game:
                del self._games[game_id]

    def watched(self) -> int:
        with self._lock:
            return sum(len(g.events) for g in self._games.values())

    def notify(self, game_id: str) -> None:
        with self._lock:
            for watcher in self._any:
                watcher.note(game_id)
            game = self._games.get(game_id)
            if game is None:
                return
            game.generation += 1
            events = list(game.events)
        for event in events:
            event.set()

    def notify_all(self) -> None:
        with self._lock:
            ids = list(self._games)
        for game_id in ids:
            self.notify(game_id)

    def snapshot(self, game_id: str, game: _Game) -> Snapshot:
        """The newest snapshot read after the game's latest wake-up (single flight)."""
        wanted = game.generation
        if game.snapshot is not None and game.read_generation >= wanted:
            return game.snapshot
        with game.read_lock:
            if game.snapshot is not None and game.read_generation >= wanted:
                return game.snapshot
            generation = game.generation  # before the read: later notices force another
            game.snapshot = self.reader.read(game_id, game.snapshot)
            game.read_generation = generation
            return game.snapshot

    # ------------------------------------------------------------ background loops

    def _start(self) -> None:
        if self._started:
            return
        with self._lock:
            if self._started:
                return
            self._started = True
        if self.redis_url:
            threading.Thread(target=self._listen, name="stream-notices", daemon=True).start()
        threading.Thread(target=self._recheck_loop, name="stream-recheck", daemon=True).start()

    def _listen(self) -> None:
        """Subscribe, forever: after every (re)subscription wake every stream, since notices
        published while the subscription was down are lost.

        "After" means once Redis has confirmed the subscription, not once the request is
        sent: a notice Redis handles in between reaches nobody, and a stream woken at the
        send could read the database before that notice's commit, missing it until the
        re-check."""
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        delay = 0.2
        while not self._stopped.is_set():
            pubsub = None
            try:
                # No silent reconnects inside redis-py: an outage must reach this loop. And
                # no read without a limit: a server that accepts and never answers (the
                # connection's handshake is a read) would otherwise hold this loop, and so
                # every stream's wake-ups, for ever.
                client = redis.Redis.from_url(
                    self.redis_url,
                    socket_connect_timeout=2,
                    socket_timeout=self.read_timeout,
                    retry=Retry(NoBackoff(), 0),
                )
                pubsub = client.pubsub()
                pubsub.subscribe(self.channel)
                while not self._stopped.is_set():
                    message = pubsub.get_message(timeout=2.0)
                    if message is None:
                        pubsub.ping()  # a dead connection shows up here, not as silence
                    elif message["type"] == "subscribe":  # Redis confirmed it: live from here
                        self.subscribed.set()
                        self.notify_all()
                        delay = 0.2
                    elif message["type"] == "message":
                        notice = decode_notice(message["data"])
                        if notice is not None:
                            self.notify(notice[0])
            except Exception as err:  # noqa: BLE001 - retry forever; re-checks cover the gap
                self.subscribed.clear()
                log.warning("stream notices: %s; resubscribing in %.1f s", err, delay)
                self._stopped.wait(delay)
                delay = min(delay * 2, 2.0)
            finally:
                if pubsub is not None:
                    with contextlib.suppress(Exception):
                        pubsub.close()

    def _recheck_loop(self) -> None:
        """Every ``recheck`` seconds compare the watched games' marks (version and newest
        chat message) with their snapshots: a notice that got lost delays its streams by
        at most that."""
        while not self._stopped.wait(self.recheck):
            with self._lock:
                games = {gid: g for gid, g in self._games.items() if g.snapshot is not None}
            try:
                current = self.versions(list(games))
            except Exception as err:  # noqa: BLE001 - the database is away: try at the next tick
                log_failure(log, err, "stream re-check failed")
                continue
            for game_id, game in games.items():
                snapshot = game.snapshot
                if snapshot is None or current.get(game_id) != snapshot.mark:
                    self.notify(game_id)  # changed, or gone: the streams will see
