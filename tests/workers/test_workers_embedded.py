"""``make run``'s embedded mode: the runner starts Redis, the worker (beat inside it) and web
on SQLite; bots and deadlines work over HTTP; a stop and a restart lose no deadline and fire
none twice; a worker killed with SIGKILL comes back by itself, and so does one whose beat
died; the port asked for is used (a TIME_WAIT socket on it does not count) or the runner
says in one line that it is taken; Ctrl-C stops everything."""

from __future__ import annotations

import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest
import requests

from harness.embedded import (
    BOT,
    ROOT,
    SHORT_DECK,
    Runner,
    assert_log_complete,
    create_game,
    free_port,
    runner_env,
    wait_finished,
)

pytestmark = [pytest.mark.integration, pytest.mark.timeout(400)]


def _time_wait_port() -> int:
    """A port whose last connection is in TIME_WAIT on the server side (it closed first),
    as a previous run's gunicorn leaves it (a server sets SO_REUSEADDR, and so its
    connections' TIME_WAIT entries)."""
    with socket.socket() as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        client = socket.create_connection(("127.0.0.1", port))
        conn, _ = listener.accept()
        conn.close()  # the side that closes first keeps the TIME_WAIT
        time.sleep(0.1)
        client.close()
    with socket.socket() as probe, pytest.raises(OSError):
        probe.bind(("127.0.0.1", port))  # without SO_REUSEADDR the port looks busy
    return port


def _assert_no_leftovers(runner: Runner) -> None:
    """Every child ran in its own process group: none of them (nor their pool processes)
    outlives the runner."""
    for pid in map(int, re.findall(r"started \(pid (\d+)\)", runner.log())):
        with pytest.raises(ProcessLookupError):
            os.killpg(pid, 0)


def _on_disk(var_dir: Path, game_id: str) -> tuple[int, int | None]:
    """The game's seq and pending seat in the stopped runner's SQLite file (read directly:
    nothing serves it now)."""
    with sqlite3.connect(var_dir / "ursuppe.sqlite") as db:
        [row] = db.execute(
            "SELECT seq, pending_seat FROM games WHERE id = ?", (game_id,)
        ).fetchall()
    return row


def _wait(predicate, timeout: float, what: str) -> None:  # noqa: ANN001
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, what
        time.sleep(0.3)


def test_deadlines_survive_a_stop_and_restart_and_ctrl_c_stops_everything(
    tmp_path: Path,
) -> None:
    port = _time_wait_port()
    runner = Runner(tmp_path / "var", port, tmp_path / "run.log",
                    extra={"URSUPPE_SWEEP_INTERVAL": "1"}).start()  # fmt: skip
    base = runner.wait_up()
    assert base == f"http://127.0.0.1:{port}/api/v1"  # the port asked for, TIME_WAIT or not
    assert re.search(r"broker\s+redis://127\.0\.0\.1:\d+/0 \(embedded Redis\)", runner.log())

    bots, _ = create_game(base, [BOT] * 3)
    # Nobody plays the human seats: every one of their decisions is a deadline (6 s: the
    # runner's warm stop, a few seconds on a busy machine, must end before one fires).
    idle, _ = create_game(base, [{"kind": "human"}, BOT, BOT], time_limit=6, deck=SHORT_DECK)
    takeover = requests.post(f"{base}/games", json={
        "players": 3, "seats": [{"kind": "human"}, BOT, BOT], "time_limit": 1,
        "timeout_policy": "bot"}, timeout=10).json()["game"]["id"]  # fmt: skip
    assert requests.post(f"{base}/games/{takeover}/seats", json={"name": "ann"},
                         timeout=10).status_code == 201  # fmt: skip

    def human_deadline_ahead() -> bool:
        """The idle seat must decide, one fired deadline behind it and 4+ s left on this one:
        its ETA message is in the worker's hands now."""
        view = requests.get(f"{base}/games/{idle}/pending", timeout=10).json()
        game = requests.get(f"{base}/games/{idle}", timeout=10).json()
        if not (view["pending"] and view["pending"]["seat"] == 0 and view["deadline_at"]):
            return False
        left = datetime.fromisoformat(view["deadline_at"]) - datetime.now(UTC)
        return game["seats"][0]["timeouts"] >= 1 and left.total_seconds() > 4

    _wait(human_deadline_ahead, 120, "no pending human deadline")
    assert runner.stop() == 0
    stopped_at = datetime.now(UTC)
    _assert_no_leftovers(runner)
    # What the stopped runner left on disk: the idle seat's decision still pending. Its
    # deadline's message was queued, held by the worker (a warm shutdown hands it back to
    # Redis, AOF on disk) or not sent yet; only the restarted runner can fire it.
    at_stop, pending_seat = _on_disk(tmp_path / "var", idle)
    assert pending_seat == 0

    runner.start()  # same port (now with the old run's sockets in TIME_WAIT), same var dir
    runner.wait_up()
    try:
        games = wait_finished(base, [bots, idle, takeover], timeout=240)
        logs = {game["id"]: assert_log_complete(base, game) for game in games}  # no gap, no dup
        by_id = {g["id"]: g for g in games}
        # Every timeout of the idle seat applied exactly once: one log entry per counted one.
        fired = Counter(e["seat"] for e in logs[idle] if e["actor"] == "timeout")
        assert fired == Counter({0: by_id[idle]["seats"][0]["timeouts"]}), fired
        # The deadline pending across the stop fired after the restart, once (no duplicate
        # in the log): nobody but its timeout could play that decision.
        survivor = logs[idle][at_stop]  # the entry at seq at_stop + 1
        assert (survivor["actor"], survivor["seat"]) == ("timeout", 0), survivor
        assert datetime.fromisoformat(survivor["created_at"]) > stopped_at, survivor
        assert by_id[bots]["seq"] > 50
        assert by_id[idle]["seats"][0]["timeouts"] >= 3
        assert by_id[takeover]["seats"][0]["timeouts"] == 1
        assert by_id[takeover]["seats"][0]["kind"] == "bot"
        assert runner.restart_lines() == []
    finally:
        assert runner.stop() == 0
    _assert_no_leftovers(runner)


