"""The drift guard: each key cost figure against a committed baseline, in CPU time.

``python -m bench.guard [--quick] [--db sqlite,postgresql] [--memory] [--save]``

Why CPU time and a calibration: this project's machines are shared and differ (the
same engine ran 85,000 actions/s on one VM and 300,000 on another), so wall time says
more about the neighbours than about the code. Each figure is the CPU time
(``time.process_time``) of many repetitions in this one process, in ``ROUNDS`` rounds
interleaved with a calibration (``calibration``), and the *minimum* round of each is
kept: load only ever adds to a round, so the quietest one is the closest to the code's own
cost. A figure is then stated in calibration units (its CPU ÷ the CPU of the constant-JSON
ceiling, a bare Flask view, in the same process and rounds), which cancels most of the difference between a fast
and a slow machine, or a quiet and a busy hour.

Figures (``FIGURES``; ``QUICK`` is the subset ``tests/bench/test_guard.py`` runs in
``make test``):

- ``read_<db>``: ``GET /api/v1/games/<id>`` of a game in mid-play through Flask's test
  client of the app ``api.wsgi`` serves (logging configured, to a discarded stream);
- ``submit_<db>``: ``POST /api/v1/games/<id>/actions`` with a legal action, the same way;
- ``bot_decision_<db>``: ``Turns.play_bot_turn`` for a random bot: what the worker's task
  does for one bot decision (no broker: the scheduler is a null one);
- ``engine_action``: one checked ``Game.apply`` of random 4-player games;
- ``mcts_iteration``: one MCTS iteration on the positions of ``bench.mcts_bench`` (the
  inverse of iterations per CPU-second).

``--memory`` adds ``make_run_rss`` and ``make_run_pss``: the memory (MiB) of ``make run``'s
process tree once idle (not calibrated: memory does not depend on the machine's speed).
RSS counts a page shared after a fork (a pool child's, a gunicorn worker's) in every
process that maps it; PSS splits it among them, so PSS's total is what ``make run`` holds.

The ratio to the baseline (``bench/results/guard.json``) is printed for each; a figure
above ``TOLERANCE`` times its baseline is a regression. ``--save`` writes the figures as
the new baseline. ``make bench`` runs the full guard (``main``).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "bench" / "results" / "guard.json"
#: A figure fails the guard above this multiple of its baseline (calibrated units).
TOLERANCE = 1.3
ROUNDS = 20
QUICK = ("read_sqlite", "submit_sqlite", "bot_decision_sqlite", "engine_action", "mcts_iteration")
BOT = {"kind": "bot", "level": "random"}

Step = Callable[[], None]


class Figure(NamedTuple):
    """What a figure's set-up returns: the step, the units of work (requests, decisions,
    actions, iterations) one step does, and the steps per round: short rounds (about 5-50 ms
    of CPU), many of them, so that some fall between the neighbours' bursts."""

    step: Step
    units: int
    repeats: int
    app: Any = None  # the Flask app a request figure's client calls (bench.hook_shares)


Setup = Callable[[ExitStack, Path], Figure]


def calibration() -> Figure:
    """The constant-JSON ceiling: ``GET`` of a bare Flask view through the test client, the
    same kind of interpreter work (werkzeug, Flask, JSON) as a request, with nothing of
    ours in it, so that it speeds up and slows down with the machine and its load as the
    figures do. A request figure in its units is the inverse of the share of the ceiling
    the API reaches (in process: no gunicorn, no HTTP client)."""
    from flask import Flask, jsonify

    app = Flask("ceiling")

    @app.get("/ceiling")
    def ceiling():  # noqa: ANN202 - a Flask view
        return jsonify({"status": "ok", "value": 42})

    client = app.test_client()
    return Figure(lambda: client.get("/ceiling"), 1, 25)


# ---------------------------------------------------------------------------- set-ups


