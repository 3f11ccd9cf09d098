"""The stream machinery of one app (per process), built on the first stream request, and
the response body of one stream."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

from flask import Flask

from api.problems import ApiProblem
from api.stream.framing import NdjsonFraming, SseFraming
from api.stream.limits import StreamSlots
from api.stream.notices import NoticeHub, Watcher
from api.stream.session import StreamSession
from api.stream.settings import StreamSettings
from api.stream.snapshot import Snapshot, SnapshotReader
from service.game_service import GameService
from service.plumbing import metrics
from service.plumbing.errors import NotFound
from service.plumbing.outages import log_failure

log = logging.getLogger(__name__)

EXTENSION = "ursuppe_stream"
RETRY_AFTER = 10  # seconds: streams come and go slowly, a quick retry would find it full
READERS = 8  # reads of one process's streams of many games going on at once
_build_lock = threading.Lock()


class StreamRuntime:
    def __init__(self, service: GameService, settings: StreamSettings) -> None:
        self.settings = settings
        self.reader = SnapshotReader(service)
        self.hub = NoticeHub(
            self.reader,
            lambda ids: marks(service, ids),
            service.settings.redis_url,
            settings.recheck,
        )
        self.slots = StreamSlots(settings.max_per_client, settings.max_open)
        #: Reads the woken games of a stream of many games side by side (greenlets under
        #: gevent, whose patching makes these threads greenlets; threads elsewhere).
        self.readers = ThreadPoolExecutor(READERS, thread_name_prefix="stream-read")

    def admit(self, address: str) -> Callable[[], None]:
        """A slot for one more stream from ``address``, before any other work (a full
        process refuses at the cost of a counter); the function that gives it back, once.
        503 ``streams_full`` when the process is full, 429 ``too_many_streams`` when the
        address is; both with ``Retry-After``."""
        full = self.slots.acquire(address)
        if full == "process":
            raise ApiProblem(
                503,
                "streams_full",
                f"this server holds its maximum of {self.slots.total} open streams; "
                "try again later",
                headers={"Retry-After": str(RETRY_AFTER)},
            )
        if full == "client":
            raise ApiProblem(
                429,
                "too_many_streams",
                f"at most {self.slots.per_client} open streams per client",
                headers={"Retry-After": str(RETRY_AFTER)},
            )
        released = threading.Event()

        def release() -> None:
            if not released.is_set():
                released.set()
                self.slots.release(address)

        return release

    def body(
        self,
        watcher: Watcher,
        session: StreamSession,
        framing: SseFraming | NdjsonFraming,
        first: Snapshot,
    ) -> Iterator[bytes]:
        """The response body: messages as snapshots come, heartbeats in between, until the
        game ends, the client goes away, or the idle or maximum duration is reached (then
        the client resumes where it left off)."""
        metrics.STREAMS_OPEN.inc()
        try:
            yield from self._messages(watcher, session, framing, first)
        finally:  # the client went away (GeneratorExit) as much as the stream ended
            metrics.STREAMS_OPEN.dec()

    def _messages(
        self,
        watcher: Watcher,
        session: StreamSession,
        framing: SseFraming | NdjsonFraming,
        first: Snapshot,
    ) -> Iterator[bytes]:
        s = self.settings
        started = last_write = last_message = time.monotonic()
        yield framing.open(s.retry_ms)
        snap: Snapshot | None = first
        while True:
            if snap is not None:
                messages = session.advance(snap)
                if messages:
                    yield b"".join(framing.message(*m) for m in messages)
                    last_write = last_message = time.monotonic()
                    for kind, _data, _id in messages:
                        metrics.STREAM_MESSAGES.labels(kind).inc()
                if session.done:
                    return
            while True:
                now = time.monotonic()
                if now - started >= s.max_duration or now - last_message >= s.idle_timeout:
                    return
                if watcher.wait(max(0.0, last_write + s.heartbeat - now)):
                    break
                yield framing.heartbeat
                metrics.STREAM_MESSAGES.labels("heartbeat").inc()
                last_write = time.monotonic()
            try:
                snap = watcher.snapshot()
            except NotFound:
                return
            except Exception as err:  # noqa: BLE001 - the database is away: keep the client, retry
                log_failure(log, err, "stream of %s: read failed; retrying", watcher.game_id)
                snap = None


def marks(service: GameService, game_ids: list[str]) -> dict[str, tuple[int, int]]:
    """(version, newest chat id) of the watched games: a chat message changes no version,
    so the re-check looks at both (two queries for every watched game together)."""
    versions = service.games.versions(game_ids)
    chats = service.chat.latest_many(list(versions))
    return {game_id: (v, chats.get(game_id, 0)) for game_id, v in versions.items()}


def stream_runtime(app: Flask, service: GameService) -> StreamRuntime:
    runtime = app.extensions.get(EXTENSION)
    if runtime is None:
        with _build_lock:
            runtime = app.extensions.get(EXTENSION)
            if runtime is None:
                runtime = app.extensions[EXTENSION] = StreamRuntime(
                    service, StreamSettings.from_env()
                )
    return runtime
