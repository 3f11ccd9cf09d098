"""The whole service for the browser tests, as production runs it: the app under gunicorn
(threaded workers) and a real Celery worker (with beat) so bots move, on Redis and a
SQLite file of their own.

Isolation from parallel runs: a Redis database index claimed for this run (the same claim
key the worker tests use) and a queue name of its own.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import redis

from harness import processes

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
REDIS_BASE = "redis://127.0.0.1:6379"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _claim_redis_db() -> str:
    """A Redis database index (1..15) no concurrent test run holds (an expiring claim key)."""
    for _ in range(200):
        index = 1 + uuid.uuid4().int % 15
        client = redis.Redis.from_url(f"{REDIS_BASE}/{index}")
        if client.set("ursuppe:test-claim", str(os.getpid()), nx=True, ex=3600):
            return f"{REDIS_BASE}/{index}"
        time.sleep(0.05)
    raise RuntimeError("no free Redis database index")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM the process group (gunicorn/celery stop their children), SIGKILL stragglers."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(15)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(5)


@dataclass
class LiveServer:
    base_url: str
    env: dict[str, str]
    workdir: Path

    def log_tail(self, name: str, lines: int = 40) -> str:
        text = (self.workdir / f"{name}.log").read_text(errors="replace")
        return "\n".join(text.splitlines()[-lines:])


@contextlib.contextmanager
def live_server(workdir: Path, **extra_env: str) -> Iterator[LiveServer]:
    """Start gunicorn and a Celery worker; yield the base URL; stop both afterwards."""
    redis_url = _claim_redis_db()
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir / 'ursuppe.sqlite'}",
        "REDIS_URL": redis_url,
        "URSUPPE_QUEUE": f"ursuppe-web-{uuid.uuid4().hex[:10]}",
        "URSUPPE_SCHEDULER": "celery",
        "URSUPPE_SWEEP_INTERVAL": "1",
        "URSUPPE_BOT_TIME_BUDGET": "0.3",
        "URSUPPE_VAR_DIR": str(workdir),
        # Notice emails into a file the tests read (as make run does), links to this server.
        "URSUPPE_MAIL_FILE": str(workdir / "mail.mbox"),
        "URSUPPE_PUBLIC_URL": f"http://127.0.0.1:{port}",
        **processes.ONE_ADDRESS_BUDGETS,
        **extra_env,
    }
    procs: list[subprocess.Popen[bytes]] = []

    def start(name: str, cmd: list[str], env: dict[str, str]) -> None:
        log = open(workdir / f"{name}.log", "wb")  # noqa: SIM115 - the child writes it
        procs.append(processes.spawn(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT))

    base = f"http://127.0.0.1:{port}"
    try:
        # The web process migrates the database (locked) before the worker opens it.
        # Threads: a page of a signed-in browser holds two streams (its game's and the
        # player's), and a test has up to three browsers, each reloading.
        # A short graceful timeout: at teardown a page's open streams would otherwise hold
        # the stop for its whole wait (gunicorn lets requests in flight finish).
        start("gunicorn", [str(BIN / "gunicorn"), "api.wsgi:app", "--bind", f"127.0.0.1:{port}",
                           "--workers", "1", "--threads", "32", "--graceful-timeout", "2"],
              env)  # fmt: skip
        _wait_http(f"{base}/healthz", procs[0])
        worker_env = {**env, "URSUPPE_AUTO_MIGRATE": "0"}
        start("worker", [sys.executable, "-m", "celery", "-A", "workers.celery_app", "worker",
                         "-Q", f"{env['URSUPPE_QUEUE']},{env['URSUPPE_QUEUE']}.bots",  # live, bot-only
                         "-c", "2", "-B", "-s",
                         str(workdir / "beat-schedule"), "-l", "INFO", "--without-gossip",
                         "--without-mingle", "--without-heartbeat"], worker_env)  # fmt: skip
        yield LiveServer(base, env, workdir)
    finally:
        for proc in reversed(procs):
            _stop(proc)
        with contextlib.suppress(redis.exceptions.RedisError):
            redis.Redis.from_url(redis_url).flushdb()


@contextlib.contextmanager
def review_worker(server: LiveServer, iterations: str = "48") -> Iterator[subprocess.Popen[bytes]]:
    """A Celery worker on the server's reviews queue (``workers.tasks.review_game``), as
    ``make run`` starts one beside the game workers, with ``iterations`` of search a
    decision; stopped on leaving. The live server has none of its own: its game workers
    never take reviews, and most tests review nothing."""
    env = {**server.env, "URSUPPE_AUTO_MIGRATE": "0", "URSUPPE_REVIEW_ITERATIONS": iterations}
    log = open(server.workdir / "reviews.log", "wb")  # noqa: SIM115 - the child writes it
    proc = processes.spawn(
        [sys.executable, "-m", "celery", "-A", "workers.celery_app", "worker",
         "-Q", f"{env['URSUPPE_QUEUE']}.reviews", "-c", "1", "-n", f"reviews-{uuid.uuid4().hex[:6]}@%h",
         "-l", "INFO", "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        yield proc
    finally:
        _stop(proc)


def _wait_http(url: str, proc: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{url}: the server exited ({proc.returncode})")
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2) as resp:
            if resp.status == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout}s")
