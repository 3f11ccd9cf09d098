"""Which messages a stream sends for a snapshot (api/stream/session.py), without a server:
the rules of docs/stream.md stated on made-up snapshots."""

from __future__ import annotations

from typing import Any

from api.stream.session import StreamSession
from api.stream.snapshot import ChatItem, Entry, Snapshot


def doc(seq: int, version: int, status: str = "active") -> dict[str, Any]:
    return {"seq": seq, "version": version, "status": status, "deadline_at": None}


def entry(seq: int, version: int) -> Entry:
    return Entry(seq, version, {"seat": seq % 3, "kind": "move"}, {"seq": seq})


def no_backlog(after: int, upto: int) -> list[Entry]:
    raise AssertionError(f"the window covers everything (asked for {after}..{upto})")


def kinds(messages: list[tuple[str, dict[str, Any], int | None]]) -> list[tuple[str, Any]]:
    return [(kind, seq if kind == "entry" else data["version"]) for kind, data, seq in messages]


def test_a_join_and_a_move_in_one_snapshot_send_the_entry_then_the_state() -> None:
    """The spectator holds the open game (version 1); the join (version 2, no entry) and a
    bot's first move (seq 1, version 3) arrive together: the entry alone would leave the
    spectator's copy without the joined seat."""
    session = StreamSession(None, None, no_backlog)
    assert kinds(session.advance(Snapshot(doc(0, 1, "open"), 0, ()))) == [("state", 1)]
    snap = Snapshot(doc(1, 3), 0, (entry(1, 3),))
    assert kinds(session.advance(snap)) == [("entry", 1), ("state", 3)]


def test_consecutive_entries_send_no_state() -> None:
    session = StreamSession(None, None, no_backlog)
    session.advance(Snapshot(doc(0, 1), 0, ()))
    snap = Snapshot(doc(3, 4), 0, (entry(1, 2), entry(2, 3), entry(3, 4)))
    assert kinds(session.advance(snap)) == [("entry", 1), ("entry", 2), ("entry", 3)]


def test_entries_of_one_write_share_a_version_and_send_no_state() -> None:
    session = StreamSession(None, None, no_backlog)
    session.advance(Snapshot(doc(0, 1), 0, ()))
    snap = Snapshot(doc(2, 2), 0, (entry(1, 2), entry(2, 2)))
    assert kinds(session.advance(snap)) == [("entry", 1), ("entry", 2)]


def test_a_change_after_the_last_entry_sends_the_state() -> None:
    session = StreamSession(None, None, no_backlog)
    session.advance(Snapshot(doc(0, 1), 0, ()))
    assert kinds(session.advance(Snapshot(doc(1, 3), 0, (entry(1, 2),)))) == [
        ("entry", 1),
        ("state", 3),
    ]


def test_a_resumed_stream_replays_only_what_the_client_lacks() -> None:
    session = StreamSession(2, None, no_backlog)
    snap = Snapshot(doc(4, 5), 0, (entry(1, 2), entry(2, 3), entry(3, 4), entry(4, 5)))
    assert kinds(session.advance(snap)) == [("entry", 3), ("entry", 4)]


def test_an_ended_game_sends_end_once_everything_is_sent() -> None:
    session = StreamSession(None, None, no_backlog)
    session.advance(Snapshot(doc(0, 1), 0, ()))
    messages = session.advance(Snapshot(doc(1, 2, "finished"), 0, (entry(1, 2),)))
    assert kinds(messages) == [("entry", 1), ("end", 2)]
    assert session.done


def chat(chat_id: int) -> ChatItem:
    return ChatItem(chat_id, {"id": chat_id, "text": f"m{chat_id}"})


def test_chat_older_than_the_window_comes_from_the_backlog_then_before_the_end() -> None:
    """A client resuming at chat 1 of a game whose window holds chats 4-5 gets 2-5 once,
    each id carrying both positions, and the chat before ``end``."""
    asked: list[tuple[int, int]] = []

    def chat_backlog(after: int, upto: int) -> list[ChatItem]:
        asked.append((after, upto))
        return [chat(i) for i in range(after + 1, upto + 1)]

    session = StreamSession(2, None, no_backlog, chat_since=1, chat_backlog=chat_backlog)
    snap = Snapshot(doc(2, 3, "finished"), 0, (entry(1, 2), entry(2, 3)), (chat(4), chat(5)), 3, 5)
    messages = session.advance(snap)
    assert [(kind, message_id) for kind, _, message_id in messages] == [
        ("chat", "2:2"),
        ("chat", "2:3"),
        ("chat", "2:4"),
        ("chat", "2:5"),
        ("end", None),
    ]
    assert asked == [(1, 3)] and session.done
    assert session.advance(snap) == [("end", snap.doc, None)]  # nothing repeated


def test_without_chat_since_the_stream_has_no_chat_and_plain_ids() -> None:
    session = StreamSession(0, None, no_backlog)
    snap = Snapshot(doc(1, 2), 0, (entry(1, 2),), (chat(1),), 0, 1)
    assert [(kind, i) for kind, _, i in session.advance(snap)] == [("entry", 1)]


def test_an_entry_of_a_bank_game_carries_the_banks_after_it() -> None:
    from datetime import UTC, datetime

    from service.rules.views import LogEntry

    after = {"status": "active", "version": 2, "pending": {"seat": 1, "kind": "move"},
             "banks": [42.5, 60.0, None]}  # fmt: skip
    logged = LogEntry(1, 0, {"type": "x"}, [], "human", datetime.now(UTC), after)
    session = StreamSession(None, None, no_backlog)
    session.advance(Snapshot(doc(0, 1), 0, ()))
    sent = session.advance(Snapshot(doc(1, 2), 0, (Entry.of(logged),)))
    [data] = [data for kind, data, _ in sent if kind == "entry"]
    assert data["banks"] == [42.5, 60.0, None]
    plain = Entry.of(LogEntry(1, 0, {"type": "x"}, [], "human", datetime.now(UTC), {}))
    session = StreamSession(None, None, no_backlog)
    session.advance(Snapshot(doc(0, 1), 0, ()))
    sent = session.advance(Snapshot(doc(1, 2), 0, (plain,)))
    [data] = [data for kind, data, _ in sent if kind == "entry"]
    assert "banks" not in data


def test_an_entrys_pending_names_the_player_who_answers_as_well_as_the_colour() -> None:
    """In Double I colour 2 is player 0's: a client compares ``pending.player`` with its
    seat (docs/stream.md's example), so the entry must carry it, as the game document does."""
    double = Entry(1, 2, {"seat": 2, "player": 0, "kind": "move"}, {"seq": 1})
    session = StreamSession(None, 0, no_backlog)
    session.advance(Snapshot(doc(0, 1), 0, ()))
    [data] = [
        data
        for kind, data, _ in session.advance(Snapshot(doc(1, 2), 0, (double,)))
        if kind == "entry"
    ]
    assert (data["pending"]["seat"], data["pending"]["player"], data["your_turn"]) == (2, 0, True)
    plain = Entry(1, 2, {"seat": 1, "kind": "move"}, {"seq": 1})
    session = StreamSession(None, None, no_backlog)
    session.advance(Snapshot(doc(0, 1), 0, ()))
    [data] = [
        data
        for kind, data, _ in session.advance(Snapshot(doc(1, 2), 0, (plain,)))
        if kind == "entry"
    ]
    assert data["pending"]["player"] == 1
