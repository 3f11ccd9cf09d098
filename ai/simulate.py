"""Random self-play at scale: measures the engine and shows how games end."""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from tqdm import tqdm

from ai.argtypes import positive_int
from ai.random_bot import RandomBot
from engine import SUPPORTED_PLAYERS, Game


@dataclass
class GameResult:
    actions: int
    rounds: int
    end_reason: str
    start_spaces: list[int]  # per seat: the start space it chose
    winner: int


@dataclass
class Summary:
    players: int
    games: int = 0
    actions: int = 0
    rounds: int = 0
    seconds: float = 0.0
    end_reasons: Counter = field(default_factory=Counter)
    wins_by_start_space: Counter = field(default_factory=Counter)

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.actions += r.actions
        self.rounds += r.rounds
        self.end_reasons[r.end_reason] += 1
        self.wins_by_start_space[r.start_spaces[r.winner]] += 1

    def lines(self) -> list[str]:
        g = max(self.games, 1)
        secs = max(self.seconds, 1e-9)
        out = [
            f"games: {self.games}  players: {self.players}  wall time: {self.seconds:.2f} s",
            f"games/s: {self.games / secs:.1f}  actions/s: {self.actions / secs:,.0f}"
            f"  (actions per game: {self.actions / g:.1f})",
            f"mean rounds: {self.rounds / g:.2f}",
            "how games ended: "
            + ", ".join(f"{k} {v} ({v / g:.0%})" for k, v in sorted(self.end_reasons.items())),
            "win share by start space (1 = rearmost, moves first in phase 1): "
            + ", ".join(
                f"{s}: {self.wins_by_start_space[s] / g:.1%}" for s in range(1, self.players + 1)
            ),
        ]
        return out


def play_random_game(players: int, seed: int) -> GameResult:
    """One game of random bots, seat i's bot seeded from the game seed."""
    game = Game.new(players, seed)
    bots = [RandomBot(seed * 16 + i) for i in range(players)]
    start: list[int] = [0] * players
    actions = 0
    while not game.is_over:
        if game.round == 0 and game.pending.kind != "start_space" and not start[0]:
            start = game.scores
        game.apply(bots[game.pending.seat].choose(game))
        actions += 1
    reason = "finish_zone" if max(game.scores) >= 41 else "deck_exhausted"
    return GameResult(actions, game.round, reason, start, game.ranking()[0])


def _play_batch(args: tuple[int, list[int]]) -> list[GameResult]:
    players, seeds = args
    return [play_random_game(players, s) for s in seeds]


def run_simulation(
    players: int, games: int, seed: int, jobs: int, progress: bool = True
) -> Summary:
    summary = Summary(players)
    seeds = list(range(seed, seed + games))
    batch = max(1, min(50, games // (jobs * 4) or 1))
    batches = [(players, seeds[i : i + batch]) for i in range(0, games, batch)]
    bar = tqdm(total=games, unit="game", disable=not progress, desc="simulate")
    t0 = time.perf_counter()
    if jobs <= 1:
        for b in batches:
            for r in _play_batch(b):
                summary.add(r)
            bar.update(len(b[1]))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for b, results in zip(batches, pool.map(_play_batch, batches), strict=True):
                for r in results:
                    summary.add(r)
                bar.update(len(b[1]))
    summary.seconds = time.perf_counter() - t0
    bar.close()
    return summary


def add_simulate_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("simulate", help="play random games and print engine statistics")
    p.add_argument("--players", type=int, choices=SUPPORTED_PLAYERS, default=4)
    p.add_argument("--games", type=positive_int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game")
    p.add_argument("--jobs", type=positive_int, default=1, help="worker processes (default 1)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run_simulate)


def run_simulate(args: argparse.Namespace) -> int:
    summary = run_simulation(args.players, args.games, args.seed, args.jobs, not args.quiet)
    print("\n".join(summary.lines()))
    return 0
