"""Real processes for the worker tests and the benchmark: Redis, a PostgreSQL database of
their own, and Celery worker processes that can be started, killed and restarted.

Kept in the package (not in ``tests/``) because ``bench/workers_bench.py`` drives the same
parts. Nothing here is used in production.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Mapping
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parent.parent
PG_ADMIN_URL = os.environ.get(
    "URSUPPE_TEST_PG_ADMIN", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)


def port_open(host: str, port: int, timeout: float = 0.3) -> bool:
    """True when something accepts TCP connections on ``host:port``."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


@contextlib.contextmanager
def redis_server(host: str = "127.0.0.1", port: int = 6379) -> Iterator[str]:
    """Yield a base Redis URL; start ``redis-server`` when nothing answers there.

    A Redis that was already running is left alone; one started here is stopped after.
    """
    proc: subprocess.Popen[bytes] | None = None
    workdir: str | None = None
    if not _redis_answers(host, port):
        exe = shutil.which("redis-server")
        if exe is None:
            raise RuntimeError(f"no Redis on {host}:{port} and no redis-server to start")
        workdir = tempfile.mkdtemp(prefix="ursuppe-redis-")
        proc = subprocess.Popen(
            [
                exe,
                "--bind",
                host,
                "--port",
                str(port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                workdir,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait(lambda: _redis_answers(host, port), 10.0, "redis-server did not start")
    try:
        yield f"redis://{host}:{port}"
    finally:
        if proc is not None:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
        if workdir:
            shutil.rmtree(workdir, ignore_errors=True)


def _redis_answers(host: str, port: int) -> bool:
    if not port_open(host, port):
        return False
    try:
        return bool(redis.Redis(host=host, port=port, socket_timeout=1).ping())
    except redis.exceptions.RedisError:
        return False


def pick_redis_db(base_url: str) -> str:
    """A Redis URL on a database index no other concurrent run is using (1..15).

    Claims the index with a key that expires, so two parallel runs never share one.
    """
    for _ in range(200):
        index = 1 + uuid.uuid4().int % 15
        client = redis.Redis.from_url(f"{base_url}/{index}")
        if client.set("ursuppe:test-claim", str(os.getpid()), nx=True, ex=3600):
            client.flushdb()  # leftovers from a crashed earlier run
            client.set("ursuppe:test-claim", str(os.getpid()), ex=3600)
            return f"{base_url}/{index}"
        time.sleep(0.05)
    raise RuntimeError("no free Redis database index")


def release_redis_db(url: str) -> None:
    """Empty a database taken with :func:`pick_redis_db` (drops the claim too)."""
    with contextlib.suppress(redis.exceptions.RedisError):
        redis.Redis.from_url(url).flushdb()


@contextlib.contextmanager
def postgres_database(admin_url: str = PG_ADMIN_URL, prefix: str = "ursuppe_wk") -> Iterator[str]:
    """Create a uniquely named PostgreSQL database, yield its URL, drop it afterwards."""
    import sqlalchemy as sa

    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        url = admin_url.rsplit("/", 1)[0] + "/" + name
        try:
            yield url
        finally:
            with admin.connect() as conn:
                conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


class WorkerProcess:
    """One ``celery worker`` process (in its own process group), optionally with beat.

    ``kill()`` sends SIGKILL to the whole group — the parent and its pool children die
    at once, as in a crashed machine or an OOM-killed container.
    """

    def __init__(
        self,
        env: Mapping[str, str],
        *,
        queue: str,
        concurrency: int = 2,
        beat: bool = False,
        workdir: Path,
        name: str = "w1",
        pool: str = "prefork",
        app_module: str = "workers.celery_app",
    ) -> None:
        self.env = {**os.environ, **env}
        self.queue = queue
        self.concurrency = concurrency
        self.beat = beat
        self.workdir = Path(workdir)
        self.name = name
        self.pool = pool
        self.app_module = app_module
        self.proc: subprocess.Popen[bytes] | None = None
        self.logfile = self.workdir / f"worker-{name}.log"
        self.starts = 0

    def command(self) -> list[str]:
        cmd = [
            sys.executable, "-m", "celery", "-A", self.app_module, "worker",
            "-Q", self.queue, "-n", f"{self.name}-{uuid.uuid4().hex[:6]}@%h",
            "-P", self.pool, "-c", str(self.concurrency), "-l", "INFO",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
        ]  # fmt: skip
        if self.beat:
            cmd += ["-B", "-s", str(self.workdir / f"beat-{self.name}-schedule")]
        return cmd

    def start(self, timeout: float = 30.0) -> WorkerProcess:
        """Start the worker and wait until it answers a ping task on its queue."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.starts += 1
        log = open(self.logfile, "ab")  # noqa: SIM115 - handed to the child, closed in stop()
        log.write(f"\n==== start #{self.starts} ====\n".encode())
        log.flush()
        self._log = log
        self.proc = subprocess.Popen(
            self.command(), cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        self.wait_ready(timeout)
        return self

    def wait_ready(self, timeout: float) -> None:
        """Send ``workers.tasks.ping`` through the broker and wait for the pong."""
        from workers.celery_app import make_celery
        from workers.config import WorkerSettings

        app = make_celery(WorkerSettings.from_env(self.env))
        try:
            result = app.send_task("workers.tasks.ping", queue=self.queue)
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if self.proc is not None and self.proc.poll() is not None:
                    raise RuntimeError(f"worker exited early:\n{self.tail()}")
                if result.ready() and result.get(timeout=1) == "pong":
                    return
                time.sleep(0.1)
            raise RuntimeError(f"worker not ready after {timeout}s:\n{self.tail()}")
        finally:
            app.close()

    def kill(self) -> None:
        """SIGKILL the worker and its pool children, no shutdown of any kind."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self._close_log()

    def stop(self, timeout: float = 15.0) -> None:
        """Warm shutdown (SIGTERM), then SIGKILL if it does not stop in time."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()  # the main process stops its pool children itself
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        # Pool children of a worker that died abnormally may linger in the group.
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        self._close_log()

    def _close_log(self) -> None:
        log = getattr(self, "_log", None)
        if log is not None and not log.closed:
            log.close()

    def tail(self, lines: int = 60) -> str:
        """The end of the worker's log, for failure messages."""
        try:
            return "\n".join(self.logfile.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


def _wait(predicate: object, timeout: float, message: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return
        time.sleep(0.1)
    raise RuntimeError(message)
