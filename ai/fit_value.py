"""Make the data for ``ai.value`` and fit its weights.

    python -m ai.fit_value generate --players 4 --games 1500 --seed 700000 --jobs 2
    python -m ai.fit_value fit var/value/data-4p-700000.jsonl --out ai/value_weights.py

``generate`` plays greedy self-play games in which each decision is, with probability
``--explore``, a uniformly random legal action instead (so the data also holds the odd
positions search walks into), and records, at a sample of the turn boundaries (where search
scores its leaves: the next decision belongs to another seat), ``evaluate_parts`` of every
seat and the stage; the game's final scores are added when it ends. One JSON line per game.

``fit`` turns every recorded position into one row per seat (``ai.value.features``; target:
that seat's final margin), holds out every fifth game, reports the held-out fit of the hand
margin (best scaled) against the fitted model, then fits on all games (ridge least squares,
solved here: a few dozen features need no numerical library) and writes the weights module.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tqdm import tqdm

from ai.evaluation import evaluate_parts
from ai.greedy import FOLLOW_UP_KINDS, GreedyBot
from ai.value import FEATURE_NAMES, features, stage
from engine import SUPPORTED_PLAYERS, Game


def play_recorded(task: tuple[int, int, float, float]) -> dict:
    """One self-play game: (seed, players, explore, sample) -> positions and final scores."""
    seed, players, explore, sample = task
    rng = random.Random(seed * 7919 + 1)
    bots = [GreedyBot(seed=seed * 31 + s) for s in range(players)]
    game = Game.new(players, seed)
    positions = []
    last_seat = -1
    while not game.is_over:
        pending = game.pending
        assert pending is not None  # not over: a decision is pending
        seat = pending.seat
        if seat != last_seat and pending.kind not in FOLLOW_UP_KINDS and rng.random() < sample:
            totals, parts = evaluate_parts(game)
            positions.append({"stage": stage(game), "totals": totals, "parts": parts})
        last_seat = seat
        actions = game.legal_actions()
        if len(actions) > 1 and rng.random() < explore:
            action = rng.choice(actions)
        else:
            action = bots[seat].choose(game)
        game.apply(action, seat=seat)
    return {"seed": seed, "players": players, "final": game.scores, "positions": positions}


def generate(args: argparse.Namespace) -> int:
    out: Path = args.out or Path(f"var/value/data-{args.players}p-{args.seed}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    tasks = [(args.seed + i, args.players, args.explore, args.sample) for i in range(args.games)]
    t0 = time.perf_counter()
    rows = 0
    with out.open("w") as fh, ProcessPoolExecutor(max_workers=args.jobs) as pool:
        bar = tqdm(total=len(tasks), desc="self-play", unit="game", disable=args.no_progress)
        for record in pool.map(play_recorded, tasks, chunksize=4):
            fh.write(json.dumps(record) + "\n")
            rows += len(record["positions"])
            bar.update()
        bar.close()
    elapsed = time.perf_counter() - t0
    print(f"{len(tasks)} games, {rows} positions in {elapsed:.0f} s -> {out}")
    return 0


Row = tuple[int, list[float], float]


def _rows(paths: list[Path], players: set[int]) -> Iterator[Row]:
    """(game index, features, target margin) for every seat of every position; adds the
    player count to ``players`` and refuses data that mixes counts (one fit per count)."""
    index = 0
    for path in paths:
        with path.open() as fh:
            for number, line in enumerate(fh, 1):
                try:
                    record = json.loads(line)
                except ValueError as exc:
                    raise SystemExit(f"fit: {path}:{number} is not a JSON line ({exc})") from None
                final = record["final"]
                n = len(final)
                players.add(n)
                if len(players) > 1:
                    raise SystemExit(f"fit: {path}:{number} mixes player counts {sorted(players)}")
                for pos in record["positions"]:
                    for seat in range(n):
                        target = final[seat] - max(final[o] for o in range(n) if o != seat)
                        x = features(pos["totals"], pos["parts"], seat, pos["stage"])
                        yield index, x, float(target)
                index += 1


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b, by Gaussian elimination with partial pivoting (a is small and dense)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            raise ValueError(f"singular system at column {col} ({FEATURE_NAMES[col]})")
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def ridge(rows: list[tuple[list[float], float]], penalty: float) -> list[float]:
    """Least squares with an L2 penalty on every weight but the bias."""
    k = len(FEATURE_NAMES)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for x, y in rows:
        for i in range(k):
            xi = x[i]
            if xi:
                row = xtx[i]
                for j in range(i, k):
                    row[j] += xi * x[j]
                xty[i] += xi * y
    for i in range(k):
        for j in range(i):
            xtx[i][j] = xtx[j][i]
        if FEATURE_NAMES[i] != "bias":
            xtx[i][i] += penalty
    return solve(xtx, xty)


def _predict(w: list[float], x: list[float]) -> float:
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
    data = list(_rows(args.data, seen))
    if not data:
        raise SystemExit("fit: no positions in the data files")
    games = 1 + max(r[0] for r in data)
    train = [r for r in data if r[0] % 5 != 0]
    test = [r for r in data if r[0] % 5 == 0]
    print(f"{games} games, {len(data)} rows ({len(train)} train, {len(test)} held out)")
    # The hand margin at its best: scaled and shifted by least squares on the training rows.
    hx = [x[0] for _, x, _ in train]
    hy = [y for *_, y in train]
    mh = sum(hx) / len(hx)
    my = sum(hy) / len(hy)
    slope = sum((a - mh) * (b - my) for a, b in zip(hx, hy, strict=True)) / sum(
        (a - mh) ** 2 for a in hx
    )
    print(_report("hand margin (scaled)", [(my + slope * (x[0] - mh), y) for _, x, y in test]))
    w = ridge([(x, y) for _, x, y in train], args.penalty)
    print(_report("fitted value        ", [(_predict(w, x), y) for _, x, y in test]))
    weights = ridge([(x, y) for _, x, y in data], args.penalty)
    players = seen.pop()
    write_weights(args.out, players, weights, args, games, len(data))
    print(f"wrote {args.out} for {players} players in {time.perf_counter() - t0:.0f} s")
    return 0


def write_weights(
    path: Path,
    players: int,
    weights: list[float],
    args: argparse.Namespace,
    games: int,
    rows: int,
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
    fits[players] = (
        f"{games} greedy self-play games, {rows} rows ({sources}), ridge penalty {args.penalty}"
    )
    lines = [
        '"""Weights of ``ai.value`` by player count, in the order of ``ai.value.FEATURE_NAMES``.',
        "",
        "Generated by ``python -m ai.fit_value fit`` (do not edit by hand); FITS says from what.",
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
        for name, value in zip(FEATURE_NAMES, existing[n], strict=True):
            lines.append(f"        {value!r},  # {name}")
        lines.append("    ),")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.fit_value", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="greedy self-play games with recorded positions")
    g.add_argument("--players", type=int, choices=SUPPORTED_PLAYERS, default=4)
    g.add_argument("--games", type=int, default=1500)
    g.add_argument("--seed", type=int, default=700000, help="first game seed")
    g.add_argument("--jobs", type=int, default=2, help="processes")
    g.add_argument("--explore", type=float, default=0.05, help="share of random decisions")
    g.add_argument("--sample", type=float, default=0.3, help="share of turn starts recorded")
    g.add_argument("--out", type=Path, default=None, help="JSON-lines file (default var/value/)")
    g.add_argument("--no-progress", action="store_true")
    g.set_defaults(func=generate)
    f = sub.add_parser("fit", help="fit the weights to generated data")
    f.add_argument("data", type=Path, nargs="+", help="JSON-lines files of one player count")
    f.add_argument("--penalty", type=float, default=10.0, help="ridge penalty")
    f.add_argument("--out", type=Path, default=Path("ai/value_weights.py"))
    f.set_defaults(func=fit)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
