"""The live stream end to end on real parts: gunicorn with the gevent worker, a Celery
worker playing the bots, Redis pub/sub and PostgreSQL. A scripted human plays from its
own stream; the clients under test must receive every log entry, in order, exactly once,
with the same content as ``/events``."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest
from stream_stack import Stack

from harness.streams import (
    Api,
    RedisServer,
    ScriptedHuman,
    StreamReader,
    base_env,
    celery_worker,
    stream_server,
    strip_stream_fields,
    wait_until,
)

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

BOT = {"kind": "bot", "level": "random"}
HUMAN = {"kind": "human"}
GAME_TIMEOUT = 180


def one_human_game(api: Api) -> str:
    return api.create([HUMAN, BOT, BOT], time_limit=0)


def assert_same_as_events(api: Api, game_id: str, entries: list[dict], after: int = 0) -> None:
    """Every entry after ``after`` (the seq of the state a fresh stream began with) exactly
    once, in seq order, with the content of ``/events``."""
    events = [e for e in api.events(game_id) if e["seq"] > after]
    assert events, "the game has a log"
    assert [e["id"] for e in entries] == [e["seq"] for e in events]
    assert [e["data"]["seq"] for e in entries] == [e["seq"] for e in events]
    assert [strip_stream_fields(e["data"]) for e in entries] == events


def test_a_spectator_sees_a_whole_game_exactly_once(stack: Stack) -> None:
    api = stack.api
    game_id = one_human_game(api)
    spectator = StreamReader(api.stream_url(game_id), stop_after=lambda m: m["type"] == "end")
    spectator.start()
    wait_until(lambda: spectator.messages, 10, "the first message")
    seat, token = api.join(game_id)
    human = ScriptedHuman(api, game_id, seat, token).start()

    assert spectator.closed.wait(GAME_TIMEOUT), stack.logs()
    assert spectator.error is None, spectator.error
    types = spectator.types()
    assert types[0] == "state" and spectator.messages[0]["data"]["status"] == "open"
    assert types[-1] == "end"
    final = api.game(game_id)
    assert final["status"] == "finished"
    assert spectator.messages[-1]["data"] == final
    assert "state" in types[1:], "the join that started the game came as a state message"
    assert human.moves > 0
    entries = spectator.entries()
    assert_same_as_events(api, game_id, entries)
    # After each entry: the decision that followed it (None once the game is over).
    assert entries[-1]["data"]["pending"] is None
    assert all(e["data"]["pending"]["seat"] in (0, 1, 2) for e in entries[:-1])
    # The human's own stream marked exactly its decisions as its turn.
    human.reader.closed.wait(30)
    mine = [m["data"] for m in human.reader.entries()]
    # Its stream opened after the join that started the game: a bot may have moved first,
    # and the state it began with holds those moves (a race that load made visible).
    first = next(m for m in human.reader.messages if m["type"] != "heartbeat")
    assert first["type"] == "state"
    began = first["data"]["seq"]
    assert [e["seq"] for e in mine] == [
        e["data"]["seq"] for e in entries if e["data"]["seq"] > began
    ]
    assert all(
        e["your_turn"] == (e["pending"] is not None and e["pending"]["seat"] == seat) for e in mine
    )
    assert "your_turn" not in entries[0]["data"], "spectators get no your_turn"


def test_a_client_cut_off_resumes_with_last_event_id(stack: Stack) -> None:
    api = stack.api
    game_id = one_human_game(api)
    first = StreamReader(api.stream_url(game_id), ndjson=True)
    first.start()
    wait_until(lambda: first.messages, 10, "the first message")
    seat, token = api.join(game_id)
    human = ScriptedHuman(api, game_id, seat, token).start()
    wait_until(lambda: len(first.entries()) >= 10, 60, "ten entries")
    first.cut()
    first.closed.wait(10)
    before = first.entries()
    last = before[-1]["id"]
    # The game goes on while the client is away.
    wait_until(lambda: api.game(game_id)["seq"] >= last + 10, 60, "ten more moves")

    second = StreamReader(
        api.stream_url(game_id),
        headers={"Last-Event-ID": str(last)},
        stop_after=lambda m: m["type"] == "end",
    )
    second.start()
    assert second.closed.wait(GAME_TIMEOUT), stack.logs()
    assert second.error is None, second.error
    after = second.entries()
    assert after[0]["id"] == last + 1, "no gap"
    assert second.types()[-1] == "end"
    assert_same_as_events(api, game_id, before + after)
    assert human.moves > 0


def test_two_hundred_spectators_all_receive_a_move(stack: Stack) -> None:
    api = stack.api
    game_id = api.create([HUMAN, HUMAN, HUMAN], time_limit=0)
    tokens = dict(api.join(game_id, f"p{i}") for i in range(3))
    readers = [
        StreamReader(
            api.stream_url(game_id), ndjson=bool(i % 2), stop_after=lambda m: m["type"] == "entry"
        )
        for i in range(200)
    ]
    for reader in readers:
        reader.start()
    wait_until(lambda: all(r.messages for r in readers), 60, "200 streams open")
    assert all(r.status == 200 for r in readers)
    pending = api.pending(game_id)
    seat = pending["pending"]["seat"]
    assert api.play_first(game_id, tokens[seat], pending["seq"]) == 200
    for reader in readers:
        assert reader.closed.wait(60), stack.logs()
    got = [r.entries() for r in readers]
    assert all(len(e) == 1 and e[0]["id"] == pending["seq"] + 1 for e in got)
    assert len({str(e[0]["data"]) for e in got}) == 1, "everybody saw the same entry"


def test_streams_recover_from_a_redis_restart(pg_url: str, logdir: Path) -> None:
    """Everything goes through a private Redis (broker and notices, one ``REDIS_URL`` as in
    production and embedded mode) that is stopped mid-game and started again empty: the
    worker reconnects (the same process), the sweep plays a bot turn whose message was lost
    with it, and the streams come back by the re-subscription or, at the latest, by the re-check, production's 3 s.

    Until 26 Nov the re-check was 600 s here, so that only the re-subscription could bring
    the streams back. Three runs of the whole suite that day (of six) showed that it does
    not always: the stream process logged its last failed attempt, then nothing; its streams
    kept their heartbeats but got no entry for three minutes while the game waited for the
    human. Not understood yet (a read limit on the subscription, 02432b1, did not cure it;
    waking the streams on Redis's confirmation of the subscription, 27 Nov, closes a race,
    though 26 Nov's timelines do not point at it; a stall now reports the scripted human's
    side too); docs/stream.md says what a client sees meanwhile: the re-check's delay."""
    notices = RedisServer().start()
    env = base_env(
        pg_url,
        notices.url,
        f"ursuppe-stream-{uuid.uuid4().hex[:8]}",
        URSUPPE_STREAM_RECHECK="3",
    )
    worker = celery_worker(env, logdir, name="worker-restart")
    server, base = stream_server(env, logdir, name="stream-restart")
    try:
        api = Api(base)
        game_id = one_human_game(api)
        seat, token = api.join(game_id)
        spectator = StreamReader(api.stream_url(game_id), stop_after=lambda m: m["type"] == "end")
        spectator.start()
        human = ScriptedHuman(api, game_id, seat, token).start()
        wait_until(lambda: len(spectator.entries()) >= 10, 60, "ten entries")

        notices.stop()
        down_at = len(spectator.entries())
        seq_down = api.game(game_id)["seq"]
        # The game moves on without notices (the human's own stream stalls too, so the
        # bots may have to wait for it: at least the moves already pending get played).
        # The outage's length, not a wait for an event: ended as soon as the stream had
        # noticed it, this test once stalled under load (see the docstring).
        time.sleep(3)
        notices.start()

        # The worker rides the outage out by itself (workers.broker fixed kombu's fault that
        # killed it on some restarts: "Unrecoverable error: AttributeError ... 'hostname'").
        deadline = time.monotonic() + GAME_TIMEOUT
        while not spectator.closed.wait(0.5) and time.monotonic() < deadline:
            assert worker.alive(), f"the worker died of the outage:\n{worker.tail()}"
        if not spectator.closed.is_set():
            game = api.game(game_id)
            waits = {k: game.get(k) for k in ("status", "seq", "version", "pending_seat")}
            seen = [e["id"] for e in spectator.entries()][-5:]
            pytest.fail(
                f"{server.tail()}\n{worker.tail()}\ngame: {waits}\n{human.report()}\n"
                f"spectator: last entries {seen}, error={spectator.error!r}"
            )
        assert spectator.error is None, spectator.error
        assert len(spectator.entries()) > down_at
        assert api.game(game_id)["seq"] > seq_down
        # The spectator came after the join: its first state may already hold a bot's moves.
        began = spectator.messages[0]["data"]["seq"]
        assert_same_as_events(api, game_id, spectator.entries(), after=began)
        assert "resubscribing" in server.tail(400), "the outage was noticed"
        assert human.moves > 0
    finally:
        server.stop()
        worker.stop()
        notices.close()


