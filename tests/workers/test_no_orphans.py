"""A stopped test run leaves no processes and no databases behind.

A pytest process of its own starts what the fixtures start (a redis-server, a Celery worker
with beat and its pool) and is then killed with SIGKILL, so no teardown runs; every process
it started must be gone soon after. A parallel run (xdist, as ``make test`` runs) whose
controller gets SIGTERM or SIGKILL must also drop the databases its workers created."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from harness.processes import ROOT

pytestmark = pytest.mark.integration

INNER = """
import os, time
import psutil
from harness import processes

def test_hold(tmp_path):
    with processes.redis_server() as url:
        env = {"REDIS_URL": url, "URSUPPE_QUEUE": "orphans", "URSUPPE_SCHEDULER": "celery",
               "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite", "URSUPPE_AUTO_MIGRATE": "1"}
        processes.WorkerProcess(env, queue="orphans", beat=True, workdir=tmp_path).start(90)
        pids = [p.pid for p in psutil.Process().children(recursive=True)]
        with open(os.environ["ORPHAN_PIDS"] + ".tmp", "w") as f:
            f.write(" ".join(map(str, pids)))
        os.rename(os.environ["ORPHAN_PIDS"] + ".tmp", os.environ["ORPHAN_PIDS"])
        time.sleep(600)
"""


INNER_XDIST = """
import os, time
import psutil, pytest
from harness import processes
from harness.databases import postgres_database

@pytest.fixture(scope="session")
def held():
    with postgres_database("ursuppe_orphan") as db, processes.redis_server():
        yield db

@pytest.mark.parametrize("n", [1, 2])
def test_hold(held, n):  # the first test of each process holds its place
    pids = [os.getpid()] + [p.pid for p in psutil.Process().children(recursive=True)]
    path = os.path.join(os.environ["ORPHAN_DIR"], os.environ.get("PYTEST_XDIST_WORKER", "main"))
    with open(path + ".tmp", "w") as f:
        f.write(held.rsplit("/", 1)[1] + " " + " ".join(map(str, pids)))
    os.rename(path + ".tmp", path)
    time.sleep(600)
"""


def _databases() -> set[str]:
    import psycopg

    from harness.databases import PG_ADMIN_URL

    admin = PG_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        return {name for (name,) in conn.execute("SELECT datname FROM pg_database")}


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


@pytest.mark.skipif(sys.platform != "linux", reason="PR_SET_PDEATHSIG is Linux's")
def test_killed_test_run_leaves_no_workers(tmp_path: Path) -> None:
    (tmp_path / "test_inner.py").write_text(INNER)
    pids_file = tmp_path / "pids"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ORPHAN_PIDS": str(pids_file)}
    inner = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir",
         str(tmp_path), str(tmp_path / "test_inner.py")],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 150
        while not pids_file.exists():
            if inner.poll() is not None or time.monotonic() > deadline:
                out = inner.stdout.read().decode(errors="replace") if inner.stdout else ""
                pytest.fail(f"the inner run did not start its worker:\n{out[-3000:]}")
            time.sleep(0.2)
        pids = [int(p) for p in pids_file.read_text().split()]
        # redis-server, the worker, its beat and at least one pool process.
        assert len(pids) >= 3, pids
        assert all(_alive(pid) for pid in pids)
        inner.send_signal(signal.SIGKILL)
        inner.wait(10)
        deadline = time.monotonic() + 20
        while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.2)
        survivors = [psutil.Process(p).cmdline() for p in pids if _alive(p)]
        assert survivors == []
    finally:
        if inner.poll() is None:
            inner.kill()
            inner.wait()


@pytest.mark.skipif(sys.platform != "linux", reason="PR_SET_PDEATHSIG is Linux's")
@pytest.mark.parametrize(
    ("workers", "sig"),
    [(0, signal.SIGTERM), (2, signal.SIGTERM), (2, signal.SIGKILL)],
    ids=["serial-SIGTERM", "xdist-SIGTERM", "xdist-SIGKILL"],
)
def test_a_stopped_run_leaves_no_process_and_no_database(
    tmp_path: Path, workers: int, sig: signal.Signals
) -> None:
    """pytest (the xdist controller when parallel) is stopped while every process that runs
    tests is inside one, holding a session fixture's database and redis-server. (A serial
    run killed outright cannot drop its database: only the processes are checked there, in
    the test above.)"""
    (tmp_path / "test_inner.py").write_text(INNER_XDIST)
    held = tmp_path / "held"
    held.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ORPHAN_DIR": str(held)}
    inner = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p",
         "tests.support.interrupts", "-n", str(workers), "--rootdir", str(tmp_path), "-x",
         str(tmp_path / "test_inner.py")],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 150
        while len(list(held.iterdir())) < max(workers, 1):
            if inner.poll() is not None or time.monotonic() > deadline:
                out = inner.stdout.read().decode(errors="replace") if inner.stdout else ""
                pytest.fail(f"the inner run did not reach its tests:\n{out[-3000:]}")
            time.sleep(0.2)
        records = [f.read_text().split() for f in held.iterdir() if f.suffix != ".tmp"]
        databases = {r[0] for r in records}
        pids = [int(p) for r in records for p in r[1:]]
        assert len(pids) >= 2 * len(records) and databases <= _databases(), (pids, databases)
        inner.send_signal(sig)
        inner.wait(60)
        deadline = time.monotonic() + 30
        while (any(map(_alive, pids)) or databases & _databases()) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert [psutil.Process(p).cmdline() for p in pids if _alive(p)] == []
        assert databases & _databases() == set()
    finally:
        if inner.poll() is None:
            inner.kill()
            inner.wait()
