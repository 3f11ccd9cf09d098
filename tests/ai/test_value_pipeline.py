"""The learned value's pipeline (``ai.value_pipeline``) on a tiny run: self-play data of every
game kind, a network trained on it with its provenance beside it, the evaluation, a second
generation played with the first one's network, and the search playing with it."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from ai import value_net
from ai.fit_value import read_records
from ai.mcts import MctsBot
from ai.selfplay_store import data_digest, parts, read_members
from ai.value_net import GAME_KINDS, INPUTS, Model, digest
from ai.value_pipeline import load_rows, main, margins, record_kind
from engine import Game


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Random-bot self-play of every kind (cheap, the same records the search bot makes),
    and a small network trained on it."""
    base = tmp_path_factory.mktemp("value_net")
    assert main(["generate", "--bot", "random", "--games", "5", "--seed", "100", "--jobs", "1",
                 "--out", str(base), "--no-progress"]) == 0  # fmt: skip
    data = base / "gen1-100"
    model = base / "model.json"
    train = ["train", str(data), "--hidden", "8", "--epochs", "2", "--out", str(model)]
    assert main(train) == 0
    return {"base": base, "data": data, "model": model, "train": train}  # type: ignore[dict-item]


def test_generate_records_every_game_kind_with_final_scores(run: dict[str, Path]) -> None:
    records = [record for _, record in read_records([run["data"]], "test")]
    assert len(records) == 5 * len(GAME_KINDS)
    kinds = {r.get("variant") or f"{len(r['final'])}p" for r in records}
    assert kinds == set(GAME_KINDS)
    for r in records:
        assert r["generation"] == 1 and r["bot"] == "random"
        assert r["positions"], "every game records turn starts"
        assert len(r["positions"][0]["parts"]) == len(r["final"])


def test_train_writes_the_model_and_its_provenance(run: dict[str, Path]) -> None:
    provenance = json.loads(run["model"].with_name("model.provenance.json").read_text())
    assert provenance["data"][0]["games"] == 5 * len(GAME_KINDS)
    assert len(provenance["data"][0]["sha256_16"]) == 16
    assert provenance["model"]["seed"] == 0 and provenance["model"]["hidden"] == [8]
    assert provenance["rows"]["held_out"] > 0 and provenance["rows"]["train"] > 0
    # seed 100 is the only held-out seed of 100-104: one game of each kind
    assert set(provenance["held_out_fit"]) == {*GAME_KINDS, "all"}
    assert provenance["commit"]
    assert provenance["train_cpu_seconds"] >= 0
    model = Model.load(run["model"])
    assert model.mean.shape == (INPUTS,)


def test_training_is_reproducible_with_its_seed(run: dict[str, Path]) -> None:
    again = run["base"] / "again.json"
    assert main([*run["train"][:-1], str(again)]) == 0  # type: ignore[list-item]
    assert again.read_text() == run["model"].read_text()
    other = run["base"] / "other.json"
    assert main([*run["train"][:-1], str(other), "--seed", "1"]) == 0  # type: ignore[list-item]
    assert other.read_text() != run["model"].read_text()


