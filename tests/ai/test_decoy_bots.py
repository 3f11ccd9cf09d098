"""Bots in the decoy variant (docs/rules.md, "Decoy"): every level answers legally for the
colour it plays (never for the decoy, which the engine moves), the leaf value falls back to the
3-colour fit (docs/ai.md), and greedy beats random seat-rotated."""

from __future__ import annotations

import math

from helpers_ai import (
    assert_every_level_answers,
    greedy_wins_seat_rotated,
    make_random_positions,
)

from ai.evaluation import evaluate
from ai.greedy import GreedyBot
from ai.mcts import MctsBot
from ai.value import leaf_value, weights_for
from ai.value_weights import WEIGHTS
from engine import Game


def test_decoy_bots_answer_legally_and_values_are_finite() -> None:
    greedy, mcts = GreedyBot(seed=1), MctsBot(seed=2, iterations=10)
    assert weights_for(3) is WEIGHTS[3]  # three colours: the 3-player fit stands in
    for i, g in enumerate(
        make_random_positions(
            40, 7, new_game=lambda s: Game.new(2, s, variant="decoy", decoy_scores=s % 2 == 0)
        )
    ):
        before = g.to_dict()
        assert g.pending.seat != g.decoy
        assert greedy.choose(g) in g.legal_actions()
        if i % 4 == 0:
            assert mcts.choose(g) in g.legal_actions()
        assert g.to_dict() == before
        assert len(evaluate(g)) == 3
        assert all(math.isfinite(leaf_value(g, s)) for s in range(2))


def test_every_level_plays_a_decoy_game_with_a_small_budget() -> None:
    """Each level answers from the first decision on: the search levels with their budget cut
    to 20 ms fall back on their prior when time runs out, so the answer is always legal."""
    assert_every_level_answers(lambda: Game.new(2, 5, variant="decoy", decoy_scores=True))


def test_greedy_beats_random_in_the_decoy_variant_seat_rotated() -> None:
    """Parity is 50%; 8 games (4 seeds x 2 seatings) and at least 7 wins is far above it."""
    wins = greedy_wins_seat_rotated("decoy", range(950, 954))
    assert wins >= 7, f"greedy won {wins}/8"


def test_arena_cli_plays_a_variant(tmp_path, capsys) -> None:
    from ai.cli import main

    args = ["arena", "greedy", "random", "--variant", "decoy", "--decoy-scores", "-n", "2",
            "-j", "1", "--no-progress", "--out", str(tmp_path)]  # fmt: skip
    assert main(args) == 0
    assert "variant decoy (decoy scores)" in capsys.readouterr().out
    import json

    data = json.loads((tmp_path / "arena-greedy-random-decoy-decoy_scores.json").read_text())
    assert data["variant"] == "decoy" and data["decoy_scores"] is True
    assert all(sorted(r["ranking"]) == [0, 1] for r in data["results"])
    assert all(len(r["colour_ranking"]) == 3 for r in data["results"])


def test_a_decoy_that_does_not_score_is_valued_at_its_start_space() -> None:
    """The evaluation projects no advance for a non-scoring decoy (it never moves on the
    ladder), and the usual projection for a scoring one."""
    for g in make_random_positions(
        12, 3, new_game=lambda s: Game.new(2, s, variant="decoy", decoy_scores=s % 2 == 0)
    ):
        values = evaluate(g)
        if g.decoy_scores:
            assert values[g.decoy] >= g.scores[g.decoy]
        else:
            assert values[g.decoy] == g.scores[g.decoy]
