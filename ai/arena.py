"""``ursuppe arena``: bot levels against each other, seat-rotated, over several processes.

Why seat rotation with shared seeds: the start order and the first environment card favour
some seats, so each seed group plays the same game seed once for every distinct seating of the
line-up (4 permutations for "greedy random random random", 24 for four different bots). Every
bot then meets the same luck in every seat, and the win rates compare bots, not seats.

Win rates come with 95% Wilson intervals; a level that appears k times in the line-up is counted
per seat (wins / (games x k)), so parity is 1 / players whatever the line-up.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from itertools import permutations
from pathlib import Path

from tqdm import tqdm

from ai import value_net
from ai.argtypes import positive_int, positive_seconds
from ai.base import Bot
from ai.files import write_whole
from ai.levels import BOT_LEVELS, DEFAULT_BUDGETS, ROLLOUT_BY_GAME, make_bot
from ai.mcts import LEAF_VALUES, MctsBot
from ai.rollout import HORIZONS, Rollout, horizon_for
from engine import SUPPORTED_PLAYERS, Game
from engine.counts import SUPPORTED_PLAYERS_TEXT, VARIANTS

SEAT_COUNTS = SUPPORTED_PLAYERS_TEXT  # "3, 4, 5 or 6", for messages

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def seatings(lineup: list[str]) -> list[tuple[str, ...]]:
    """Every distinct permutation of the line-up, in a stable order."""
    return sorted(set(permutations(lineup)))


Task = tuple[
    int, tuple[str, ...], float | None, int, str | None, bool, str | None, float | None, str | None
]


def search_rollout(rollout: str | None) -> Rollout:
    """The search levels' playout setting for ``--rollout``: the levels' own by game
    (``ai.levels.ROLLOUT_BY_GAME``) when not given, none for ``"off"``, else that horizon."""
    if rollout is None:
        return ROLLOUT_BY_GAME
    return None if rollout == "off" else rollout


def arena_bot(
    level: str,
    seed: int,
    budget: float | None,
    value: str | None = None,
    rate: float | None = None,
    rollout: str | None = None,
) -> Bot:
    """The level's bot; ``value`` (``ai.mcts.LEAF_VALUES``) replaces a search level's leaf
    value, so that two versions of the value can be measured side by side. ``rate``
    (iterations per second) turns a search level's clock into a count of iterations: its
    budget at that rate, with the clock's early stop counted (``stop_when_decided``). Why:
    on a shared machine a clock budget measures the load, not the bot. ``rollout``
    (``ai.rollout.HORIZONS``, or ``"off"``) replaces a search level's playout horizon, which
    is otherwise the level's own (``ai.levels.ROLLOUT_BY_GAME``)."""
    if level not in DEFAULT_BUDGETS or (value is None and rate is None and rollout is None):
        return make_bot(level, seed=seed, time_budget=budget)
    seconds = budget or DEFAULT_BUDGETS[level]
    horizon = search_rollout(rollout)
    if rate is None:
        return MctsBot(seed, time_budget=seconds, value=value or "fit", rollout=horizon)
    iterations = max(16, round(seconds * 0.85 * rate))  # 0.85: the clock's stopping point
    return MctsBot(
        seed, iterations=iterations, value=value or "fit", stop_when_decided=True, rollout=horizon
    )


