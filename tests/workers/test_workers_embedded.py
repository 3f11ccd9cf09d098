"""``make run``'s embedded mode: the runner starts web + worker + beat on SQLite and the
filesystem broker, bots and deadlines work over HTTP, and Ctrl-C stops everything."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from workers.harness import ROOT

pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

BOT = {"kind": "bot", "level": "random"}


def _wait_status(base: str, game_id: str, status: str, timeout: float) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        game = requests.get(f"{base}/games/{game_id}", timeout=10).json()
        if game["status"] == status:
            return game
        time.sleep(0.5)
    pytest.fail(f"game {game_id} not {status} after {timeout}s: {game}")


def test_embedded_mode_plays_bots_and_deadlines_then_stops_on_ctrl_c(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env.update(URSUPPE_VAR_DIR=str(tmp_path / "var"), PORT="0", URSUPPE_SWEEP_INTERVAL="1")
    env.pop("URSUPPE_BROKER_URL", None)
    out = tmp_path / "run.log"
    with open(out, "wb") as log:
        runner = subprocess.Popen(
            [sys.executable, "-m", "scripts.run_embedded"], cwd=ROOT, env=env,
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 90
        match = None
        while match is None and time.monotonic() < deadline and runner.poll() is None:
            time.sleep(0.3)
            match = re.search(r"API\s+(http://\S+/api/v1)", out.read_text(errors="replace"))
        assert match, out.read_text(errors="replace")[-3000:]
        base = match.group(1)
        assert "filesystem://" in out.read_text()

        bots = requests.post(
            f"{base}/games", json={"players": 3, "seats": [BOT] * 3, "time_limit": 0}, timeout=10
        ).json()["game"]["id"]
        human = requests.post(
            f"{base}/games",
            json={"players": 3, "seats": [{"kind": "human"}, BOT, BOT], "time_limit": 1,
                  "timeout_policy": "bot"},
            timeout=10,
        ).json()["game"]["id"]  # fmt: skip
        assert (
            requests.post(
                f"{base}/games/{human}/seats", json={"name": "ann"}, timeout=10
            ).status_code
            == 201
        )

        finished = _wait_status(base, bots, "finished", 150)
        assert finished["seq"] > 50
        game = _wait_status(base, human, "finished", 150)
        assert game["seats"][0]["timeouts"] == 1 and game["seats"][0]["kind"] == "bot"
    finally:
        runner.send_signal(signal.SIGINT)  # what Ctrl-C delivers to the foreground process
        try:
            assert runner.wait(30) == 0
        finally:
            if runner.poll() is None:
                os.killpg(runner.pid, signal.SIGKILL)
    # The web and the worker were in their own sessions: none of them outlives the runner.
    leftovers = subprocess.run(
        ["pgrep", "-f", str(tmp_path / "var")], capture_output=True, text=True
    ).stdout.split()
    assert leftovers == []
