"""What a stream reads from the service: the public game document and the recent log
entries, rendered once per process and shared by every stream of the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from api.resources.chat.schemas import ChatMessageSchema
from api.resources.games.schemas import GameSchema
from api.resources.log.schemas import LogEntrySchema
from service.game_service import GameService
from service.rules.views import LogEntry

TERMINAL = ("finished", "aborted")
PAGE = 500  # log entries per read (the service's page maximum)

_GAME = GameSchema()
_ENTRY = LogEntrySchema()
_CHAT = ChatMessageSchema()


@dataclass(frozen=True, slots=True)
class ChatItem:
    """One chat message: ``data`` is exactly an item of ``GET /games/{id}/chat``."""

    id: int
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Entry:
    """One log entry: ``data`` is exactly an item of ``/events``; ``pending`` the decision
    it left ({seat, kind, ...} or None); ``version`` the game's version after it."""

    seq: int
    version: int
    pending: dict[str, Any] | None
    data: dict[str, Any]
    #: Each seat's bank in seconds right after the entry (bank time controls only).
    banks: list[float | None] | None = None

    @classmethod
    def of(cls, entry: LogEntry) -> Entry:
        after = entry.after or {}
        return cls(
            entry.seq,
            int(after.get("version", 0)),
            after.get("pending"),
            _ENTRY.dump(entry),
            after.get("banks"),
        )


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The game document (``GET /games/{id}``) and every log entry with
    ``base < seq <= doc["seq"]``, in order (the recent window; older ones are read again
    from the log by the stream that needs them)."""

    doc: dict[str, Any]
    base: int
    entries: tuple[Entry, ...]
    #: Chat messages with ``chat_base < id <= chat_last``, read after ``doc``.
    chat: tuple[ChatItem, ...] = ()
    chat_base: int = 0
    chat_last: int = 0

    @property
    def seq(self) -> int:
        return int(self.doc["seq"])

    @property
    def mark(self) -> tuple[int, int]:
        """(game version, newest chat id): what the periodic re-check compares."""
        return int(self.doc["version"]), self.chat_last


class SnapshotReader:
    """Reads snapshots; a new one extends the previous one by the entries since."""

    def __init__(self, service: GameService, window: int = 64) -> None:
        self.service = service
        self.window = window

    def read(self, game_id: str, previous: Snapshot | None) -> Snapshot:
        after = previous.seq if previous is not None else None
        view, logged = self.service.games.live_view(
            game_id, after or 0, PAGE if after is not None else 0
        )
        doc = _GAME.dump(view)
        seq = int(doc["seq"])
        # After the game: a message is either in this read or posted after it (a post
        # locks the game's row, so none slips in before the move that ends the game).
        chat = self._chat_after(game_id, previous)
        if previous is None or previous.seq > seq:
            last = self.service.chat.latest(game_id)
            return Snapshot(doc, seq, (), (), last, last)
        new = [Entry.of(e) for e in logged]
        if len(logged) == PAGE:  # far behind: the rest page by page
            new += self.entries(game_id, new[-1].seq, seq)
        entries = previous.entries + tuple(new)
        base = previous.base
        if len(entries) > self.window:
            base = entries[-self.window - 1].seq
            entries = entries[-self.window :]
        chat_base, chat_items = previous.chat_base, previous.chat + tuple(chat)
        if len(chat_items) > self.window:
            chat_base = chat_items[-self.window - 1].id
            chat_items = chat_items[-self.window :]
        chat_last = chat_items[-1].id if chat_items else previous.chat_last
        return Snapshot(doc, base, entries, chat_items, chat_base, chat_last)

    def _chat_after(self, game_id: str, previous: Snapshot | None) -> list[ChatItem]:
        if previous is None:
            return []
        return self.chat(game_id, previous.chat_last, None)

    def chat(self, game_id: str, after: int, upto: int | None) -> list[ChatItem]:
        """The chat messages with ``after < id <= upto`` (None: all), in order."""
        out: list[ChatItem] = []
        while True:
            page = self.service.chat.messages(game_id, since=after, limit=PAGE)
            out.extend(ChatItem(m.id, _CHAT.dump(m)) for m in page if upto is None or m.id <= upto)
            if len(page) < PAGE or (upto is not None and page[-1].id >= upto):
                return out
            after = page[-1].id

    def entries(self, game_id: str, after: int, upto: int) -> list[Entry]:
        """The log entries with ``after < seq <= upto``, in order."""
        out: list[Entry] = []
        while after < upto:
            page = self.service.games.events(game_id, since=after, limit=PAGE)
            out.extend(Entry.of(e) for e in page if e.seq <= upto)
            if len(page) < PAGE:
                break
            after = page[-1].seq
        return out