def play_game(task: Task | tuple[int, tuple[str, ...], float | None, int]) -> dict:
    """Play one game; ``task`` = (game seed, level per seat, time budget override, group[,
    variant, decoy_scores, leaf value, iterations per second, rollout, the network's model
    file]). A seat is a player: in a variant its bot answers every decision of the colours it
    controls, and the ranking is the players' (``player_ranking``)."""
    seed, seating, budget, group = task[:4]
    variant, decoy_scores = task[4:6] if len(task) > 4 else (None, False)  # type: ignore[misc]
    value = task[6] if len(task) > 6 else None  # type: ignore[misc]
    rate = task[7] if len(task) > 7 else None  # type: ignore[misc]
    rollout = task[8] if len(task) > 8 else None  # type: ignore[misc]
    net = task[9] if len(task) > 9 else None  # type: ignore[misc]
    if net is not None:
        value_net.use(Path(net))
    bots = [
        arena_bot(level, seed * 31 + seat, budget, value, rate, rollout)
        for seat, level in enumerate(seating)
    ]
    game = Game.new(len(seating), seed, variant=variant, decoy_scores=decoy_scores)
    think = [0.0] * len(seating)
    cpu = [0.0] * len(seating)  # the process's CPU: a bot's own cost, whatever the load
    decisions = [0] * len(seating)
    while not game.is_over:
        player = game.pending_player
        t0 = time.perf_counter()
        c0 = time.process_time()
        action = bots[player].choose(game)
        cpu[player] += time.process_time() - c0
        think[player] += time.perf_counter() - t0
        decisions[player] += 1
        game.apply(action, player=player)
    return {
        "seed": seed,
        "group": group,
        "seating": list(seating),
        "variant": variant,
        "decoy_scores": decoy_scores,
        "ranking": game.player_ranking(),
        "colour_ranking": game.ranking(),
        "scores": game.scores,
        "rounds": game.round,
        "think": think,
        "cpu": cpu,
        "decisions": decisions,
    }


def summarize(results: list[dict], lineup: list[str]) -> list[dict]:
    """Per level: seat-games, wins, win rate with its Wilson interval, mean rank, time/decision."""
    acc: dict[str, dict] = defaultdict(
        lambda: {"seats": 0, "wins": 0, "rank_sum": 0, "think": 0.0, "decisions": 0}
    )
    for r in results:
        for place, seat in enumerate(r["ranking"]):
            a = acc[r["seating"][seat]]
            a["seats"] += 1
            a["wins"] += place == 0
            a["rank_sum"] += place + 1
            a["think"] += r["think"][seat]
            a["decisions"] += r["decisions"][seat]
    rows = []
    for level in dict.fromkeys(lineup):
        a = acc[level]
        lo, hi = wilson(a["wins"], a["seats"])
        rows.append(
            {
                "bot": level,
                "seat_games": a["seats"],
                "wins": a["wins"],
                "win_rate": a["wins"] / a["seats"] if a["seats"] else 0.0,
                "ci95": [lo, hi],
                "mean_rank": a["rank_sum"] / a["seats"] if a["seats"] else 0.0,
                "ms_per_decision": 1000 * a["think"] / a["decisions"] if a["decisions"] else 0.0,
            }
        )
    return rows


def markdown_table(rows: list[dict], games: int, players: int, variant: str | None = None) -> str:
    label = f"{players} players" + (f", variant {variant}" if variant else "")
    lines = [
        f"{games} games, {label}, seat-rotated (parity {100 / players:.0f}%)",
        "",
        "| bot | seat-games | wins | win rate | 95% CI (Wilson) | mean rank | ms/decision |",
        "|---|---:|---:|---:|---|---:|---:|",
    ]
    for r in rows:
        lo, hi = r["ci95"]
        lines.append(
            f"| {r['bot']} | {r['seat_games']} | {r['wins']} | {100 * r['win_rate']:.1f}% "
            f"| {100 * lo:.1f}–{100 * hi:.1f}% | {r['mean_rank']:.2f} "
            f"| {r['ms_per_decision']:.1f} |"
        )
    return "\n".join(lines)


