"""A freshly started web process answers its first requests, all at once, without a 500.

What a balancer does to a process it has just added: many requests arrive together before
any has been answered. Each process makes its per-process objects (the Prometheus series
first) before it serves; made lazily by the first requests, two threads made the same
series and the registry refused the second (``Duplicated timeseries``: a 500). The web
process as the Procfile runs it (gunicorn, one worker with 8 threads, so all requests land
on one process) and the stream process (gevent), each started afresh and hit by 24
requests released together before anything else has reached it.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests
from prometheus_client.mmap_dict import MmapedDict, mmap_key

from harness.processes import free_port
from harness.streams import Process, wait_until
from service.plumbing import metrics

pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

#: The first requests: probes, the spec-described API and a page, as a balancer's and
#: players' traffic mixes them.
PATHS = ("/healthz", "/readyz", "/api/v1/rules", "/api/v1/games", "/metrics", "/")
CONCURRENT = 64


def _listening(port: int) -> bool:
    """Whether the port accepts connections (a TCP connect only: no request is sent)."""
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _first_requests(base: str) -> list[tuple[str, int, str]]:
    """``CONCURRENT`` requests released together; (path, status, body start) of each."""
    gate = threading.Barrier(CONCURRENT)

    def one(i: int) -> tuple[str, int, str]:
        path = PATHS[i % len(PATHS)]
        gate.wait()
        response = requests.get(base + path, timeout=60)
        return path, response.status_code, response.text[:200]

    with ThreadPoolExecutor(CONCURRENT) as pool:
        return list(pool.map(one, range(CONCURRENT)))


@pytest.mark.parametrize(
    ("app", "options"),
    [
        ("api.wsgi:app", ("--workers", "1", "--threads", "8")),
        ("api.stream_wsgi:app", ("--workers", "1", "--worker-class", "gevent")),
    ],
    ids=["web-threads", "stream-gevent"],
)
def test_a_fresh_process_answers_its_first_concurrent_requests(
    tmp_path: Path, app: str, options: tuple[str, ...]
) -> None:
    env = {
        **_env(),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'first.sqlite'}",
        "URSUPPE_SCHEDULER": "none",
        "URSUPPE_METRICS": "on",
        "URSUPPE_RATE_LIMIT": "",
    }
    for attempt in range(3):  # three fresh processes: a race shows in some starts only
        port = free_port()
        cmd = [sys.executable, "-m", "gunicorn", app, "--bind", f"127.0.0.1:{port}",
               "--graceful-timeout", "2", *options]  # fmt: skip
        proc = Process(f"first-{attempt}", cmd, env, tmp_path).start()
        try:
            wait_until(lambda p=port: _listening(p), 60, "the port to listen")  # noqa: B023
            answers = _first_requests(f"http://127.0.0.1:{port}")
            failed = [a for a in answers if a[1] >= 500]
            assert not failed, f"{failed}\n{proc.tail(60)}"
            assert "Duplicated timeseries" not in proc.tail(400)
        finally:
            proc.stop()


def _env() -> dict[str, str]:
    """This environment without a metrics directory: gunicorn.conf.py makes a fresh one."""
    return {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}


def test_threads_asking_at_once_make_the_series_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock, without a server: this process's series stand in for new ones (a second
    registration would fail), handed out by a ``_make`` slowed so that every thread asks
    while the first is still making them."""
    existing = metrics.series()
    calls = []

    def slow_make() -> dict:
        calls.append(threading.get_ident())
        threading.Event().wait(0.2)  # hold the lock while the others ask
        return dict(existing)

    monkeypatch.setattr(metrics, "_made", {})
    monkeypatch.setattr(metrics, "_make", slow_make)
    with ThreadPoolExecutor(16) as pool:
        results = list(pool.map(lambda _: metrics.series()["REQUESTS"], range(16)))
    assert len(calls) == 1
    assert all(r is existing["REQUESTS"] for r in results)


def test_a_scrape_leaves_out_a_process_file_not_yet_sized(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file another process has created but not yet sized (or left so when killed) is
    nothing recorded yet, not a failed scrape."""
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    recorded = MmapedDict(str(tmp_path / "counter_424241.db"))  # a process that served
    key = mmap_key("ursuppe_http_requests", "ursuppe_http_requests_total",
                   ["route", "method", "status"], ["/healthz", "GET", "200"], "requests")  # fmt: skip
    recorded.write_value(key, 3.0, 0.0)
    recorded.close()
    (tmp_path / "counter_424242.db").write_bytes(b"")  # one that has not sized its file yet
    body, _ = metrics.exposition()
    assert 'ursuppe_http_requests_total{method="GET",route="/healthz",status="200"} 3.0' in (
        body.decode()
    )
