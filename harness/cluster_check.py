"""``make cluster-check``: the cluster of docs/deploy.md, run as a cluster, under faults.

The Procfile's processes, each started by its own Procfile line as a Procfile runner would
(two web, two stream, two workers, two beats, one review worker; ``$PORT`` each), on a
PostgreSQL cluster and a Redis server of the check's own, behind HAProxy with the committed
``deploy/haproxy.cfg``. Games are played through the balancer the whole time: a scripted
person in one seat (every action with ``expected_seq`` and an ``Idempotency-Key``, sent
again on a 502/503/504 or a cut connection; now and then a decision left to its deadline)
and random bots in the others, each game followed by a stream reader that resumes with
``Last-Event-ID`` when its stream is cut. Meanwhile, one phase after another: a web, a
stream, a worker and a beat are SIGKILLed and restarted, Redis and PostgreSQL restart, and
the web processes are rolled (drained through the runtime API, stopped, started, put back).

It fails on a lost or doubled move (a log with a gap or a repeat, a person's action applied
twice), a stream entry lost or doubled, an unfinished game (an unfired deadline keeps one
waiting), or an answer that is an error but no problem+json; and writes the latency of the
balancer's answers in each phase to ``bench/results/cluster-check.md``.

    python -m harness.cluster_check [--phase-seconds 40] [--games-at-once 6]
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

from harness.embedded import BOT, SHORT_DECK
from harness.private_postgres import private_cluster
from harness.processes import free_port
from harness.streams import Process, RedisServer, StreamReader, base_env, wait_until
from service.plumbing.db import upgrade_database

ROOT = Path(__file__).resolve().parents[1]
RETRYABLE = (502, 503, 504)


# ------------------------------------------------------------------------------ the cluster


@dataclass
class Member:
    """One Procfile process: its kind, its ``$PORT``, the running process."""

    kind: str
    number: int
    port: int
    process: Process | None = None

    @property
    def name(self) -> str:
        return f"{self.kind}{self.number}"


class Cluster:
    def __init__(self, workdir: Path, env: dict[str, str]) -> None:
        self.workdir, self.env = workdir, env
        lines = (ROOT / "Procfile").read_text().splitlines()
        self.procfile = dict(line.split(": ", 1) for line in lines if line.strip())
        self.members = [
            Member(kind, n, free_port())
            for kind, count in (
                ("web", 2),
                ("stream", 2),
                ("worker", 2),
                ("beat", 2),
                ("review", 1),
            )  # fmt: skip
            for n in range(1, count + 1)
        ]
        self.listen = free_port()
        self.admin = str(workdir / "haproxy-admin.sock")
        self.haproxy: Process | None = None

    def member(self, name: str) -> Member:
        return next(m for m in self.members if m.name == name)

    def start(self, member: Member) -> None:
        env = {**self.env, "PORT": str(member.port)}
        cmd = ["bash", "-c", self.procfile[member.kind]]
        member.process = Process(member.name, cmd, env, self.workdir).start()
        if member.kind in ("web", "stream"):
            url = f"http://127.0.0.1:{member.port}/readyz"
            wait_until(lambda: requests.get(url, timeout=2).status_code == 200, 90, member.name)

    def kill(self, member: Member) -> None:
        """SIGKILL to the process and every child: no shutdown at all."""
        assert member.process is not None and member.process.proc is not None
        os.killpg(member.process.proc.pid, signal.SIGKILL)
        member.process.proc.wait(10)

    def stop(self, member: Member) -> None:
        """SIGTERM, as a supervisor stops a process: it finishes what it has."""
        assert member.process is not None
        member.process.stop(timeout=40)

    def start_haproxy(self) -> None:
        web = [m for m in self.members if m.kind == "web"]
        stream = [m for m in self.members if m.kind == "stream"]
        env = {
            "URSUPPE_LISTEN": f"127.0.0.1:{self.listen}",
            "URSUPPE_WEB_1": f"127.0.0.1:{web[0].port}",
            "URSUPPE_WEB_2": f"127.0.0.1:{web[1].port}",
            "URSUPPE_STREAM_1": f"127.0.0.1:{stream[0].port}",
            "URSUPPE_STREAM_2": f"127.0.0.1:{stream[1].port}",
            "URSUPPE_HAPROXY_ADMIN": self.admin,
        }
        cmd = ["haproxy", "-db", "-f", str(ROOT / "deploy" / "haproxy.cfg")]
        self.haproxy = Process("haproxy", cmd, env, self.workdir).start()
        wait_until(lambda: requests.get(f"{self.base}/healthz", timeout=2).ok, 30, "haproxy")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.listen}"

    def runtime(self, command: str) -> str:
        """One command to HAProxy's runtime API; its answer."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.connect(self.admin)
            sock.sendall(command.encode() + b"\n")
            chunks = []
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def stat(self, backend: str, server: str) -> dict[str, str]:
        """The server's line of ``show stat`` (``scur``: requests in flight, ``status``)."""
        lines = self.runtime("show stat").splitlines()
        header = lines[0].lstrip("# ").split(",")
        for line in lines[1:]:
            row = dict(zip(header, line.split(","), strict=False))
            if row.get("pxname") == backend and row.get("svname") == server:
                return row
        raise KeyError(f"{backend}/{server}")

    def stop_all(self) -> None:
        for member in reversed(self.members):
            if member.process is not None:
                member.process.stop(timeout=10)
        if self.haproxy is not None:
            self.haproxy.stop()