@contextmanager
def _app(kind: str, stack: ExitStack, tmp: Path, games: int) -> Iterator[tuple[Any, str, list]]:
    """The app ``api.wsgi`` serves on a fresh ``kind`` database with a game in mid-play and
    ``games`` new games to play submits in: (test client, read id, games)."""
    from bench.api_bench import database, prepare_games
    from bench.submit_profile import served_app

    url = stack.enter_context(database(kind, tmp))
    read_id, plays = prepare_games(url, 1, games)
    yield served_app(url), read_id, plays[0]


def read_figure(kind: str) -> Setup:
    def setup(stack: ExitStack, tmp: Path) -> Figure:
        app, read_id, _ = stack.enter_context(_app(kind, stack, tmp / "read", 1))
        client, path = app.test_client(), f"/api/v1/games/{read_id}"

        def step() -> None:
            if client.get(path).status_code != 200:
                raise RuntimeError(f"GET {path} failed")

        return Figure(step, 1, 10, app)

    return setup


def submit_figure(kind: str) -> Setup:
    def setup(stack: ExitStack, tmp: Path) -> Figure:
        app, _, games = stack.enter_context(_app(kind, stack, tmp / "submit", 12))
        client = app.test_client()

        def step() -> None:
            # Each game's first legal action, chaining the answers (``bench.api_bench``).
            while games[0]["pending"] is None:
                games.pop(0)
            game, pending = games[0], games[0]["pending"]
            response = client.post(
                f"/api/v1/games/{game['id']}/actions",
                json={"action": pending["actions"][0], "expected_seq": game["seq"]},
                headers={"Authorization": f"Bearer {game['tokens'][str(pending['seat'])]}"},
            )
            if response.status_code != 200:
                raise RuntimeError(f"submit -> {response.status_code}: {response.data[:300]!r}")
            answer = response.get_json()
            game["pending"], game["seq"] = answer["pending"], answer["seq"]

        return Figure(step, 1, 5, app)

    return setup


def bot_decision_figure(kind: str) -> Setup:
    def setup(stack: ExitStack, tmp: Path) -> Figure:
        from bench.api_bench import database
        from service.game_service import build_service
        from service.plumbing.config import Settings
        from service.plumbing.scheduling import NullScheduler

        url = stack.enter_context(database(kind, tmp / "bots"))
        svc = build_service(
            Settings(database_url=url, scheduler="none", auto_migrate=True), NullScheduler()
        )
        stack.callback(svc.sessions.kw["bind"].dispose)
        rng = random.Random(5)
        state = {"id": "", "seq": -1}

        def new_game() -> None:
            created = svc.creation.create_game(
                players=4, seats=[BOT] * 4, time_limit=0, seed=rng.randrange(1 << 30)
            )
            state["id"], state["seq"] = created.game.id, created.game.seq

        new_game()

        def step() -> None:
            # Each call plays the pending decision; the next one's seq is one above (a
            # random bot decides every decision of these games) until the game ends.
            if not svc.turns.play_bot_turn(state["id"], state["seq"]):
                view = svc.games.get(state["id"])
                if view.status != "active":
                    new_game()
                else:
                    state["seq"] = view.seq
                return step()
            state["seq"] += 1
            return None

        return Figure(step, 1, 5)

    return setup


def _random_game(seed: int) -> int:
    """Play random 4-player game ``seed`` through the checked ``apply``; its actions."""
    from engine import Game

    g = Game.new(4, seed)
    rnd = random.Random(seed).random
    actions = 0
    while not g.is_over:
        legal = g.pending.actions
        g.apply(legal[int(rnd() * len(legal))])
        actions += 1
    return actions


ENGINE_SEEDS = 2


def engine_figure(stack: ExitStack, tmp: Path) -> Figure:
    """Each step plays the same ``ENGINE_SEEDS`` games; units: their actions."""
    actions = sum(_random_game(seed) for seed in range(ENGINE_SEEDS))
    return Figure(lambda: [_random_game(seed) for seed in range(ENGINE_SEEDS)], actions, 1)


