"""Real processes for the stream tests and the benchmark: a PostgreSQL database of their
own, a Redis database index (or a private redis-server that can be restarted), a gunicorn
serving the app with the gevent worker, a Celery worker, and a stream client.

A unique module name (not ``conftest``) so that ``bench/stream_bench.py`` imports it too.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import redis
import requests

from harness import processes

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = os.environ.get(
    "URSUPPE_TEST_PG_ADMIN", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)
SHARED_REDIS = "redis://127.0.0.1:6379"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(predicate: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):
            value = predicate()
            if value:
                return value
        time.sleep(0.1)
    raise TimeoutError(f"timed out after {timeout}s waiting for {what}")


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    """A new PostgreSQL database with the schema at head; dropped afterwards."""
    import psycopg

    from service.plumbing.db import upgrade_database

    name = f"ursuppe_stream_{uuid.uuid4().hex[:10]}"
    admin = PG_ADMIN.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
        conn.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    url = PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"
    try:
        upgrade_database(url)
        yield url
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def redis_database() -> Iterator[str]:
    """A database index of the shared Redis, claimed for this run (1..15), emptied after."""
    for _ in range(200):
        url = f"{SHARED_REDIS}/{1 + uuid.uuid4().int % 15}"
        client = redis.Redis.from_url(url)
        if client.set("ursuppe:test-claim", str(os.getpid()), nx=True, ex=3600):
            break
        time.sleep(0.05)
    else:
        raise RuntimeError("no free Redis database index")
    try:
        yield url
    finally:
        with contextlib.suppress(redis.RedisError):
            client.flushdb()


class Process:
    """A child process in its own process group, logging to a file."""

    def __init__(self, name: str, cmd: list[str], env: dict[str, str], logdir: Path) -> None:
        self.name, self.cmd, self.env = name, cmd, {**os.environ, **env}
        self.logfile = logdir / f"{name}.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Process:
        log = open(self.logfile, "ab")  # noqa: SIM115 - the child holds it
        self.proc = processes.spawn(
            self.cmd, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        return self

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 10.0) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5)

    def tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.logfile.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


def stream_server(env: dict[str, str], logdir: Path, name: str = "stream") -> tuple[Process, str]:
    """The app under gunicorn with the gevent worker (what the Procfile's ``stream`` runs);
    it serves the whole API, so the tests talk to one address."""
    return gunicorn_server(
        "api.stream_wsgi:app", env, logdir, name,
        "--worker-class", "gevent", "--workers", "1", "--worker-connections", "3000",
    )  # fmt: skip


def gunicorn_server(
    app: str, env: dict[str, str], logdir: Path, name: str, *options: str
) -> tuple[Process, str]:
    """``app`` under gunicorn with ``options`` on a free loopback port, once it answers
    ``/healthz``; the process and its base URL."""
    port = free_port()
    # A short graceful timeout: a test stops the server with streams still open, and their
    # clients need no time to finish.
    cmd = [sys.executable, "-m", "gunicorn", app, "--bind", f"127.0.0.1:{port}",
           "--graceful-timeout", "2", *options]  # fmt: skip
    proc = Process(name, cmd, env, logdir).start()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: requests.get(f"{base}/healthz", timeout=1).ok, 30, "gunicorn")
    except TimeoutError:
        proc.stop()
        raise RuntimeError(f"gunicorn did not start:\n{proc.tail()}") from None
    return proc, base


def celery_worker(env: dict[str, str], logdir: Path, name: str = "worker") -> Process:
    """A Celery worker with an embedded beat (the deadline sweep), ready when it says so."""
    cmd = [
        sys.executable, "-m", "celery", "-A", "workers.celery_app", "worker", "-B",
        # Both queues, as production's worker: a game whose human timed out is bot-only,
        # and its bot turns go to the bot-only queue.
        "-s", str(logdir / f"beat-{name}"), "-Q", f"{env['URSUPPE_QUEUE']},{env['URSUPPE_QUEUE']}.bots",
        "-c", "2",
        "-n", f"{name}-{uuid.uuid4().hex[:6]}@%h", "-l", "INFO",
        "--without-gossip", "--without-mingle", "--without-heartbeat",
    ]  # fmt: skip
    proc = Process(name, cmd, env, logdir).start()
    try:
        wait_until(lambda: " ready." in proc.tail(200) or not proc.alive(), 60, "celery")
    except TimeoutError:
        proc.stop()
        raise
    if not proc.alive():
        raise RuntimeError(f"celery worker died:\n{proc.tail()}")
    return proc


class RedisServer:
    """A private redis-server on a free port that a test may stop and start again."""

    def __init__(self) -> None:
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="ursuppe-stream-redis-")
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        exe = shutil.which("redis-server")
        if exe is None:
            raise RuntimeError("redis-server not installed")
        self.proc = processes.spawn(
            [exe, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--dir", self.dir],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=False,
        )  # fmt: skip
        wait_until(lambda: redis.Redis.from_url(self.url).ping(), 10, "redis-server")
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    def kill(self) -> None:
        """SIGKILL: the server vanishes mid-reply, as in a crash or a lost container."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def base_env(pg_url: str, redis_url: str, queue: str, **extra: str) -> dict[str, str]:
    env = {
        "DATABASE_URL": pg_url,
        "REDIS_URL": redis_url,
        "URSUPPE_QUEUE": queue,
        "URSUPPE_SCHEDULER": "celery",
        "URSUPPE_AUTO_MIGRATE": "0",
        "URSUPPE_SWEEP_INTERVAL": "1",
        "URSUPPE_BOT_GRACE": "3",
        "URSUPPE_BOT_TIME_BUDGET": "0.5",
        "URSUPPE_STREAM_HEARTBEAT": "2",
        "URSUPPE_STREAM_MAX_PER_CLIENT": "1200",
        **processes.ONE_ADDRESS_BUDGETS,
    }
    env.update(extra)
    return env


# ------------------------------------------------------------------------------ clients


class StreamReader(threading.Thread):
    """Reads one stream (SSE or ndjson) in a thread into ``messages``: dicts with
    ``type``, ``data`` and ``id`` (entries), heartbeats included."""

    def __init__(
        self,
        url: str,
        *,
        ndjson: bool = False,
        headers: dict[str, str] | None = None,
        on_message: Callable[[dict[str, Any]], None] | None = None,
        stop_after: Callable[[dict[str, Any]], bool] | None = None,
    ) -> None:
        super().__init__(daemon=True)
        self.url, self.ndjson = url, ndjson
        self.headers = dict(headers or {})
        if ndjson:
            self.headers["Accept"] = "application/x-ndjson"
        self.on_message, self.stop_after = on_message, stop_after
        self.messages: list[dict[str, Any]] = []
        self.status: int | None = None
        self.error: BaseException | None = None
        self.opened = threading.Event()
        self.closed = threading.Event()
        self._response: requests.Response | None = None

    def run(self) -> None:
        try:
            with requests.get(self.url, headers=self.headers, stream=True, timeout=60) as resp:
                self._response = resp
                self.status = resp.status_code
                self.opened.set()
                if resp.status_code != 200:
                    return
                parse = self._ndjson if self.ndjson else self._sse
                for message in parse(resp.iter_lines()):
                    message["at"] = time.monotonic()
                    self.messages.append(message)
                    if self.on_message is not None:
                        self.on_message(message)
                    if self.stop_after is not None and self.stop_after(message):
                        return
        except BaseException as err:  # noqa: BLE001 - recorded for the test to see
            self.error = err
        finally:
            self.opened.set()
            self.closed.set()

    @staticmethod
    def _ndjson(lines: Iterator[bytes]) -> Iterator[dict[str, Any]]:
        for line in lines:
            if line:
                yield json.loads(line)

    @staticmethod
    def _sse(lines: Iterator[bytes]) -> Iterator[dict[str, Any]]:
        message: dict[str, Any] = {}
        for raw in lines:
            line = raw.decode()
            if line == "":
                if "type" in message:
                    yield message
                message = {}
            elif line.startswith(":"):
                yield {"type": "heartbeat"}
            elif line.startswith("event: "):
                message["type"] = line[7:]
            elif line.startswith("id: "):
                raw_id = line[4:]  # "<seq>" or, with chat, "<seq>:<chat id>"
                message["id"] = raw_id if ":" in raw_id else int(raw_id)
            elif line.startswith("data: "):
                message["data"] = json.loads(line[6:])

    def entries(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "entry"]

    def types(self) -> list[str]:
        return [m["type"] for m in self.messages if m["type"] != "heartbeat"]

    def cut(self) -> None:
        """Drop the connection from the client side (as a lost network would)."""
        if self._response is not None:
            with contextlib.suppress(Exception):
                self._response.raw._fp.fp.raw._sock.shutdown(socket.SHUT_RDWR)  # type: ignore[union-attr]
            with contextlib.suppress(Exception):
                self._response.close()


class Api:
    """Plain HTTP calls to the server under test."""

    def __init__(self, base: str) -> None:
        self.base = base + "/api/v1"
        self.http = requests.Session()

    def create(self, seats: list[dict[str, Any]], **body: Any) -> str:
        r = self.http.post(
            f"{self.base}/games", json={"players": len(seats), "seats": seats, **body}
        )
        r.raise_for_status()
        return r.json()["game"]["id"]

    def join(self, game_id: str, name: str = "human") -> tuple[int, str]:
        r = self.http.post(f"{self.base}/games/{game_id}/seats", json={"name": name})
        r.raise_for_status()
        return r.json()["seat"], r.json()["token"]

    def pending(self, game_id: str) -> dict[str, Any]:
        r = self.http.get(f"{self.base}/games/{game_id}/pending")
        r.raise_for_status()
        return r.json()

    def play_first(self, game_id: str, token: str, seq: int) -> int:
        """Submit the pending decision's first legal action at ``seq``; the status code
        (409 when the game moved on meanwhile, which a scripted player just ignores)."""
        p = self.pending(game_id)
        if p["seq"] != seq or p["pending"] is None:
            return 409
        r = self.http.post(
            f"{self.base}/games/{game_id}/actions",
            json={"action": p["pending"]["actions"][0], "expected_seq": seq},
            headers={"Authorization": f"Bearer {token}"},
        )
        return r.status_code

    def events(self, game_id: str) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        since = 0
        while True:
            r = self.http.get(
                f"{self.base}/games/{game_id}/events", params={"since": since, "limit": 500}
            )
            r.raise_for_status()
            page = r.json()
            items.extend(page["items"])
            if page["next_since"] is None:
                return items
            since = page["next_since"]

    def game(self, game_id: str) -> dict[str, Any]:
        r = self.http.get(f"{self.base}/games/{game_id}")
        r.raise_for_status()
        return r.json()

    def stream_url(self, game_id: str) -> str:
        return f"{self.base}/games/{game_id}/stream"


class ScriptedHuman:
    """A human seat played by a script that learns its turns from its own stream (ndjson,
    with its seat token: ``your_turn``) and plays the first legal action."""

    def __init__(self, api: Api, game_id: str, seat: int, token: str) -> None:
        self.api, self.game_id, self.seat, self.token = api, game_id, seat, token
        self.moves = 0
        #: Every attempt as (seq, status code or the exception's repr): a stalled game's
        #: report shows whether the human was told its turn and what its move got.
        self.attempts: list[tuple[int, int | str]] = []
        self.trying: int | None = None  # the seq of a move under way (a hung request shows)
        self.reader = StreamReader(
            api.stream_url(game_id),
            ndjson=True,
            headers={"Authorization": f"Bearer {token}"},
            on_message=self._on,
            stop_after=lambda m: m["type"] == "end",
        )

    def start(self) -> ScriptedHuman:
        self.reader.start()
        return self

    def _on(self, message: dict[str, Any]) -> None:
        data = message.get("data") or {}
        my_entry = message["type"] == "entry" and data.get("your_turn")
        my_start = (
            message["type"] == "state"
            and data.get("status") == "active"
            and data.get("pending_seat") == self.seat
        )
        if my_entry or my_start:
            self._play(data["seq"])

    def _play(self, seq: int) -> None:
        self.trying = seq
        try:
            status = self.api.play_first(self.game_id, self.token, seq)
        except Exception as err:
            self.attempts.append((seq, repr(err)))
            raise
        finally:
            self.trying = None
        self.attempts.append((seq, status))
        if status == 200:
            self.moves += 1

    def report(self) -> str:
        """What the human saw and did, for a test's failure message."""
        reader = self.reader
        seen = [m.get("id") for m in reader.messages if m["type"] in ("entry", "state")]
        return (
            f"human: {self.moves} moves, last attempts {self.attempts[-5:]}, "
            f"under way: {self.trying}, "
            f"stream closed={reader.closed.is_set()} error={reader.error!r}, "
            f"last ids seen {seen[-5:]}"
        )


def strip_stream_fields(entry_data: dict[str, Any]) -> dict[str, Any]:
    """An entry message's data without what the stream adds to an ``/events`` item."""
    return {k: v for k, v in entry_data.items() if k not in ("pending", "your_turn")}