# ------------------------------------------------------------------------------ the players


@dataclass
class Answer:
    phase: str
    seconds: float
    status: int  # 0: no answer (the connection failed)
    problem: bool
    code: str | None


@dataclass
class Record:
    """Everything the players saw."""

    phase: str = "start"
    answers: list[Answer] = field(default_factory=list)
    non_problems: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    games: dict[str, dict[str, Any]] = field(default_factory=dict)

    def call(self, method: str, url: str, **kw: Any) -> requests.Response | None:
        """One request through the balancer, sent again (same headers, same body) on a
        502/503/504 or a failed connection, up to 8 times."""
        last = f"{method} {url}"
        for attempt in range(8):
            started = time.monotonic()
            try:
                resp = requests.request(method, url, timeout=30, **kw)
            except requests.RequestException as err:
                self._note(Answer(self.phase, time.monotonic() - started, 0, False, None))
                last = f"{method} {url}: {type(err).__name__}"
                time.sleep(0.5 * (attempt + 1))
                continue
            problem = resp.headers.get("Content-Type", "").startswith("application/problem+json")
            code = resp.json().get("code") if problem else None
            self._note(Answer(self.phase, time.monotonic() - started, resp.status_code,
                              problem, code))  # fmt: skip
            if resp.status_code >= 400 and not problem:
                with self.lock:
                    self.non_problems.append(f"{method} {url}: {resp.status_code} "
                                             f"{resp.text[:120]!r}")  # fmt: skip
            if resp.status_code not in RETRYABLE:
                return resp
            time.sleep(float(resp.headers.get("Retry-After", 1)) / 4)
        with self.lock:
            self.non_problems.append(f"gave up after 8 tries: {last}")
        return None

    def _note(self, answer: Answer) -> None:
        with self.lock:
            self.answers.append(answer)


def play_one(record: Record, api: str, seed: int) -> None:
    """One game: a person in seat 0 (2 s a decision; about one decision in ten left to its
    deadline), two random bots, a stream reader resuming after every cut."""
    rng = random.Random(seed)
    body = {"players": 3, "seats": [{"kind": "human"}, BOT, BOT], "time_limit": 2,
            "options": {"deck": SHORT_DECK}}  # fmt: skip
    key = {"Idempotency-Key": str(uuid.uuid4())}
    created = record.call("POST", f"{api}/games", json=body, headers=key)
    assert created is not None and created.status_code == 201, created and created.text
    game_id = created.json()["game"]["id"]
    joined = record.call("POST", f"{api}/games/{game_id}/seats", json={"name": "p"},
                         headers={"Idempotency-Key": str(uuid.uuid4())})  # fmt: skip
    assert joined is not None and joined.status_code == 201, joined and joined.text
    token = joined.json()["token"]
    game: dict[str, Any] = {"applied": set(), "skipped": 0, "stream": [], "resumes": 0}
    with record.lock:
        record.games[game_id] = game
    follower = threading.Thread(target=follow, args=(record, api, game_id, game), daemon=True)
    follower.start()
    left: set[int] = set()
    while True:
        view = record.call("GET", f"{api}/games/{game_id}/pending")
        if view is None or view.status_code != 200:
            time.sleep(0.5)
            continue
        doc = view.json()
        if doc["status"] == "finished":
            break
        pending = doc["pending"]
        if pending is None or pending["seat"] != 0 or doc["seq"] in left:
            time.sleep(0.2)
            continue
        if rng.random() < 0.1:
            left.add(doc["seq"])  # its deadline fires (the timeout policy plays it)
            game["skipped"] += 1
            continue
        action_key = str(uuid.uuid4())
        resp = record.call(
            "POST", f"{api}/games/{game_id}/actions",
            json={"action": rng.choice(pending["actions"]), "expected_seq": doc["seq"]},
            headers={"Authorization": f"Bearer {token}", "Idempotency-Key": action_key},
        )  # fmt: skip
        if resp is not None and resp.status_code in (200, 201):
            game["applied"].add(action_key)
    follower.join(120)