def test_evaluate_prints_the_held_out_table_and_the_leaf_cost(
    run: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["evaluate", str(run["data"]), "--model", str(run["model"]), "--cost-positions", "10"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "| 4p |" in out and "| double_2 |" in out and "| all |" in out
    assert "CPU µs a leaf: linear" in out


def test_rows_hold_out_every_fifth_seed_and_target_the_margin(run: dict[str, Path]) -> None:
    rows = load_rows([run["data"]])
    assert rows["x"].shape[1] == INPUTS
    assert 0 < rows["held"].sum() < len(rows["y"])
    # the one-hot game inputs: exactly one per row
    assert (rows["x"][:, -len(GAME_KINDS) :].sum(axis=1) == 1).all()


def test_margins_leave_out_the_partner_only_in_double_2() -> None:
    final = [10, 20, 30, 5]
    assert margins({"final": final, "variant": "double_2"})[0] == 10 - 20
    assert margins({"final": final, "variant": "double_1"})[0] == 10 - 30
    assert margins({"final": final})[2] == 30 - 20


def test_a_later_generation_plays_the_search_with_the_earlier_network(
    run: dict[str, Path],
) -> None:
    with pytest.raises(SystemExit):
        main(["generate", "--generation", "2", "--games", "1", "--out", str(run["base"])])
    argv = ["generate", "--generation", "2", "--net", str(run["model"]), "--kinds", "decoy",
            "--iterations", "2", "--games", "1", "--seed", "7", "--jobs", "1",
            "--out", str(run["base"]), "--no-progress"]  # fmt: skip
    assert main(argv) == 0
    (record,) = [r for _, r in read_records([run["base"] / "gen2-7"], "test")]
    assert record["generation"] == 2 and record["bot"] == "mcts/2/net"
    assert record["variant"] == "decoy"
    assert record["net"] == "model.json" and record["net_sha256_16"] == digest(run["model"])


def test_a_run_started_again_plays_only_the_games_its_directory_lacks(tmp_path: Path) -> None:
    argv = ["generate", "--bot", "random", "--kinds", "3p,4p", "--games", "2", "--seed", "40",
            "--jobs", "1", "--out", str(tmp_path), "--no-progress"]  # fmt: skip
    run_dir = tmp_path / "gen1-40"
    assert main(argv) == 0
    first = [(r["seed"], record_kind(r)) for _, r in read_records([run_dir], "test")]
    assert sorted(first) == [(40, "3p"), (40, "4p"), (41, "3p"), (41, "4p")]
    assert main(argv) == 0  # nothing left to play: no new part
    assert [p.name for p in parts(run_dir)] == ["part-000.jsonl.gz"]
    # a longer run of the same seeds plays the new ones only, into a part of its own
    assert main([*argv[:6], "3", *argv[7:]]) == 0
    assert [p.name for p in parts(run_dir)] == ["part-000.jsonl.gz", "part-001.jsonl.gz"]
    later = [(r["seed"], record_kind(r)) for r in read_members(run_dir / "part-001.jsonl.gz")]
    assert sorted(later) == [(42, "3p"), (42, "4p")]


def test_a_game_cut_off_mid_write_is_played_again_and_costs_no_other(tmp_path: Path) -> None:
    argv = ["generate", "--bot", "random", "--kinds", "3p", "--games", "3", "--seed", "50",
            "--jobs", "1", "--out", str(tmp_path), "--no-progress"]  # fmt: skip
    assert main(argv) == 0
    part = tmp_path / "gen1-50" / "part-000.jsonl.gz"
    whole = part.read_bytes()
    last = list(read_members(part))[-1]
    member = len(gzip.compress((json.dumps(last) + "\n").encode(), mtime=0))
    part.write_bytes(whole[: len(whole) - member // 2])  # the run killed inside the last game
    assert [r["seed"] for r in read_members(part)] == [50, 51]
    assert main(argv) == 0
    seeds = sorted(r["seed"] for _, r in read_records([tmp_path / "gen1-50"], "test"))
    assert seeds == [50, 51, 52]
    assert data_digest(tmp_path / "gen1-50") != data_digest(part)


def test_the_search_values_leaves_with_the_active_network(run: dict[str, Path]) -> None:
    value_net.use(run["model"])
    try:
        model = value_net.active()
        g = Game.new(4, 3)
        bot = MctsBot(seed=1, iterations=4, value="net")
        seat = g.pending.seat  # type: ignore[union-attr]  # a new game has a decision
        assert bot._leaf(g, seat) == model.value(g, seat)
        # relative to the level position of the game: the baseline is subtracted
        assert model.value(g, seat) == pytest.approx(
            model.raw(value_net.inputs(_terms(g, seat), "4p")) - model.baseline("4p")
        )
        bot.choose(g)
    finally:
        value_net.use(None)


def _terms(g: Game, seat: int) -> list[float]:
    from ai.value import feature_vector

    return feature_vector(g, seat, 2)


def test_an_arena_plays_a_candidate_network_and_names_it(
    run: dict[str, Path], tmp_path: Path
) -> None:
    from ai.cli import main as cli

    args = ["arena", "mcts-fast", "random", "--variant", "double_1", "-n", "2", "-j", "1",
            "--iterations-per-second", "100", "--value", "net", "--net", str(run["model"]),
            "--no-progress", "--out", str(tmp_path)]  # fmt: skip
    try:
        assert cli(args) == 0
    finally:
        value_net.use(None)  # one job plays in this process: the committed model again
    (result,) = tmp_path.glob("*.json")
    assert result.name == "arena-mcts-fast-random-double_1-value_net_model-ips_100.json"
    record = json.loads(result.read_text())
    assert record["net"] == {"file": str(run["model"]), "sha256_16": value_net.digest(run["model"])}
    assert len(record["results"]) == 2


def test_an_arena_refuses_a_network_without_the_net_value(run: dict[str, Path]) -> None:
    from ai.cli import main as cli

    with pytest.raises(SystemExit) as stop:
        cli(["arena", "mcts-fast", "random", "--variant", "double_1", "--net", str(run["model"])])
    assert stop.value.code == 2


def test_a_skip_model_starts_as_the_linear_value_and_trains_from_there(
    run: dict[str, Path],
) -> None:
    """``--skip-linear``: before any training the model is value v2 plus a constant on every
    4-player row; trained, it keeps the skip path and records it in its provenance."""
    import numpy as np

    from ai.value import SEAT_TERMS_2, weights_for
    from ai.value_pipeline import fit_network

    rows = load_rows([run["data"]])
    four = rows["kind"] == "4p"
    linear = list(weights_for(4, 2)[:SEAT_TERMS_2]) + [0.0] * (INPUTS - SEAT_TERMS_2)
    start = Model(fit_network(rows["x"], rows["y"], [8], 0, 0, 1e-3, 1e-4, 64, linear))
    gap = np.asarray(start.predict(rows["x"][four])) - rows["linear"][four]
    assert np.ptp(gap) < 1e-9 and np.ptp(rows["linear"][four]) > 1.0
    skip = run["base"] / "skip.json"
    assert main([*run["train"][:-1], str(skip), "--skip-linear"]) == 0
    trained = Model.load(skip)
    assert trained.skip is not None and trained.skip.shape == (INPUTS,)
    provenance = json.loads(skip.with_name("skip.provenance.json").read_text())
    assert provenance["model"]["skip"].startswith("value v2")
    assert not np.allclose(trained.predict(rows["x"][four]), start.predict(rows["x"][four]))


def test_the_provenance_commit_ignores_only_the_files_the_run_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Retraining rewrites the committed model: that change is the run's output, not a change
    of the code that made it; any other change is."""
    import subprocess

    from ai.value_pipeline import _commit

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / "model.json").write_text("1")
    (tmp_path / "code.py").write_text("1")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "first")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "model.json").write_text("2")
    assert not _commit([tmp_path / "model.json"]).endswith("+changes")
    assert _commit([]).endswith("+changes")
    (tmp_path / "code.py").write_text("2")
    assert _commit([tmp_path / "model.json"]).endswith("+changes")


def test_training_keeps_the_epoch_the_validation_games_liked_best(run: dict[str, Path]) -> None:
    """Early stopping: the kept weights are those of the epoch with the least validation
    error, and training ran at most ``patience`` epochs past it."""
    import numpy as np

    from ai.value_pipeline import fit_network

    rows = load_rows([run["data"]])
    train = ~rows["held"] & ~rows["validates"]
    val = rows["validates"]
    assert val.any() and train.any() and not (val & rows["held"]).any()
    data = fit_network(rows["x"][train], rows["y"][train], [32], 12, 0, 1e-2, 0.0, 16,
                       validation=(rows["x"][val], rows["y"][val]), patience=2)  # fmt: skip
    report = data["training"]
    errors = report["validation_mse"]
    assert len(errors) == report["epochs_run"] <= 12
    assert report["epoch_kept"] == 1 + int(np.argmin(errors))
    assert report["epochs_run"] == 12 or report["epochs_run"] - report["epoch_kept"] == 2
    kept = Model(data).predict(rows["x"][val])
    mse = float(((np.asarray(kept) - rows["y"][val]) ** 2).mean())
    assert mse == pytest.approx(min(errors), abs=1e-3)
