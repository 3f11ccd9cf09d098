"""Where a submit's CPU goes, in process: load changes CPU-seconds far less than it changes
requests per second, so this is the measurement to compare trees with on a busy machine.

``python -m bench.submit_profile [--db sqlite|postgresql] [--n N] [--profile http|service]
[--instructions]``

Plays ``N`` legal actions (each game's ``actions[0]``, chaining the answers, as
``bench.api_bench`` does) three ways, on one database:

- ``ceiling``: a bare Flask view returning constant JSON, through Flask's test client in
  this process (the in-process counterpart of ``bench.api_ceiling``);
- ``http``: ``POST /api/v1/games/<id>/actions`` through the test client of the app
  ``api.wsgi`` serves (logging configured as there, to a discarded stream);
- ``service``: ``svc.moves.submit`` directly (no Flask, no marshmallow).

Each is set up as a gunicorn worker runs it (the loaded app frozen out of the collector,
``gunicorn.conf.py``). Reports CPU, wall and garbage-collection µs per request (medians of
three batches) and the CPU ratio ceiling ÷ http (the in-process part of what
``bench.api_bench`` compares; gunicorn, the clients and the database server come on top).
``--profile http`` (or ``service``) prints the cProfile of one more batch.
``--instructions`` counts instead with valgrind's callgrind (set-up not counted): the same
on a loaded machine as on an idle one, so two trees can be compared on a shared machine.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import logging
import os
import pstats
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from flask import Flask, jsonify

from bench.api_bench import ROOT, database, prepare_games

BATCHES = 3


def _ceiling_app() -> Flask:
    app = Flask("ceiling")

    @app.post("/ceiling")
    def ceiling():  # noqa: ANN202 - a Flask view
        return jsonify({"status": "ok", "value": 42})

    return app


class Player:
    """Chains legal actions through a client's games (``bench.api_bench._client_submit``)."""

    def __init__(self, games: list[dict[str, Any]]) -> None:
        self.queue = list(games)
        self.current = self.queue.pop(0)

    def next(self) -> tuple[dict[str, Any], dict[str, Any]]:
        while self.current["pending"] is None:
            self.current = self.queue.pop(0)
        return self.current, self.current["pending"]

    def answered(self, pending: dict[str, Any] | None, seq: int) -> None:
        self.current["pending"], self.current["seq"] = pending, seq


def _http_submit(client: Any, player: Player) -> None:
    game, pending = player.next()
    body = json.dumps({"action": pending["actions"][0], "expected_seq": game["seq"]})
    response = client.post(
        f"/api/v1/games/{game['id']}/actions",
        data=body,
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {game['tokens'][str(pending['seat'])]}",
        },
    )
    if response.status_code != 200:
        raise RuntimeError(f"submit -> {response.status_code}: {response.data[:300]!r}")
    result = response.get_json()
    player.answered(result["pending"], result["seq"])


def _service_submit(svc: Any, player: Player) -> None:
    game, pending = player.next()
    result = svc.moves.submit(
        game["id"],
        game["tokens"][str(pending["seat"])],
        pending["actions"][0],
        expected_seq=game["seq"],
    )
    player.answered(result.pending, result.seq)


def _batch(step: Callable[[], None], n: int) -> tuple[float, float, float]:
    """CPU µs, wall µs and garbage-collection CPU µs per call of ``step`` over ``n``."""
    in_gc = [0.0, 0.0]

    def watch(phase: str, _info: dict[str, Any]) -> None:
        if phase == "start":
            in_gc[1] = time.process_time()
        else:
            in_gc[0] += time.process_time() - in_gc[1]

    gc.callbacks.append(watch)
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        for _ in range(n):
            step()
    finally:
        gc.callbacks.remove(watch)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return 1e6 * cpu / n, 1e6 * wall / n, 1e6 * in_gc[0] / n


def served_app(url: str) -> Any:
    """The app as ``api.wsgi`` builds it in a gunicorn worker, on ``url``: settings from the
    environment (no scheduler, no migration), logging configured and its lines formatted
    and written, then dropped. It sets the process's environment and logging, so a
    benchmark runs it in a process of its own."""
    os.environ.update(DATABASE_URL=url, URSUPPE_SCHEDULER="none", URSUPPE_AUTO_MIGRATE="0")
    from api import create_app
    from service.plumbing import log_setup

    log_setup.configure()
    handler = logging.getLogger().handlers[0]
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(io.StringIO())
    return create_app()