def follow(record: Record, api: str, game_id: str, game: dict[str, Any]) -> None:
    """The game's stream from its first entry (``Last-Event-ID: 0``) until its end,
    resumed with ``Last-Event-ID`` after each cut."""
    last = 0
    while True:
        headers = {"Last-Event-ID": str(last)}
        reader = StreamReader(f"{api}/games/{game_id}/stream", headers=headers,
                              stop_after=lambda m: m["type"] == "end")  # fmt: skip
        reader.run()  # in this thread
        for message in reader.messages:
            if message["type"] == "entry":
                game["stream"].append(message["data"]["seq"])
                last = message["data"]["seq"]
        if any(m["type"] == "end" for m in reader.messages):
            return
        game["resumes"] += 1
        time.sleep(0.5)


# ------------------------------------------------------------------------------ the faults


def phases(cluster: Cluster, redis_server: RedisServer, pg: Any) -> list[tuple[str, Callable]]:
    def restart(name: str) -> Callable[[], None]:
        def act() -> None:
            member = cluster.member(name)
            cluster.kill(member)
            time.sleep(2)  # down a moment, as a supervisor's restart takes
            cluster.start(member)

        return act

    def redis_restart() -> None:
        redis_server.stop()
        time.sleep(3)
        redis_server.start()

    def roll_web() -> None:
        for member in [m for m in cluster.members if m.kind == "web"]:
            server = f"web/web{member.number}"
            name = f"web{member.number}"
            cluster.runtime(f"set server {server} state drain")
            wait_until(lambda n=name: cluster.stat("web", n)["scur"] in ("", "0"), 30,
                       f"{server} to drain")  # fmt: skip
            cluster.stop(member)
            cluster.start(member)
            cluster.runtime(f"set server {server} state ready")
            # back in rotation only once its health checks pass: then the next may go
            wait_until(lambda n=name: cluster.stat("web", n)["status"].startswith("UP"), 30,
                       f"{server} to be up")  # fmt: skip

    return [
        ("baseline", lambda: None),
        ("web killed", restart("web1")),
        ("stream killed", restart("stream1")),
        ("worker killed", restart("worker1")),
        ("beat killed", restart("beat1")),
        ("Redis restarted", redis_restart),
        ("PostgreSQL restarted", pg.restart),
        ("web rolled", roll_web),
    ]


# ------------------------------------------------------------------------------ the verdict


def verify(record: Record, api: str) -> list[str]:
    """Every failure found in the finished games, their logs and their streams."""
    failures = list(record.non_problems)
    for game_id, game in record.games.items():
        doc = requests.get(f"{api}/games/{game_id}", timeout=30).json()
        if doc["status"] != "finished":
            failures.append(f"{game_id}: not finished (seq {doc['seq']})")
            continue
        entries, since = [], 0
        while since is not None:
            page = requests.get(f"{api}/games/{game_id}/events",
                                params={"since": since, "limit": 500}, timeout=30).json()  # fmt: skip
            entries += page["items"]
            since = page["next_since"]
        seqs = [e["seq"] for e in entries]
        if seqs != list(range(1, doc["seq"] + 1)):
            failures.append(f"{game_id}: log with a gap or a repeat")
        people = sum(1 for e in entries if e.get("seat") == 0 and e.get("actor") == "human")
        if people != len(game["applied"]):
            failures.append(f"{game_id}: {people} moves of the person logged, "
                            f"{len(game['applied'])} answered as applied")  # fmt: skip
        seen = Counter(game["stream"])
        if sorted(seen) != seqs or any(n > 1 for n in seen.values()):
            lost = sorted(set(seqs) - set(seen))
            doubled = sorted(s for s, n in seen.items() if n > 1)
            failures.append(f"{game_id}: stream lost {lost[:10]} doubled {doubled[:10]}")
    return failures


