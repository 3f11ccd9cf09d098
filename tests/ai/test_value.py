"""The fitted leaf value: the same terms as the hand evaluation, its features, its fitting tool,
and MCTS with either value."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from ai import fit_value
from ai.evaluation import PART_NAMES, evaluate, evaluate_parts
from ai.mcts import MctsBot
from ai.value import FEATURE_NAMES, SEAT_TERMS, features, leaf_value
from ai.value_weights import WEIGHTS
from engine import Game


def _finished(seed: int) -> Game:
    rng = random.Random(seed)
    g = Game.new(4, seed)
    while not g.is_over:
        acts = g.legal_actions()
        g.apply_unchecked(acts[rng.randrange(len(acts))])
    return g


def test_parts_are_the_terms_evaluate_adds_up(random_positions: Callable[..., list[Game]]) -> None:
    """``evaluate_parts`` returns exactly ``evaluate`` (greedy plays as before) and the parts
    add up to it: score + gene + amoeba advance + BP + abilities + feeding - defects."""
    for g in random_positions(60, seed=3, players=4):
        totals, parts = evaluate_parts(g)
        assert totals == evaluate(g)
        for s, p in enumerate(parts):
            assert len(p) == len(PART_NAMES)
            assert p[0] == g.scores[s]
            assert sum(p[:6]) - p[6] == pytest.approx(totals[s], abs=1e-9)


def test_features_of_equal_seats_are_zero_but_bias_and_stage() -> None:
    parts = [[1.0, 2.0, 3.0, 1.5, 0.5, 0.2, 0.1, 3.0, 2.5, 4.0, 1.0] for _ in range(4)]
    x = features([8.0] * 4, parts, 0, 0.5)
    assert len(x) == len(FEATURE_NAMES)
    named = dict(zip(FEATURE_NAMES, x, strict=True))
    assert named.pop("bias") == 1.0
    assert named.pop("stage") == 0.5
    assert set(named.values()) == {0.0}


def test_features_compare_with_the_best_opponent() -> None:
    parts = [[float(s)] + [0.0] * (len(PART_NAMES) - 1) for s in (10, 4, 12, 7)]
    named = dict(zip(FEATURE_NAMES, features([10.0, 4.0, 12.0, 7.0], parts, 0, 1.0), strict=True))
    assert named["eval_margin"] == -2.0  # 10 against the best other, 12
    assert named["score_margin"] == -2.0
    assert named["rel_score"] == pytest.approx(10 - (4 + 12 + 7) / 3)
    assert named["lead_score"] == -2.0


def test_weights_cover_every_feature() -> None:
    assert 4 in WEIGHTS
    for w in WEIGHTS.values():
        assert len(w) == len(FEATURE_NAMES)
        assert any(w[:SEAT_TERMS])  # fitted, not the placeholder


def test_value_is_the_same_for_every_seat_of_a_symmetric_position() -> None:
    """Left out on purpose: the constant terms (see ai.value.CONSTANT_NAMES). So seats that
    stand alike are worth 0, at any stage, rather than the mean final margin. (Version 2
    tells them apart: even on an empty board each has its own place in phase 1's order.)"""
    g = Game.new(4, 1)
    assert [leaf_value(g, s, 1) for s in range(4)] == [0.0] * 4


def test_finished_game_is_worth_its_actual_margin() -> None:
    g = _finished(5)
    for seat in range(4):
        best_other = max(s for o, s in enumerate(g.scores) if o != seat)
        assert leaf_value(g, seat) == g.scores[seat] - best_other


def test_leaf_value_reads_no_hidden_information(
    random_positions: Callable[..., list[Game]],
) -> None:
    """Reordering the undrawn cards and reseeding the dice changes no value."""
    reordered = 0
    for g in random_positions(30, seed=8, players=4):
        h = g.determinized(random.Random(1))
        assert h.public_view() == g.public_view() and h.to_dict()["rng"] != g.to_dict()["rng"]
        reordered += h.to_dict()["deck"] != g.to_dict()["deck"]
        assert [leaf_value(g, s) for s in range(4)] == [leaf_value(h, s) for s in range(4)]
    assert reordered >= 20  # most positions have several undrawn cards to reorder


def test_ridge_recovers_a_linear_law() -> None:
    """The fitting tool's own solver, on data made from known weights (tiny penalty)."""
    rng = random.Random(2)
    k = len(FEATURE_NAMES)
    truth = [rng.uniform(-2, 2) for _ in range(k)]
    rows = []
    for _ in range(400):
        x = [rng.uniform(-3, 3) for _ in range(k)]
        x[FEATURE_NAMES.index("bias")] = 1.0
        rows.append((x, sum(a * b for a, b in zip(truth, x, strict=True))))
    w = fit_value.ridge(rows, penalty=1e-9)
    assert w == pytest.approx(truth, abs=1e-6)


def test_generate_and_fit_end_to_end(tmp_path: Path) -> None:
    data = tmp_path / "data.jsonl"
    out = tmp_path / "weights.py"
    assert fit_value.main(
        ["generate", "--games", "6", "--jobs", "1", "--seed", "9", "--sample", "1",
         "--out", str(data), "--no-progress"]
    ) == 0  # fmt: skip
    assert fit_value.main(["fit", str(data), "--out", str(out), "--penalty", "1"]) == 0
    scope: dict = {}
    exec(out.read_text(), scope)
    weights = scope["WEIGHTS"][4]
    assert len(weights) == len(FEATURE_NAMES)
    assert any(v != 0 for v in weights)
    args = argparse.Namespace(data=[data], penalty=1.0)
    fit_value.write_weights(out, 3, list(weights), args, 6, 1)  # adds 3 players
    scope = {}
    exec(out.read_text(), scope)
    assert set(scope["WEIGHTS"]) == {3, 4}


@pytest.mark.parametrize("value", ["fit", "hand"])
def test_mcts_with_either_value_answers_legally(
    value: str, random_positions: Callable[..., list[Game]]
) -> None:
    bot = MctsBot(seed=1, iterations=20, value=value)
    for g in random_positions(12, seed=21, players=4):
        assert bot.choose(g) in g.legal_actions()


def test_mcts_rejects_an_unknown_value() -> None:
    with pytest.raises(ValueError, match="value must be one of"):
        MctsBot(value="oracle")


def test_fit_refuses_mixed_player_counts_and_broken_lines(tmp_path: Path) -> None:
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(
        '{"players": 4, "final": [1, 2, 3, 4], "positions": []}\n'
        '{"players": 3, "final": [1, 2, 3], "positions": []}\n'
    )
    with pytest.raises(SystemExit, match="mixes player counts"):
        fit_value.main(["fit", str(mixed), "--out", str(tmp_path / "w.py")])
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"players": 4, "final": [1, 2\n')
    with pytest.raises(SystemExit, match="broken.jsonl:1 is not a JSON line"):
        fit_value.main(["fit", str(broken), "--out", str(tmp_path / "w.py")])
    assert not (tmp_path / "w.py").exists()  # nothing written on bad input
