"""The project's Python client (clients/python, ``ursuppe_client``): generated from the
committed spec and up to date with it, a method for every operation, retries that honour
``Retry-After``, an idempotency key on every write kept across retries, problems as typed
exceptions, the token kinds chosen for the caller, streams that resume after a dropped
connection (against a scripted transport), and the README's "bot in 15 lines" playing a
whole game against a live server."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from ursuppe_client import OPERATIONS, Client, ProblemError, TransportError, problems

from harness.web_server import LiveServer
from tests.clients.bots_helpers import bot_games

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "clients" / "python" / "README.md"
GAME = "g1"


def _spec_operations() -> dict[str, tuple[str, str]]:
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    return {
        op["operationId"]: (method.upper(), path)
        for path, item in spec["paths"].items()
        for method, op in item.items()
        if method in ("get", "post", "put", "patch", "delete")
    }


def test_every_operation_of_the_spec_has_a_method() -> None:
    spec = _spec_operations()
    assert set(OPERATIONS) == set(spec)
    for op_id, (method, path) in spec.items():
        name = re.sub(r"(?<!^)(?=[A-Z])", "_", op_id).lower()
        assert callable(getattr(Client, name, None)), f"no method {name} for {op_id}"
        assert (OPERATIONS[op_id].method, OPERATIONS[op_id].path) == (method, path)


def test_the_generated_code_is_up_to_date_with_the_spec() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scripts.generate_python_client", "--check"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def test_the_package_type_checks_strictly(tmp_path: Path) -> None:
    """The generated models and methods and the hand-written parts agree (mypy --strict),
    so the types a user's checker sees are the ones the client keeps."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
         str(ROOT / "clients" / "python" / "ursuppe_client")],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:]


# -- against a scripted transport -------------------------------------------------------


class Script:
    """A transport answering each request with the next of ``answers`` (a Response, an
    exception to raise, or a function of the request), recording the requests."""

    def __init__(self, *answers: object) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []
        self.sleeps: list[float] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        if callable(answer):
            return answer(request)  # type: ignore[no-any-return]
        assert isinstance(answer, httpx.Response)
        return answer

    def client(self, **kwargs: object) -> Client:
        return Client(
            "http://server", transport=httpx.MockTransport(self), sleep=self.sleeps.append,
            **kwargs,  # type: ignore[arg-type]
        )  # fmt: skip


def _problem(status: int, code: str, **extra: object) -> httpx.Response:
    body = {"type": f"urn:ursuppe:problem:{code}", "title": "x", "status": status,
            "detail": f"{code} happened", "code": code, **extra}  # fmt: skip
    headers = {"Content-Type": "application/problem+json"}
    if status in (429, 503):
        headers["Retry-After"] = "7" if status == 429 else "3"
    return httpx.Response(status, json=body, headers=headers)


RESULT = {"seq": 5, "seat": 0, "replayed": False}


def test_429_and_503_are_retried_after_retry_after_with_the_same_idempotency_key() -> None:
    script = Script(
        _problem(429, "rate_limited"),
        _problem(503, "unavailable"),
        httpx.Response(200, json=RESULT),
    )
    client = script.client(seat_tokens={(GAME, 0): "seat0"})
    assert (
        client.submit_action(GAME, {"action": {"type": "done"}, "expected_seq": 4, "seat": 0})
        == RESULT
    )
    assert script.sleeps == [7.0, 3.0]
    keys = {r.headers["Idempotency-Key"] for r in script.requests}
    assert len(script.requests) == 3 and len(keys) == 1
    assert all(r.headers["Authorization"] == "Bearer seat0" for r in script.requests)


def test_retries_end_with_the_problem_after_max_retries() -> None:
    script = Script(*[_problem(503, "unavailable") for _ in range(3)])
    with pytest.raises(problems.Unavailable) as caught:
        script.client(max_retries=2).get_game(GAME)
    assert caught.value.retry_after == 3.0 and len(script.requests) == 3


def test_every_write_carries_an_idempotency_key_and_reads_none() -> None:
    ok = httpx.Response(200, json={})
    script = Script(*[ok] * 5)
    client = script.client(player_token="player.me")
    client.create_mute({"player_id": "p2"})
    client.update_me({"name": "x"})
    client.delete_mute("p2")
    client.create_seek({})
    client.get_me()
    writes, read = script.requests[:4], script.requests[4]
    keys = [r.headers.get("Idempotency-Key") for r in writes]
    assert all(keys) and len(set(keys)) == 4
    assert "Idempotency-Key" not in read.headers
    # A key given by the caller is the one sent.
    script = Script(httpx.Response(200, json=RESULT))
    script.client(seat_tokens={(GAME, 0): "s"}).submit_action(
        GAME, {"action": {"type": "done"}, "seat": 0, "expected_seq": 1}, idempotency_key="mine"
    )
    assert script.requests[0].headers["Idempotency-Key"] == "mine"


