"""A small process supervisor: start children, restart the ones that die, stop in order.

Why not a library (supervisord, honcho)? ``make run`` needs three children, one restart
rule and one stop order; this is less code than configuring one, and it stays inside the
project's venv. Each child runs in its own session (process group): the terminal's Ctrl-C
reaches only the supervisor, which stops the children one by one, and a dead child's
leftovers (a Celery worker's pool processes) can be killed as a group. Each child also
dies with the supervisor (``die_with_this_process``): a supervisor killed with SIGKILL leaves
no orphans consuming from the queue. The test helpers start their processes the same way.
"""

from __future__ import annotations

import ctypes
import functools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: Restart delays: 0.5 s after the first death, doubling up to 10 s ...
FIRST_DELAY = 0.5
MAX_DELAY = 10.0
#: ... and back to 0.5 s once a child has run this long without dying.
STABLE_AFTER = 30.0


PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
# Looked up before any fork: between fork and exec the child should do as little as it can.
_PRCTL = (
    getattr(ctypes.CDLL(None, use_errno=True), "prctl", None) if sys.platform == "linux" else None
)


def _die_with(parent: int) -> None:
    """In the child before ``exec``: the kernel sends it SIGKILL when ``parent`` dies.

    The setting survives ``exec`` and holds when the parent itself gets SIGKILL (no
    ``finally`` runs then). It fires when the *thread* that started the child ends, so start
    children from a long-lived thread (the main one). A parent already gone is caught by
    the ``getppid`` check."""
    assert _PRCTL is not None
    if _PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0 or os.getppid() != parent:
        os._exit(111)


def die_with_this_process() -> Callable[[], None] | None:
    """A ``preexec_fn`` for ``subprocess.Popen`` tying the child to this process (Linux;
    None elsewhere)."""
    return functools.partial(_die_with, os.getpid()) if _PRCTL is not None else None


def log(message: str) -> None:
    """One line on the runner's output; tests look for ``restarting`` in it."""
    print(f"run_embedded: {message}", flush=True)


@dataclass
class Child:
    """One supervised command and its restart state."""

    name: str
    cmd: list[str]
    #: Seconds a warm stop (SIGTERM) may take before the group is killed.
    stop_timeout: float = 15.0
    #: Variables of this child only, over the supervisor's environment (its metrics port).
    env: dict[str, str] = field(default_factory=dict)
    proc: subprocess.Popen[bytes] | None = None
    started_at: float = 0.0
    delay: float = FIRST_DELAY
    restart_at: float | None = None

    def start(self, env: dict[str, str], cwd: Path) -> None:
        self.proc = subprocess.Popen(
            self.cmd,
            cwd=cwd,
            env={**env, **self.env},
            start_new_session=True,
            preexec_fn=die_with_this_process(),
        )
        self.started_at = time.monotonic()
        self.restart_at = None
        log(f"{self.name} started (pid {self.proc.pid})")

    def kill_group(self, timeout: float = 5.0) -> None:
        """Kill what is left of the child's process group (e.g. orphaned pool processes),
        and wait until it is gone: a SIGKILL is delivered asynchronously, and a runner that
        returned before its children's groups were empty would leave them for a moment."""
        if self.proc is None:
            return
        deadline = time.monotonic() + timeout
        while True:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                return  # the group is empty
            if time.monotonic() > deadline:
                log(f"{self.name}: its process group outlived SIGKILL for {timeout:.0f} s")
                return
            self.proc.poll()  # reap the leader: a zombie would keep the group alive
            time.sleep(0.05)

    def stop(self) -> None:
        """SIGTERM to the main process (gunicorn and Celery then stop their own children
        warmly), SIGKILL to the group after ``stop_timeout``."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(self.stop_timeout)
            except subprocess.TimeoutExpired:
                log(f"{self.name} did not stop within {self.stop_timeout:.0f} s; killing it")
        self.kill_group()
        self.proc.wait(5)


@dataclass
class Supervisor:
    """Children in start order; they are stopped in the reverse order."""

    env: dict[str, str]
    cwd: Path
    children: list[Child] = field(default_factory=list)
    stopping: bool = False

    def start(self, child: Child, ready: Callable[[], bool] | None = None) -> None:
        """Start ``child`` (and remember it); with ``ready``, wait until it answers."""
        self.children.append(child)
        child.start(self.env, self.cwd)
        while ready is not None and not ready():
            if child.proc is not None and child.proc.poll() is not None:
                raise RuntimeError(f"{child.name} exited with {child.proc.returncode} at start")
            time.sleep(0.1)

    def check(self) -> None:
        """Notice dead children and restart each after its back-off; call it often."""
        now = time.monotonic()
        for child in self.children:
            assert child.proc is not None
            if child.restart_at is None and child.proc.poll() is not None:
                child.kill_group()
                if now - child.started_at >= STABLE_AFTER:
                    child.delay = FIRST_DELAY
                child.restart_at = now + child.delay
                log(
                    f"{child.name} exited with {child.proc.returncode}; "
                    f"restarting in {child.delay:g} s"
                )
                child.delay = min(child.delay * 2, MAX_DELAY)
            elif child.restart_at is not None and now >= child.restart_at:
                child.start(self.env, self.cwd)

    def install_signal_handlers(self) -> None:
        """Ctrl-C (SIGINT) and SIGTERM ask the loop to stop; nothing else stops it."""

        def _on_signal(_signum: int, _frame: object) -> None:
            self.stopping = True

        signal.signal(signal.SIGINT, _on_signal)
        signal.signal(signal.SIGTERM, _on_signal)

    def stop_all(self) -> None:
        for child in reversed(self.children):
            log(f"stopping {child.name}")
            child.stop()
