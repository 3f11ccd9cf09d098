"""`ursuppe simulate`: plays random games and prints a summary."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ai.cli import main
from ai.simulate import play_random_game, run_simulation


def test_simulate_prints_the_summary_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--players", "3", "--games", "4", "--seed", "5", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0
    for label in ("games/s", "actions/s", "mean rounds", "how games ended", "win share"):
        assert label in out


def test_simulation_is_reproducible_from_its_seed() -> None:
    a = play_random_game(4, 11)
    b = play_random_game(4, 11)
    assert a == b
    assert 1 <= a.rounds <= 10
    assert a.end_reason in {"finish_zone", "deck_exhausted"}


def test_parallel_jobs_give_the_same_totals_as_one_process() -> None:
    one = run_simulation(4, 6, seed=3, jobs=1, progress=False)
    two = run_simulation(4, 6, seed=3, jobs=2, progress=False)
    assert (one.games, one.actions, one.rounds) == (two.games, two.actions, two.rounds)
    assert one.end_reasons == two.end_reasons
    assert sum(one.wins_by_start_space.values()) == 6


def test_console_script_rejects_bad_arguments() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ai.cli", "simulate", "--players", "7"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "invalid choice" in result.stderr
