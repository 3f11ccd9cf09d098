"""Run a benchmark in the compiled and in the plain-Python build, side by side.

Why a subprocess per build: which build a process uses is decided once, at its first import of
``engine`` (see ``native``), so each build needs its own interpreter. The child runs
``python -m <module> --measure`` and prints its result as JSON on its last line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import native

ROOT = Path(__file__).resolve().parent.parent


def measure_in(module: str, compiled: bool, *args: str) -> dict:
    """The child's result, with the build it really ran on (``native.status()``)."""
    env = dict(os.environ, URSUPPE_NATIVE="1" if compiled else "0", URSUPPE_REQUIRE_NATIVE="0")
    proc = subprocess.run(
        [sys.executable, "-m", module, "--measure", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def build_info() -> dict:
    """What the calling process runs on, for a result file."""
    status = native.status()
    return {"compiled": status.active, "reason": status.reason}


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]