def add_arena_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "arena",
        help="play bot levels against each other, seat-rotated, and report win rates",
        description="Play N games between bot levels with seat rotation and shared seeds.",
    )
    p.add_argument(
        "bots",
        nargs="+",
        choices=BOT_LEVELS,
        metavar="LEVEL",
        help=f"one bot level per seat ({SEAT_COUNTS}), e.g. greedy random random random; "
        f"levels: {', '.join(BOT_LEVELS)}",
    )
    p.add_argument("-n", "--games", type=positive_int, default=100, help="games to play (rounded up to "
                   "whole seed groups)")  # fmt: skip
    p.add_argument("--seed", type=int, default=1, help="first game seed")
    p.add_argument("-j", "--jobs", type=positive_int, default=os.cpu_count() or 1, help="processes")
    p.add_argument("--time-budget", type=positive_seconds, default=None,
                   help="override the time budget (s) of search levels")  # fmt: skip
    p.add_argument("--out", type=Path, default=Path("var/arena"),
                   help="directory for results.json and results.md")  # fmt: skip
    p.add_argument("--variant", choices=sorted(VARIANTS), default=None,
                   help="a 2-player variant (give two bot levels)")  # fmt: skip
    p.add_argument("--decoy-scores", action="store_true",
                   help="with --variant decoy: the decoy's marker advances")  # fmt: skip
    p.add_argument("--value", choices=sorted(LEAF_VALUES), default=None,
                   help="the search levels' leaf value (default: the level's own)")  # fmt: skip
    p.add_argument("--net", type=Path, default=None, metavar="MODEL",
                   help="with --value net: this model file instead of the committed one "
                   "(a candidate of python -m ai.value_pipeline train --out MODEL)")  # fmt: skip
    p.add_argument("--rollout", choices=("off", *HORIZONS), default=None,
                   help="search levels play every seat on with a cheap policy to this horizon "
                   "before valuing a leaf, or not (off); default: the level's own by game "
                   "(player count or variant: ai/rollout.py, ai.levels.ROLLOUT_BY_GAME)")  # fmt: skip
    p.add_argument("--iterations-per-second", type=positive_seconds, default=None,
                   help="search levels count iterations instead of the clock: their budget at "
                   "this rate (2000: an idle core mid-game); for arenas on a loaded machine")  # fmt: skip
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run_arena, parser=p)
    return p


def played_rollout(lineup: list[str], variant: str | None, rollout: str | None) -> str | None:
    """The playout horizon the line-up's search levels play with (``--rollout``, else the
    levels' own for the game: its player count or variant), None for none: what the file
    name and record say, so that a run without a playout keeps the name runs had before
    playouts existed."""
    if not any(level in DEFAULT_BUDGETS for level in lineup):
        return None
    return horizon_for(search_rollout(rollout), variant, len(lineup))


def run_arena(args: argparse.Namespace) -> int:
    lineup: list[str] = list(args.bots)
    variant = args.variant
    if variant is not None:
        if len(lineup) != VARIANTS[variant].players:
            args.parser.error(f"{variant} needs {VARIANTS[variant].players} bot levels")
    elif len(lineup) not in SUPPORTED_PLAYERS:
        args.parser.error(f"give one bot level per seat, {SEAT_COUNTS} of them (got {len(lineup)})")
    if args.decoy_scores and (variant is None or VARIANTS[variant].decoy < 0):
        args.parser.error("--decoy-scores needs --variant decoy")
    if args.net is not None and (args.value != "net" or not args.net.exists()):
        args.parser.error("--net needs --value net and an existing model file")
    perms = seatings(lineup)
    groups = max(1, math.ceil(args.games / len(perms)))
    tasks = [
        (
            args.seed + g,
            perm,
            args.time_budget,
            g,
            variant,
            args.decoy_scores,
            args.value,
            args.iterations_per_second,
            args.rollout,
            None if args.net is None else str(args.net),
        )  # fmt: skip
        for g in range(groups)
        for perm in perms
    ]
    results: list[dict] = []
    t0 = time.perf_counter()
    stem = "arena-" + "-".join(lineup) + (f"-{variant}" if variant else "")
    stem += "-decoy_scores" if args.decoy_scores else ""
    stem += f"-value_{args.value}" if args.value else ""
    stem += f"_{args.net.stem}" if args.net is not None else ""
    rollout = played_rollout(lineup, variant, args.rollout)
    stem += f"-rollout_{rollout}" if rollout else ""
    stem += f"-ips_{args.iterations_per_second:g}" if args.iterations_per_second else ""
    stem = continued_stem(args.out, stem, args.seed)
    label = None if variant is None else variant + (" (decoy scores)" if args.decoy_scores else "")
    bar = tqdm(total=len(tasks), desc="arena", unit="game", disable=args.no_progress)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for r in (
            pool.map(play_game, tasks, chunksize=1) if args.jobs > 1 else map(play_game, tasks)
        ):
            results.append(r)
            bar.update()
            if len(results) % len(perms) == 0:
                # Every whole seed group is on disk: a run stopped early is a smaller,
                # still seat-rotated one ("games" says how many were played).
                _save(args, stem, lineup, len(perms), results, time.perf_counter() - t0, label)
    bar.close()
    elapsed = time.perf_counter() - t0
    table = _save(args, stem, lineup, len(perms), results, elapsed, label)
    print(table)
    print(f"\nwall time {elapsed:.1f} s, {args.jobs} job(s)")
    print(f"saved {args.out / stem}.json and .md")
    return 0


