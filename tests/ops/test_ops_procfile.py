"""Two processes of each Procfile kind can share a host: what one process of a kind holds on
its host (a listening port, a metrics port, a beat schedule file, a Celery node name) is
taken from ``$PORT``, which Procfile runners (honcho, foreman) give each process its own.

Each line is expanded by bash as a runner would run it, once with ``PORT=5000`` and once
with ``PORT=5001``, and the two must hold nothing in common.
"""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("web", "worker", "beat", "stream", "review")


def _procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip())


def _expanded(command: str, port: int) -> list[str]:
    """The command's words after bash's expansion with ``PORT`` set and no other setting."""
    env = {"PATH": "/usr/bin:/bin", "PORT": str(port)}
    out = subprocess.run(
        ["bash", "-c", f'printf "%s\\n" "{command}"'], env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return shlex.split(out.stdout)


def _held(words: list[str]) -> set[str]:
    """What a process of these words holds on its host."""
    held = set()
    for i, word in enumerate(words):
        if word.startswith("URSUPPE_METRICS_PORT="):
            held.add("metrics port " + word.split("=", 1)[1])
        if word in ("--bind", "--schedule", "-n") and words[i - 1] != "nice":
            held.add(f"{word} {words[i + 1]}")
    return held


def test_the_procfile_has_each_kind() -> None:
    assert set(_procfile()) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_two_of_a_kind_hold_nothing_in_common_on_one_host(kind: str) -> None:
    command = _procfile()[kind]
    first, second = _held(_expanded(command, 5000)), _held(_expanded(command, 5001))
    assert first, f"{kind}: nothing found that it holds: {command}"
    assert not first & second, f"two {kind} processes would share {first & second}"