def test_the_stream_process_on_sqlite_with_redis(redis_url: str, logdir: Path) -> None:
    """The embedded set-up (a SQLite file, the runner's Redis): moves made through the API
    reach a stream at once, as ``/events`` has them."""
    from service.plumbing.db import upgrade_database

    database = f"sqlite:///{logdir / f'embedded-{uuid.uuid4().hex[:6]}.sqlite'}"
    upgrade_database(database)
    env = base_env(
        database, redis_url, "unused", URSUPPE_SCHEDULER="none", URSUPPE_STREAM_RECHECK="600"
    )
    server, base = stream_server(env, logdir, name="stream-sqlite")
    try:
        api = Api(base)
        game_id = api.create([HUMAN, HUMAN, HUMAN], time_limit=0)
        tokens = dict(api.join(game_id, f"p{i}") for i in range(3))
        reader = StreamReader(api.stream_url(game_id), stop_after=lambda m: m.get("id") == 6)
        reader.start()
        wait_until(lambda: reader.messages, 10, "the state")
        for _ in range(6):
            pending = api.pending(game_id)
            assert (
                api.play_first(game_id, tokens[pending["pending"]["seat"]], pending["seq"]) == 200
            )
            # each move arrives before the next is made: pushed, not found by the re-check
            wait_until(
                lambda s=pending["seq"] + 1: any(e["id"] == s for e in reader.entries()),
                10,
                "the move",
            )
        assert reader.closed.wait(10), server.tail()
        assert_same_as_events(api, game_id, reader.entries())
    finally:
        server.stop()
