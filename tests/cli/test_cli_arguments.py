"""The ``ursuppe`` CLI refuses bad arguments with one line and exit status 2.

Each case used to be accepted quietly (``arena -n 0`` played 3 games, ``-j 0`` ran) or ended
in a traceback (``--time-budget -1``, ``simulate --jobs 0``).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

BAD = [
    (["arena", "greedy", "random", "random", "-n", "0"], "--games"),
    (["arena", "greedy", "random", "random", "-n", "-3"], "--games"),
    (["arena", "greedy", "random", "random", "-j", "0"], "--jobs"),
    (["arena", "greedy", "random", "random", "-j", "-1"], "--jobs"),
    (["arena", "mcts", "random", "random", "--time-budget", "-1"], "--time-budget"),
    (["arena", "mcts", "random", "random", "--time-budget", "nan"], "--time-budget"),
    (["arena", "greedy", "random"], "3, 4, 5 or 6"),
    (["arena", "greedy", "random", "nobody"], "invalid choice"),
    (["simulate", "--jobs", "0"], "--jobs"),
    (["simulate", "--games", "0"], "--games"),
    (["simulate", "--games", "many"], "--games"),
]


@pytest.mark.parametrize(("argv", "mentions"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_arguments_exit_2_with_one_line(argv: list[str], mentions: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ai.cli", *argv], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    error_lines = [line for line in result.stderr.splitlines() if "error:" in line]
    assert len(error_lines) == 1, result.stderr
    assert mentions in error_lines[0]
    assert result.stdout == ""  # nothing was played