def test_a_worker_killed_with_sigkill_comes_back_and_the_games_finish(tmp_path: Path) -> None:
    # A bot decision whose message the killed worker held is played by the sweep after
    # URSUPPE_BOT_GRACE (30 s by default; shortened here to keep the test short).
    runner = Runner(tmp_path / "var", free_port(), tmp_path / "run.log",
                    extra={"URSUPPE_BOT_GRACE": "5", "URSUPPE_SWEEP_INTERVAL": "1"}).start()  # fmt: skip
    try:
        base = runner.wait_up()
        games = [create_game(base, [BOT] * 3)[0] for _ in range(4)]
        games.append(
            create_game(base, [{"kind": "human"}, BOT, BOT], time_limit=1, deck=SHORT_DECK)[0]
        )

        def seq(game_id: str) -> int:
            return requests.get(f"{base}/games/{game_id}", timeout=10).json()["seq"]

        _wait(lambda: seq(games[0]) > 20, 120, "the games did not start")
        worker = runner.pid("worker")
        os.kill(worker, signal.SIGKILL)
        _wait(lambda: runner.pid("worker") != worker, 30, "the worker was not restarted")
        [line] = runner.restart_lines()
        assert line.startswith(f"run_embedded: worker exited with -{int(signal.SIGKILL)}")
        for game in wait_finished(base, games, timeout=240):
            assert_log_complete(base, game)
    finally:
        assert runner.stop() == 0
    _assert_no_leftovers(runner)


def test_a_dead_embedded_beat_restarts_the_worker_with_a_new_beat(tmp_path: Path) -> None:
    # Beat runs inside the worker (``--beat``): when it dies the worker stops warmly, and the
    # runner restarts it, beat included; nothing goes on without the sweeps.
    runner = Runner(tmp_path / "var", free_port(), tmp_path / "run.log").start()
    try:
        runner.wait_up()

        def beats() -> list[int]:
            return [
                int(p) for p in re.findall(r"embedded beat started \(pid (\d+)\)", runner.log())
            ]

        _wait(lambda: len(beats()) == 1, 60, "no embedded beat started")
        worker = runner.pid("worker")
        os.kill(beats()[0], signal.SIGKILL)
        _wait(lambda: len(beats()) == 2, 60, "the beat did not come back")
        assert runner.pid("worker") != worker
        [line] = runner.restart_lines()
        assert line.startswith("run_embedded: worker exited with 0"), line
        assert "the embedded beat exited with -9; stopping the worker" in runner.log()
        os.kill(beats()[1], 0)  # alive
    finally:
        assert runner.stop() == 0
    _assert_no_leftovers(runner)


def test_a_port_held_by_another_socket_stops_the_runner_with_one_line(tmp_path: Path) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "scripts.run_embedded"], cwd=ROOT,
            env=runner_env(tmp_path / "var", port), capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode != 0
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert len(lines) == 1 and f"port {port}" in lines[0] and "in use" in lines[0], lines
    assert not (tmp_path / "var").exists()  # nothing was started


def test_the_verification_mail_links_to_the_port_make_run_listens_on(tmp_path: Path) -> None:
    """``make run`` on a port other than 8000: the emailed link leads back to this server."""
    port = free_port()
    runner = Runner(tmp_path / "var", port, tmp_path / "runner.log").start()
    try:
        base = runner.wait_up()
        token = requests.post(f"{base}/players", json={"name": "Ann"}, timeout=30).json()["token"]
        resp = requests.put(
            f"{base}/players/me/email", json={"address": "ann@example.org", "lang": "en"},
            headers={"Authorization": f"Bearer {token}"}, timeout=30,
        )  # fmt: skip
        assert resp.status_code == 202, resp.text
        box = tmp_path / "var" / "mail.mbox"
        _wait(lambda: box.exists() and "verify=" in box.read_text(), 60, "no verification mail")
        mail = box.read_text()
        assert "This address was entered on Ursuppe to receive its notices." in mail
        link = re.search(r"(http://\S+)/email\?verify=[\w-]+", mail)
        assert link and link.group(1) == f"http://127.0.0.1:{port}", mail
        assert requests.get(link.group(0), timeout=30).status_code == 200
    finally:
        assert runner.stop() == 0
    _assert_no_leftovers(runner)
