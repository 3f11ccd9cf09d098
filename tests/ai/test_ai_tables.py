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


def test_a_continued_run_counts_as_one_row_and_a_replayed_seed_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai_tables, "RESULTS", tmp_path)
    won, lost = (["a", "b"], [0, 1]), (["b", "a"], [0, 1])  # a wins / b wins
    _arena(tmp_path / "first.json", ["a", "b"], [won] * 3 + [lost])
    _arena(tmp_path / "later.json", ["a", "b"], [won] * 4)
    data = json.loads((tmp_path / "later.json").read_text())
    data["results"] = [dict(r, seed=r["seed"] + 100) for r in data["results"]]
    (tmp_path / "later.json").write_text(json.dumps(data))
    (row,) = ai_tables.size_rows([("both", ("first.json", "later.json"))])[2:]
    cells = row.split(" | ")
    assert cells[1:3] == ["8", "7 / 8"] and "`first.json` + `later.json`" in row
    # a second file on the first one's seeds (the same games again) is refused
    _arena(tmp_path / "again.json", ["a", "b"], [won] * 2)
    with pytest.raises(ValueError, match="played twice"):
        ai_tables.size_rows([("twice", ("first.json", "again.json"))])
    assert ai_tables.size_rows([("missing", ("first.json", "none.json"))])[2:] == []


def test_a_trial_is_compared_game_by_game_with_the_run_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai_tables, "RESULTS", tmp_path)
    a_wins, b_wins = [0, 1], [1, 0]
    seating = ["a", "b"]
    # before: a wins games 0-5; with the change: a wins games 4-9; 10-11 only before
    _arena(tmp_path / "before.json", seating, [(seating, a_wins if i < 6 else b_wins)
                                               for i in range(12)])  # fmt: skip
    _arena(tmp_path / "after.json", seating, [(seating, a_wins if 4 <= i < 10 else b_wins)
                                              for i in range(10)])  # fmt: skip
    rows = ai_tables.trial_rows([("2p", "x", "before.json", "after.json"),
                                 ("2p", "y", "before.json", "gone.json")])  # fmt: skip
    assert len(rows) == 3  # the missing file's row is left out
    cells = rows[2].split(" | ")
    # paired on the 10 seatings both played: before won 6, after 6; 4 only before, 4 only after
    assert cells[2:5] == ["10", "6", "6"] and cells[6:9] == ["4", "4", "1"]


def test_the_playout_cpu_table_compares_each_setting_with_the_search_without_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai_tables, "RESULTS", tmp_path)
    assert ai_tables.playout_cpu_rows() == []  # no file yet: no block
    settings = [
        {"rollout": "off", "iterations_per_second": 2000, "decisions": 80,
         "cpu_ms_per_decision": 40.0},
        {"rollout": "phase", "iterations_per_second": 1300, "decisions": 90,
         "cpu_ms_per_decision": 42.0},
    ]  # fmt: skip
    case = {"game": "Double II", "settings": settings}
    (tmp_path / "playout_cpu.json").write_text(json.dumps({"cases": [case]}))
    rows = ai_tables.playout_cpu_rows()
    assert [r.split(" | ")[1:] for r in rows[2:]] == [
        ["off", "2000", "80", "40.0", "1.00× |"],
        ["phase", "1300", "90", "42.0", "1.05× |"],
    ]
