"""A scheduler that records what the service hands it, for tests (``service.plumbing.scheduling``
has the protocol)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime

from service.plumbing.scheduling import NullScheduler


@dataclass
class RecordingScheduler(NullScheduler):
    """Records calls in order (thread-safe); an owner's bot turn is recorded as a bot turn
    (no fair share)."""

    calls: list[tuple] = field(default_factory=list)
    #: ``live`` of each bot turn, by (game_id, seq).
    live: dict[tuple[str, int], bool] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def bot_turn(self, game_id: str, seq: int, *, live: bool = True) -> None:
        with self._lock:
            self.calls.append(("bot_turn", game_id, seq))
            self.live[(game_id, seq)] = live

    def deadline(self, game_id: str, seq: int, eta: datetime) -> None:
        with self._lock:
            self.calls.append(("deadline", game_id, seq, eta))

    def game_finished(self, game_id: str) -> None:
        with self._lock:
            self.calls.append(("game_finished", game_id))

    def finished_games(self) -> list[str]:
        return [c[1] for c in self.calls if c[0] == "game_finished"]

    def webhooks(self, delivery_ids: list[str]) -> None:
        with self._lock:
            self.calls.extend(("webhook", i) for i in delivery_ids)

    def notices(self, notice_ids: list[str]) -> None:
        with self._lock:
            self.calls.extend(("notice", i) for i in notice_ids)

    def notice_ids(self) -> list[str]:
        return [c[1] for c in self.calls if c[0] == "notice"]

    def hint(self, game_id: str, seq: int) -> None:
        with self._lock:
            self.calls.append(("hint", game_id, seq))

    def review(self, game_id: str) -> None:
        with self._lock:
            self.calls.append(("review", game_id))

    def reviews(self) -> list[str]:
        return [c[1] for c in self.calls if c[0] == "review"]

    def hints(self) -> list[tuple[str, int]]:
        return [(c[1], c[2]) for c in self.calls if c[0] == "hint"]

    def bot_turns(self) -> list[tuple[str, int]]:
        return [(c[1], c[2]) for c in self.calls if c[0] == "bot_turn"]

    def deadlines(self) -> list[tuple[str, int, datetime]]:
        return [(c[1], c[2], c[3]) for c in self.calls if c[0] == "deadline"]

    def clear(self) -> None:
        with self._lock:
            self.calls.clear()
            self.live.clear()
