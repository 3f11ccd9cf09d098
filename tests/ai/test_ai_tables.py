"""docs/ai.md's generated tables say what the arena files hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bench.ai_tables as ai_tables
from ai.arena import summarize


def _arena(path: Path, lineup: list[str], games: list[tuple[list[str], list[int]]]) -> None:
    """An arena file as ``ursuppe arena`` writes it: (seating, ranking of seats) per game."""
    results = [{"seed": i, "seating": s, "ranking": r, "think": [0.0] * len(s),
                "decisions": [1] * len(s)} for i, (s, r) in enumerate(games)]  # fmt: skip
    path.write_text(json.dumps({"lineup": lineup, "games": len(results), "results": results,
                                "table": summarize(results, lineup)}))  # fmt: skip


def test_head_to_head_counts_who_finished_ahead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai_tables, "RESULTS", tmp_path)
    lineup = ["mcts", "mcts-fast", "greedy", "greedy"]
    _arena(tmp_path / "h.json", lineup, [
        (["mcts", "mcts-fast", "greedy", "greedy"], [2, 0, 1, 3]),  # mcts 2nd, fast 4th: ahead
        (["mcts-fast", "greedy", "mcts", "greedy"], [0, 1, 3, 2]),  # fast 1st: behind
        (["greedy", "mcts", "greedy", "mcts-fast"], [1, 3, 0, 2]),  # mcts 1st: ahead
    ])  # fmt: skip
    row = ai_tables.head_to_head_rows("h.json")[2].split(" | ")
    assert row[1:4] == ["3", "2", "66.7%"]


def test_a_size_row_reaches_the_target_only_above_parity_plus_15(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai_tables, "RESULTS", tmp_path)
    won, lost = (["a", "b"], [0, 1]), (["a", "b"], [1, 0])
    _arena(tmp_path / "high.json", ["a", "b"], [won] * 95 + [lost] * 5)  # 95%: CI above 65%
    _arena(tmp_path / "edge.json", ["a", "b"], [won] * 7 + [lost] * 3)  # 70%, 10 games
    _arena(tmp_path / "low.json", ["a", "b"], [won] * 6 + [lost] * 4)  # 60%
    rows = ai_tables.size_rows([("high", "high.json"), ("edge", "edge.json"), ("low", "low.json")])
    reached = [r.split(" | ")[7] for r in rows[2:]]
    assert reached == ["yes, beyond the interval", "yes (the interval reaches below)", "no"]
    assert " 50.0% | 65.0% " in rows[2]
