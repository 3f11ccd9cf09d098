"""Make the data for ``ai.value`` and fit its weights.

    python -m ai.fit_value generate --players 4 --games 1500 --seed 700000 --jobs 2
    python -m ai.fit_value fit var/value/data-4p-700000.jsonl --out ai/value_weights.py
    # version 2, on the search bot's own self-play (docs/ai.md, "Fitted leaf value"):
    python -m ai.fit_value generate --bot mcts --iterations 48 --value fit1 ...
    python -m ai.fit_value fit --version 2 var/value/data-4p-900000.jsonl

``generate`` plays self-play games - greedy, or ``--bot mcts``: MctsBot with a fixed number of
iterations per decision (so the data does not depend on the machine's load) and the leaf value
``--value`` (the previous fit: each round of data comes from the bot the last fit made) - in
which each decision is, with probability ``--explore``, a uniformly random legal action
instead (so the data also holds the odd positions search walks into), and records, at a sample
of the turn boundaries (where search scores its leaves: the next decision belongs to another
seat), ``evaluate_parts`` and ``ai.value_features.extra_parts`` of every seat and the stage;
the game's final scores are added when it ends. One JSON line per game.

``fit`` turns every recorded position into one row per seat (``ai.value.features``; target:
that seat's final margin), holds out every fifth game, reports the held-out fit of the hand
margin (best scaled) and of the committed weights the value uses for that count today (its
own, or the nearest count's standing in; as they are and scaled) against the fitted model,
then fits on all games (ridge least squares; ``--toward N`` pulls the weights towards N
players' committed ones instead of towards 0) and writes the weights module of ``--version``
(1: the evaluation's terms, ``ai/value_weights.py``; 2: with the extra terms,
``ai/value2_weights.py``), adding the count beside the others. A better held-out fit is not a
better bot: the 5- and 6-player fits predicted far better and played far worse (docs/ai.md),
so a fit ships only after an arena.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tqdm import tqdm

from ai import value_net
from ai.base import Bot
from ai.evaluation import evaluate_parts
from ai.greedy import FOLLOW_UP_KINDS, GreedyBot
from ai.mcts import LEAF_VALUES, MctsBot
from ai.random_bot import RandomBot
from ai.selfplay_store import append_game, data_files, read_members
from ai.value import CONSTANT_NAMES, FEATURE_NAMES, VERSION_FEATURES, features, stage
from ai.value2_weights import WEIGHTS as WEIGHTS_2
from ai.value_features import extra_parts
from ai.value_weights import WEIGHTS as WEIGHTS_1
from engine import SUPPORTED_PLAYERS, Game

WEIGHT_FILES = {1: Path("ai/value_weights.py"), 2: Path("ai/value2_weights.py")}
COMMITTED = {1: WEIGHTS_1, 2: WEIGHTS_2}
Task = tuple[int, int, float, float, str, int, str]
#: The bots self-play can use (random: for tests and quick checks of the pipeline).
SELF_PLAY_BOTS = ("greedy", "mcts", "random")


def _self_play_bot(kind: str, seed: int, iterations: int, value: str) -> Bot:
    if kind == "mcts":
        return MctsBot(seed=seed, iterations=iterations, value=value)
    if kind == "random":
        return RandomBot(seed)
    return GreedyBot(seed=seed)


def play_recorded(task: Task | tuple) -> dict:
    """One self-play game: (seed, players, explore, sample[, bot, iterations, value[, variant,
    net]]) -> positions and final scores. ``players`` counts the players; in a 2-player
    variant (``engine.counts.VARIANTS``) every colour a player controls has its own bot (the
    search bot keeps nothing between decisions, so that is the player's bot) and the record
    is by colour. ``net``: the ``ai.value_net`` model file ``value="net"`` plays with (an
    earlier generation's)."""
    seed, players, explore, sample = task[:4]
    kind, iterations, value = task[4:7] if len(task) > 4 else ("greedy", 0, "fit")
    variant, net = task[7:9] if len(task) > 7 else (None, None)
    if net is not None:
        value_net.use(Path(net))
    rng = random.Random(seed * 7919 + 1)
    game = Game.new(players, seed, variant=variant)
    bots = [_self_play_bot(kind, seed * 31 + s, iterations, value) for s in range(game.players)]
    positions = []
    last_seat = -1
    while not game.is_over:
        pending = game.pending
        assert pending is not None  # not over: a decision is pending
        seat = pending.seat
        if seat != last_seat and pending.kind not in FOLLOW_UP_KINDS and rng.random() < sample:
            totals, parts = evaluate_parts(game)
            extras = extra_parts(game, [p[8] for p in parts])  # 8: amoebas_next
            positions.append(
                {"stage": stage(game), "totals": totals, "parts": parts, "extras": extras}
            )
        last_seat = seat
        actions = game.legal_actions()
        if len(actions) > 1 and rng.random() < explore:
            action = rng.choice(actions)
        else:
            action = bots[seat].choose(game)
        game.apply(action, seat=seat)
    bot = kind if kind != "mcts" else f"mcts/{iterations}/{value}"
    record = {
        "seed": seed,
        "players": players,
        "bot": bot,
        "final": game.scores,
        "positions": positions,
    }
    if variant is not None:
        record["variant"] = variant
    return record


def generate(args: argparse.Namespace) -> int:
    out: Path = args.out or Path(f"var/value/data-{args.players}p-{args.seed}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    tasks = [
        (
            args.seed + i,
            args.players,
            args.explore,
            args.sample,
            args.bot,
            args.iterations,
            args.value,
        )
        for i in range(args.games)
    ]
    t0 = time.perf_counter()
    rows = play_to_file(tasks, out, args.jobs, not args.no_progress)
    elapsed = time.perf_counter() - t0
    print(f"{len(tasks)} games, {rows} positions in {elapsed:.0f} s -> {out}")
    return 0


def play_to_file(
    tasks: list, out: Path, jobs: int, progress: bool, stamp: dict | None = None
) -> int:
    """Play the self-play games of ``tasks`` (``play_recorded``) in ``jobs`` processes and
    write each to ``out`` as it ends (a partial run is usable data), with ``stamp``'s keys
    added to every record; returns the positions recorded. ``out`` ending in ``.gz`` is a
    part file of ``ai.selfplay_store`` (appended to, one gzip member a game); otherwise one
    JSON line a game, the file written anew."""
    rows = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        bar = tqdm(total=len(tasks), desc="self-play", unit="game", disable=not progress)
        lines = None if out.suffix == ".gz" else out.open("w")
        try:
            for record in pool.map(play_recorded, tasks, chunksize=1):
                record.update(stamp or {})
                if lines is None:
                    append_game(out, record)
                else:
                    lines.write(json.dumps(record) + "\n")
                    lines.flush()
                rows += len(record["positions"])
                bar.update()
        finally:
            if lines is not None:
                lines.close()
        bar.close()
    return rows


Row = tuple[int, list[float], float]


def read_records(paths: list[Path], command: str) -> Iterator[tuple[str, dict]]:
    """(place, record) of every self-play record of the data paths, in order: JSON-lines
    files, ``ai.selfplay_store`` part files and run directories (the place is ``file:number``,
    for messages); a line that is no JSON stops ``command`` there."""
    for path in data_files(paths):
        if path.suffix == ".gz":
            for number, record in enumerate(read_members(path), 1):
                yield f"{path}:{number}", record
            continue
        with path.open() as fh:
            for number, line in enumerate(fh, 1):
                try:
                    yield f"{path}:{number}", json.loads(line)
                except ValueError as exc:
                    raise SystemExit(
                        f"{command}: {path}:{number} is not a JSON line ({exc})"
                    ) from None


def _rows(paths: list[Path], players: set[int], version: int = 1) -> Iterator[Row]:
    """(game index, features of ``version``, target margin) for every seat of every position;
    adds the player count to ``players`` and refuses data that mixes counts (one fit per
    count)."""
    for index, (place, record) in enumerate(read_records(paths, "fit")):
        final = record["final"]
        n = len(final)
        players.add(n)
        if len(players) > 1:
            raise SystemExit(f"fit: {place} mixes player counts {sorted(players)}")
        for pos in record["positions"]:
            parts = pos["parts"]
            if version == 2:
                if "extras" not in pos:
                    raise SystemExit(f"fit: {place} has no extra terms (old data)")
                parts = [p + e for p, e in zip(parts, pos["extras"], strict=True)]
            for seat in range(n):
                target = final[seat] - max(final[o] for o in range(n) if o != seat)
                x = features(pos["totals"], parts, seat, pos["stage"])
                yield index, x, float(target)


def ridge(
    rows: list[tuple[list[float], float]],
    penalty: float,
    names: tuple[str, ...] = FEATURE_NAMES,
    prior: tuple[float, ...] | list[float] | None = None,
) -> list[float]:
    """Least squares with an L2 penalty on every weight but the bias (NumPy: the normal
    equations of ~100 features over ~10^5 rows). With ``prior`` the penalty pulls each weight
    towards the prior's instead of towards 0 (a fit that moves away from known weights only
    as far as the data insists)."""
    import numpy as np  # the training tool's dependency only (the ``train`` extra)

    x = np.asarray([r[0] for r in rows], dtype=float)
    y = np.asarray([r[1] for r in rows], dtype=float)
    xtx = x.T @ x
    diagonal = np.array([0.0 if n == "bias" else penalty for n in names])
    xtx[np.diag_indices_from(xtx)] += diagonal
    rhs = x.T @ y
    if prior is not None:
        rhs = rhs + diagonal * np.asarray(prior, dtype=float)
    return [float(v) for v in np.linalg.solve(xtx, rhs)]


def players_of(seen: set[int]) -> int:
    """The one player count of the data (``_rows`` refuses mixed counts)."""
    return next(iter(seen))


def committed_weights(
    version: int, players: int, table: dict[int, tuple[float, ...]] | None = None
) -> tuple[int, tuple[float, ...]] | None:
    """(the count they were fitted for, weights) the value of ``version`` uses today for
    ``players``: their own fit, else the nearest fitted count as ``ai.value.weights_for``
    picks it; None when the version has no fit at all."""
    table = COMMITTED[version] if table is None else table
    if not table:
        return None
    fitted_for = min(table, key=lambda n: (abs(n - players), -n))
    return fitted_for, table[fitted_for]


def _scaled(
    predict: Callable[[list[float]], float], train: list[Row], test: list[Row]
) -> list[tuple[float, float]]:
    """(prediction, target) on ``test`` of ``predict`` scaled and shifted by least squares on
    ``train``."""
    hx = [predict(x) for _, x, _ in train]
    hy = [y for *_, y in train]
    mh = sum(hx) / len(hx)
    my = sum(hy) / len(hy)
    spread = sum((a - mh) ** 2 for a in hx)
    slope = sum((a - mh) * (b - my) for a, b in zip(hx, hy, strict=True)) / spread if spread else 0
    return [(my + slope * (predict(x) - mh), y) for _, x, y in test]


def _predict(w: list[float] | tuple[float, ...], x: list[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


def _report(name: str, pairs: list[tuple[float, float]]) -> str:
    """R² and mean absolute error of (prediction, target) pairs."""
    mean = sum(t for _, t in pairs) / len(pairs)
    ss_tot = sum((t - mean) ** 2 for _, t in pairs)
    ss_res = sum((p - t) ** 2 for p, t in pairs)
    mae = sum(abs(p - t) for p, t in pairs) / len(pairs)
    return f"{name}: R² {1 - ss_res / ss_tot:.3f}, mean abs error {mae:.2f} points"


def fit(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    seen: set[int] = set()
    names = VERSION_FEATURES[args.version]
    prior = None
    if args.toward is not None:
        if args.toward not in COMMITTED[args.version]:
            raise SystemExit(f"fit: version {args.version} has no {args.toward}-player weights")
        prior = COMMITTED[args.version][args.toward]
    data = list(_rows(args.data, seen, args.version))
    if not data:
        raise SystemExit("fit: no positions in the data files")
    games = 1 + max(r[0] for r in data)
    train = [r for r in data if r[0] % 5 != 0]
    test = [r for r in data if r[0] % 5 == 0]
    print(f"{games} games, {len(data)} rows ({len(train)} train, {len(test)} held out)")
    # The hand margin at its best: scaled and shifted by least squares on the training rows.
    print(_report("hand margin (scaled)", _scaled(lambda x: x[0], train, test)))
    committed = committed_weights(args.version, players_of(seen))
    if committed is not None:
        # What the search bot plays with before this fit: the committed weights of this
        # version for the count, or those of the nearest fitted count standing in (5-6);
        # as they are, and (like the hand margin) scaled and shifted, without the constant
        # terms the value leaves out (a stand-in's constants are another count's mean margin,
        # which play never sees).
        fitted_for, wc = committed
        label = f"committed version {args.version} "
        if fitted_for != players_of(seen):
            label += f"({fitted_for}-player weights)"
        print(_report(label, [(_predict(wc, x), y) for _, x, y in test]))
        seat_terms = len(names) - len(CONSTANT_NAMES)
        played = wc[:seat_terms]
        print(_report(f"{label.strip()}, scaled", _scaled(
            lambda x: _predict(played, x[:seat_terms]), train, test
        )))  # fmt: skip
    w = ridge([(x, y) for _, x, y in train], args.penalty, names, prior)
    held_out = _report("fitted value        ", [(_predict(w, x), y) for _, x, y in test])
    print(held_out)
    if args.dry_run:
        return 0
    weights = ridge([(x, y) for _, x, y in data], args.penalty, names, prior)
    players = seen.pop()
    out = args.out or WEIGHT_FILES[args.version]
    write_weights(out, players, weights, args, games, len(data), names, held_out)
    print(f"wrote {out} for {players} players in {time.perf_counter() - t0:.0f} s")
    return 0


def write_weights(
    path: Path,
    players: int,
    weights: list[float],
    args: argparse.Namespace,
    games: int,
    rows: int,
    names: tuple[str, ...] = FEATURE_NAMES,
    held_out: str = "",
) -> None:
    """Write (or update, keeping the other player counts) the weights module."""
    existing: dict[int, tuple[float, ...]] = {}
    fits: dict[int, str] = {}
    if path.exists():
        scope: dict = {}
        exec(compile(path.read_text(), str(path), "exec"), scope)
        existing = dict(scope.get("WEIGHTS", {}))
        fits = dict(scope.get("FITS", {}))
    existing[players] = tuple(weights)
    sources = ", ".join(p.name for p in args.data)
    kinds = sorted(_bots(args.data)) if all(p.exists() for p in args.data) else ["greedy"]
    toward = getattr(args, "toward", None)
    toward = "" if toward is None else f" towards the {toward}-player weights"
    fits[players] = (
        f"{games} self-play games ({', '.join(kinds)}), {rows} rows ({sources}), "
        f"ridge penalty {args.penalty}{toward}; held-out {held_out.split(':', 1)[-1].strip()}"
    )
    version = getattr(args, "version", 1)
    order = "FEATURE_NAMES" if version == 1 else "FEATURE_NAMES_2"
    lines = [
        f'"""Weights of ``ai.value`` version {version} by player count, in the order of'
        f" ``ai.value.{order}``.",
        "",
        f"Generated by ``python -m ai.fit_value fit --version {version}`` (do not edit by"
        " hand); FITS says from what.",
        '"""',
        "",
        "FITS: dict[int, str] = {",
        *(f"    {n}: {json.dumps(fits[n])}," for n in sorted(fits)),
        "}",
        "",
        "WEIGHTS: dict[int, tuple[float, ...]] = {",
    ]
    for n in sorted(existing):
        lines.append(f"    {n}: (")
        for name, value in zip(names, existing[n], strict=True):
            lines.append(f"        {value!r},  # {name}")
        lines.append("    ),")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


def _bots(paths: list[Path]) -> set[str]:
    """The self-play bots the data files were made with (old files: greedy)."""
    kinds: set[str] = set()
    for path in paths:
        with path.open() as fh:
            for line in fh:
                kinds.add(json.loads(line).get("bot", "greedy"))
    return kinds


def build_parser() -> argparse.ArgumentParser:
    """The command line (docs/ai.md's recipe is checked against it by the docs' tests)."""
    parser = argparse.ArgumentParser(prog="python -m ai.fit_value", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="greedy self-play games with recorded positions")
    g.add_argument("--players", type=int, choices=SUPPORTED_PLAYERS, default=4)
    g.add_argument("--games", type=int, default=1500)
    g.add_argument("--seed", type=int, default=700000, help="first game seed")
    g.add_argument("--jobs", type=int, default=2, help="processes")
    g.add_argument("--explore", type=float, default=0.05, help="share of random decisions")
    g.add_argument("--sample", type=float, default=0.3, help="share of turn starts recorded")
    g.add_argument("--bot", choices=SELF_PLAY_BOTS, default="greedy", help="self-play bot")
    g.add_argument("--iterations", type=int, default=48, help="MCTS iterations a decision")
    g.add_argument("--value", choices=sorted(LEAF_VALUES), default="fit", help="MCTS leaf value")
    g.add_argument("--out", type=Path, default=None, help="JSON-lines file (default var/value/)")
    g.add_argument("--no-progress", action="store_true")
    g.set_defaults(func=generate)
    f = sub.add_parser("fit", help="fit the weights to generated data")
    f.add_argument("data", type=Path, nargs="+", help="JSON-lines files of one player count")
    f.add_argument("--penalty", type=float, default=10.0, help="ridge penalty")
    f.add_argument("--version", type=int, choices=sorted(WEIGHT_FILES), default=1,
                   help="feature set: 1 the evaluation's terms, 2 with ai.value_features")  # fmt: skip
    f.add_argument("--toward", type=int, default=None, metavar="PLAYERS",
                   help="pull the weights towards the committed fit of this player count "
                   "instead of towards 0")  # fmt: skip
    f.add_argument("--out", type=Path, default=None, help="weights module (default: the version's)")
    f.add_argument("--dry-run", action="store_true", help="report the held-out fit only")
    f.set_defaults(func=fit)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