def table(record: Record, order: list[str]) -> str:
    rows = [
        "| phase | answers | p50 ms | p95 ms | max ms | problems (status code: n) | "
        "no answer | non-problem errors |",
        "|---|---:|---:|---:|---:|---|---:|---:|",
    ]
    by_phase: dict[str, list[Answer]] = defaultdict(list)
    for answer in record.answers:
        by_phase[answer.phase].append(answer)
    for phase in order:
        answers = by_phase.get(phase, [])
        if not answers:
            continue
        ms = sorted(a.seconds * 1000 for a in answers)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        problems = Counter(f"{a.status} {a.code}" for a in answers if a.problem and a.status >= 400)
        shown = ", ".join(f"{k}: {v}" for k, v in sorted(problems.items())) or "none"
        cut = sum(1 for a in answers if a.status == 0)
        bad = sum(1 for a in answers if a.status >= 400 and not a.problem)
        rows.append(f"| {phase} | {len(answers)} | {statistics.median(ms):.0f} | {p95:.0f} | "
                    f"{ms[-1]:.0f} | {shown} | {cut} | {bad} |")  # fmt: skip
    return "\n".join(rows)


def run(args: argparse.Namespace) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="ursuppe-cluster-"))
    print(f"cluster-check: logs in {workdir}", flush=True)
    redis_server = RedisServer().start()
    started = time.monotonic()
    with private_cluster() as pg:
        url = pg.create_database("ursuppe_cluster")
        upgrade_database(url)
        env = base_env(url, redis_server.url, f"cluster-{uuid.uuid4().hex[:8]}",
                       URSUPPE_TRUSTED_PROXIES="1", URSUPPE_METRICS_HOST="127.0.0.1",
                       URSUPPE_BOT_GRACE="10", WEB_CONCURRENCY="1", WORKER_CONCURRENCY="1",
                       BEAT_SCHEDULE="", URSUPPE_AUTO_MIGRATE="0")  # fmt: skip
        env.pop("BEAT_SCHEDULE")  # each beat's own file, from its $PORT
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
        env = {k: v for k, v in {**os.environ, **env}.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
        cluster = Cluster(workdir, env)
        record = Record()
        try:
            for member in cluster.members:
                cluster.start(member)
            cluster.start_haproxy()
            api = cluster.base + "/api/v1"
            schedule = phases(cluster, redis_server, pg)
            stop = threading.Event()
            seeds = iter(range(10**6))
            errors: list[str] = []

            def player() -> None:
                while not stop.is_set():
                    try:
                        play_one(record, api, next(seeds))
                    except Exception as err:  # noqa: BLE001 - reported as a failure
                        errors.append(f"a game's player failed: {err!r}")
                        return

            players = [threading.Thread(target=player, daemon=True)
                       for _ in range(args.games_at_once)]  # fmt: skip
            for t in players:
                t.start()
            for name, act in schedule:
                record.phase = name
                print(f"cluster-check: {name} ({len(record.games)} games so far)", flush=True)
                try:
                    act()
                except Exception as err:  # noqa: BLE001 - the fault could not be applied
                    errors.append(f"{name}: {err!r}")
                stop.wait(args.phase_seconds)
            record.phase = "drain"
            stop.set()
            for t in players:
                t.join(300)
            failures = errors + verify(record, api)
            failures += [f"{t.name} still playing" for t in players if t.is_alive()]
        finally:
            cluster.stop_all()
            redis_server.close()
    took = time.monotonic() - started
    games = len(record.games)
    moves = sum(len(g["applied"]) for g in record.games.values())
    entries = sum(len(g["stream"]) for g in record.games.values())
    resumes = sum(g["resumes"] for g in record.games.values())
    skipped = sum(g["skipped"] for g in record.games.values())
    verdict = "passed" if not failures else f"FAILED ({len(failures)})"
    report = f"""# Cluster check

`make cluster-check` (`harness/cluster_check.py`): the Procfile's processes (web × 2,
stream × 2, worker × 2, beat × 2, review × 1) on loopback behind `deploy/haproxy.cfg`, a
PostgreSQL and a Redis of its own; {args.games_at_once} games at a time through the
balancer for {args.phase_seconds:.0f} s a phase, one fault a phase. Answers as a player
saw them through the balancer (latency from request to answer, every retry counted).

Verdict: **{verdict}** in {took:.0f} s: {games} games finished with complete logs,
{moves} moves of the scripted people applied once each, {skipped} decisions left to their
deadline and fired, {entries} stream entries seen once each ({resumes} resumes after a cut).

{table(record, [name for name, _ in schedule] + ["drain"])}

Problems are the service's (or the balancer's) problem+json answers, retried by the
player where the status says so; "no answer" counts connections that failed before an
answer (retried); non-problem errors must be 0.
"""
    if failures:
        report += "\nFailures:\n\n" + "\n".join(f"- {f}" for f in failures[:50]) + "\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(report)
    print(report, flush=True)
    return 0 if not failures else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phase-seconds", type=float, default=40.0)
    parser.add_argument("--games-at-once", type=int, default=6)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "cluster-check.md")
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