def continued_stem(out: Path, stem: str, seed: int) -> str:
    """The file name of a run: ``stem``, or ``stem-from_<seed>`` when ``out`` already holds
    a run of the same line-up and settings from another first seed (a run continued on the
    next seeds), so that continuing never overwrites the games already played. A run from
    the same first seed replays the same games: it keeps the name."""
    earlier = out / f"{stem}.json"
    if not earlier.exists() or json.loads(earlier.read_text()).get("seed") == seed:
        return stem
    return f"{stem}-from_{seed}"


def joined_results(records: list[dict]) -> list[dict]:
    """The games of a run and its continuations on later seeds (``continued_stem``), in the
    order given, as one list. ValueError unless they are one line-up and variant and no game
    (seed and seating) was played twice."""
    first = records[0]
    seen: set[tuple] = set()
    results = []
    for record in records:
        if record["lineup"] != first["lineup"] or record.get("variant") != first.get("variant"):
            raise ValueError("not one line-up")
        for r in record["results"]:
            key = (r["seed"], tuple(r["seating"]))
            if key in seen:
                raise ValueError(f"seed {r['seed']} played twice")
            seen.add(key)
            results.append(r)
    return results


def _model_record(path: Path) -> dict[str, str]:
    """Which network a ``--value net`` run played with (``--net``'s, else the committed one):
    its file and digest, as the model may be replaced after the run."""
    return {"file": str(path), "sha256_16": value_net.digest(path)}


def _save(
    args: argparse.Namespace,
    stem: str,
    lineup: list[str],
    perms: int,
    results: list[dict],
    elapsed: float,
    label: str | None,
) -> str:
    """Write ``<stem>.json`` (every game) and ``.md`` (the table); return the table."""
    rows = summarize(results, lineup)
    table = markdown_table(rows, len(results), len(lineup), label)
    args.out.mkdir(parents=True, exist_ok=True)
    record = {
        "lineup": lineup,
        "variant": args.variant,
        "decoy_scores": args.decoy_scores,
        "games": len(results),
        "games_planned": args.games,
        "seed": args.seed,
        "seat_permutations": perms,
        "time_budget_override": args.time_budget,
        "value": args.value,
        "net": _model_record(args.net or value_net.MODEL_PATH) if args.value == "net" else None,
        "iterations_per_second": args.iterations_per_second,
        "rollout": played_rollout(lineup, args.variant, args.rollout),
        "wall_seconds": elapsed,
        "jobs": args.jobs,
        "load_average": os.getloadavg()[0],
        "table": rows,
        "results": results,
    }
    write_whole(args.out / f"{stem}.json", json.dumps(record, indent=1))
    (args.out / f"{stem}.md").write_text(table + "\n")
    return table
