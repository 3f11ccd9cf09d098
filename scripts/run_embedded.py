"""``make run``: the whole server on one machine with nothing started by hand.

Starts three things and supervises them:

* the API under gunicorn (``api.wsgi:app``) on ``127.0.0.1:$PORT`` (default 8000);
* one Celery worker with an embedded beat (``-B``) for the deadline sweep;
* nothing else: the database is a SQLite file and the broker is kombu's ``filesystem://``
  transport, both under ``var/`` (see docs/workers.md for why this broker).

``REDIS_URL``/``DATABASE_URL`` from the environment are honoured when set. Ctrl-C (or
SIGTERM) stops the web first, then the worker (warm shutdown), and kills what lingers.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VAR = Path(os.environ.get("URSUPPE_VAR_DIR") or ROOT / "var")
BIN = Path(sys.executable).parent


def _free_port(preferred: int) -> int:
    """``preferred`` when free, else any free port (a second ``make run`` still starts)."""
    for port in (preferred, 0):
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return sock.getsockname()[1]
    raise RuntimeError("no free port")


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("DATABASE_URL", f"sqlite:///{VAR / 'ursuppe.sqlite'}")
    if not env.get("REDIS_URL"):
        env.setdefault("URSUPPE_BROKER_URL", "filesystem://")
        env.setdefault("URSUPPE_BROKER_DIR", str(VAR / "broker"))
    env.setdefault("URSUPPE_VAR_DIR", str(VAR))
    env.setdefault("URSUPPE_SCHEDULER", "celery")
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def _start(cmd: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    # Own session: the terminal's Ctrl-C reaches only this supervisor, which then stops
    # the children in order instead of all of them racing at once.
    return subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)


def _stop(procs: list[tuple[str, subprocess.Popen[bytes]]], timeout: float = 15.0) -> None:
    for _name, proc in procs:
        if proc.poll() is None:
            # To the main process only: gunicorn's master and celery's main process stop
            # their own children in order (warm shutdown: running tasks finish).
            proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
        # Pool children of a dead parent may linger in its process group.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)


def _wait_http(url: str, proc: subprocess.Popen[bytes], timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status < 500:
                    return True
        except OSError:
            time.sleep(0.3)
    return False


def main() -> int:
    """Run until Ctrl-C/SIGTERM or until a child dies; return the exit status."""
    env = _environment()
    VAR.mkdir(parents=True, exist_ok=True)
    port = _free_port(int(env.get("PORT", "8000")))

    # Migrate once up front so the web and the worker never race to create the schema.
    from service.db import upgrade_database

    os.environ.update({k: v for k, v in env.items() if k == "DATABASE_URL"})
    upgrade_database(env["DATABASE_URL"])

    web_cmd = [
        str(BIN / "gunicorn"), "api.wsgi:app", "--bind", f"127.0.0.1:{port}",
        "--workers", env.get("WEB_CONCURRENCY", "2"), "--threads", "4",
        "--access-logfile", "-",
    ]  # fmt: skip
    worker_cmd = [
        str(BIN / "celery"), "-A", "workers.celery_app", "worker", "-B",
        "--schedule", str(VAR / "celerybeat-schedule"),
        "--concurrency", env.get("WORKER_CONCURRENCY", "2"), "--loglevel", "INFO",
        "--without-gossip", "--without-mingle", "--without-heartbeat",
    ]  # fmt: skip
    procs = [("web", _start(web_cmd, env)), ("worker", _start(worker_cmd, env))]

    stopping = False

    def _on_signal(signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGTERM, _on_signal)

    base = f"http://127.0.0.1:{port}"
    if _wait_http(f"{base}/healthz", procs[0][1]):
        broker = env.get("URSUPPE_BROKER_URL") or env.get("REDIS_URL", "")
        print(
            f"\nUrsuppe Server (embedded mode) is up:\n"
            f"  API      {base}/api/v1\n"
            f"  docs     {base}/api/v1/docs\n"
            f"  database {env['DATABASE_URL']}\n"
            f"  broker   {broker}\n"
            f"Ctrl-C stops everything.\n",
            flush=True,
        )
    status = 0
    while not stopping:
        for name, proc in procs:
            if proc.poll() is not None:
                print(f"run_embedded: {name} exited with {proc.returncode}; stopping", flush=True)
                status = proc.returncode or 1
                stopping = True
        time.sleep(0.3)
    print("run_embedded: shutting down…", flush=True)
    _stop(procs)
    return status


if __name__ == "__main__":
    sys.exit(main())
