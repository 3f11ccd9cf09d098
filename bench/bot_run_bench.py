"""A bot decision's cost in process, one decision per task vs runs (issue 32).

``python -m bench.bot_run_bench [--games 20] [--players 4]``

Bot-only games of random bots on a PostgreSQL database of its own (durable commits),
played to the end in this process, no broker (a recording scheduler): once with
``Turns.play_bot_turn`` (one decision per call: what a task did before runs) and once
with ``play_bot_run`` (a run per call). Reports wall and CPU time per decision and the
calls (tasks) per game. Writes ``bench/results/bot_runs.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from harness.databases import postgres_database
from service.plumbing.scheduling import NullScheduler

RESULTS = Path(__file__).resolve().parent / "results" / "bot_runs.json"


class _TurnLog(NullScheduler):
    """Keeps the bot turns the service hands over: the next one to play."""

    def __init__(self) -> None:
        self.turns: list[tuple[str, int]] = []

    def bot_turn(self, game_id: str, seq: int, *, live: bool = True) -> None:
        self.turns.append((game_id, seq))

    def bot_turns(self) -> list[tuple[str, int]]:
        return self.turns

    def clear(self) -> None:
        self.turns.clear()


def _play(service: Any, scheduler: Any, games: int, players: int, run: bool) -> dict[str, Any]:
    step = service.turns.play_bot_run if run else service.turns.play_bot_turn
    ids = [
        service.creation.create_game(
            players=players, seats=[{"kind": "bot", "level": "random"}] * players, seed=900 + i
        ).game.id
        for i in range(games)
    ]
    calls = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for game_id in ids:
        while True:
            turns = [t for t in scheduler.bot_turns() if t[0] == game_id]
            if not turns or service.games.get(game_id).status != "active":
                break
            seq = turns[-1][1]
            scheduler.clear()
            assert step(game_id, seq)
            calls += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    decisions = sum(service.games.get(g).seq for g in ids)
    return {
        "mode": "run" if run else "one decision per call",
        "decisions": decisions,
        "calls": calls,
        "decisions_per_call": round(decisions / calls, 1),
        "wall_ms_per_decision": round(wall * 1000 / decisions, 3),
        "cpu_ms_per_decision": round(cpu * 1000 / decisions, 3),
        "decisions_per_s": round(decisions / wall, 1),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    from service import Settings
    from service.game_service import GameService
    from service.plumbing.db import make_engine, make_sessionmaker, upgrade_database

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv if argv is not None else [])
    runs = []
    with postgres_database("ursuppe_botrun", durable=True) as url:
        upgrade_database(url)
        engine = make_engine(url)
        for run in (False, True, False, True):
            scheduler = _TurnLog()
            service = GameService(
                make_sessionmaker(engine), scheduler, Settings(database_url=url, scheduler="none")
            )
            result = _play(service, scheduler, args.games, args.players, run)
            result["loadavg"] = [round(x, 2) for x in os.getloadavg()]
            print(json.dumps(result), flush=True)
            runs.append(result)
        engine.dispose()
    out = {
        "benchmark": "bot_runs",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "setup": f"{args.games} games of {args.players} random bots, PostgreSQL (durable), "
        "in process, alternating modes twice",
        "runs": runs,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(out, indent=2) + "\n")
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
