"""``ursuppe-bridge`` against a live server (gunicorn and a Celery worker): the sample
engines in Python and JavaScript play whole games through it, and an engine that crashes,
hangs or answers something illegal, and a network that drops the bridge's connections, cost
a fallback move at most, never the game or a double submission (docs/bots.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from ursuppe_client import OPERATIONS, Client
from ursuppe_client.bridge import Bridge, ChallengePolicy, EnginePool, hello_message
from ursuppe_client.bridge.runner import pending_document

from harness.tcp_proxy import tcp_relay
from harness.web_server import LiveServer
from tests.clients.bots_helpers import BotGames, bot_games

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "clients" / "python" / "examples" / "engines"
BIN = Path(sys.executable).parent


def _finished(base_url: str, games: list[str]) -> list[dict]:
    with Client(base_url) as client:
        return [client.get_game(game_id) for game_id in games]


def _our_entries(base_url: str, game_id: str, seat: int = 0) -> list[dict]:
    """The log entries of ``seat``'s decisions."""
    entries, since = [], 0
    with Client(base_url) as client:
        while since is not None:
            page = client.list_game_events(game_id, since=since, limit=500)
            entries += page["items"]
            since = page["next_since"]
    return [e for e in entries if e["seat"] == seat and e.get("action") is not None]


def _run_bridge_cli(
    live: LiveServer, games: BotGames, engine: list[str], tmp_path: Path, *extra: str
) -> tuple[subprocess.CompletedProcess[str], Path]:
    log_dir = tmp_path / "games"
    done = subprocess.run(
        [str(BIN / "ursuppe-bridge"), "--server", live.base_url, "--log-dir", str(log_dir),
         "--stop-after", str(len(games.games)), *extra, "--", *engine],
        env={**os.environ, "URSUPPE_TOKEN": games.token},
        capture_output=True, text=True, timeout=400,
    )  # fmt: skip
    return done, log_dir


def _assert_played_by_engine(live: LiveServer, games: BotGames, log_dir: Path) -> None:
    for game in _finished(live.base_url, games.games):
        assert game["status"] == "finished", game["status"]
        text = (log_dir / f"{game['id']}.log").read_text()
        lines = [line for line in text.splitlines() if " seq=" in line]
        assert lines and all("by=engine" in line and "outcome=ok" in line for line in lines), text
        assert "game over: finished" in text
        # Every decision of ours in the log was answered once, by the engine; a bot
        # account's moves are logged as a bot's.
        entries = _our_entries(live.base_url, game["id"])
        assert len(entries) == len(lines)
        assert {e["actor"] for e in entries} == {"bot" if games.bot_account else "human"}


