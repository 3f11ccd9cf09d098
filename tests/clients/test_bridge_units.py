"""The bridge's parts that need no server: its challenge policy, how it answers a
challenge (against a scripted transport), its engine process wrapper, and its command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from ursuppe_client import Client
from ursuppe_client.bridge import Bridge, ChallengePolicy, Engine, EngineFault, EnginePool
from ursuppe_client.bridge.answers import legal_item, read_line, same_json

BIN = Path(sys.executable).parent


REASONS = {"generic", "later", "too_fast", "too_slow", "time_control", "rated", "casual",
           "variant", "no_bot", "only_bot"}  # fmt: skip
PERSON = {"id": "p1", "name": "ann", "bot": False}
BOT = {"id": "b1", "name": "deep", "bot": True}


def _challenge(challenger: dict = PERSON, **terms: object) -> dict:
    return {"id": "c", "challenger": challenger, "seat": 1, "rematch_of": None,
            "terms": {"players": 3, "rated": True, **terms}}  # fmt: skip


@pytest.mark.parametrize(
    ("policy", "challenge", "games", "expected"),
    [
        (ChallengePolicy(), _challenge(), 0, ("accept", None)),
        (ChallengePolicy(mode="decline"), _challenge(), 0, ("decline", "generic")),
        (ChallengePolicy(mode="ignore"), _challenge(), 0, ("ignore", None)),
        (ChallengePolicy(from_players=frozenset({"p2"})), _challenge(), 0, ("decline", "generic")),
        (ChallengePolicy(from_players=frozenset({"p1"})), _challenge(), 0, ("accept", None)),
        (ChallengePolicy(bots="no"), _challenge(BOT), 0, ("decline", "no_bot")),
        (ChallengePolicy(bots="only"), _challenge(), 0, ("decline", "only_bot")),
        (ChallengePolicy(bots="only"), _challenge(BOT), 0, ("accept", None)),
        (ChallengePolicy(players=frozenset({4})), _challenge(), 0, ("decline", "variant")),
        (ChallengePolicy(players=frozenset({3})), _challenge(), 0, ("accept", None)),
        (ChallengePolicy(rated=False), _challenge(), 0, ("decline", "casual")),
        (ChallengePolicy(rated=True), _challenge(rated=False), 0, ("decline", "rated")),
        (ChallengePolicy(max_games=2), _challenge(), 2, ("decline", "later")),
        (ChallengePolicy(max_games=2), _challenge(), 1, ("accept", None)),
    ],
)
def test_the_challenge_policy(
    policy: ChallengePolicy, challenge: dict, games: int, expected: tuple[str, str | None]
) -> None:
    decision = policy.decide(challenge, games)
    assert decision == expected
    assert decision[1] is None or decision[1] in REASONS  # the API's Decline.reason


class NoEngines(EnginePool):
    def __init__(self) -> None:  # no processes
        self.mode = "pool"

    def close(self) -> None:
        pass


def test_challenges_are_accepted_or_declined_with_a_reason() -> None:
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={})

    client = Client(
        "http://server", player_token="player.bot", transport=httpx.MockTransport(answer)
    )
    policy = ChallengePolicy(from_players=frozenset({"friend"}))
    bridge = Bridge(client, NoEngines(), policy=policy)
    bridge._challenge(_challenge({"id": "friend", "name": "f", "bot": False}) | {"id": "c1"})
    bridge._challenge(_challenge({"id": "stranger", "name": "s", "bot": True}) | {"id": "c2"})
    accept, decline = seen
    assert (accept.method, accept.url.path) == ("POST", "/api/v1/challenges/c1/accept")
    assert (decline.method, decline.url.path) == ("POST", "/api/v1/challenges/c2/decline")
    assert json.loads(decline.content) == {"reason": "generic"}
    assert all(r.headers["Authorization"] == "Bearer player.bot" for r in seen)
    assert all(r.headers.get("Idempotency-Key") for r in seen)
    assert [c[1] for c in bridge.challenges] == ["accept", "decline"]


def _engine(tmp_path: Path, body: str) -> Engine:
    script = tmp_path / "engine.py"
    script.write_text("import json, sys, time\n" + body)
    return Engine([sys.executable, str(script)], "test", {"type": "hello", "protocol": 1})


def test_an_engine_answers_and_its_faults_are_told_apart(tmp_path: Path) -> None:
    echo = _engine(
        tmp_path,
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] != 'decision':\n"
        "        continue\n"
        "    if m['n'] == 4:\n"
        "        time.sleep(30)\n"
        "    if m['n'] == 5:\n"
        "        sys.exit(3)\n"
        "    print('[1]' if m['n'] == 6 else json.dumps({'action': m['n']}), flush=True)\n",
    )
    try:
        # The hello was written first and needed no answer.
        assert echo.ask({"type": "decision", "n": 1}, 10) == {"action": 1}
        with pytest.raises(EngineFault) as hang:
            echo.ask({"type": "decision", "n": 4}, 0.5)
        assert hang.value.kind == "timeout"
        echo.restart()
        assert echo.ask({"type": "decision", "n": 3}, 10) == {"action": 3}
        with pytest.raises(EngineFault) as stray:
            echo.ask({"type": "decision", "n": 6}, 10)
        assert stray.value.kind == "stray" and "not an answer" in stray.value.detail
        with pytest.raises(EngineFault) as crash:
            echo.ask({"type": "decision", "n": 5}, 10)
        assert crash.value.kind == "crashed" and "exit code 3" in crash.value.detail
        echo.restart()
        assert echo.ask({"type": "decision", "n": 8}, 10) == {"action": 8}
        assert echo.starts == 3
    finally:
        echo.stop()


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ({"type": "start_space", "space": 3}, {"space": 3, "type": "start_space"}, True),
        ({"type": "start_space", "space": 3.0}, {"type": "start_space", "space": 3}, False),
        ({"type": "x", "keep": True}, {"type": "x", "keep": 1}, False),
        ({"type": "x", "keep": 0}, {"type": "x", "keep": False}, False),
        ({"type": "x", "genes": ["a", "b"]}, {"type": "x", "genes": ["b", "a"]}, False),
        ({"type": "x", "n": None}, {"type": "x"}, False),
        ({"type": "x", "n": [1, {"k": 2}]}, {"type": "x", "n": [1, {"k": 2.0}]}, False),
        ({"type": "x", "n": [1, {"k": 2}]}, {"n": [1, {"k": 2}], "type": "x"}, True),
    ],
)
def test_an_answer_matches_an_action_only_as_the_same_json_value(
    a: dict, b: dict, same: bool
) -> None:
    assert same_json(a, b) is same
    assert same_json(b, a) is same


def test_the_bridge_plays_the_servers_own_item() -> None:
    actions = [{"type": "done"}, {"type": "start_space", "space": 3}]
    answer = json.loads('{"space": 3, "type": "start_space"}')
    assert legal_item(answer, actions) is actions[1]
    assert legal_item(json.loads('{"space": 3.0, "type": "start_space"}'), actions) is None
    assert legal_item(None, actions) is None


@pytest.mark.parametrize(
    ("text", "owed", "seq", "answer"),
    [
        ('{"action": {"type": "done"}}', True, 7, True),
        ('{"action": {"type": "done"}, "seq": 7}', True, 7, True),
        ('{"action": {"type": "done"}, "seq": 6}', True, 7, False),  # a late answer
        ('{"action": {"type": "done"}, "seq": 7.0}', True, 7, False),
        ('{"action": {"type": "done"}}', False, None, False),  # nothing was asked
        ("thinking...", True, 7, False),
        ('{"info": "depth 3"}', True, 7, False),
        ("[1]", True, 7, False),
    ],
)
def test_a_stdout_line_is_the_answer_or_stray(text: str, owed: bool, seq: int | None,
                                              answer: bool) -> None:  # fmt: skip
    line = read_line(text, owed=owed, seq=seq)
    assert (line.answer is not None) is answer
    assert (line.stray is None) is answer


def test_an_engine_that_cannot_start_fails_each_decision_and_is_tried_again(
    tmp_path: Path,
) -> None:
    missing = Engine([str(tmp_path / "no-such-engine")], "gone", {"type": "hello"})
    assert missing.starts == 0 and "could not be started" in (missing.start_error or "")
    for _ in range(2):
        with pytest.raises(EngineFault) as fault:
            missing.ask({"type": "decision", "seq": 1}, 1)
        assert fault.value.kind == "cannot_start"
        missing.restart()  # what the bridge does after a fault: no exception
    missing.stop()
    # A pool of such engines is made all the same: the bridge does not exit for it.
    pool = EnginePool([str(tmp_path / "no-such-engine")], "pool", 2, {"type": "hello"})
    engine = pool.acquire("g", timeout=1)
    with pytest.raises(EngineFault, match="cannot_start"):
        engine.ask({"type": "decision", "seq": 1}, 1)
    pool.release(engine)
    pool.close()


def test_the_engine_does_not_inherit_the_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("URSUPPE_TOKEN", "player.secret")
    monkeypatch.setenv("URSUPPE_SERVER", "http://server")
    env = _engine(
        tmp_path,
        "import os\n"
        "for line in sys.stdin:\n"
        "    if json.loads(line)['type'] == 'decision':\n"
        "        print(json.dumps({'action': [os.environ.get('URSUPPE_TOKEN'),\n"
        "                                     os.environ.get('URSUPPE_SERVER')]}), flush=True)\n",
    )
    try:
        assert env.ask({"type": "decision", "seq": 1}, 10) == {"action": [None, "http://server"]}
    finally:
        env.stop()


BAD = [
    (["--pool-size", "0", "--", "x"], "--pool-size"),
    (["--move-time", "-1", "--", "x"], "--move-time"),
    (["--move-time", "nan", "--", "x"], "--move-time"),
    (["--engine-mode", "swarm", "--", "x"], "--engine-mode"),
]


@pytest.mark.parametrize(("argv", "mentions"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_arguments_exit_2_with_one_line(argv: list[str], mentions: str) -> None:
    for command in ([str(BIN / "ursuppe-bridge")], [sys.executable, "-m", "ai.cli", "bridge"]):
        done = subprocess.run([*command, *argv], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, done.stderr
        errors = [line for line in done.stderr.splitlines() if "error:" in line]
        assert len(errors) == 1 and mentions in errors[0], done.stderr


def test_the_bridge_asks_for_an_engine_and_a_token() -> None:
    env = {k: v for k, v in os.environ.items() if k != "URSUPPE_TOKEN"}
    no_engine = subprocess.run([str(BIN / "ursuppe-bridge"), "--token", "player.x"],
                               capture_output=True, text=True, timeout=60, env=env)  # fmt: skip
    assert no_engine.returncode == 2 and "engine's command" in no_engine.stderr
    no_token = subprocess.run([str(BIN / "ursuppe-bridge"), "--", "x"],
                              capture_output=True, text=True, timeout=60, env=env)  # fmt: skip
    assert no_token.returncode == 2 and "player token" in no_token.stderr


def test_a_bad_token_or_server_ends_the_bridge_with_one_line() -> None:
    dead = subprocess.run(
        [str(BIN / "ursuppe-bridge"), "--server", "http://127.0.0.1:9", "--token", "player.x",
         "--retries", "1", "--", "x"],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "URSUPPE_TOKEN": ""},
    )  # fmt: skip
    assert dead.returncode == 1 and "Traceback" not in dead.stderr
    assert "ursuppe-bridge: http://127.0.0.1:9:" in dead.stderr


FLAWED = Path(__file__).parent / "engines" / "flawed_engine.py"
SAMPLE = Path(__file__).resolve().parents[2] / "clients/python/examples/engines/random_engine.py"
CHECKS = [
    ("none", 0, None, "PASS: the bridge can play with this engine"),
    ("no_flush", 1, "flushing", "does not flush stdout after each answer"),
    ("float", 1, "numbers", "write integers as JSON integers (3, not 3.0)"),
    ("chatty", 1, "stray", "not JSON: 'thinking...'; stdout is for answers only"),
    ("keeps_running", 1, "exit", "still running 2 s after its stdin closed"),
]


@pytest.mark.parametrize(("flaw", "code", "topic", "words"), CHECKS, ids=[c[0] for c in CHECKS])
def test_the_conformance_check_says_what_is_wrong_with_an_engine(
    flaw: str, code: int, topic: str | None, words: str
) -> None:
    """``ursuppe bridge --check -- CMD``: no server, sample decisions, a report in words
    (on stdout) and exit status 1 when the engine has a flaw."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # a pipe buffers
    done = subprocess.run(
        [sys.executable, "-m", "ai.cli", "bridge", "--check", "--move-time", "2",
         "--", sys.executable, str(FLAWED), flaw],
        capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip
    assert done.returncode == code, done.stdout + done.stderr
    report = done.stdout.splitlines()
    assert words in done.stdout, done.stdout
    failed = {line.split()[1].rstrip(":") for line in report if line.startswith("FAIL ")}
    assert failed == ({topic} if topic else set()), done.stdout
    assert "Traceback" not in done.stderr


def test_the_check_passes_the_sample_engine_and_names_one_that_cannot_start(
    tmp_path: Path,
) -> None:
    good = subprocess.run([str(BIN / "ursuppe-bridge"), "--check", "--", sys.executable,
                           str(SAMPLE)], capture_output=True, text=True, timeout=120)  # fmt: skip
    assert good.returncode == 0, good.stdout + good.stderr
    assert "12 of 12 sample decisions answered legally" in good.stdout
    assert "note:" not in good.stdout  # it echoes the seq
    missing = subprocess.run([str(BIN / "ursuppe-bridge"), "--check", "--",
                              str(tmp_path / "nothing")], capture_output=True, text=True,
                             timeout=120)  # fmt: skip
    assert missing.returncode == 1
    assert "problem (start): the engine could not be started" in missing.stdout


def test_the_check_samples_are_the_engines_decisions_of_now() -> None:
    from scripts import bridge_samples

    assert bridge_samples.main(["--check"]) == 0
