"""``ursuppe-bridge --check -- CMD``: plays an engine through sample decisions, with no
server, and says in words what the bridge would make of it (docs/bots.md, "Checking an
engine"): whether it starts, flushes each answer, writes integers as integers, keeps
stdout for answers only, answers legally, ignores a message type it does not know, and
exits when its stdin closes.

The samples (``samples.json``, written by ``scripts/bridge_samples.py``) are decision
messages exactly as the bridge sends them, from a 3-player and a 6-player game."""

from __future__ import annotations

import json
import queue
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ursuppe_client.bridge.answers import legal_item, loosely_legal
from ursuppe_client.bridge.engine import PROTOCOL, Engine, EngineFault

#: How long the check waits for lines the engine should not write (after the hello, after
#: an answer): long enough for a process that writes them at once.
QUIET = 0.3
NO_SEQ = (
    'the answers carry no seq: echoing the decision\'s seq ({"seq": 41, "action": ...}) '
    "makes a second line for one decision stray output, never the next decision's answer"
)


def sample_decisions() -> list[dict[str, Any]]:
    text = resources.files("ursuppe_client.bridge").joinpath("samples.json").read_text()
    return list(json.loads(text))


#: Each topic the check reports on, and what "ok" means for it.
TOPICS = {
    "start": "the engine starts, reads the hello and keeps running",
    "flushing": "every answer arrived as soon as it was written (stdout flushed)",
    "time": "every answer within the move time",
    "numbers": "every answer's numbers have the JSON types of the legal action",
    "stray": "nothing on stdout but the answers",
    "legal": "every answer is one of pending.pending.actions",
    "unknown": "a message of an unknown type was ignored",
    "exit": "the engine exits when its stdin closes",
}


@dataclass
class Report:
    """What the check found: ``problems`` (topic, sentence; none: the engine passes) and
    ``notes`` (advice that fails nothing)."""

    asked: int = 0
    answered: int = 0
    problems: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def fail(self, topic: str, sentence: str) -> None:
        self.problems.append((topic, sentence))

    @property
    def passed(self) -> bool:
        return not self.problems

    def failed(self, topic: str) -> bool:
        return any(t == topic for t, _ in self.problems)

    def lines(self) -> list[str]:
        """The report in words: a verdict per topic, then each kind of problem once (with
        how often it happened), the notes, and the outcome."""
        started = not self.failed("start")
        out = []
        for topic, words in TOPICS.items():
            verdict = "FAIL" if self.failed(topic) else "ok" if started else "--"
            out.append(f"{verdict:4} {topic}: {words}" + ("" if started else " (not checked)"))
        out.append(f"{self.answered} of {self.asked} sample decisions answered legally")
        for topic in TOPICS:
            found = [sentence for t, sentence in self.problems if t == topic]
            if found:
                more = f" (and {len(found) - 1} more like it)" if len(found) > 1 else ""
                out.append(f"problem ({topic}): {found[0]}{more}")
        out += [f"note: {note}" for note in self.notes]
        out.append(
            "PASS: the bridge can play with this engine"
            if self.passed
            else f"FAIL: {len(self.problems)} problem(s): in play each answer that is not a "
            "legal action costs a fallback move (docs/bots.md)"
        )
        return out


def _lines_now(engine: Engine, wait: float) -> list[str]:
    """The stdout lines the engine wrote within ``wait`` seconds (None: it ended)."""
    found: list[str] = []
    deadline = time.monotonic() + wait
    while True:
        try:
            line = engine.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return found
        if line is None:
            engine.lines.put(None)
            return found
        found.append(line)


def _show(text: str) -> str:
    return repr(text.strip()[:120])


