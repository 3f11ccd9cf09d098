"""Real processes for the worker tests and the benchmarks: a Redis server of their own and
Celery worker processes that can be started, killed and restarted.

Redis: every user starts its own ``redis-server`` on a free port in a temporary directory
and stops it afterwards, so nothing here ever reads, flushes or deletes data in a Redis that
something else (a running server, another test run) uses.

Every process the tests start goes through ``spawn``, which makes it die with the test run:
a run stopped by SIGKILL (a CI time limit) runs no ``finally`` and no fixture teardown, so
without it a worker in its own session kept consuming, re-parented to init.
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
from typing import Any

import redis

from scripts.supervise import die_with_this_process

#: The per-address budgets of people (docs/api.md, "Rate limits"), raised for a server the
#: tests share: every test and browser calls it from 127.0.0.1, so at the defaults the
#: whole suite would be one person making players, chatting and signing in.
ONE_ADDRESS_BUDGETS = {
    "URSUPPE_PLAYER_CREATE_RATE_LIMIT": "1000/60",
    "URSUPPE_CHAT_RATE_LIMIT": "1000/60",
    "URSUPPE_SIGNIN_RATE_LIMIT": "1000/60",
}

ROOT = Path(__file__).resolve().parents[1]


def spawn(
    cmd: list[str], *, start_new_session: bool = True, **popen: Any
) -> subprocess.Popen[bytes]:
    """``subprocess.Popen`` for a test's helper process: it dies with this process (Linux).

    Its own session by default, so ``os.killpg`` reaches its children (a Celery worker's
    pool, which Celery itself ties to the worker with the same kernel setting)."""
    popen["preexec_fn"] = die_with_this_process()
    return subprocess.Popen(cmd, start_new_session=start_new_session, **popen)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def redis_server(host: str = "127.0.0.1") -> Iterator[str]:
    """Start a private ``redis-server`` (no persistence) and yield its URL; stop it after."""
    exe = shutil.which("redis-server")
    if exe is None:
        raise RuntimeError("redis-server is not installed")
    port = free_port(host)
    with tempfile.TemporaryDirectory(prefix="ursuppe-redis-") as workdir:
        proc = spawn(
            [exe, "--bind", host, "--port", str(port), "--save", "", "--appendonly", "no",
             "--dir", workdir],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            _wait(lambda: _redis_answers(host, port), 10.0, "redis-server did not start")
            yield f"redis://{host}:{port}/0"
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _redis_answers(host: str, port: int) -> bool:
    try:
        return bool(redis.Redis(host=host, port=port, socket_timeout=1).ping())
    except redis.exceptions.RedisError:
        return False


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
        prefetch: int | None = None,
    ) -> None:
        self.env = {**os.environ, **env}
        #: ``--prefetch-multiplier`` (None: the app's own setting, 1).
        self.prefetch = prefetch
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
            "-Q", f"{self.queue},{self.queue}.bots", "-n", f"{self.name}-{uuid.uuid4().hex[:6]}@%h",
            "-P", self.pool, "-c", str(self.concurrency), "-l", "INFO",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
        ]  # fmt: skip
        if self.beat:
            cmd += ["-B", "-s", str(self.workdir / f"beat-{self.name}-schedule")]
        if self.prefetch is not None:
            cmd += ["--prefetch-multiplier", str(self.prefetch)]
        return cmd

    def start(self, timeout: float = 30.0) -> WorkerProcess:
        """Start the worker and wait until it answers a ping task on its queue."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.starts += 1
        log = open(self.logfile, "ab")  # noqa: SIM115 - handed to the child, closed in stop()
        log.write(f"\n==== start #{self.starts} ====\n".encode())
        log.flush()
        self._log = log
        self.proc = spawn(
            self.command(), cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
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
