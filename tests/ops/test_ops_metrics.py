"""Every process kind's ``/metrics`` after real traffic, and its JSON logs.

The whole stack as the Procfile runs it, each kind its own process: the web (gunicorn,
two sync workers with threads), the stream process (gunicorn, gevent), a Celery worker
(prefork, two children) and beat on its own, all on a PostgreSQL database and a Redis
server of this test's own, logging JSON lines. Traffic over HTTP: a player with a webhook
endpoint creates a game of a human and two bots whose human times out (a deadline, then a
bot plays the seat to the end: bot replies, a rating, webhooks), while a stream follows it.
"""

from __future__ import annotations

import json
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from harness import processes
from harness.databases import postgres_database
from harness.streams import Process, StreamReader, gunicorn_server, wait_until
from harness.webhook_receiver import Receiver

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

SCRAPE_TOKEN = "scrape-" + uuid.uuid4().hex


class Stack:
    def __init__(self, env: dict[str, str], logdir: Path) -> None:
        self.env, self.logdir = env, logdir
        self.procs: list[Process] = []

    def celery(self, name: str, *args: str) -> tuple[Process, str]:
        port = processes.free_port()
        env = {**self.env, "URSUPPE_METRICS_PORT": str(port), "URSUPPE_METRICS_HOST": "127.0.0.1"}
        cmd = [sys.executable, "-m", "celery", "-A", "workers.celery_app", *args, "-l", "INFO"]
        proc = Process(name, cmd, env, self.logdir).start()
        self.procs.append(proc)
        url = f"http://127.0.0.1:{port}/metrics"
        wait_until(lambda: _get(url).ok, 60, f"{name}'s exporter")
        return proc, url

    def gunicorn(self, name: str, app: str, *options: str) -> str:
        proc, base = gunicorn_server(app, self.env, self.logdir, name, *options)
        self.procs.append(proc)
        return base

    def stop(self) -> None:
        for proc in reversed(self.procs):
            proc.stop()


def _get(url: str, **kw: Any) -> requests.Response:
    headers = {"Authorization": f"Bearer {SCRAPE_TOKEN}", **kw.pop("headers", {})}
    return requests.get(url, headers=headers, timeout=10, **kw)


def scrape(url: str) -> dict[str, list[Any]]:
    """Samples by metric family name."""
    response = _get(url)
    assert response.status_code == 200, response.text
    return {f.name: f.samples for f in text_string_to_metric_families(response.text)}


def value(families: dict[str, list[Any]], sample: str, **labels: str) -> float:
    """The sum of ``sample``'s values whose labels include ``labels``."""
    family = sample.removesuffix("_total").removesuffix("_count").removesuffix("_sum")
    return sum(
        s.value
        for s in families.get(family, [])
        if s.name == sample and all(s.labels.get(k) == v for k, v in labels.items())
    )


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    logdir = tmp_path_factory.mktemp("ops")
    with postgres_database("ursuppe_ops") as pg_url, processes.redis_server() as redis_url:
        from service.plumbing.db import upgrade_database

        upgrade_database(pg_url)
        env = {
            "DATABASE_URL": pg_url,
            "REDIS_URL": redis_url,
            "URSUPPE_QUEUE": f"ursuppe-ops-{uuid.uuid4().hex[:8]}",
            "URSUPPE_SCHEDULER": "celery",
            "URSUPPE_AUTO_MIGRATE": "0",
            "URSUPPE_SWEEP_INTERVAL": "1",
            "URSUPPE_BOT_TIME_BUDGET": "0.3",
            "URSUPPE_STREAM_HEARTBEAT": "1",
            "URSUPPE_WEBHOOKS_ALLOW_PRIVATE": "1",
            "URSUPPE_LOG_FORMAT": "json",
            "URSUPPE_METRICS_TOKEN": SCRAPE_TOKEN,
        }
        stack = Stack(env, logdir)
        try:
            stack.worker, stack.worker_metrics = stack.celery(
                "worker", "worker", "-Q", f"{env['URSUPPE_QUEUE']},{env['URSUPPE_QUEUE']}.bots",
                "-c", "2", "-n", f"ops-{uuid.uuid4().hex[:6]}@%h",
                "--without-gossip", "--without-mingle", "--without-heartbeat",
            )  # fmt: skip
            stack.beat, stack.beat_metrics = stack.celery(
                "beat", "beat", "-s", str(logdir / "beat-schedule"), "--pidfile="
            )
            stack.web = stack.gunicorn("web", "api.wsgi:app", "--workers", "2", "--threads", "2")
            stack.stream = stack.gunicorn(
                "stream", "api.stream_wsgi:app", "--worker-class", "gevent", "--workers", "1"
            )
            yield stack
        finally:
            stack.stop()


