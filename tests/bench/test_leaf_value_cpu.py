"""bench.leaf_value_cpu: the figure an equal-CPU arena's iteration rates come from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import leaf_value_cpu


def test_each_value_gets_a_cpu_figure_per_iteration(tmp_path: Path) -> None:
    out = tmp_path / "leaf.json"
    assert leaf_value_cpu.main(["--values", "fit2,hand", "--rounds", "1", "--iterations", "4",
                                "--out", str(out)]) == 0  # fmt: skip
    figures = json.loads(out.read_text())["us_per_iteration"]
    assert set(figures) == {"fit2", "hand"}
    assert all(0 < us < 1e6 for us in figures.values()), figures


def test_an_unknown_value_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        leaf_value_cpu.main(["--values", "fit9", "--out", str(tmp_path / "x.json")])
    assert not (tmp_path / "x.json").exists()
