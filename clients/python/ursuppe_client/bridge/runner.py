"""The bridge: follows a player's stream and plays its decisions with an engine program
(docs/bots.md, "The bridge")."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import queue
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ursuppe_client import models, problems
from ursuppe_client.bridge.answers import legal_item, loosely_legal
from ursuppe_client.bridge.engine import PROTOCOL, Engine, EngineFault, EnginePool
from ursuppe_client.bridge.policy import ChallengePolicy
from ursuppe_client.client import Client, Stream
from ursuppe_client.errors import ProblemError, TransportError

log = logging.getLogger("ursuppe_client.bridge")

#: Refusals of a submit that mean "this decision needs nothing more from us".
_SETTLED = (
    problems.StaleSeq,
    problems.NotYourTurn,
    problems.GameOver,
    problems.GameNotActive,
    problems.IdempotencyKeyReused,
    problems.SeatResigned,
    problems.SeatIsBot,
)
_SETTLED_CODES = frozenset(refusal.code for refusal in _SETTLED) | {"ok", "replayed"}


@dataclass
class DecisionRecord:
    """What the bridge did for one decision (kept for the benchmark and the tests)."""

    game_id: str
    seat: int
    seq: int
    source: str  # "engine", or "fallback:<crashed|timeout|illegal|...>"
    engine_s: float  # the engine's time (write to answer)
    bridge_s: float  # the notice's arrival to the submit's answer, less engine_s
    outcome: str  # "ok", "replayed", or the refusal's code
    read_s: float = 0.0  # reading the game
    submit_s: float = 0.0  # the submit's request
    #: When the stream's notice arrived, wall clock (``time.time()``): against the server's
    #: log entry that made the decision pending, the notice's delay (bench/bridge_bench.py).
    noticed_at: float = 0.0


def pending_document(game: Mapping[str, Any]) -> dict[str, Any]:
    """``GET /games/{id}/pending``'s document, from the game document read for the state:
    the same fields of the same version (one request per decision instead of two;
    tests/clients/test_bridge.py compares the two)."""
    return {
        "game_id": game["id"],
        "seq": game["seq"],
        "version": game["version"],
        "status": game["status"],
        "deadline_at": game["deadline_at"],
        "pending": game["pending"],
    }


def _seconds_until(instant: str | None) -> float | None:
    if not instant:
        return None
    when = dt.datetime.fromisoformat(instant.replace("Z", "+00:00"))
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return (when - dt.datetime.now(dt.UTC)).total_seconds()


class GameRunner(threading.Thread):
    """One game's decisions, one at a time, in a thread of its own."""

    def __init__(self, bridge: Bridge, game_id: str) -> None:
        super().__init__(name=f"game-{game_id}", daemon=True)
        self.bridge = bridge
        self.game_id = game_id
        self.inbox: queue.Queue[tuple[str, dict[str, Any], float]] = queue.Queue()
        self.answered: dict[int, int] = {}  # seat -> the last seq answered
        self.decisions = 0
        self._log_file = None
        if bridge.log_dir is not None:
            bridge.log_dir.mkdir(parents=True, exist_ok=True)
            self._log_file = open(bridge.log_dir / f"{game_id}.log", "a", encoding="utf-8")  # noqa: SIM115

    def game_log(self, text: str) -> None:
        stamp = dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")
        if self._log_file is not None:
            self._log_file.write(f"{stamp} {text}\n")
            self._log_file.flush()

    def run(self) -> None:
        try:
            while True:
                kind, data, received = self.inbox.get()
                if kind == "over":
                    self._over(data)
                    return
                if kind == "stop":
                    return
                try:
                    self._decide(data, received)
                except Exception:  # a bug or an outage must not end the bridge
                    log.exception(
                        "game %s: the decision seq %s failed", self.game_id, data.get("seq")
                    )
        finally:
            if self._log_file is not None:
                self._log_file.close()
            self.bridge._runner_done(self)

    def _over(self, data: dict[str, Any]) -> None:
        message = {
            "type": "game_over",
            "game_id": self.game_id,
            "seat": data.get("seat"),
            "status": data.get("status"),
            "result": data.get("result"),
        }
        self.bridge.engines.game_over(self.game_id, message)
        result = data.get("result") or {}
        self.game_log(
            f"game over: {data.get('status')} ranking={result.get('ranking')} "
            f"scores={result.get('scores')} decisions={self.decisions}"
        )
        log.info("game %s: %s after %d decisions of ours", self.game_id, data.get("status"),
                 self.decisions)  # fmt: skip

    def _decide(self, turn: dict[str, Any], received: float) -> None:
        bridge, client = self.bridge, self.bridge.client
        seat, seq = int(turn["seat"]), int(turn["seq"])
        if seq <= self.answered.get(seat, -1):
            return  # announced again after a reconnection: already answered
        read_at = time.monotonic()
        if isinstance(turn.get("pending"), dict) and "state" in turn:
            # A bot account's notice carries the decision and the state: no read.
            pending, state = turn["pending"], turn["state"]
        else:
            game = client.get_game(self.game_id)
            pending, state = pending_document(game), game.get("state")
        read_s = time.monotonic() - read_at
        decision = pending.get("pending")
        if (
            decision is None
            or pending["seq"] != seq
            or decision.get("player", decision["seat"]) != seat
        ):
            return  # the game moved on (a timeout, or we answered before a reconnection)
        time_left = _seconds_until(pending.get("deadline_at"))
        budget = bridge.move_time
        if time_left is not None:
            budget = max(0.05, min(budget, time_left - bridge.margin))
        message = {
            "type": "decision",
            "game_id": self.game_id,
            "seat": seat,
            "seq": seq,
            "state": state,
            "pending": pending,
            "time_left": time_left,
        }
        actions = decision["actions"]
        started = time.monotonic()
        action, source = self._ask_engine(message, actions, seat, seq, budget)
        engine_s = time.monotonic() - started
        submit_at = time.monotonic()
        outcome = self._submit(seat, seq, action)
        if outcome is not None and outcome not in _SETTLED_CODES and source == "engine":
            # The server refused what the bridge took for legal: the game must not wait
            # on it, so the decision gets the fallback like any other fault.
            action, source = actions[0], "fallback:refused"
            log.warning(
                "game %s seat %d seq %d: engine refused (the server answered %s); playing "
                "the fallback pending.actions[0] = %s",
                self.game_id, seat, seq, outcome, json.dumps(action),
            )  # fmt: skip
            outcome = self._submit(seat, seq, action)
        if outcome is None:
            return  # not answered: the stream announces the decision again
        self.answered[seat] = seq
        self.decisions += 1
        total = time.monotonic() - received
        record = DecisionRecord(
            self.game_id, seat, seq, source, engine_s, total - engine_s, outcome,
            read_s, time.monotonic() - submit_at, time.time() - (time.monotonic() - received),
        )  # fmt: skip
        bridge._record(record)
        self.game_log(
            f"seq={seq} seat={seat} kind={decision['kind']} action={json.dumps(action)} "
            f"by={source} engine_ms={engine_s * 1000:.1f} bridge_ms={record.bridge_s * 1000:.1f} "
            f"outcome={outcome}"
        )

    def _ask_engine(
        self, message: dict[str, Any], actions: list[Any], seat: int, seq: int, budget: float
    ) -> tuple[Any, str]:
        """(the action to submit, who chose it): the server's own item of ``actions`` that
        the engine's answer names as the same JSON value (``answers.legal_item``), or, on
        any fault of the engine, ``actions[0]`` with ``fallback:<fault>``, after one
        warning and a restart of the engine."""
        bridge = self.bridge
        engine: Engine | None = None
        try:
            engine = bridge.engines.acquire(self.game_id, timeout=budget)
            answer = engine.ask(message, budget)
            action = legal_item(answer.get("action"), actions)
            if action is None:
                raise EngineFault("illegal", _why_illegal(answer.get("action"), actions))
            return action, "engine"
        except EngineFault as fault:
            action = actions[0]
            if engine is None:
                then = "no engine"
            elif fault.kind == "cannot_start":
                then = "trying to start it again"
            else:
                then = "restarting it"
            log.warning(
                "game %s seat %d seq %d: engine %s (%s); %s; playing the fallback "
                "pending.actions[0] = %s",
                self.game_id, seat, seq, fault.kind, fault.detail, then, json.dumps(action),
            )  # fmt: skip
            if engine is not None:
                engine.restart()
            return action, f"fallback:{fault.kind}"
        finally:
            if engine is not None:
                bridge.engines.release(engine)

    def _submit(self, seat: int, seq: int, action: Any) -> str | None:
        """Submit ``action`` for the decision ``seq``: ``ok``, ``replayed``, the code of a
        refusal, or None when the request failed and the decision is still owed."""
        key = f"ursuppe-bridge:{self.game_id}:{seat}:{seq}"
        body: models.ActionSubmit = {"action": action, "expected_seq": seq, "seat": seat}
        try:
            result = self.bridge.client.submit_action(self.game_id, body, idempotency_key=key)
        except _SETTLED as refusal:
            log.info("game %s seat %d seq %d: %s (nothing more to do)", self.game_id, seat, seq,
                     refusal.code)  # fmt: skip
            return refusal.code
        except TransportError as exc:
            # Not marked as answered: the stream announces the decision again after it
            # reconnects, and the same key makes the retry apply at most once.
            log.warning("game %s seq %d: submit failed (%s); waiting for the stream", self.game_id,
                        seq, exc)  # fmt: skip
            return None
        except ProblemError as exc:
            log.error("game %s seat %d seq %d: the server refused %s: %s", self.game_id, seat, seq,
                      json.dumps(action), exc)  # fmt: skip
            return exc.code
        return "replayed" if result.get("replayed") else "ok"


