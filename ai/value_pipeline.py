"""The learned leaf value's pipeline (``ai.value_net``): self-play data, training, evaluation.

    python -m ai.value_pipeline generate --generation 1 --games 200 --seed 910000 --jobs 2
    python -m ai.value_pipeline train ai/selfplay/gen1-910000
    python -m ai.value_pipeline evaluate ai/selfplay/gen1-910000

``generate`` plays self-play games of the search bot (``MctsBot`` with a fixed number of
iterations a decision, so the data is the same on any machine and under any load) in every
game size and variant (``--kinds``), recording at every turn start (``--sample``) the
features of every seat and, when the game ends, its final scores (``ai.fit_value``'s
``play_recorded``), each game written as it ends to the run's directory
``ai/selfplay/gen<K>-<seed>/`` (``ai.selfplay_store``): the same command started again,
in a later session too, plays only the games the directory lacks. Each record names its
seed and, from generation 2, the model that played it (file and digest). Generations: generation 1 plays with the linear
value the levels ship with; generation k plays with generation k-1's network (``--net``),
so each round of data comes from the bot the last training made.

``train`` fits one network for every game (``ai.value_net``: the game as one-hot inputs) to
each seat's final margin, holds out every game whose seed is divisible by 5, stops when the
error on the games whose seed is one more than that stops falling (``--patience``), reports
the held-out fit by game beside the linear value's, and writes the weights and, beside them,
their provenance (data files and digests, games, rows, seeds, commit, epochs, held-out fit,
training time) to ``ai/models/`` (or ``--out``). A fixed ``--seed`` makes the run
reproducible.

``evaluate`` prints the held-out table of a model on data files, and the CPU a leaf value
costs with the network and with the linear value. How it plays is the arena's question
(``ursuppe arena mcts-fast greedy greedy greedy --value net ...``; docs/ai.md).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from ai.files import write_whole
from ai.fit_value import play_to_file, read_records
from ai.selfplay_store import data_digest, next_part
from ai.value import SEAT_TERMS_2, feature_vector, features, version_for, weights_for
from ai.value_net import GAME_KINDS, INPUTS, MODEL_PATH, Model, digest, game_kind
from engine import Game
from engine.counts import VARIANTS

#: Where runs keep their games: committed, so that a generation goes on across sessions
#: (``ai.selfplay_store``).
DATA_DIR = Path("ai/selfplay")


def _kind_game(kind: str) -> tuple[int, str | None]:
    """(players, variant) of a ``GAME_KINDS`` entry, as ``Game.new`` takes them."""
    if kind in VARIANTS:
        return VARIANTS[kind].players, kind
    return int(kind.rstrip("p")), None


# --- generate ------------------------------------------------------------------------------


def generate(args: argparse.Namespace) -> int:
    """Play a run's games, skipping those its directory already holds: the same command
    started again (the next session) continues where the last stopped."""
    if args.generation > 1 and args.net is None:
        raise SystemExit("generate: a generation after the first plays with --net (the last one's)")
    kinds = args.kinds
    value = "net" if args.net is not None else "fit"
    net = None if args.net is None else str(args.net)
    run_dir: Path = args.out / f"gen{args.generation}-{args.seed}"
    run_dir.mkdir(parents=True, exist_ok=True)
    done = {(r["seed"], record_kind(r)) for _, r in read_records([run_dir], "generate")}
    # Interleaved by seed, so a run stopped early holds every game kind.
    tasks = []
    for seed in range(args.seed, args.seed + args.games):
        for kind in kinds:
            if (seed, kind) in done:
                continue
            players, variant = _kind_game(kind)
            settings = (args.explore, args.sample, args.bot, args.iterations, value)
            tasks.append((seed, players, *settings, variant, net))
    if not tasks:
        print(f"{len(done)} games already in {run_dir}: nothing to play")
        return 0
    out = next_part(run_dir)
    print(f"{len(done)} games already in {run_dir}; playing {len(tasks)} into {out.name}")
    t0 = time.perf_counter()
    stamp: dict[str, Any] = {"generation": args.generation}
    if args.net is not None:  # the model that played, as the arena records name it
        stamp |= {"net": Path(args.net).name, "net_sha256_16": digest(args.net)}
    positions = play_to_file(tasks, out, args.jobs, not args.no_progress, stamp)
    print(f"{len(tasks)} games, {positions} positions in {time.perf_counter() - t0:.0f} s -> {out}")
    return 0


def record_kind(record: dict) -> str:
    """The game kind of a self-play record (records without a variant: the base game)."""
    return game_kind(record.get("variant"), len(record["final"]))


def margins(record: dict) -> list[float]:
    """Each colour's final margin: its points minus the best opponent's (in Double II the
    player's other colour is no opponent, as in ``ai.greedy.margin``)."""
    final = record["final"]
    variant = VARIANTS.get(record.get("variant") or "")
    owner = variant.controllers if variant is not None and variant.shared else range(len(final))
    return [
        final[s] - max(final[o] for o in range(len(final)) if o != s and owner[o] != owner[s])
        for s in range(len(final))
    ]


def load_rows(paths: list[Path]) -> dict[str, Any]:
    """Every seat of every recorded position: the network's inputs, the linear value as the
    search plays it (its seat terms, no constants; Double II: the hand margin), the target,
    the game kind, whether the game is held out (seed divisible by 5: the fit reported) and
    whether it validates (seed 1 more than a multiple of 5: where training stops)."""
    import numpy as np

    xs: list[Any] = []
    linear: list[float] = []
    ys: list[float] = []
    kinds: list[str] = []
    held: list[bool] = []
    validates: list[bool] = []
    games: dict[str, int] = defaultdict(int)
    seeds: list[int] = []
    for _, record in read_records(paths, "value_pipeline"):
        kind = record_kind(record)
        colours = len(record["final"])
        target = margins(record)
        games[kind] += 1
        seeds.append(record["seed"])
        version = version_for(colours)
        weights = weights_for(colours, version)
        onehot = [1.0 if k == kind else 0.0 for k in GAME_KINDS]
        for pos in record["positions"]:
            parts2 = [p + e for p, e in zip(pos["parts"], pos["extras"], strict=True)]
            for seat in range(colours):
                x = features(pos["totals"], parts2, seat, pos["stage"])
                xs.append(x[:SEAT_TERMS_2] + onehot)
                if kind == "double_2":
                    linear.append(x[0])  # the hand margin: no linear fit there
                else:
                    xl = x if version == 2 else features(
                        pos["totals"], pos["parts"], seat, pos["stage"]
                    )  # fmt: skip
                    seat_terms = xl[:-2]  # the constants are not played
                    played = weights[: len(seat_terms)]
                    linear.append(sum(w * v for w, v in zip(played, seat_terms, strict=True)))
                ys.append(target[seat])
                kinds.append(kind)
                held.append(record["seed"] % 5 == 0)
                validates.append(record["seed"] % 5 == 1)
    return {
        "x": np.asarray(xs, dtype=float).reshape(-1, INPUTS),
        "linear": np.asarray(linear, dtype=float),
        "y": np.asarray(ys, dtype=float),
        "kind": np.asarray(kinds),
        "held": np.asarray(held, dtype=bool),
        "validates": np.asarray(validates, dtype=bool),
        "games": dict(games),
        "seeds": seeds,
    }


# --- train ---------------------------------------------------------------------------------


def fit_network(
    x: Any,
    y: Any,
    hidden: list[int],
    epochs: int,
    seed: int,
    lr: float,
    l2: float,
    batch: int,
    linear: Any = None,
    validation: tuple[Any, Any] | None = None,
    patience: int = 2,
) -> dict:
    """A tanh MLP fitted by Adam on squared error (minibatches, fixed seed); returns the
    ``ai.value_net.Model`` data, with ``training`` (epochs run, the epoch kept, validation
    error by epoch). With ``validation`` (inputs, targets of games not trained on), training
    stops once ``patience`` epochs in a row have not improved its error, and the weights of
    the best epoch are kept: more epochs fit the margin of the training games' positions
    ever closer and the held-out ones less well, and a network fitted that far steers the
    search worse (docs/ai.md). ``epochs`` is then the most it runs. ``linear`` (a weight for each raw input): the model gets
    the skip path (``Model.skip``) started at those weights and a last layer started at zero,
    so training starts from that linear value and the network learns its correction; the
    skip has no L2 penalty (that would pull it away from the linear value, not towards it)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-6] = 1.0
    xn = (x - mean) / scale
    sizes = [x.shape[1], *hidden, 1]
    params = []
    for a, b in zip(sizes[:-1], sizes[1:], strict=True):
        params.append(rng.normal(0.0, np.sqrt(1.0 / a), (a, b)))
        params.append(np.zeros(b))
    params[-1][0] = float(y.mean())  # the skip adds nothing on average: xn's mean is 0
    layers = len(params)
    if linear is not None:
        params[-2][:] = 0.0
        params.append((np.asarray(linear, dtype=float) * scale)[:, None])
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    n = len(y)

    def forward(rows: Any) -> tuple[list[Any], Any]:
        """Each layer's input (the standardised ``rows`` first) and the output column."""
        h = [rows]
        for i in range(0, layers - 2, 2):
            h.append(np.tanh(h[-1] @ params[i] + params[i + 1]))
        out = h[-1] @ params[layers - 2] + params[layers - 1]
        return h, out if linear is None else out + rows @ params[-1]

    held_x = None if validation is None else (validation[0] - mean) / scale
    errors: list[float] = []
    best = (float("inf"), 0, [p.copy() for p in params])
    for epoch in range(1, epochs + 1):
        order = rng.permutation(n)
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            h, out = forward(xn[idx])
            grad_out = 2.0 * (out[:, 0] - y[idx])[:, None] / len(idx)
            grads: list[Any] = [None] * len(params)
            if linear is not None:
                grads[-1] = h[0].T @ grad_out
            g = grad_out
            for layer in range(layers // 2 - 1, -1, -1):
                w = params[2 * layer]
                grads[2 * layer] = h[layer].T @ g + l2 * w
                grads[2 * layer + 1] = g.sum(axis=0)
                if layer:
                    g = (g @ w.T) * (1.0 - h[layer] ** 2)
            step += 1
            for i, (p, gr) in enumerate(zip(params, grads, strict=True)):
                m[i] = 0.9 * m[i] + 0.1 * gr
                v[i] = 0.999 * v[i] + 0.001 * gr * gr
                mh = m[i] / (1 - 0.9**step)
                vh = v[i] / (1 - 0.999**step)
                p -= lr * mh / (np.sqrt(vh) + 1e-8)
        if validation is None:
            continue
        errors.append(round(float(((forward(held_x)[1][:, 0] - validation[1]) ** 2).mean()), 4))
        if errors[-1] < best[0]:
            best = (errors[-1], epoch, [p.copy() for p in params])
        elif epoch - best[1] >= patience:
            break
    if validation is not None:
        params = best[2]
    data = {
        "kinds": list(GAME_KINDS),
        "mean": mean.tolist(),
        "scale": scale.tolist(),
        "layers": [[params[i].tolist(), params[i + 1].tolist()] for i in range(0, layers, 2)],
    }
    if linear is not None:
        data["skip"] = params[-1][:, 0].tolist()
    if validation is not None:
        data["training"] = {"epochs_run": epoch if epochs else 0, "epoch_kept": best[1],
                            "validation_mse": errors}  # fmt: skip
    return data


def _affine(pred: Any, y: Any, train: Any) -> Any:
    """``pred`` scaled and shifted by least squares on the rows ``train`` (per game kind the
    fairest reading of a value that was not fitted to this data)."""
    import numpy as np

    a = np.vstack([pred[train], np.ones(train.sum())]).T
    coef = np.linalg.lstsq(a, y[train], rcond=None)[0]
    return pred * coef[0] + coef[1]


def held_out_table(model: Model, rows: dict[str, Any]) -> dict[str, dict]:
    """By game kind and over all: held-out rows, R² and mean absolute error of the network
    (as trained) and of the linear value (scaled and shifted per kind on the training rows)."""
    import numpy as np

    net = np.asarray(model.predict(rows["x"]))
    y, held, kind = rows["y"], rows["held"], rows["kind"]
    linear = np.zeros_like(y)
    out: dict[str, dict] = {}
    for k in [*GAME_KINDS, "all"]:
        rows_k = np.ones_like(held) if k == "all" else kind == k
        if k != "all":
            if not (rows_k & ~held).any():
                continue
            linear[rows_k] = _affine(rows["linear"], y, rows_k & ~held)[rows_k]
        test = rows_k & held
        if not test.any():
            continue
        entry: dict[str, Any] = {"held_out_rows": int(test.sum())}
        for name, pred in (("net", net), ("linear", linear)):
            err = pred[test] - y[test]
            ss_tot = float(((y[test] - y[test].mean()) ** 2).sum())
            entry[f"{name}_r2"] = round(1 - float((err**2).sum()) / ss_tot, 4) if ss_tot else None
            entry[f"{name}_mae"] = round(float(np.abs(err).mean()), 3)
        out[k] = entry
    return out


def print_table(table: dict[str, dict]) -> None:
    print("| game | held-out rows | net R² | net MAE | linear R² (scaled) | linear MAE |")
    print("|---|---:|---:|---:|---:|---:|")
    for k, e in table.items():
        print(
            f"| {k} | {e['held_out_rows']} | {e['net_r2']} | {e['net_mae']} "
            f"| {e['linear_r2']} | {e['linear_mae']} |"
        )


def _commit(outputs: list[Path]) -> str:
    """The repository's commit, marked when the work tree differs from it in anything but
    ``outputs`` (the model and provenance this run writes, which a retraining changes)."""
    excluded = [f":(exclude){path.resolve()}" for path in outputs]
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", ":/", *excluded],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def _data_summary(paths: list[Path]) -> list[dict]:
    summary = []
    for path in paths:
        games = positions = 0
        bots: set[str] = set()
        seeds: list[int] = []
        generations: set[int] = set()
        for _, record in read_records([path], "value_pipeline"):
            games += 1
            positions += len(record["positions"])
            bots.add(record.get("bot", "greedy"))
            seeds.append(record["seed"])
            generations.add(record.get("generation", 1))
        summary.append(
            {
                "file": path.name,
                "sha256_16": data_digest(path),
                "games": games,
                "positions": positions,
                "bots": sorted(bots),
                "generations": sorted(generations),
                "seeds": [min(seeds), max(seeds)] if seeds else [],
            }
        )
    return summary


def train(args: argparse.Namespace) -> int:
    c0 = time.process_time()
    rows = load_rows(args.data)
    if not len(rows["y"]):
        raise SystemExit("train: no positions in the data files")
    # --patience 0: no early stop, the validation games trained on too (every epoch runs)
    stops = args.patience > 0 and bool(rows["validates"].any())
    train_rows = ~rows["held"] & (~rows["validates"] if stops else True)
    validation = (rows["x"][rows["validates"]], rows["y"][rows["validates"]]) if stops else None
    hidden = [int(h) for h in args.hidden.split(",") if h]
    linear = None
    if args.skip_linear:
        # value v2's 4-player seat weights on the seat terms, nothing on the game one-hot
        linear = list(weights_for(4, 2)[:SEAT_TERMS_2]) + [0.0] * (INPUTS - SEAT_TERMS_2)
    data = fit_network(
        rows["x"][train_rows], rows["y"][train_rows], hidden, args.epochs, args.seed,
        args.lr, args.l2, args.batch, linear, validation, args.patience,
    )  # fmt: skip
    table = held_out_table(Model(data), rows)
    print_table(table)
    seconds = time.process_time() - c0
    out: Path = args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    provenance_path = out.with_name(out.stem + ".provenance.json")
    write_whole(out, json.dumps(data) + "\n")
    provenance = {
        "command": "python -m ai.value_pipeline " + " ".join(sys.argv[1:]),
        "commit": _commit([out, provenance_path]),
        "data": _data_summary(args.data),
        "games_by_kind": rows["games"],
        "rows": {
            "train": int(train_rows.sum()),
            "validation": int(rows["validates"].sum()) if stops else 0,
            "held_out": int(rows["held"].sum()),
        },
        "held_out_rule": "games whose seed is divisible by 5",
        "validation_rule": "games whose seed is 1 more than a multiple of 5: training stops "
        "when their error stops falling",
        "model": {
            "inputs": INPUTS,
            "hidden": hidden,
            "activation": "tanh",
            "epochs": args.epochs,
            "batch": args.batch,
            "learning_rate": args.lr,
            "l2": args.l2,
            "seed": args.seed,
            "patience": args.patience,
            **data.get("training", {}),
            "skip": "value v2's 4-player weights, trained on" if args.skip_linear else None,
        },
        "held_out_fit": table,
        "train_cpu_seconds": round(seconds, 1),
    }
    write_whole(provenance_path, json.dumps(provenance, indent=1) + "\n")
    print(f"wrote {out} and {provenance_path} in {seconds:.0f} CPU s")
    return 0


# --- evaluate ------------------------------------------------------------------------------


def leaf_cost(model: Model, positions: int, seed: int) -> dict[str, float]:
    """CPU microseconds a leaf value costs, network against linear, on the same positions
    of random 4-player games (process time, so the machine's load does not enter)."""
    from ai.random_bot import RandomBot
    from ai.value import leaf_value

    rng = random.Random(seed)
    games: list[Game] = []
    while len(games) < positions:
        g = Game.new(4, rng.randrange(10**6))
        bot = RandomBot(rng.randrange(10**6))
        while not g.is_over and len(games) < positions:
            if rng.random() < 0.05:
                games.append(g.clone())
            g.apply(bot.choose(g), seat=g.pending.seat)  # type: ignore[union-attr]  # not over
    out: dict[str, float] = {}
    for name, value in (
        ("linear", lambda g: leaf_value(g, g.pending.seat)),
        ("net", lambda g: model.value(g, g.pending.seat)),
        ("features only", lambda g: feature_vector(g, g.pending.seat, 2)),
    ):
        c0 = time.process_time()
        for g in games:
            value(g)
        out[name] = round(1e6 * (time.process_time() - c0) / len(games), 1)
    return out


def evaluate(args: argparse.Namespace) -> int:
    model = Model.load(args.model)
    rows = load_rows(args.data)
    table = held_out_table(model, rows)
    print_table(table)
    if args.cost_positions:
        cost = leaf_cost(model, args.cost_positions, args.seed)
        print("CPU µs a leaf: " + ", ".join(f"{k} {v}" for k, v in cost.items()))
    return 0


# --- command line --------------------------------------------------------------------------


def _kinds(text: str) -> list[str]:
    kinds = [k for k in text.split(",") if k]
    unknown = sorted(set(kinds) - set(GAME_KINDS))
    if unknown or not kinds:
        raise argparse.ArgumentTypeError(f"game kinds are {', '.join(GAME_KINDS)}")
    return kinds


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ai.value_pipeline", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="self-play games with recorded positions")
    g.add_argument("--generation", type=int, default=1, help="1: the linear value; k: --net's")
    g.add_argument("--net", type=Path, default=None, help="the previous generation's model")
    g.add_argument("--kinds", type=_kinds, default=list(GAME_KINDS), help="games, comma-separated")
    g.add_argument("--games", type=int, default=100, help="games of each kind")
    g.add_argument("--seed", type=int, default=910000, help="first game seed (each kind)")
    g.add_argument("--iterations", type=int, default=48, help="search iterations a decision")
    g.add_argument("--bot", choices=("mcts", "greedy", "random"), default="mcts")
    g.add_argument("--explore", type=float, default=0.05, help="share of random decisions")
    g.add_argument("--sample", type=float, default=1.0, help="share of turn starts recorded")
    g.add_argument("--jobs", type=int, default=2, help="processes")
    g.add_argument(
        "--out", type=Path, default=DATA_DIR, help="where the run directory gen<K>-<seed> is kept"
    )
    g.add_argument("--no-progress", action="store_true")
    g.set_defaults(func=generate)
    t = sub.add_parser("train", help="fit the network; write it and its provenance")
    t.add_argument("data", type=Path, nargs="+", help="run directories or data files of generate")
    t.add_argument("--hidden", default="64,32", help="hidden layer sizes")
    t.add_argument("--epochs", type=int, default=20, help="at most (see --patience)")
    t.add_argument("--patience", type=int, default=2,
                   help="stop after this many epochs without a better validation error; 0: "
                   "no validation games, every epoch runs")  # fmt: skip
    t.add_argument("--batch", type=int, default=512)
    t.add_argument("--lr", type=float, default=1e-3)
    t.add_argument("--l2", type=float, default=1e-4)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--skip-linear", action="store_true",
                   help="a linear path from the inputs to the output as well, started at value "
                   "v2's 4-player weights (the network learns its correction)")  # fmt: skip
    t.add_argument("--out", type=Path, default=MODEL_PATH, help="model file (provenance beside)")
    t.set_defaults(func=train)
    e = sub.add_parser("evaluate", help="held-out fit and leaf cost of a model")
    e.add_argument("data", type=Path, nargs="+")
    e.add_argument("--model", type=Path, default=MODEL_PATH)
    e.add_argument("--cost-positions", type=int, default=200, help="0: no cost measurement")
    e.add_argument("--seed", type=int, default=1)
    e.set_defaults(func=evaluate)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command of the pipeline (``build_parser``); its exit status."""
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