def test_a_broken_connection_is_retried_only_where_a_repeat_cannot_act_twice() -> None:
    # An action: the server deduplicates it by its key, so it is sent again.
    script = Script(httpx.ReadError("reset"), httpx.Response(200, json=RESULT))
    script.client(seat_tokens={(GAME, 0): "s"}).submit_action(
        GAME, {"action": {"type": "done"}, "seat": 0, "expected_seq": 1}
    )
    assert len(script.requests) == 2
    assert (
        script.requests[0].headers["Idempotency-Key"]
        == script.requests[1].headers["Idempotency-Key"]
    )
    # Creating a player: it might have been made; not sent again.
    script = Script(httpx.ReadError("reset"), httpx.Response(201, json={}))
    with pytest.raises(TransportError):
        script.client().create_player({"name": "x"})
    assert len(script.requests) == 1
    # ... unless it never reached the server.
    script = Script(
        httpx.ConnectError("refused"), httpx.Response(201, json={"token": "player.t", "player": {}})
    )
    client = script.client()
    client.create_player({"name": "x"})
    assert len(script.requests) == 2 and client.player_token == "player.t"


def test_problems_are_raised_as_typed_exceptions_with_their_code() -> None:
    script = Script(
        _problem(409, "stale_seq", current_seq=9),
        _problem(418, "some_future_code"),
        httpx.Response(502, text="<html>bad gateway</html>"),
    )
    client = script.client(seat_tokens={(GAME, 0): "s"})
    with pytest.raises(problems.StaleSeq) as stale:
        client.submit_action(GAME, {"action": {"type": "done"}, "seat": 0, "expected_seq": 1})
    assert (stale.value.status, stale.value.code, stale.value.get("current_seq")) == (
        409,
        "stale_seq",
        9,
    )
    assert isinstance(stale.value, ProblemError)
    with pytest.raises(ProblemError) as unknown:
        client.get_game(GAME)
    assert type(unknown.value) is ProblemError and unknown.value.code == "some_future_code"
    with pytest.raises(ProblemError) as bad:
        client.get_game(GAME)
    assert bad.value.code == "http_502" and "bad gateway" in bad.value.detail


def _auth(request: httpx.Request) -> str | None:
    return request.headers.get("Authorization")


def test_the_client_keeps_the_tokens_the_server_hands_out_and_sends_the_right_one() -> None:
    game = {"id": GAME}
    script = Script(
        httpx.Response(201, json={"player": {"id": "p1"}, "token": "player.me"}),
        httpx.Response(201, json={"game": game, "creator_token": "creator"}),
        httpx.Response(201, json={"game": game, "game_id": GAME, "seat": 1, "token": "seat1"}),
        httpx.Response(200, json=RESULT),  # submit for seat 1: its seat token
        httpx.Response(200, json={}),  # abort: the creator token
        httpx.Response(200, json={}),  # get_me: the player token
        httpx.Response(200, json={}),  # get_game: none needed, the player's sent
    )
    client = script.client()
    client.create_player({"name": "ada"})
    client.create_game({"players": 3})
    client.join_game(GAME, {"name": "ada"})
    client.submit_action(GAME, {"action": {"type": "done"}, "seat": 1, "expected_seq": 0})
    client.abort_game(GAME)
    client.get_me()
    client.get_game(GAME)
    auths = [_auth(r) for r in script.requests]
    assert auths == [None, "Bearer player.me", "Bearer player.me", "Bearer seat1",
                     "Bearer creator", "Bearer player.me", None]  # fmt: skip
    assert client.seat_tokens == {(GAME, 1): "seat1"} and client.creator_tokens == {GAME: "creator"}