MCTS_ITERATIONS = 40


def mcts_figure(stack: ExitStack, tmp: Path) -> Figure:
    """Each step searches a position of each point of ``bench.mcts_bench`` (start, middle, end) for
    ``MCTS_ITERATIONS`` iterations; units: the iterations."""
    from ai.mcts import MctsBot
    from bench.mcts_bench import _positions

    positions = [games[0] for games in _positions().values()]  # one of each point

    def step() -> None:
        for g in positions:
            MctsBot(seed=1, iterations=MCTS_ITERATIONS, early_stop=False).choose(g)

    return Figure(step, MCTS_ITERATIONS * len(positions), 1)


def figures(kinds: list[str]) -> dict[str, Setup]:
    out: dict[str, Setup] = {}
    for kind in kinds:
        out[f"read_{kind}"] = read_figure(kind)
        out[f"submit_{kind}"] = submit_figure(kind)
        out[f"bot_decision_{kind}"] = bot_decision_figure(kind)
    out["engine_action"] = engine_figure
    out["mcts_iteration"] = mcts_figure
    return out


# ---------------------------------------------------------------------------- measuring


def _round(figure: Figure) -> float:
    t0 = time.process_time()
    for _ in range(figure.repeats):
        figure.step()
    return time.process_time() - t0