def _why_illegal(action: Any, actions: list[Any]) -> str:
    """The words of an illegal answer: a number type apart, or not among the actions."""
    shown = json.dumps(action)[:200]
    near = loosely_legal(action, actions)
    if near is not None:
        return (
            f"{shown} differs from the legal {json.dumps(near)[:200]} in a JSON type "
            "(an integer must be written as one: 3, not 3.0; true is not 1)"
        )
    return f"not one of pending.actions: {shown}"


class Bridge:
    """Plays a player's (a bot account's) decisions with ``engines`` until ``stop()``, or
    until ``stop_after`` games ended. ``move_time``: seconds an engine may take for one
    decision (less when the deadline is nearer, by ``margin`` seconds)."""

    def __init__(
        self,
        client: Client,
        engines: EnginePool,
        *,
        move_time: float = 5.0,
        margin: float = 1.0,
        policy: ChallengePolicy | None = None,
        log_dir: Path | None = None,
        stop_after: int | None = None,
    ) -> None:
        if not client.player_token:
            raise ValueError("the bridge needs the bot account's player token")
        self.client = client
        self.engines = engines
        self.move_time = move_time
        self.margin = margin
        self.policy = policy or ChallengePolicy()
        self.log_dir = log_dir
        self.stop_after = stop_after
        self.player_id: str | None = None
        self.finished = 0
        self.records: list[DecisionRecord] = []
        self.challenges: list[tuple[str, str, str | None]] = []  # (id, decision, reason)
        self._runners: dict[str, GameRunner] = {}
        self._ended: set[str] = set()
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._stream: Stream[Any] | None = None
        self.connected = threading.Event()

    # -- bookkeeping -------------------------------------------------------------------

    def _record(self, record: DecisionRecord) -> None:
        with self._lock:
            self.records.append(record)

    def _runner(self, game_id: str) -> GameRunner | None:
        with self._lock:
            if game_id in self._ended:
                return None
            runner = self._runners.get(game_id)
            if runner is None:
                runner = GameRunner(self, game_id)
                self._runners[game_id] = runner
                runner.start()
                log.info("game %s: following it", game_id)
            return runner

    def _runner_done(self, runner: GameRunner) -> None:
        with self._lock:
            self._runners.pop(runner.game_id, None)
            self._ended.add(runner.game_id)
            self.finished += 1
            done = self.stop_after is not None and self.finished >= self.stop_after
        if done:
            self.stop()

    def games_in_play(self) -> int:
        with self._lock:
            return len(self._runners)

    # -- the stream --------------------------------------------------------------------

    def stop(self) -> None:
        self._stopped.set()
        stream = self._stream
        if stream is not None:
            stream.close()

    def run(self) -> int:
        """Follow the player stream until stopped; the number of games that ended."""
        inbox: queue.Queue[Any] = queue.Queue()
        reader = threading.Thread(
            target=self._read, args=(inbox,), name="player-stream", daemon=True
        )
        reader.start()
        try:
            while not self._stopped.is_set():
                try:
                    message = inbox.get(timeout=0.5)
                except queue.Empty:
                    continue
                if isinstance(message, BaseException):
                    raise message
                self._handle(message)
        finally:
            self.stop()
            with self._lock:
                runners = list(self._runners.values())
            for runner in runners:
                runner.inbox.put(("stop", {}, time.monotonic()))
            for runner in runners:
                runner.join(10)
            self.engines.close()
        return self.finished

    def _read(self, inbox: queue.Queue[Any]) -> None:
        """The player stream, into ``inbox`` (a thread of its own, so that ``stop()`` never
        waits for the next message)."""
        while not self._stopped.is_set():
            stream = self._stream = self.client.stream_me()
            try:
                for message in stream:
                    if self._stopped.is_set():
                        return
                    inbox.put(message)
            except ProblemError as exc:
                if exc.status in (401, 403):
                    log.error("the player stream refused the token: %s", exc)
                    inbox.put(exc)
                    return
                log.warning("the player stream failed (%s); opening it again", exc)
                self._stopped.wait(2)
            except Exception as exc:  # a bug: end the bridge with it
                inbox.put(exc)
                return

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        data = message.get("data") or {}
        now = time.monotonic()
        if kind == "hello":
            first = self.player_id is None
            self.player_id = data.get("player_id")
            log.info("%s the player stream as %s", "connected to" if first else "reconnected to",
                     self.player_id)  # fmt: skip
            self.connected.set()
            if not first:
                threading.Thread(target=self._resync, daemon=True).start()
        elif kind == "your_turn":
            runner = self._runner(data["game_id"])
            if runner is not None:
                runner.inbox.put(("turn", data, now))
        elif kind == "game_started":
            self._runner(data["game_id"])
        elif kind in ("game_finished", "game_aborted"):
            runner = self._runner(data["game_id"])
            if runner is not None:
                status = "finished" if kind == "game_finished" else "aborted"
                runner.inbox.put(("over", {**data, "status": status}, now))
        elif kind == "challenge":
            threading.Thread(target=self._challenge, args=(data,), daemon=True).start()
        elif kind and kind.startswith("challenge_"):
            log.info("%s: %s", kind, json.dumps(data)[:300])

    def _resync(self) -> None:
        """After a reconnection: games that ended while the stream was away end here too
        (the stream announces the decisions still owed by itself)."""
        with self._lock:
            runners = list(self._runners.values())
        for runner in runners:
            with contextlib.suppress(ProblemError, TransportError):
                game = self.client.get_game(runner.game_id)
                if game["status"] in ("finished", "aborted"):
                    seat = next(
                        (s.get("seat") for s in game.get("seats", [])
                         if s.get("player_id") == self.player_id),
                        None,
                    )  # fmt: skip
                    runner.inbox.put(
                        ("over", {"status": game["status"], "result": game.get("result"),
                                  "seat": seat}, time.monotonic())
                    )  # fmt: skip

    def _challenge(self, data: dict[str, Any]) -> None:
        challenge: dict[str, Any] = (
            data["challenge"] if isinstance(data.get("challenge"), dict) else data
        )
        challenge_id = challenge.get("id") or data.get("challenge_id")
        if not challenge_id:
            log.warning("a challenge without an id: %s", json.dumps(data)[:300])
            return
        decision, reason = self.policy.decide(challenge, self.games_in_play())
        self.challenges.append((challenge_id, decision, reason))
        log.info("challenge %s: %s%s", challenge_id, decision, f" ({reason})" if reason else "")
        try:
            if decision == "accept":
                self.client.accept_challenge(challenge_id)
            elif decision == "decline":
                self.client.decline_challenge(challenge_id, body={"reason": reason})  # type: ignore[arg-type]
        except (ProblemError, TransportError) as exc:
            log.warning("challenge %s: %s failed: %s", challenge_id, decision, exc)


def hello_message(player_id: str | None = None) -> dict[str, Any]:
    from ursuppe_client import __version__

    return {"type": "hello", "protocol": PROTOCOL, "bridge": f"ursuppe-bridge {__version__}",
            "player_id": player_id}  # fmt: skip
