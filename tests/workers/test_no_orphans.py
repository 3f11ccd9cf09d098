"""A test run killed with SIGKILL (a CI time limit) leaves no processes behind (issue 22).

A pytest process of its own starts what the fixtures start (a redis-server, a Celery worker
with beat and its pool) and is then killed with SIGKILL, so no teardown runs; every process
it started must be gone soon after."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from tests.support.processes import ROOT

pytestmark = pytest.mark.integration

INNER = """
import os, time
import psutil
from tests.support import processes

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