def measure(names: list[str], kinds: list[str], rounds: int = ROUNDS) -> dict[str, Any]:
    """CPU µs per unit of each figure (the quietest of ``rounds`` rounds, interleaved) and
    the same in calibration units."""
    available = figures(kinds)
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        steps = {"calibration": calibration()}
        for name in names:
            steps[name] = available[name](stack, Path(tmp))
        for figure in steps.values():  # warm-up: imports, compiled statements, caches
            for _ in range(max(figure.repeats // 6, 1)):
                figure.step()
        gc.collect()
        gc.freeze()  # as gunicorn.conf.py's post_worker_init
        best = {name: float("inf") for name in steps}
        for _ in range(rounds):
            for name, figure in steps.items():
                best[name] = min(best[name], _round(figure))
        gc.unfreeze()
    per_unit = {
        name: best[name] / (figure.repeats * figure.units) for name, figure in steps.items()
    }
    unit = per_unit.pop("calibration")
    return {
        "calibration_us": round(unit * 1e6, 3),
        "figures": {
            name: {"cpu_us": round(cpu * 1e6, 2), "calibrated": round(cpu / unit, 4)}
            for name, cpu in per_unit.items()
        },
    }


def make_run_memory_mib(root: Path = ROOT, idle_s: float = 20.0) -> dict[str, dict[str, float]]:
    """The memory (MiB) of ``make run``'s processes (the runner of the checkout ``root``, its
    own var dir and port) after ``idle_s`` idle seconds, by process kind and in all: ``rss``
    (resident) and ``pss`` (proportional: shared pages split among their sharers). Redis is
    counted: it is part of what ``make run`` holds."""
    import psutil

    from harness.embedded import Runner, free_port

    with tempfile.TemporaryDirectory() as tmp:
        runner = Runner(Path(tmp) / "var", free_port(), Path(tmp) / "run.log", root=root)
        runner.start().wait_up()
        try:
            time.sleep(idle_s)  # a benchmark's settling time (imports, first sweeps), not a wait
            assert runner.proc is not None
            top = psutil.Process(runner.proc.pid)
            sums: dict[str, dict[str, float]] = {"rss": {}, "pss": {}}
            for proc in [top, *top.children(recursive=True)]:
                try:
                    info = proc.memory_full_info()
                    kind = _process_kind(proc.cmdline())
                except psutil.Error:
                    continue
                for measure, kinds in sums.items():
                    mib = getattr(info, measure) / 2**20
                    kinds[kind] = round(kinds.get(kind, 0.0) + mib, 1)
        finally:
            runner.stop()
    return {m: kinds | {"total": round(sum(kinds.values()), 1)} for m, kinds in sums.items()}


def _process_kind(cmdline: list[str]) -> str:
    """The ``make run`` child a command line is (the runner itself: ``runner``)."""
    line = " ".join(cmdline)
    for marker, kind in (("redis-server", "redis"), ("gunicorn", "web"), (" beat", "beat"),
                         ("celery", "worker"), ("run_embedded", "runner")):  # fmt: skip
        if marker in line:
            return kind
    return "other"


# ---------------------------------------------------------------------------- comparing


def compare(result: dict[str, Any], baseline: dict[str, Any]) -> dict[str, float]:
    """Each figure's ratio to its baseline (calibrated units; memory in MiB)."""
    ratios: dict[str, float] = {}
    for name, figure in result["figures"].items():
        base = baseline.get("figures", {}).get(name)
        if base:
            ratios[name] = round(figure["calibrated"] / base["calibrated"], 3)
    for measure in ("rss", "pss"):
        key = f"make_run_{measure}_mib"
        if key in result and key in baseline:
            ratios[f"make_run_{measure}"] = round(result[key]["total"] / baseline[key]["total"], 3)
    return ratios


def report(result: dict[str, Any], ratios: dict[str, float]) -> list[str]:
    """Lines for people; the names of the figures over ``TOLERANCE`` are returned too."""
    print(f"calibration (the ceiling request): {result['calibration_us']:.1f} µs")
    for name, figure in result["figures"].items():
        ratio = ratios.get(name)
        verdict = "" if ratio is None else f"  ×{ratio:.2f} of baseline"
        if ratio is not None and ratio > TOLERANCE:
            verdict += "  REGRESSION"
        print(f"{name:22s} {figure['cpu_us']:10.2f} µs  {figure['calibrated']:9.3f} units{verdict}")
    for measure in ("rss", "pss"):
        if f"make_run_{measure}_mib" in result:
            ratio = ratios.get(f"make_run_{measure}")
            print(f"make run, idle {measure.upper()}: {result[f'make_run_{measure}_mib']}"
                  + ("" if ratio is None else f"  ×{ratio:.2f} of baseline"))  # fmt: skip
    return [name for name, ratio in ratios.items() if ratio > TOLERANCE]


def load_baseline() -> dict[str, Any]:
    return json.loads(BASELINE.read_text()) if BASELINE.exists() else {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the make-test subset")
    parser.add_argument("--db", default="sqlite,postgresql", help="comma-separated backends")
    parser.add_argument("--memory", action="store_true", help="also make run's idle RSS")
    parser.add_argument("--figures", help="comma-separated names (default: all, or --quick's)")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--save", action="store_true", help="write the new baseline")
    # ``make bench`` (``bench.run_all``) calls ``main()``: every figure and the memory.
    args = parser.parse_args(["--memory"] if argv is None else argv)
    kinds = ["sqlite"] if args.quick else [k for k in args.db.split(",") if k]
    names = list(QUICK) if args.quick else list(figures(kinds))
    if args.figures:
        names = args.figures.split(",")
    result: dict[str, Any] = {
        "method": "CPU time (process_time), quietest of the rounds, ÷ the ceiling request's",
        "rounds": args.rounds,
        "python": platform.python_version(),
        "loadavg": [round(x, 2) for x in os.getloadavg()],
        **measure(names, kinds, args.rounds),
    }
    if args.memory:
        memory = make_run_memory_mib()
        result["make_run_rss_mib"], result["make_run_pss_mib"] = memory["rss"], memory["pss"]
    baseline = load_baseline()
    failed = report(result, compare(result, baseline))
    if args.save:
        BASELINE.parent.mkdir(parents=True, exist_ok=True)
        BASELINE.write_text(json.dumps(result, indent=2) + "\n")
        print(f"saved {BASELINE.relative_to(ROOT)}")
    if failed:
        print(f"over {TOLERANCE:.0%} of baseline: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
