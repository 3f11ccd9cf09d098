"""Engine processes: an external program that reads one JSON line per message on its stdin
and answers each decision with one JSON line on its stdout (docs/bots.md, "The engine
protocol"). ``Engine`` is one process; ``EnginePool`` hands them out, one per game or a
fixed pool shared by all games."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import Any

from ursuppe_client.bridge.answers import read_line

log = logging.getLogger("ursuppe_client.bridge")

PROTOCOL = 1

#: What the engine's process does not inherit from the bridge's environment: the bot
#: account's token is the bridge's to use, not every engine's (docs/bots.md).
WITHHELD = ("URSUPPE_TOKEN",)


def engine_environment() -> dict[str, str]:
    """The bridge's environment less ``WITHHELD``."""
    return {k: v for k, v in os.environ.items() if k not in WITHHELD}


class EngineFault(Exception):
    """The engine could not be used for a decision; ``kind`` is ``cannot_start`` (its
    program could not be run), ``crashed``, ``timeout``, ``stray`` (a line on stdout that
    is not the answer) or ``illegal`` (an answer that is not one of the legal actions)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class Engine:
    """One engine process. ``ask`` writes a message and waits for one line; ``tell`` only
    writes. Lines the engine writes to stderr go to the log."""

    def __init__(self, command: Sequence[str], name: str, hello: dict[str, Any]) -> None:
        self.command = list(command)
        self.name = name
        self._hello = hello
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._proc: subprocess.Popen[str] | None = None
        self.starts = 0
        #: Why the latest start failed (None: it is running or was never started).
        self.start_error: str | None = None
        self.start()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    def start(self) -> None:
        """Start the process and write the hello. A program that cannot be run (no such
        file, not executable) leaves the engine stopped with ``start_error``: each decision
        asked of it then fails as ``cannot_start`` and costs its fallback, and the next
        restart tries again; the bridge itself goes on."""
        self._lines = queue.Queue()
        self._proc = None
        try:
            self._proc = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
                env=engine_environment(),
            )
        except (OSError, ValueError) as exc:
            self.start_error = f"the engine could not be started ({exc})"
            log.error("engine %s: %s: %s", self.name, self.start_error, shlex.join(self.command))
            return
        self.start_error = None
        self.starts += 1
        proc, lines = self._proc, self._lines
        threading.Thread(target=self._read_stdout, args=(proc, lines), daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(proc,), daemon=True).start()
        log.info("engine %s started (pid %s): %s", self.name, proc.pid, shlex.join(self.command))
        with contextlib.suppress(EngineFault):
            self.tell(self._hello)

    @staticmethod
    def _read_stdout(proc: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        assert proc.stdout is not None
        with contextlib.suppress(OSError, ValueError):
            for line in proc.stdout:
                lines.put(line)
        lines.put(None)  # end of output: the process exited or closed stdout

    def _read_stderr(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stderr is not None
        with contextlib.suppress(OSError, ValueError):
            for line in proc.stderr:
                log.info("engine %s (pid %s) says: %s", self.name, proc.pid, line.rstrip())

    @property
    def lines(self) -> queue.Queue[str | None]:
        """The current process's stdout lines as read (None once it closed stdout)."""
        return self._lines

    def finish(self, grace: float) -> bool:
        """Close stdin (the engine's signal to exit) and wait up to ``grace`` seconds:
        whether it exited by itself."""
        proc = self._proc
        if proc is None:
            return True
        with contextlib.suppress(OSError, ValueError):
            if proc.stdin:
                proc.stdin.close()
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            return False
        return True

    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def tell(self, message: dict[str, Any]) -> None:
        """Write one message (one line); EngineFault ``crashed`` when the engine is gone."""
        proc = self._proc
        if proc is None and self.start_error is not None:
            raise EngineFault("cannot_start", self.start_error)
        if proc is None or proc.poll() is not None or proc.stdin is None:
            code = proc.returncode if proc else None
            raise EngineFault("crashed", f"the engine is not running (exit code {code})")
        try:
            proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as exc:
            raise EngineFault("crashed", f"writing to the engine failed ({exc})") from exc

    def ask(self, message: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Write the decision ``message`` and read its answer within ``timeout`` seconds:
        the first stdout line after the decision, which must be a JSON object with an
        ``action`` (and, if it has a ``seq``, the decision's). Lines read before the
        decision was written (while nothing was owed) are logged and ignored; any other
        line read while it is owed is the fault ``stray`` (``answers.read_line``)."""
        while True:  # lines written while no decision was owed: never this answer
            try:
                early = self._lines.get_nowait()
            except queue.Empty:
                break
            if early is None:
                self._lines.put(None)
                break
            log.warning("engine %s: stray output ignored (%s)", self.name,
                        read_line(early, owed=False).stray)  # fmt: skip
        self.tell(message)
        try:
            text = self._lines.get(timeout=max(0.01, timeout))
        except queue.Empty:
            raise EngineFault("timeout", f"no answer within {timeout:.2f} s") from None
        if text is None:
            proc = self._proc
            code = proc.wait(5) if proc else None
            raise EngineFault("crashed", f"the engine exited (exit code {code}) without answering")
        line = read_line(text, owed=True, seq=message.get("seq"))
        if line.answer is None:
            raise EngineFault("stray", f"stray output instead of the answer: {line.stray}")
        return line.answer

    def stop(self, grace: float = 2.0) -> None:
        """Close stdin (the engine's signal to exit), then terminate, then kill."""
        proc = self._proc
        if proc is None or self.finish(grace):
            return
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(grace)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)

    def restart(self) -> None:
        """Kill the process (if it still runs) and start a new one, which gets the hello."""
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(5)
        self.start()


class EnginePool:
    """Engines for games: ``per_game`` starts one process per game (it lives as long as
    the game, so the engine may keep a game's memory); ``pool`` shares ``size`` processes
    among all games, a free one for each decision."""

    def __init__(self, command: Sequence[str], mode: str, size: int, hello: dict[str, Any]) -> None:
        if mode not in ("per_game", "pool"):
            raise ValueError(f"unknown engine mode {mode!r}")
        self.command = list(command)
        self.mode = mode
        self._hello = {**hello, "mode": mode}
        self._lock = threading.Lock()
        self._by_game: dict[str, Engine] = {}
        self._free: queue.Queue[Engine] = queue.Queue()
        self._all: list[Engine] = []
        if mode == "pool":
            for i in range(size):
                engine = Engine(self.command, f"pool-{i}", self._hello)
                self._all.append(engine)
                self._free.put(engine)

    def acquire(self, game_id: str, timeout: float | None = None) -> Engine:
        """The engine that answers a decision of ``game_id`` (release it afterwards)."""
        if self.mode == "pool":
            try:
                return self._free.get(timeout=timeout)
            except queue.Empty:
                raise EngineFault("timeout", "no engine of the pool was free in time") from None
        with self._lock:
            engine = self._by_game.get(game_id)
            if engine is None:
                engine = Engine(
                    self.command, f"game-{game_id}", {**self._hello, "game_id": game_id}
                )
                self._by_game[game_id] = engine
                self._all.append(engine)
            return engine

    def release(self, engine: Engine) -> None:
        if self.mode == "pool":
            self._free.put(engine)

    def game_over(self, game_id: str, message: dict[str, Any]) -> None:
        """Tell the game's engine (per game: then stop it) or every engine of the pool."""
        if self.mode == "per_game":
            with self._lock:
                engine = self._by_game.pop(game_id, None)
                if engine is not None:
                    self._all.remove(engine)
            if engine is not None:
                with contextlib.suppress(EngineFault):
                    engine.tell(message)
                engine.stop()
            return
        with self._lock:
            engines = list(self._all)
        for engine in engines:
            with contextlib.suppress(EngineFault):
                engine.tell(message)

    def close(self) -> None:
        with self._lock:
            engines, self._all = self._all, []
            self._by_game.clear()
        deadline = time.monotonic() + 5
        for engine in engines:
            engine.stop(grace=max(0.1, deadline - time.monotonic()))