def check(
    command: Sequence[str],
    *,
    move_time: float = 5.0,
    decisions: list[dict[str, Any]] | None = None,
    say: Callable[[str], None] = print,
) -> Report:
    """Run the engine ``command`` through the sample ``decisions`` (one process, restarted
    after a fault as the bridge does) and report; ``say`` gets the report line by line."""
    report = Report()
    hello = {"type": "hello", "protocol": PROTOCOL, "bridge": "ursuppe-bridge --check",
             "player_id": "pcheck", "mode": "per_game", "game_id": "check"}  # fmt: skip
    engine = Engine(command, "check", hello)
    if engine.start_error is not None:
        report.fail("start", f"{engine.start_error}: check the command line")
        for line in report.lines():
            say(line)
        return report
    try:
        for line in _lines_now(engine, QUIET):
            report.fail("stray", f"the engine wrote {_show(line)} on stdout after the hello, "
                        "which needs no answer: write anything but answers to stderr")  # fmt: skip
        if not engine.alive():
            report.fail("start", "the engine exited after the hello (see its stderr above)")
            engine.restart()
        engine.tell({"type": "future_message", "note": "a type a later protocol may add"})
        samples = sample_decisions() if decisions is None else decisions
        for n, message in enumerate(samples):
            if n == 1 and not engine.alive():
                report.fail("unknown", "the engine exited after a message of an unknown "
                            "type: ignore types you do not know")  # fmt: skip
            _one_decision(engine, message, move_time, report)
            if report.failed("flushing") or report.failed("time"):
                report.notes.append("the check stopped at the first decision without an "
                                    "answer: the others would wait the same")  # fmt: skip
                break
        for line in _lines_now(engine, QUIET):
            report.fail("stray", f"a line after the last answer: {_show(line)}")
        engine.tell({"type": "game_over", "game_id": "check", "seat": 0,
                     "status": "finished", "result": None})  # fmt: skip
        if not engine.finish(2.0):
            report.fail("exit", "the engine was still running 2 s after its stdin closed: "
                        "exit when stdin ends (the bridge then terminates it)")  # fmt: skip
    except EngineFault as fault:  # the hello or game_over could not be written
        report.fail("start", f"the engine stopped reading its stdin ({fault.detail})")
    finally:
        engine.stop(grace=0.5)
    for line in report.lines():
        say(line)
    return report


def _one_decision(
    engine: Engine, message: dict[str, Any], move_time: float, report: Report
) -> None:
    """Ask one decision and judge the answer (a fault restarts the engine)."""
    report.asked += 1
    actions = message["pending"]["pending"]["actions"]
    kind = message["pending"]["pending"]["kind"]
    where = f"seq {message['seq']} ({kind}, {len(actions)} actions)"
    try:
        answer = engine.ask(message, move_time)
    except EngineFault as fault:
        if fault.kind == "timeout":
            _no_answer(engine, where, move_time, report)
        elif fault.kind == "stray":
            report.fail("stray", f"{where}: {fault.detail}; stdout is for answers only: "
                        "write anything else to stderr")  # fmt: skip
        else:
            report.fail("legal", f"{where}: engine {fault.kind} ({fault.detail})")
        engine.restart()
        return
    action = answer.get("action")
    if legal_item(action, actions) is not None:
        report.answered += 1
        if "seq" not in answer and NO_SEQ not in report.notes:
            report.notes.append(NO_SEQ)
        return
    near = loosely_legal(action, actions)
    if near is not None:
        report.fail("numbers", f"{where}: answered {json.dumps(action)[:160]} where the legal "
                    f"action is {json.dumps(near)[:160]}: write integers as JSON integers "
                    "(3, not 3.0) and booleans as true/false")  # fmt: skip
    else:
        report.fail("legal", f"{where}: {json.dumps(action)[:160]} is not one of "
                    "pending.pending.actions")  # fmt: skip


def _no_answer(engine: Engine, where: str, move_time: float, report: Report) -> None:
    """No answer in time: a slow engine answers a little later; one that does not flush
    answers only when its stdin closes (the buffer is written at exit)."""
    late = _lines_now(engine, max(2.0, move_time))
    if late:
        report.fail("time", f"{where}: the answer came later than the move time of "
                    f"{move_time:g} s: the bridge would have played the fallback")  # fmt: skip
        return
    engine.finish(2.0)
    late = _lines_now(engine, QUIET)
    if late:
        report.fail("flushing", f"{where}: no answer within {move_time:g} s, but "
                    f"{_show(late[0])} arrived when its stdin closed: the engine does not "
                    "flush stdout after each answer (flush it, or run Python with -u)")  # fmt: skip
    else:
        report.fail("time", f"{where}: no answer at all (the engine hangs, or never "
                    "flushes stdout)")  # fmt: skip


__all__ = ["Report", "check", "sample_decisions"]
