"""One client's stream: which messages a new snapshot means for it.

Every entry exactly once and in ``seq`` order, because the session only ever sends
entries after the last one it sent, and reads them from the log (the snapshot's window or,
further back, the database), never from the notices.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from api.stream.snapshot import TERMINAL, ChatItem, Entry, Snapshot

Message = tuple[str, dict[str, Any], int | str | None]  # (type, data, SSE id)


class StreamSession:
    """``since``: the last entry the client has (None: a fresh connection, which gets the
    state first); ``seat``: the seat of the client's token, which adds ``your_turn``;
    ``backlog(after, upto)``: log entries older than the snapshot's window.

    ``chat_since``: the last chat message the client has (None: no chat on this stream);
    ``chat_backlog(after, upto)``: chat messages older than the snapshot's window. With
    chat, every id is ``"<seq>:<chat id>"``: both positions, so that one resume point
    (``Last-Event-ID``) neither loses nor repeats an entry or a message."""

    def __init__(
        self,
        since: int | None,
        seat: int | None,
        backlog: Callable[[int, int], list[Entry]],
        chat_since: int | None = None,
        chat_backlog: Callable[[int, int], list[ChatItem]] | None = None,
    ) -> None:
        self.last_seq = since
        self.version: int | None = None  # the game version the client's copy reflects
        self.seat = seat
        self.backlog = backlog
        self.last_chat = chat_since
        self.chat_backlog = chat_backlog
        self.done = False

    def _id(self) -> int | str | None:
        if self.last_chat is None:
            return self.last_seq
        return f"{self.last_seq or 0}:{self.last_chat}"

    def advance(self, snap: Snapshot) -> list[Message]:
        doc = snap.doc
        out: list[Message] = []
        if self.last_seq is None:
            out.append(("state", doc, None))
            self.last_seq, self.version = snap.seq, int(doc["version"])
        elif self.last_seq <= snap.seq:
            unlogged = False  # a change without a log entry lies between two entries
            for entry in self._entries_after(self.last_seq, snap):
                # Every write bumps the version by exactly one and the entries of one write
                # share it, so a larger step means a write without an entry came between
                # (a join that started the game, then a bot's move, both in one snapshot).
                unlogged |= self.version is not None and entry.version > self.version + 1
                self.last_seq, self.version = entry.seq, entry.version
                out.append(("entry", self._render(entry, doc), self._id()))
            # Changes without a log entry (a seat joined, the game started, a resign): the
            # newest document, after the entries it already includes.
            if doc["status"] not in TERMINAL and (
                unlogged or self.version is None or int(doc["version"]) > self.version
            ):
                out.append(("state", doc, None))
                self.version = int(doc["version"])
        if self.last_chat is not None:
            for item in self._chat_after(self.last_chat, snap):
                self.last_chat = item.id
                out.append(("chat", item.data, self._id()))
        if doc["status"] in TERMINAL and self.last_seq >= snap.seq:
            out.append(("end", doc, None))
            self.done = True
        return out

    def _entries_after(self, seq: int, snap: Snapshot) -> list[Entry]:
        if seq >= snap.seq:
            return []
        if seq >= snap.base:
            return [e for e in snap.entries if e.seq > seq]
        return self.backlog(seq, snap.base) + list(snap.entries)

    def _chat_after(self, after: int, snap: Snapshot) -> list[ChatItem]:
        if after >= snap.chat_last:
            return []
        if after >= snap.chat_base or self.chat_backlog is None:
            return [c for c in snap.chat if c.id > after]
        return self.chat_backlog(after, snap.chat_base) + list(snap.chat)

    def _render(self, entry: Entry, doc: dict[str, Any]) -> dict[str, Any]:
        data = dict(entry.data)
        pending = entry.pending
        data["pending"] = (
            None
            if pending is None
            else {
                "seat": pending.get("seat"),
                # The game's seat that answers (differs from ``seat``, the colour, in Double
                # I and II), as in the game document's ``pending``.
                "player": pending.get("player", pending.get("seat")),
                "kind": pending.get("kind"),
                # Known for the newest entry only: older decisions are already taken.
                "deadline": doc["deadline_at"] if entry.seq == int(doc["seq"]) else None,
            }
        )
        if entry.banks is not None:
            data["banks"] = entry.banks
        if self.seat is not None:
            data["your_turn"] = (
                pending is not None and pending.get("player", pending.get("seat")) == self.seat
            )
        return data
