"""The drift guard's cheap subset (``bench.guard.QUICK``): each figure in CPU time,
calibrated by the ceiling request measured in the same process, against the committed
baseline ``bench/results/guard.json`` (docs/performance.md).

A busy machine only ever adds CPU time to a round, never takes it away, so a figure is
measured up to ``ATTEMPTS`` times and fails only if it stays above the tolerance in every
attempt: a real regression does, a loaded moment passes on the next attempt.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench import guard

ATTEMPTS = 3
ROOT = Path(__file__).resolve().parents[2]


def _measured() -> dict[str, Any]:
    """The cheap subset, measured in a process of its own: the figures build the app as
    ``api.wsgi`` does, which sets the process's environment, logging and garbage collector,
    and none of that may reach the servers the run's later tests start from this one."""
    code = (
        "import json; from bench import guard; "
        "print(json.dumps(guard.measure(list(guard.QUICK), ['sqlite'])))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def test_guard_flags_a_figure_over_the_tolerance_and_only_that_one() -> None:
    baseline = {"figures": {"read": {"calibrated": 2.0}, "submit": {"calibrated": 10.0}}}
    result = {
        "calibration_us": 100.0,
        "figures": {
            "read": {"cpu_us": 280.0, "calibrated": 2.8},  # ×1.4: over
            "submit": {"cpu_us": 1100.0, "calibrated": 11.0},  # ×1.1: within
            "new": {"cpu_us": 5.0, "calibrated": 0.05},  # no baseline yet: reported only
        },
    }
    ratios = guard.compare(result, baseline)
    assert ratios == {"read": 1.4, "submit": 1.1}
    assert guard.report(result, ratios) == ["read"]


@pytest.mark.timeout(600)
def test_key_costs_within_the_tolerance_of_the_baseline() -> None:
    baseline = guard.load_baseline()
    missing = [name for name in guard.QUICK if name not in baseline.get("figures", {})]
    assert not missing, (
        f"bench/results/guard.json lacks {missing}: run python -m bench.guard --save"
    )
    best: dict[str, float] = {}
    for _ in range(ATTEMPTS):
        ratios = guard.compare(_measured(), baseline)
        best = {name: min(ratio, best.get(name, ratio)) for name, ratio in ratios.items()}
        if all(ratio <= guard.TOLERANCE for ratio in best.values()):
            return
    over = {name: ratio for name, ratio in best.items() if ratio > guard.TOLERANCE}
    pytest.fail(
        f"over {guard.TOLERANCE}× the baseline in all {ATTEMPTS} attempts (best ratio each): "
        f"{over}; if the cost is meant, measure a new baseline (python -m bench.guard --save)"
    )