def test_a_player_token_that_does_not_act_in_a_seat_gets_the_seat_token_once() -> None:
    script = Script(
        _problem(401, "invalid_token"),
        httpx.Response(201, json={"game_id": GAME, "seat": 2, "token": "seat2"}),
        httpx.Response(200, json=RESULT),
        httpx.Response(200, json=RESULT),
    )
    client = script.client(player_token="player.me")
    body = {"action": {"type": "done"}, "seat": 2, "expected_seq": 0}
    client.submit_action(GAME, body)
    client.submit_action(GAME, body)
    first, mint, retry, second = script.requests
    assert (_auth(first), _auth(mint), _auth(retry), _auth(second)) == (
        "Bearer player.me", "Bearer player.me", "Bearer seat2", "Bearer seat2"
    )  # fmt: skip
    assert mint.url.path == f"/api/v1/games/{GAME}/seats/2/token"
    assert first.headers["Idempotency-Key"] == retry.headers["Idempotency-Key"]
    # Where the player token does act (bot accounts), nothing is minted.
    script = Script(httpx.Response(200, json=RESULT))
    script.client(player_token="player.bot").submit_action(GAME, body)
    assert [_auth(r) for r in script.requests] == ["Bearer player.bot"]


class Dropping(httpx.SyncByteStream):
    """A response body that sends ``lines`` and then breaks, as a dropped connection."""

    def __init__(self, lines: list[dict], drop: bool = True) -> None:
        self.lines = lines
        self.drop = drop

    def __iter__(self) -> Iterator[bytes]:
        for line in self.lines:
            yield (json.dumps(line) + "\n").encode()
        if self.drop:
            raise httpx.ReadError("connection reset")


def _ndjson(lines: list[dict], drop: bool = True) -> Callable[[httpx.Request], httpx.Response]:
    return lambda request: httpx.Response(
        200, headers={"Content-Type": "application/x-ndjson"}, stream=Dropping(lines, drop)
    )


def test_a_game_stream_resumes_after_a_dropped_connection_with_last_event_id() -> None:
    entry = lambda seq: {"type": "entry", "id": seq, "data": {"seq": seq}}  # noqa: E731
    script = Script(
        _ndjson([{"type": "heartbeat"}, {"type": "state", "data": {"seq": 4}}, entry(5), entry(6)]),
        httpx.ConnectError("refused"),  # the server is away a moment
        _problem(503, "streams_full"),
        _ndjson([entry(7), {"type": "end", "data": {"status": "finished"}}], drop=False),
    )
    stream = script.client().stream_game(GAME)
    kinds = [(m["type"], m.get("id")) for m in stream]
    assert kinds == [("state", None), ("entry", 5), ("entry", 6), ("entry", 7), ("end", None)]
    assert [r.headers.get("Last-Event-ID") for r in script.requests] == [None, "6", "6", "6"]
    assert all(r.headers["Accept"] == "application/x-ndjson" for r in script.requests)
    assert stream.reconnects == 3 and 3.0 in script.sleeps


def test_a_stream_of_many_games_resumes_from_each_games_position() -> None:
    script = Script(
        _ndjson([
            {"type": "state", "data": {"id": "a", "seq": 3}},
            {"type": "state", "data": {"id": "b", "seq": 0}},
            {"type": "entry", "id": "a:4", "data": {"game_id": "a", "seq": 4}},
        ]),
        _ndjson([
            {"type": "entry", "id": "b:1", "data": {"game_id": "b", "seq": 1}},
            {"type": "end", "data": {"id": "a"}},
            {"type": "end", "data": {"id": "b"}},
        ], drop=False),
    )  # fmt: skip
    stream = script.client().stream_games_post({"games": ["a", "b"]})
    assert [m["type"] for m in stream] == ["state", "state", "entry", "entry", "end", "end"]
    resumed = json.loads(script.requests[1].content)
    assert resumed == {"games": ["a", "b"], "since": {"a": 4, "b": 0}}


# -- against a live server --------------------------------------------------------------


def readme_bot() -> str:
    text = README.read_text()
    block = text.split("<!-- bot-in-15-lines -->")[1].split("<!-- /bot-in-15-lines -->")[0]
    return block.strip().removeprefix("```python").removesuffix("```").strip() + "\n"


def test_the_readme_bot_in_15_lines_plays_a_whole_game(server: LiveServer, tmp_path: Path) -> None:
    code = readme_bot()
    assert len([line for line in code.splitlines() if line.strip()]) <= 15
    games = bot_games(server.base_url, games=1, name="readme-bot")
    script = tmp_path / "bot.py"
    script.write_text(code)
    done = subprocess.run(
        [sys.executable, str(script)],
        env={**os.environ, "URSUPPE_SERVER": server.base_url, "URSUPPE_TOKEN": games.token},
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    with Client(server.base_url) as client:
        game = client.get_game(games.games[0])
        assert game["status"] == "finished"
        actors = {e["actor"] for e in client.list_game_events(game["id"], limit=500)["items"]
                  if e["seat"] == 0}  # fmt: skip
    assert "timeout" not in actors  # every decision of seat 0 was the bot's own
