"""Support for the embedded-mode tests: ``make run``'s runner as a subprocess, and games
driven over HTTP (bots, and scripted human seats playing from ``pending.actions``).

Also used by ``bench/embedded_bench.py``, which drives the same runner.
"""

from __future__ import annotations

import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import requests

from harness import processes

ROOT = Path(__file__).resolve().parents[1]
BOT = {"kind": "bot", "level": "random"}
#: Two cards: a one-round game (the game ends when the round reveals the last card).
SHORT_DECK = [{"drift": "W", "ozone": 8}, {"drift": "S", "ozone": 12}]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def runner_env(var_dir: Path, port: int, **extra: str) -> dict[str, str]:
    """The environment of a fresh ``make run``: nothing of the test session's services."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env.update(URSUPPE_VAR_DIR=str(var_dir), PORT=str(port), **extra)
    return env


@dataclass
class Runner:
    """``python -m scripts.run_embedded`` (what ``make run`` runs) in its own session."""

    var_dir: Path
    port: int
    log_path: Path
    root: Path = ROOT
    python: str = sys.executable
    extra: dict[str, str] = field(default_factory=dict)
    proc: subprocess.Popen[bytes] | None = None
    #: Where this start's output begins in the log (a restart appends to it).
    offset: int = 0

    def start(self) -> Runner:
        with open(self.log_path, "ab") as log:
            self.offset = log.tell()
            self.proc = processes.spawn(
                [self.python, "-m", "scripts.run_embedded"], cwd=self.root,
                env=runner_env(self.var_dir, self.port, **self.extra),
                stdout=log, stderr=subprocess.STDOUT,
            )  # fmt: skip
        return self

    def log(self) -> str:
        """Everything the runner printed, over all its starts."""
        return self.log_path.read_text(errors="replace")

    def wait_up(self, timeout: float = 120.0) -> str:
        """The API base URL from this start's banner."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            with open(self.log_path, "rb") as log:
                log.seek(self.offset)
                found = re.search(r"API\s+(http://\S+/api/v1)", log.read().decode(errors="replace"))
            if found:
                return found.group(1)
            time.sleep(0.3)
        raise AssertionError(f"runner not up (exit {self.proc.poll()}):\n{self.log()[-4000:]}")

    def pid(self, child: str) -> int:
        """The pid of the last start of ``child`` (``redis``, ``worker``, ``beat``, ``web``)."""
        return int(re.findall(rf"run_embedded: {child} started \(pid (\d+)\)", self.log())[-1])

    def restart_lines(self) -> list[str]:
        return [line for line in self.log().splitlines() if "; restarting in" in line]

    def stop(self, timeout: float = 90.0) -> int:
        """Ctrl-C (SIGINT to the runner alone, as the terminal does to its foreground)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)


def create_game(
    base: str, seats: list[dict], *, time_limit: int = 0, deck: list[dict] | None = None
) -> tuple[str, dict[int, str]]:
    """Create a game, join its human seats; returns the id and each human seat's token."""
    body: dict = {"players": len(seats), "seats": seats, "time_limit": time_limit}
    if deck is not None:
        body["options"] = {"deck": deck}
    resp = requests.post(f"{base}/games", json=body, timeout=30)
    assert resp.status_code == 201, resp.text
    game_id = resp.json()["game"]["id"]
    tokens = {}
    for seat, spec in enumerate(seats):
        if spec["kind"] == "human":
            joined = requests.post(f"{base}/games/{game_id}/seats", json={"name": f"h{seat}"},
                                   timeout=30)  # fmt: skip
            assert joined.status_code == 201, joined.text
            tokens[joined.json()["seat"]] = joined.json()["token"]
    return game_id, tokens


def play_humans(
    base: str, game_id: str, tokens: dict[int, str], *, seed: int, skip: float = 0.1,
    timeout: float = 300.0, poll: float = 0.05,
) -> dict:  # fmt: skip
    """Play the human seats until the game ends: a random legal action from
    ``pending.actions``, except that with probability ``skip`` a decision is left to its
    deadline. A refused action (the deadline fired first, 409/412) is simply re-read."""
    rng = random.Random(seed)
    skipped: set[int] = set()
    session = requests.Session()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view = session.get(f"{base}/games/{game_id}/pending", timeout=30).json()
        pending = view["pending"]
        if view["status"] == "finished":
            return view
        if pending is None or pending["seat"] not in tokens or view["seq"] in skipped:
            time.sleep(poll)
            continue
        if rng.random() < skip:
            skipped.add(view["seq"])
            continue
        session.post(
            f"{base}/games/{game_id}/actions",
            json={"action": rng.choice(pending["actions"]), "expected_seq": view["seq"]},
            headers={"Authorization": f"Bearer {tokens[pending['seat']]}"},
            timeout=30,
        )
    raise AssertionError(f"game {game_id} not finished after {timeout} s")


def wait_finished(base: str, game_ids: Iterable[str], timeout: float) -> list[dict]:
    """Every game, once finished (fails naming the ones that did not finish in time)."""
    todo, done = list(game_ids), []
    deadline = time.monotonic() + timeout
    while todo and time.monotonic() < deadline:
        still = []
        for game_id in todo:
            game = requests.get(f"{base}/games/{game_id}", timeout=30).json()
            (done if game["status"] == "finished" else still).append(game)
        todo = [g["id"] for g in still]
        if todo:
            time.sleep(0.5)
    assert not todo, f"not finished after {timeout} s: {todo}"
    return done


def event_log(base: str, game_id: str) -> list[dict]:
    """Every entry of ``/events``, page by page."""
    entries: list[dict] = []
    since: int | None = 0
    while since is not None:
        page = requests.get(f"{base}/games/{game_id}/events",
                            params={"since": since, "limit": 500}, timeout=30).json()  # fmt: skip
        entries += page["items"]
        since = page["next_since"]
    return entries


def assert_log_complete(base: str, game: dict) -> list[dict]:
    """The log is ``1..seq`` with no gap and no duplicate, and ends with the game."""
    entries = event_log(base, game["id"])
    seqs = [e["seq"] for e in entries]
    assert seqs == list(range(1, game["seq"] + 1)), (game["id"], seqs)
    return entries


def run_parallel(jobs: list, workers: int) -> list:
    """Run zero-argument callables on ``workers`` threads; re-raise the first failure."""
    with ThreadPoolExecutor(workers) as pool:
        return [f.result() for f in [pool.submit(job) for job in jobs]]