def play(stack: Stack, receiver: Receiver) -> dict[str, Any]:
    """A player's game of a human who never moves and two bots, followed by a stream; the
    tokens used, the game id and the stream's reader once the game is over."""
    api = stack.web + "/api/v1"
    player = requests.post(f"{api}/players", json={"name": "site"}, timeout=10).json()
    auth = {"Authorization": f"Bearer {player['token']}"}
    hook = requests.post(
        f"{api}/players/me/webhooks",
        json={"url": receiver.url, "events": ["game.started", "game.finished"]},
        headers=auth,
        timeout=10,
    )
    assert hook.status_code == 201, hook.text
    receiver.secret = hook.json()["secret"]
    human, bot = {"kind": "human"}, {"kind": "bot", "level": "random"}
    created = requests.post(
        f"{api}/games",
        json={"players": 3, "seats": [bot, human, bot], "time_limit": 1, "timeout_policy": "bot"},
        headers=auth,
        timeout=10,
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["game"]["id"]
    reader = StreamReader(f"{stack.stream}/api/v1/games/{game_id}/stream", ndjson=True)
    reader.start()
    # The player sits in its own game (so that it is rated) and never moves.
    joined = requests.post(
        f"{api}/games/{game_id}/seats", json={"name": "idle"}, headers=auth, timeout=10
    )
    assert joined.status_code in (200, 201), joined.text
    wait_until(
        lambda: requests.get(f"{api}/games/{game_id}", timeout=10).json()["status"] == "finished",
        180,
        "the game to finish",
    )
    wait_until(lambda: receiver.accepted("game.finished"), 60, "the game.finished webhook")
    reader.closed.wait(30)
    return {
        "game_id": game_id,
        "reader": reader,
        "tokens": [
            player["token"],
            joined.json()["token"],
            created.json()["creator_token"],
            SCRAPE_TOKEN,
        ],
    }


def test_every_process_kind_exports_its_series_after_real_traffic(stack: Stack) -> None:
    with Receiver() as receiver:
        traffic = play(stack, receiver)
    assert traffic["reader"].types()[-1] == "end"

    # Closed to the public: no token, no metrics (web and worker alike).
    assert requests.get(f"{stack.web}/metrics", timeout=10).status_code == 401
    assert requests.get(stack.worker_metrics, timeout=10).status_code == 401

    web = scrape(f"{stack.web}/metrics")
    # Route templates, never raw paths: the game's id appears in no label.
    assert traffic["game_id"] not in json.dumps({k: [s.labels for s in v] for k, v in web.items()})
    created = value(
        web, "ursuppe_http_requests_total", route="/api/v1/games", method="POST", status="201"
    )
    assert created == 1
    polls = value(web, "ursuppe_http_requests_total", route="/api/v1/games/<game_id>", method="GET")
    assert polls >= 1
    assert value(web, "ursuppe_http_request_duration_seconds_count", method="GET") >= polls
    assert 0 < value(web, "ursuppe_http_request_duration_seconds_sum") < 60
    assert value(web, "ursuppe_games", status="finished") >= 1
    assert value(web, "ursuppe_streams_open") == 0  # no stream on this process kind
    wait_until(
        lambda: scrape(f"{stack.web}/metrics")["ursuppe_heartbeat_age_seconds"], 30, "heartbeats"
    )
    ages = scrape(f"{stack.web}/metrics")["ursuppe_heartbeat_age_seconds"]
    assert {s.labels["process"] for s in ages} == {"worker", "beat"}
    assert all(0 <= s.value < 30 for s in ages)

    stream = scrape(f"{stack.stream}/metrics")
    assert value(stream, "ursuppe_stream_messages_total", type="entry") >= 3
    assert value(stream, "ursuppe_stream_messages_total", type="end") == 1
    assert value(stream, "ursuppe_streams_open") == 0  # the stream ended with the game
    assert value(stream, "ursuppe_http_requests_total", route="/api/v1/games/<game_id>/stream") == 1

    worker = scrape(stack.worker_metrics)
    replies = value(worker, "ursuppe_bot_reply_seconds_count", level="random")
    assert replies >= 3
    assert 0 < value(worker, "ursuppe_bot_reply_seconds_sum", level="random") < 60 * replies
    assert value(worker, "ursuppe_deadline_lateness_seconds_count") == 1
    assert 0 <= value(worker, "ursuppe_deadline_lateness_seconds_sum") < 10
    assert value(worker, "ursuppe_webhook_deliveries_total", outcome="sent") == 2
    assert value(worker, "ursuppe_webhook_delivery_duration_seconds_count", outcome="sent") == 2
    assert 0 < value(worker, "ursuppe_webhook_delivery_duration_seconds_sum") < 10
    assert value(worker, "ursuppe_rating_runs_total", result="rated") == 1
    assert value(worker, "ursuppe_sweep_runs_total", sweep="deadlines") >= 1
    assert value(worker, "ursuppe_sweep_runs_total", sweep="webhooks") >= 1
    queues = {s.labels["queue"] for s in worker["ursuppe_queue_depth"]}
    assert queues == {stack.env["URSUPPE_QUEUE"], stack.env["URSUPPE_QUEUE"] + ".bots"}
    assert all(s.value >= 0 for s in worker["ursuppe_queue_depth"])
    assert value(worker, "ursuppe_queue_unacked") >= 0

    beat = scrape(stack.beat_metrics)
    assert value(beat, "ursuppe_beat_sends_total", task="workers.tasks.sweep_deadlines") >= 1

    # JSON logs: every line of every process's log that is a log record parses, the request
    # lines carry their request and game ids, and no token is anywhere.
    time.sleep(0.5)  # let the last lines reach the files
    records = []
    for proc in stack.procs:
        text = proc.logfile.read_text(errors="replace")
        for token in traffic["tokens"]:
            assert token not in text, f"a token in {proc.name}'s log"
        records += [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    requests_logged = [r for r in records if r.get("logger") == "ursuppe.request"]
    assert any(
        r.get("game_id") == traffic["game_id"] and r.get("request_id") for r in requests_logged
    )
    assert any(r.get("logger", "").startswith("workers") or r.get("game_id") for r in records)
    # The routine sweeps (one a second here) are debug records, left out at INFO.
    routine = [r for r in records if "sweep" in r.get("message", "")]
    assert routine == [], routine[:3]
    assert value(beat, "ursuppe_beat_sends_total") >= 3  # ...though beat sent them
