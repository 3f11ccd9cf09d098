"""Version 2 of the fitted leaf value (``ai.value_features``: food after the rivals, attacks,
the race for the finish), its fitting on the search bot's self-play, the arena's ``--value``
and the ladder that rates every level with the service's OpenSkill model."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from ai import fit_value
from ai.arena import arena_bot, play_game
from ai.evaluation import evaluate_parts
from ai.mcts import MctsBot
from ai.value import (
    FEATURE_NAMES,
    FEATURE_NAMES_2,
    feature_vector,
    leaf_value,
    version_for,
    weights_for,
)
from ai.value_features import EXTRA_NAMES, extra_parts
from engine import Game
from engine.genes import ARMOR, BIT
from scripts import ladder


def _extras(g: Game) -> list[list[float]]:
    _, parts = evaluate_parts(g)
    return extra_parts(g, [p[8] for p in parts])


def test_extra_terms_have_one_value_per_seat_and_name(
    random_positions: Callable[..., list[Game]],
) -> None:
    for players in (3, 4, 5):
        for g in random_positions(15, seed=5, players=players):
            extras = _extras(g)
            assert len(extras) == players
            for row in extras:
                assert len(row) == len(EXTRA_NAMES)
                assert all(v >= 0 for v in row)
                assert 0 <= row[1] <= 1  # moves_late: a share of the phase-1 order


def test_the_race_is_capped_by_the_scorings_left_and_shorter_when_ahead(
    random_positions: Callable[..., list[Game]],
) -> None:
    from ai.evaluation import remaining_scorings

    for g in random_positions(20, seed=8, players=4):
        extras = _extras(g)
        rem = remaining_scorings(g)
        assert all(row[4] <= rem for row in extras)
    g = random_positions(1, seed=8, players=4)[-1]
    before = _extras(g)[0][4]
    # Move seat 0 nearer the finish zone: its race shortens.
    g.score[0] = min(g.score[0] + 10, 40)
    assert _extras(g)[0][4] <= before


def test_exposure_counts_attackers_nearby_and_armor_shields() -> None:
    """Seat 1 with Struggle for Survival beside seat 0's amoebas: seat 0 is exposed, seat 1
    has victims; with Armor seat 0 is neither exposed nor a victim."""
    g = Game.new(4, 11)
    while g.round == 0:  # play the setup
        g.apply(g.legal_actions()[0])
    g.genes[1] |= BIT["struggle_for_survival"]
    # Put seat 1's first amoeba on the field of seat 0's first amoeba.
    field = g.pos(0, g.alive_numbers(0)[0])
    g.apos[1 * 7 + g.alive_numbers(1)[0] - 1] = field
    extras = _extras(g)
    assert extras[0][3] > 0 and extras[1][2] > 0
    g.genes[0] |= ARMOR
    shielded = _extras(g)
    assert shielded[0][3] == 0 and shielded[1][2] < extras[1][2]


def test_version_2_features_extend_version_1(random_positions: Callable[..., list[Game]]) -> None:
    for g in random_positions(5, seed=3, players=4):
        v1 = feature_vector(g, 0, 1)
        v2 = feature_vector(g, 0, 2)
        assert len(v1) == len(FEATURE_NAMES) and len(v2) == len(FEATURE_NAMES_2)
        assert v2[:2] == v1[:2]  # the hand and ladder margins come first in both


def test_leaf_value_uses_the_fitted_version(random_positions: Callable[..., list[Game]]) -> None:
    from ai.value2_weights import WEIGHTS as W2

    for players in (3, 4, 5, 6):
        expected = 2 if players in W2 or (players >= 5 and 4 in W2) else 1
        assert version_for(players) == expected
    for g in random_positions(5, seed=4, players=4):
        v = version_for(4)
        assert leaf_value(g, 1) == pytest.approx(leaf_value(g, 1, v))
        if v == 2:
            assert len(weights_for(4, 2)) == len(FEATURE_NAMES_2)


@pytest.mark.parametrize("value", ["fit1", "fit2"])
def test_mcts_with_a_fixed_value_version_answers_legally(
    value: str, random_positions: Callable[..., list[Game]]
) -> None:
    from ai.value2_weights import WEIGHTS as W2

    if value == "fit2" and 4 not in W2:
        pytest.fail("version 2 has no 4-player fit committed")
    bot = MctsBot(seed=1, iterations=12, value=value)
    for g in random_positions(8, seed=22, players=4):
        assert bot.choose(g) in g.legal_actions()


def test_generate_on_search_self_play_and_fit_version_2(tmp_path: Path) -> None:
    data = tmp_path / "data.jsonl"
    out = tmp_path / "weights2.py"
    assert fit_value.main(
        ["generate", "--games", "3", "--jobs", "1", "--seed", "21", "--sample", "1",
         "--bot", "mcts", "--iterations", "4", "--value", "fit1", "--explore", "0.2",
         "--out", str(data), "--no-progress"]
    ) == 0  # fmt: skip
    records = [json.loads(line) for line in data.read_text().splitlines()]
    assert len(records) == 3 and all(r["bot"] == "mcts/4/fit1" for r in records)
    assert all(len(p["extras"]) == 4 for r in records for p in r["positions"])
    assert fit_value.main(
        ["fit", "--version", "2", str(data), "--out", str(out), "--penalty", "5"]
    ) == 0  # fmt: skip
    scope: dict = {}
    exec(out.read_text(), scope)
    assert len(scope["WEIGHTS"][4]) == len(FEATURE_NAMES_2)
    assert "mcts/4/fit1" in scope["FITS"][4] and "held-out" in scope["FITS"][4]


def test_committed_weights_are_the_counts_own_else_the_nearest() -> None:
    table = {3: (3.0,), 4: (4.0,)}
    assert fit_value.committed_weights(2, 3, table) == (3, (3.0,))
    assert fit_value.committed_weights(2, 5, table) == (4, (4.0,))
    assert fit_value.committed_weights(2, 6, table) == (4, (4.0,))
    assert fit_value.committed_weights(2, 5, {}) is None
    table[5] = (5.0,)
    assert fit_value.committed_weights(2, 5, table) == (5, (5.0,))
    assert fit_value.committed_weights(2, 6, table) == (5, (5.0,))


def test_a_5_player_fit_reports_the_stand_in_and_joins_the_4_player_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fit for 5 players is held out against the 4-player weights that stand in for it
    today, and is written beside the committed fits, not over them."""
    from ai.value2_weights import FITS, WEIGHTS

    data = tmp_path / "data5.jsonl"
    out = tmp_path / "weights2.py"
    out.write_text((Path(fit_value.__file__).parent / "value2_weights.py").read_text())
    assert fit_value.main(
        ["generate", "--players", "5", "--games", "2", "--jobs", "1", "--seed", "31",
         "--sample", "1", "--out", str(data), "--no-progress"]
    ) == 0  # fmt: skip
    capsys.readouterr()
    assert fit_value.main(["fit", "--version", "2", str(data), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    own = "" if 5 in WEIGHTS else "(4-player weights)"  # the stand-in until 5 is fitted
    assert f"committed version 2 {own}: R²" in printed
    assert f"committed version 2 {own}, scaled: R²".replace(" ,", ",") in printed
    assert "wrote" in printed and "for 5 players" in printed
    scope: dict = {}
    exec(out.read_text(), scope)
    assert set(scope["WEIGHTS"]) == set(WEIGHTS) | {5}
    kept = [n for n in WEIGHTS if n != 5]  # the other counts' fits, untouched
    assert kept and all(scope["WEIGHTS"][n] == WEIGHTS[n] and scope["FITS"][n] == FITS[n]
                        for n in kept)  # fmt: skip
    assert len(scope["WEIGHTS"][5]) == len(FEATURE_NAMES_2) and "held-out" in scope["FITS"][5]


def test_ridge_towards_a_prior_stays_there_unless_the_data_insists() -> None:
    """``fit --toward N``: the penalty pulls towards N players' weights instead of 0."""
    rng = random.Random(5)
    names = ("a", "b", "bias")
    truth, prior = [1.0, -2.0, 0.5], [3.0, 3.0, 9.0]
    rows = []
    for _ in range(200):
        x = [rng.uniform(-1, 1), rng.uniform(-1, 1), 1.0]
        rows.append((x, sum(t * v for t, v in zip(truth, x, strict=True))))
    assert fit_value.ridge(rows, 1e-9, names, prior) == pytest.approx(truth, abs=1e-6)
    held = fit_value.ridge(rows, 1e9, names, prior)
    assert held[:2] == pytest.approx(prior[:2], abs=1e-3)  # the bias is never penalised
    towards_zero = fit_value.ridge(rows, 1e9, names)
    assert towards_zero[:2] == pytest.approx([0.0, 0.0], abs=1e-3)


def test_fit_towards_a_count_without_weights_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps({"players": 4, "final": [1, 2, 3, 4], "positions": []}) + "\n")
    with pytest.raises(SystemExit, match="no 9-player weights"):
        fit_value.main(["fit", "--version", "2", "--toward", "9", str(data),
                        "--out", str(tmp_path / "w.py")])  # fmt: skip


def test_fit_version_2_refuses_data_without_extra_terms(tmp_path: Path) -> None:
    old = tmp_path / "old.jsonl"
    old.write_text(
        json.dumps(
            {
                "players": 3,
                "final": [1, 2, 3],
                "positions": [{"stage": 1.0, "totals": [0, 0, 0], "parts": [[0] * 11] * 3}],
            }
        )
        + "\n"
    )
    with pytest.raises(SystemExit, match="no extra terms"):
        fit_value.main(["fit", "--version", "2", str(old), "--out", str(tmp_path / "w.py")])


def test_arena_value_override_builds_a_search_bot_with_that_value() -> None:
    bot = arena_bot("mcts-fast", 1, None, "fit1")
    assert isinstance(bot, MctsBot) and bot.value == "fit1" and bot.time_budget == 0.1
    assert arena_bot("greedy", 1, None, "fit1").name == "greedy"  # not a search level
    r = play_game((5, ("greedy", "random", "random"), None, 0, None, False, "hand"))
    assert sorted(r["ranking"]) == [0, 1, 2]


def test_ladder_rates_like_the_service(tmp_path: Path) -> None:
    """The ladder's ratings are the service's ``rate`` applied game by game, and published
    into the file the service starts its bot players from."""
    from service.rules.rating_model import ranks_of, rate

    out = tmp_path / "ladder.json"
    publish = tmp_path / "bot_ladder.json"
    assert ladder.main(
        ["--players", "3", "--levels", "random", "greedy", "mcts-50ms", "--games", "2",
         "--out", str(out), "--publish", str(publish), "--no-progress"]
    ) == 0  # fmt: skip
    record = json.loads(out.read_text())
    assert record["games"] == 2 and record["pool"] == "3p"
    current: dict[str, tuple[float, float]] = {}
    for r in record["results"]:
        for u in rate(r["seating"], ranks_of(r["ranking"], 3), current):
            current[u.player_id] = (u.mu, u.sigma)
    for level, (mu, sigma) in current.items():
        assert record["ratings"][level]["mu"] == pytest.approx(mu)
        assert record["ratings"][level]["sigma"] == pytest.approx(sigma)
    published = json.loads(publish.read_text())
    assert set(published["pools"]["3p"]) == {"random", "greedy", "mcts-50ms"}
    pairs = {(h["level"], h["other"]): h for h in record["head_to_head"]}
    assert pairs[("greedy", "random")]["games"] == 2


def test_a_later_ladder_file_rates_its_new_level_against_the_placed_ones(tmp_path: Path) -> None:
    """``--from A B``: B's new level (the beginner) is rated against the levels A placed,
    which keep A's ratings; the head-to-head counts every game; the same is published."""

    def game(seed: int, seating: tuple[str, ...], ranking: list[int]) -> dict:
        return {"seed": seed, "seating": list(seating), "ranking": ranking}

    first = [game(i, ("random", "greedy", "mcts-50ms"), [2, 1, 0]) for i in range(6)]
    later = [game(100 + i, ("beginner", "random", "greedy"), [2, 1, 0]) for i in range(6)]
    files = []
    for name, results in (("a.json", first), ("b.json", later)):
        levels = sorted({lvl for r in results for lvl in r["seating"]})
        (tmp_path / name).write_text(
            json.dumps({"pool": "3p", "levels": levels, "results": results})
        )
        files.append(tmp_path / name)
    rated = ladder.rated_files(files)
    alone = ladder.rate_results(first, ["random", "greedy", "mcts-50ms"])
    for level in ("random", "greedy", "mcts-50ms"):
        assert rated["ratings"][level]["mu"] == pytest.approx(alone[level]["mu"])
        assert rated["ratings"][level]["sigma"] == pytest.approx(alone[level]["sigma"])
    beginner = rated["ratings"]["beginner"]
    # last in every game: below the random level it always finished behind, sigma narrowed
    assert beginner["mu"] < rated["ratings"]["random"]["mu"] and beginner["sigma"] < 25 / 3
    assert rated["games"] == 12 and rated["files"] == ["a.json", "b.json"]
    pairs = {(h["level"], h["other"]): h for h in rated["head_to_head"]}
    assert pairs[("greedy", "random")]["games"] == 12
    publish = tmp_path / "bot_ladder.json"
    assert ladder.main(["--from", *map(str, files), "--publish", str(publish)]) == 0
    published = json.loads(publish.read_text())
    assert published["pools"]["3p"]["beginner"]["mu"] == pytest.approx(beginner["mu"], abs=1e-4)
    assert published["sources"]["3p"] == "a.json + b.json: 12 games"


def test_iterations_per_second_counts_the_budget_and_its_early_stop(
    random_positions: Callable[..., list[Game]],
) -> None:
    """An arena on a loaded machine plays the bot an idle one would: the level's budget at
    the given rate, in iterations, stopping once the leader cannot be overtaken."""
    bot = arena_bot("mcts-fast", 3, None, None, 2000.0)
    assert isinstance(bot, MctsBot) and bot.iterations == 170 and bot.stop_when_decided
    assert arena_bot("mcts", 3, None, "fit1", 2000.0).iterations == 1700
    stopped_early = 0
    for g in random_positions(30, seed=14, players=4):
        full = MctsBot(seed=2, iterations=200)
        early = MctsBot(seed=2, iterations=200, stop_when_decided=True)
        assert early.choose(g) in g.legal_actions()
        full.choose(g)
        assert early.last_iterations <= full.last_iterations
        stopped_early += early.last_iterations < full.last_iterations
    assert stopped_early  # some decision was settled before its last iteration


def test_an_arena_game_with_a_rate_plays_iteration_counted_search_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rate reaches every seat's bot (it once stopped at the task tuple, so arenas that
    said "iterations" were played on the clock), and a game so played is the same game on
    any machine, however loaded."""
    import ai.arena

    seen: list[float | None] = []
    real = ai.arena.arena_bot

    def spy(level: str, seed: int, budget: float | None, value=None, rate=None, rollout=None):  # type: ignore[no-untyped-def]
        seen.append(rate)
        return real(level, seed, budget, value, rate, rollout)

    monkeypatch.setattr(ai.arena, "arena_bot", spy)
    task = (7, ("mcts-50ms", "random", "random"), None, 0, None, False, None, 400.0)
    first, second = play_game(task), play_game(task)
    assert seen == [400.0] * 6
    keys = ("ranking", "scores", "rounds", "decisions")
    assert {k: first[k] for k in keys} == {k: second[k] for k in keys}
