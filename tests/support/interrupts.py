"""A pytest plugin (``-p tests.support.interrupts``, in the project's addopts): SIGTERM
(``kill``, a CI cancel, ``make`` passing its own on) interrupts a run as Ctrl-C does.

pytest raises KeyboardInterrupt, so fixtures finalise: servers stop and temporary databases
are dropped. Without it SIGTERM ends pytest outright, no ``finally`` runs, and every
database a session fixture created stays behind (the processes it started die with it all
the same: ``processes.spawn``). Under xdist every process gets it: the controller, and the
workers, which execnet interrupts when their controller goes away, however it went.
"""

from __future__ import annotations

import signal
from types import FrameType

import pytest


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"stopped by signal {signum}")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    signal.signal(signal.SIGTERM, _interrupt)