@pytest.mark.parametrize("as_bot", [True, False], ids=["bot account", "a person's seat"])
def test_the_python_sample_engine_plays_a_whole_game_through_the_bridge(
    server: LiveServer, tmp_path: Path, as_bot: bool
) -> None:
    games = bot_games(server.base_url, games=1, name="py-engine", bot_account=as_bot)
    assert games.bot_account == (as_bot and "becomeBotAccount" in OPERATIONS)
    engine = [sys.executable, str(ENGINES / "random_engine.py")]
    done, log_dir = _run_bridge_cli(server, games, engine, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "random engine: protocol 1" in done.stderr  # the engine's stderr is logged
    _assert_played_by_engine(server, games, log_dir)


def test_the_javascript_sample_engine_plays_games_through_a_pool(
    server: LiveServer, tmp_path: Path
) -> None:
    games = bot_games(server.base_url, games=2, name="js-engine")
    engine = ["node", str(ENGINES / "random_engine.js")]
    done, log_dir = _run_bridge_cli(
        server, games, engine, tmp_path, "--engine-mode", "pool", "--pool-size", "2"
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "js engine: protocol 1" in done.stderr
    _assert_played_by_engine(server, games, log_dir)


def _bridge_thread(bridge: Bridge) -> threading.Thread:
    thread = threading.Thread(target=bridge.run, daemon=True)
    thread.start()
    assert bridge.connected.wait(30), "the bridge never connected"
    return thread


def test_an_engine_that_crashes_hangs_or_answers_illegally_is_restarted_and_the_game_goes_on(
    server: LiveServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Six games, one engine process each; each engine misbehaves once, in its own way,
    from its game's third decision: the bridge logs it, restarts the engine, plays
    pending.actions[0] and goes on to the end of every game. An answer that equals a legal
    action only by Python's equality (``3.0`` for ``3``) is illegal: the server would
    refuse it."""
    modes = ["crash", "hang", "illegal", "garbage", "float", "stray"]
    games = bot_games(server.base_url, games=len(modes), name="faulty")
    by_game = dict(zip(games.games, modes, strict=True))
    starts = tmp_path / "starts"
    (tmp_path / "counts").mkdir()
    # The engine learns its game from the hello of per-game mode: a tiny launcher.
    launcher = tmp_path / "launch.py"
    launcher.write_text(
        "import json, os, sys\n"
        # Byte by byte: a buffered read could take the next message along, lost at exec.
        "hello = b''\n"
        "while not hello.endswith(b'\\n'):\n"
        "    hello += os.read(0, 1) or sys.exit(0)\n"
        "game = json.loads(hello)['game_id']\n"
        f"mode = json.loads({json.dumps(json.dumps(by_game))})[game]\n"
        f"env = dict(os.environ, FAULTY_ENGINE_COUNT=os.path.join({str(tmp_path / 'counts')!r}, game),\n"
        f"           FAULTY_ENGINE_STARTS={str(starts)!r})\n"
        f"os.execve(sys.executable, [sys.executable, {str(Path(__file__).parent / 'engines' / 'faulty_engine.py')!r}, mode, '3'], env)\n"
    )  # fmt: skip
    client = Client(server.base_url, player_token=games.token)
    engines = EnginePool([sys.executable, str(launcher)], "per_game", 0, hello_message())
    # A move time well above a loaded machine's start of a Python process.
    bridge = Bridge(client, engines, move_time=6.0, stop_after=len(modes), log_dir=tmp_path / "g")
    caplog.set_level("INFO", logger="ursuppe_client")
    thread = _bridge_thread(bridge)
    thread.join(400)
    assert not thread.is_alive(), "the bridge did not finish its games"
    for game in _finished(server.base_url, games.games):
        assert game["status"] == "finished", (by_game[game["id"]], game["status"])
    fallbacks = Counter(r.source for r in bridge.records if r.source != "engine")
    assert fallbacks == {
        "fallback:crashed": 1, "fallback:timeout": 1, "fallback:illegal": 2, "fallback:stray": 2
    }, fallbacks  # fmt: skip
    # Each fault restarted its engine once: 6 first starts and 6 restarts.
    assert len(starts.read_text().split()) == 12
    text = caplog.text
    kinds = {"crash": "crashed", "hang": "timeout", "illegal": "illegal", "garbage": "stray",
             "float": "illegal", "stray": "stray"}  # fmt: skip
    for game_id, mode in by_game.items():
        faulted = [r for r in bridge.records if r.game_id == game_id and r.source != "engine"]
        assert [r.source for r in faulted] == [f"fallback:{kinds[mode]}"], mode
        warning = f"game {game_id} seat 0 seq {faulted[0].seq}: engine {kinds[mode]} ("
        assert warning in text, (mode, text[-3000:])
    assert "differs from the legal" in text and "in a JSON type" in text  # the float
    assert "stray output instead of the answer: not JSON" in text  # the garbage
    assert "restarting it; playing the fallback pending.actions[0]" in text
    # A bot account's token acts in its seats: no seat token was needed.
    assert games.bot_account == ("becomeBotAccount" in OPERATIONS)
    if games.bot_account:
        assert client.seat_tokens == {}
    # Never a second submission: one log entry per decision the bridge answered.
    for game_id in games.games:
        ours = [r for r in bridge.records if r.game_id == game_id]
        assert {r.outcome for r in ours} == {"ok"}
        assert len(_our_entries(server.base_url, game_id)) == len(ours)


@pytest.mark.parametrize("mode", ["per_game", "pool"])
def test_an_engine_that_cannot_start_costs_a_fallback_per_decision_and_the_game_ends(
    server: LiveServer, tmp_path: Path, mode: str
) -> None:
    """The engine's program does not exist: the bridge neither stalls the game nor exits;
    each decision is the fallback, with a warning saying why."""
    games = bot_games(server.base_url, games=1, name=f"no-engine-{mode}")
    done, log_dir = _run_bridge_cli(
        server, games, [str(tmp_path / "no-such-engine")], tmp_path, "--engine-mode", mode
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (game,) = _finished(server.base_url, games.games)
    assert game["status"] == "finished"
    lines = [line for line in (log_dir / f"{game['id']}.log").read_text().splitlines()
             if " seq=" in line]  # fmt: skip
    assert lines and all(
        "by=fallback:cannot_start" in line and line.endswith("outcome=ok") for line in lines
    )
    assert len(_our_entries(server.base_url, game["id"])) == len(lines)
    assert "engine cannot_start (the engine could not be started (" in done.stderr
    assert "trying to start it again; playing the fallback" in done.stderr


def _all_entries(base_url: str, game_id: str) -> list[dict]:
    entries, since = [], 0
    with Client(base_url) as client:
        while since is not None:
            page = client.list_game_events(game_id, since=since, limit=500)
            entries += page["items"]
            since = page["next_since"]
    return entries


def test_a_bot_accounts_game_of_programs_finishes_when_its_bridge_is_gone(
    server: LiveServer, tmp_path: Path
) -> None:
    """The account's own game against the service's bots keeps the clock it asked for; the
    bridge plays a few decisions and goes away; the account's seat misses two deadlines
    (the stand-in plays one, then takes the seat) and the game ends."""
    control = {"type": "per_decision", "seconds": 3}
    games = bot_games(server.base_url, games=1, name="gone", time_control=control)
    game_id = games.games[0]
    engines = EnginePool([sys.executable, str(ENGINES / "random_engine.py")], "per_game", 0,
                         hello_message())  # fmt: skip
    bridge = Bridge(Client(server.base_url, player_token=games.token), engines)
    thread = _bridge_thread(bridge)
    deadline = time.monotonic() + 120
    while len(bridge.records) < 3 and time.monotonic() < deadline:
        thread.join(0.05)
    bridge.stop()
    thread.join(30)
    assert not thread.is_alive() and len(bridge.records) >= 3
    with Client(server.base_url) as client:
        stream = client.stream_game(game_id)  # its entries, then `end` when it is over
        game = next(m["data"] for m in stream if m["type"] == "end")
        stream.close()
    assert game["status"] == "finished" and game["time_control"] == control
    assert game["seats"][0]["bot_account"] and game["seats"][0]["bot_level"] == "greedy"
    missed = [e for e in _all_entries(server.base_url, game_id)
              if e["seat"] == 0 and e["actor"] == "timeout"]  # fmt: skip
    assert missed and len(missed) <= 2
    assert missed[-1]["events"][0]["type"] == "seat_to_bot"


def test_the_bridge_reconnects_after_dropped_connections_and_never_submits_twice(
    server: LiveServer, tmp_path: Path
) -> None:
    games = bot_games(server.base_url, games=2, name="dropped")
    port = urlsplit(server.base_url).port
    assert port
    with tcp_relay(port) as relay:
        client = Client(f"http://127.0.0.1:{relay.port}", player_token=games.token, backoff=0.1)
        engines = EnginePool(
            [sys.executable, str(ENGINES / "random_engine.py")], "pool", 2, hello_message()
        )
        bridge = Bridge(client, engines, stop_after=len(games.games))
        thread = _bridge_thread(bridge)
        drops = 0
        deadline = time.monotonic() + 400
        # Cut every connection (the stream and requests in flight) after every few
        # decisions, until the games end.
        seen = 0
        while thread.is_alive() and time.monotonic() < deadline:
            if len(bridge.records) >= seen + 5:
                seen = len(bridge.records)
                drops += relay.drop() > 0
            thread.join(0.05)
        assert not thread.is_alive(), "the bridge did not finish its games"
    assert drops >= 3
    assert bridge._stream is not None
    for game in _finished(server.base_url, games.games):
        assert game["status"] == "finished"
        ours = [r for r in bridge.records if r.game_id == game["id"]]
        entries = _our_entries(server.base_url, game["id"])
        # Each decision in the log once, played by us (no timeout stood in), and every
        # decision the bridge recorded is in the log exactly once.
        assert all(e["actor"] != "timeout" for e in entries), Counter(e["actor"] for e in entries)
        seqs = [r.seq for r in ours if r.outcome in ("ok", "replayed")]
        assert len(seqs) == len(set(seqs))
        assert sorted(e["seq"] for e in entries) == sorted(s + 1 for s in seqs)


def test_a_bot_accounts_notice_carries_the_decision_exactly_as_get_pending_serves_it(
    server: LiveServer,
) -> None:
    """A bot account's ``your_turn`` carries ``pending`` (``GET /games/{id}/pending``'s
    document of that moment) and the game's ``state``, so the bridge answers with one
    request; for a person's seat the bridge reads the game once and builds the same
    document from it."""
    for as_bot in (True, False):
        games = bot_games(server.base_url, games=1, name="pending", bot_account=as_bot)
        game_id = games.games[0]
        with Client(server.base_url, player_token=games.token) as client:
            stream = client.stream_me()
            turn = next(m["data"] for m in stream if m["type"] == "your_turn")
            stream.close()  # the game waits on seat 0 from here
            served, game = client.get_pending_decision(game_id), client.get_game(game_id)
        assert served["pending"] is not None and pending_document(game) == served
        if as_bot:
            assert turn["pending"] == served and turn["state"] == game["state"]
        else:
            assert "pending" not in turn and "state" not in turn


def test_the_bridge_answers_challenges_by_its_policy_and_plays_the_accepted_game(
    server: LiveServer,
) -> None:
    """Two bot accounts, each with a bridge: one challenges the other, whose policy accepts
    challenges from it alone; both play the game to its end. A person's challenge to the
    same account is declined with the API's reason."""
    base = server.base_url
    challenged = bot_games(base, games=0, name="challenged")
    challenger = bot_games(base, games=0, name="challenger")
    outsider = bot_games(base, games=0, name="outsider", bot_account=False)
    assert challenged.bot_account and challenger.bot_account
    engine = [sys.executable, str(ENGINES / "random_engine.py")]

    def bridge_for(token: str, policy: ChallengePolicy) -> Bridge:
        pool = EnginePool(engine, "per_game", 0, hello_message())
        return Bridge(Client(base, player_token=token), pool, policy=policy, stop_after=1)

    accepting = bridge_for(
        challenged.token, ChallengePolicy(from_players=frozenset({challenger.player_id}))
    )
    playing_back = bridge_for(challenger.token, ChallengePolicy(mode="ignore"))
    threads = [_bridge_thread(accepting), _bridge_thread(playing_back)]
    with Client(base, player_token=challenger.token) as client:
        accepted = client.create_challenge(
            {"invited": [challenged.player_id], "players": 3, "rated": False}
        )
    with Client(base, player_token=outsider.token) as client:
        stream = client.stream_me()  # opened first: the decline arrives on it
        assert next(stream)["type"] == "hello"
        declined = client.create_challenge({"invited": [challenged.player_id], "rated": False})
        for message in stream:
            if message["type"] == "challenge_declined" and message["data"]["id"] == declined["id"]:
                assert message["data"]["reason"] == "generic"
                break
        stream.close()
        assert client.get_challenge(declined["id"])["decline_reason"] == "generic"
    for thread in threads:
        thread.join(400)
        assert not thread.is_alive(), "the challenge's game did not end"
    with Client(base, player_token=challenger.token) as client:
        game_id = client.get_challenge(accepted["id"])["game_id"]
        assert game_id and client.get_game(game_id)["status"] == "finished"
    decisions = {
        (b is accepting): {r.game_id for r in b.records} for b in (accepting, playing_back)
    }
    assert decisions == {True: {game_id}, False: {game_id}}
    assert (accepted["id"], "accept", None) in accepting.challenges
    assert (declined["id"], "decline", "generic") in accepting.challenges
