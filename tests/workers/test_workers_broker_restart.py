"""The worker and the beat, started as the Procfile starts them, outlive Redis restarts
under play: Redis is killed (SIGKILL) and started again empty, three times, while search
bots think (so a task is nearly always running, its message held unacknowledged, when the
broker vanishes), a game of random bots plays and a human's deadline runs. Both processes
are the ones started at the beginning (no supervisor here), and every game plays to its
end with no move lost or applied twice.

Until ``workers.broker`` the worker died on such a restart about once in four
(``Unrecoverable error: AttributeError('hostname')``, kombu's Redis channel closed twice).

The race that kills it is rare per restart, so the mechanism is also pinned directly:
``test_a_channel_outliving_its_connection_fails_as_a_connection_error``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path
from types import SimpleNamespace

import pytest
import redis.exceptions
from kombu import Connection

from harness import processes
from harness.streams import RedisServer
from tests.workers.conftest import Stack
from tests.workers.test_workers_games import (
    BOTS,
    HUMAN,
    assert_log_complete,
    seed_where_first_decision_is,
    wait_for,
)
from workers.broker import TRANSPORT

pytestmark = [pytest.mark.integration, pytest.mark.timeout(420)]

ROOT = Path(__file__).resolve().parents[2]
RESTARTS = 4
#: What the worker logs when it finds the broker gone (idle, or already reconnecting).
MET_THE_OUTAGE = ("Connection to broker lost", "Cannot connect to")


@pytest.mark.parametrize("transport", ["redis", TRANSPORT])
def test_a_channel_outliving_its_connection_fails_as_a_connection_error(
    redis_url: str, transport: str
) -> None:
    """Celery's consumer, on losing the broker, collects the connection (which drops the
    transport's connection details) and then closes it. When the channel's first close
    failed half-way (the server gone while a ``BRPOP`` was pending), the second close puts
    the message the channel holds back and needs a client: kombu's own channel fails with
    an ``AttributeError`` no one catches, ours with a connection error, which kombu's
    close and Celery's reconnect loop handle."""
    conn = Connection(redis_url, transport=transport)
    queue = conn.SimpleQueue(f"held-{uuid.uuid4().hex[:8]}")
    try:
        queue.put({"task": 1})
        queue.get(timeout=5)  # delivered, never acknowledged: the channel holds it
        conn.transport.client = None  # what the collect leaves behind
        if transport == "redis":
            with pytest.raises(AttributeError, match="hostname"):
                queue.channel.close()
        else:
            with pytest.raises(redis.exceptions.ConnectionError):
                queue.channel.close()
            assert redis.exceptions.ConnectionError in conn.connection_errors
    finally:
        conn.release()


def procfile_command(name: str) -> str:
    """The Procfile's command line for ``name``, as it stands."""
    for line in (ROOT / "Procfile").read_text().splitlines():
        process, _, command = line.partition(": ")
        if process == name:
            return command
    raise AssertionError(f"no {name} in the Procfile")


class ProcfileProcess:
    """One Procfile process, run by a shell as a Procfile runner runs it."""

    def __init__(self, name: str, env: dict[str, str], logdir: Path) -> None:
        self.name = name
        self.logfile = logdir / f"{name}-{uuid.uuid4().hex[:6]}.log"
        # the beat's schedule file in the test's directory (the Procfile's BEAT_SCHEDULE),
        # so that parallel runs never share one
        env = {**env, "BEAT_SCHEDULE": str(logdir / f"schedule-{uuid.uuid4().hex[:6]}")}
        with open(self.logfile, "wb") as log:
            self.proc = processes.spawn(
                ["bash", "-c", procfile_command(name)],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def log(self) -> str:
        return self.logfile.read_text(errors="replace")

    def tail(self, lines: int = 60) -> str:
        return f"--- {self.name} ---\n" + "\n".join(self.log().splitlines()[-lines:])

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> None:
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # pool children of a killed parent


def test_worker_and_beat_from_the_procfile_outlive_redis_restarts(
    pg_url: str, tmp_path: Path
) -> None:
    broker = RedisServer().start()
    queue = f"ursuppe-test-{uuid.uuid4().hex[:10]}"
    extra = {
        "URSUPPE_BOT_TIME_BUDGET": "0.05",
        "URSUPPE_OWNER_SEARCH_GAMES": "2",
        "URSUPPE_BOT_GRACE": "5",
    }
    st = Stack(broker.url, pg_url, queue, **extra)
    env = {
        **os.environ,
        **st.env,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "WORKER_METRICS_PORT": str(processes.free_port()),
        "BEAT_METRICS_PORT": str(processes.free_port()),
    }
    worker = ProcfileProcess("worker", env, tmp_path)
    beat = ProcfileProcess("beat", env, tmp_path)
    both = (worker, beat)

    def logs() -> str:
        return "\n".join(p.tail() for p in both)

    shown = SimpleNamespace(tail=logs)  # what wait_for shows when it gives up

    try:
        wait_for(lambda: " ready." in worker.log() or not worker.alive(), 120, "the worker", shown)
        assert worker.alive(), logs()
        service = st.service
        owner = service.accounts.create("restarts").player.id
        search = {"kind": "bot", "level": "mcts-50ms"}
        games = [
            service.creation.create_game(
                players=3, seats=[search] * 3, player=owner, seed=s
            ).game.id
            for s in (3, 4)
        ]
        games.append(
            service.creation.create_game(players=3, seats=[BOTS] * 3, time_limit=0, seed=5).game.id
        )
        seed = seed_where_first_decision_is(1, players=3)
        human = service.creation.create_game(
            players=3, seats=[BOTS, HUMAN, BOTS], time_limit=4, timeout_policy="bot", seed=seed
        ).game.id
        service.seating.join(human, seat=1)  # and never moves: its deadline applies once
        games.append(human)

        def seqs() -> list[int]:
            return [service.games.get(g).seq for g in games]

        wait_for(lambda: min(seqs()[:2]) >= 3, 120, "the search games to get going", shown)
        for restart in range(1, RESTARTS + 1):
            before, seen = seqs(), len(worker.log())
            broker.kill()
            wait_for(
                lambda n=seen: any(m in worker.log()[n:] for m in MET_THE_OUTAGE),
                60,
                f"the worker to meet outage {restart}",
                shown,
            )
            broker.start()
            wait_for(
                lambda b=before: any(now > then for now, then in zip(seqs(), b, strict=True)),
                120,
                f"play to go on after restart {restart}",
                shown,
            )
            assert worker.alive() and beat.alive(), logs()

        wait_for(
            lambda: all(service.games.get(g).status == "finished" for g in games),
            300,
            "every game to finish",
            shown,
        )
        assert worker.alive() and beat.alive(), "the same processes, never restarted"
        assert "Unrecoverable error" not in worker.log(), worker.tail()
        assert beat.log().count("beat: Starting") == 1, beat.tail()
        for game_id in games:
            assert_log_complete(service, game_id)
        assert service.games.get(human).seats[1].timeouts == 1
    finally:
        for process in both:
            process.stop()
        st.close()
        broker.close()