def _steps(kind: str, tmp: Path, stack: ExitStack, n: int, batches: int) -> dict[str, Any]:
    """The three ways, each a callable playing one request, set up as ``api.wsgi`` is in a
    gunicorn worker (logging configured, the loaded app frozen out of the collector)."""
    url = stack.enter_context(database(kind, tmp))
    ways = ("http", "service")
    _, plays = prepare_games(url, len(ways), batches * (n // 100 + 2))
    players = {way: Player(games) for way, games in zip(ways, plays, strict=True)}
    from api import deps

    app = served_app(url)
    svc = app.extensions[deps.EXTENSION]
    client, ceiling = app.test_client(), _ceiling_app().test_client()
    steps = {
        "ceiling": lambda: ceiling.post("/ceiling", data=b"{}"),
        "http": lambda: _http_submit(client, players["http"]),
        "service": lambda: _service_submit(svc, players["service"]),
    }
    for step in steps.values():  # warm-up: compiled statements, caches, imports
        for _ in range(10):
            step()
    gc.collect()
    gc.freeze()  # as gunicorn.conf.py's post_worker_init
    return steps


def run(kind: str, n: int, profile: str | None, sort: str) -> dict[str, Any]:
    """CPU, wall and GC µs per request of each way (median of ``BATCHES`` batches)."""
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        steps = _steps(kind, Path(tmp), stack, n, BATCHES + 2)
        runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in steps}
        for _ in range(BATCHES):
            for name, step in steps.items():
                runs[name].append(_batch(step, n))
        result: dict[str, Any] = {
            name: {
                key: round(statistics.median(run[i] for run in done))
                for i, key in enumerate(("cpu_us", "wall_us", "gc_us"))
            }
            for name, done in runs.items()
        }
        result["ceiling_over_http_cpu"] = round(
            result["ceiling"]["cpu_us"] / result["http"]["cpu_us"], 3
        )
        if profile:
            profiler = cProfile.Profile()
            profiler.enable()
            _batch(steps[profile], n)
            profiler.disable()
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(sort).print_stats(60)
            print(out.getvalue())
        return result


def _instructions_child(kind: str, way: str, n: int) -> None:
    """Under callgrind with instrumentation off: set up, say READY, wait for the parent to
    switch instrumentation on, play ``n`` requests, exit."""
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        step = _steps(kind, Path(tmp), stack, n, 2)[way]
        print("READY", flush=True)
        sys.stdin.readline()
        for _ in range(n):
            step()
        sys.stdout.flush()
        os._exit(0)  # nothing after the loop is counted


def _instructions(kind: str, way: str, n: int) -> int:
    """Instructions callgrind counts for ``n`` requests of ``way`` (set-up excluded)."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no",
               f"--callgrind-out-file={tmp}/out", sys.executable, "-m", "bench.submit_profile",
               "--child", f"{kind}:{way}:{n}"]  # fmt: skip
        proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)  # fmt: skip
        assert proc.stdout is not None and proc.stdin is not None
        while "READY" not in (line := proc.stdout.readline()):
            if not line:
                raise RuntimeError(proc.communicate()[1][-2000:])
        subprocess.run(["callgrind_control", "-i", "on", str(proc.pid)], check=True,
                       capture_output=True)  # fmt: skip
        proc.stdin.write("go\n")
        proc.stdin.flush()
        _, err = proc.communicate()
    found = re.search(r"Collected : (\d+)", err)
    if found is None:
        raise RuntimeError(err[-2000:])
    return int(found.group(1))


def instructions(kind: str, n: int) -> dict[str, Any]:
    """Instructions per request of each way: runs of ``n`` and of ``n // 6`` requests,
    the difference divided by the requests between them (what stays fixed cancels)."""
    few = max(n // 6, 1)
    per = {
        way: round((_instructions(kind, way, n) - _instructions(kind, way, few)) / (n - few))
        for way in ("ceiling", "http", "service")
    }
    return per | {"ceiling_over_http": round(per["ceiling"] / per["http"], 3)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--n", type=int, default=300, help="requests per batch")
    parser.add_argument("--profile", choices=("http", "service"))
    parser.add_argument("--sort", default="cumulative", help="the profile's pstats order")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, way, n = args.child.split(":")
        _instructions_child(kind, way, int(n))
        return
    for kind in args.db.split(","):
        if args.instructions:
            print(f"{kind}: instructions per request {instructions(kind, args.n)}", flush=True)
        else:
            print(f"{kind}: per request {run(kind, args.n, args.profile, args.sort)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
