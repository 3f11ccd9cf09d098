"""A player's event stream: what concerns the player across all its games, pushed as it
commits (docs/stream.md, "The player stream").

The stream keeps, per game, what it last saw of the player's seats and compares each new
look (``Accounts.player_board``, one indexed query) with it. A look is taken after any
game's notice (at most every ``MIN_LOOK`` seconds, however busy the server) and every
``recheck`` seconds in any case, so a lost notice delays an event, never loses it. Events
name no sequence number to resume from: a client that reconnects gets ``hello`` and every
turn it owes again, which is all it needs to carry on.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any, Protocol

from flask import Response, current_app, request

from api.stream.framing import (
    NdjsonFraming,
    SseFraming,
    requested_framing,
    streaming_response,
)
from api.stream.notices import AnyWatcher
from api.stream.runtime import stream_runtime
from api.stream.settings import StreamSettings
from service.game_service import GameService
from service.parts.challenges import ChallengeView
from service.plumbing.outages import log_failure
from service.rules.player_views import BoardSeat
from service.rules.views import GameView

log = logging.getLogger(__name__)

#: Seconds between two looks at the database, per stream, after notices of other games
#: than the player's own (a notice of its own games is looked at at once).
MIN_LOOK = 0.25
Message = tuple[str, dict[str, Any], None]


class PlayerStreamSession:
    """Turns successive looks at a player's seats into events: ``game_started``,
    ``your_turn``, ``game_finished``, ``game_aborted`` and ``review_ready``, each once; and
    at its challenges (``_challenges``).

    ``review_ready`` is the player stream's and not the game's: a review is written minutes
    after the game's end, when the game's stream has said its last. A look holds the games
    whose review was ready after the stream opened, so every such game is announced once."""

    def __init__(
        self,
        player_id: str,
        decisions: Callable[[list[str]], dict[str, dict[str, Any]]] | None = None,
    ) -> None:
        self.player_id = player_id
        #: Per game, the decision's ``pending`` document and the ``state`` that a bot
        #: account's ``your_turn`` carries (``decisions_of``); None: no such fields.
        self.decisions = decisions
        self.status: dict[str, str] = {}
        self.turns: set[tuple[str, int, int]] = set()  # (game, seat, seq) announced
        self.started = False
        #: Per challenge: its status and who had accepted it, as last announced.
        self.challenges: dict[str, tuple[str, frozenset[str]]] = {}
        self.reviewed: set[str] = set()  # games whose ready review was announced

    def advance(self, looked: Look | list[BoardSeat]) -> list[Message]:
        """The messages a new look brings: ``looked`` is the board of seats, or (the
        player's stream) the board and the player's challenges."""
        board, challenges = looked if isinstance(looked, tuple) else (looked, None)
        messages: list[Message] = []
        if not self.started:
            self.started = True
            messages.append(("hello", {"player_id": self.player_id}, None))
            self.status = {b.game_id: b.status for b in board}  # known: no start/finish
            if challenges is not None:
                for c in challenges:  # known; the open ones to the player are announced
                    self.challenges[c.id] = (c.status, _accepted(c))
                    if c.status == "open" and c.direction == "incoming":
                        messages.append(("challenge", challenge_data(c), None))
                challenges = None
        for b in board:
            before = self.status.get(b.game_id)
            if before is None and b.review == "ready":
                before = self.status[b.game_id] = b.status  # a game seen for its review only
            if b.review == "ready" and b.game_id not in self.reviewed:
                self.reviewed.add(b.game_id)
                href = f"/api/v1/games/{b.game_id}/review"
                data = {"game_id": b.game_id, "label": b.label, "href": href}
                messages.append(("review_ready", data, None))
            if b.status != before:
                self.status[b.game_id] = b.status
                if b.status == "active":
                    messages.append(("game_started", _game(b), None))
                elif b.status == "finished":
                    messages.append(("game_finished", {**_game(b), "result": b.result}, None))
                elif b.status == "aborted":
                    messages.append(("game_aborted", _game(b), None))
            turn = (b.game_id, b.seat, b.seq)
            owes = b.status == "active" and b.kind == "human" and b.pending_seat == b.seat
            if owes and turn not in self.turns:
                self.turns.add(turn)
                messages.append(
                    (
                        "your_turn",
                        {
                            **_game(b),
                            "seq": b.seq,
                            "pending_kind": b.pending_kind,
                            "deadline_at": b.deadline_at.isoformat() if b.deadline_at else None,
                        },
                        None,
                    )
                )
        self._with_decisions(messages, board)
        live = {b.game_id for b in board}
        self.turns = {t for t in self.turns if t[0] in live}
        if challenges is not None:
            messages += self._challenges(challenges)
        return messages

    def concerns(self, game_ids: set[str]) -> bool:
        """Whether a notice of these games may change what this player is told: one of
        its games (those of its last look), which its stream then looks at at once."""
        return not self.status.keys().isdisjoint(game_ids)

    def _with_decisions(self, messages: list[Message], board: list[BoardSeat]) -> None:
        """A bot account's ``your_turn`` carries the decision (``pending``, as ``GET
        /games/{id}/pending`` serves it) and the game's ``state``: a program answers with
        one request, the submit (docs/bots.md). Read once per new turn, and left out when
        the game has moved past the announced ``seq`` meanwhile."""
        bots = {b.game_id for b in board if b.bot_account}
        turns = [m[1] for m in messages if m[0] == "your_turn" and m[1]["game_id"] in bots]
        if not turns or self.decisions is None:
            return
        found = self.decisions(sorted({t["game_id"] for t in turns}))
        for data in turns:
            decision = found.get(data["game_id"])
            if decision is not None and decision["pending"]["seq"] == data["seq"]:
                data.update(decision)

    def _challenges(self, challenges: list[ChallengeView]) -> list[Message]:
        """``challenge`` to the invited, then ``challenge_accepted`` per acceptance,
        ``challenge_declined``, ``challenge_cancelled`` and ``challenge_expired``, each
        once; the challenger hears of the answers, the invited of the end."""
        messages: list[Message] = []
        for c in challenges:
            before_status, before_accepted = self.challenges.get(c.id, (None, frozenset()))
            accepted = _accepted(c)
            self.challenges[c.id] = (c.status, accepted)
            if before_status is None and c.status == "open" and c.direction == "incoming":
                messages.append(("challenge", challenge_data(c), None))
            for pid in sorted(accepted - before_accepted):
                if pid != self.player_id:
                    data = {"id": c.id, "player_id": pid, "game_id": c.game_id}
                    messages.append(("challenge_accepted", data, None))
            if c.status == before_status or c.status == "open":
                continue
            if c.status == "accepted" and not accepted - before_accepted:
                data = {"id": c.id, "player_id": None, "game_id": c.game_id}
                messages.append(("challenge_accepted", data, None))
            elif c.status == "declined" and c.declined_by != self.player_id:
                data = {"id": c.id, "player_id": c.declined_by, "reason": c.decline_reason}
                messages.append(("challenge_declined", data, None))
            elif c.status == "cancelled" and c.challenger.id != self.player_id:
                messages.append(("challenge_cancelled", {"id": c.id}, None))
            elif c.status == "expired":
                messages.append(("challenge_expired", {"id": c.id}, None))
        return messages


Look = tuple[list[BoardSeat], list[ChallengeView]]


class LookSession(Protocol):
    """What turns a stream's looks into messages: the player's, the lobby's, a
    tournament's session."""

    def advance(self, looked: Any) -> list[Message]: ...

    def concerns(self, game_ids: set[str]) -> bool: ...


def _accepted(c: ChallengeView) -> frozenset[str]:
    return frozenset(i.player.id for i in c.invited if i.status == "accepted")


def challenge_data(c: ChallengeView) -> dict[str, Any]:
    """A ``challenge`` message's data: what the invited player decides on."""
    return {
        "id": c.id,
        "challenger": {"id": c.challenger.id, "name": c.challenger.name, "bot": c.challenger.bot},
        "terms": c.terms,
        "seat": c.seat,
        "rematch_of": c.rematch_of,
        "expires_at": c.expires_at.isoformat(),
    }


def decisions_of(
    service: GameService, pending_document: Callable[[GameView], dict[str, Any]]
) -> Callable[[list[str]], dict[str, dict[str, Any]]]:
    """Reads of the games' pending decisions (rendered by ``pending_document``, the
    ``GET /games/{id}/pending`` route's) and states for ``PlayerStreamSession``."""

    def read(game_ids: list[str]) -> dict[str, dict[str, Any]]:
        found = {}
        for game_id in game_ids:
            game = service.games.get(game_id)
            if game.status == "active" and game.pending is not None:
                found[game_id] = {"pending": pending_document(game), "state": game.public}
        return found

    return read


def _game(b: BoardSeat) -> dict[str, Any]:
    return {"game_id": b.game_id, "seat": b.seat, "label": b.label}


def player_body(
    look: Callable[[datetime], list[BoardSeat]],
    opened: datetime,
    watcher: AnyWatcher,
    session: LookSession,
    framing: SseFraming | NdjsonFraming,
    settings: StreamSettings,
) -> Iterator[bytes]:
    """The response body: events as looks find them, heartbeats in between, until the
    maximum duration (then the client reconnects)."""
    started = last_write = time.monotonic()
    yield framing.open(settings.retry_ms)
    while True:
        looked = time.monotonic()
        try:
            messages = session.advance(look(opened))
        except Exception as err:  # noqa: BLE001 - the database is away: keep the client, retry
            log_failure(log, err, "player stream: look failed; retrying")
            messages = []
        if messages:
            yield b"".join(framing.message(*m) for m in messages)
            last_write = time.monotonic()
        next_look = looked + settings.recheck
        while True:
            now = time.monotonic()
            if now - started >= settings.max_duration:
                return
            wait = min(next_look, last_write + settings.heartbeat) - now
            if watcher.wait(max(0.0, wait)):
                if not session.concerns(watcher.noticed()):
                    time.sleep(max(0.0, looked + MIN_LOOK - time.monotonic()))
                break
            if time.monotonic() >= next_look:
                break
            yield framing.heartbeat
            last_write = time.monotonic()


def stream_of_looks(
    service: GameService,
    start: Callable[[], tuple[Callable[[datetime], Any], Any]],
) -> Response:
    """The response of a stream that looks again after any game's notice (the player's
    stream, the lobby's): the client is admitted first (a refusal costs nothing), then
    ``start`` may refuse it (401) and otherwise gives what to look at and the session that
    turns looks into messages; the slot and the subscription are let go when the client
    leaves."""
    runtime = stream_runtime(current_app, service)
    release = runtime.admit(request.remote_addr or "?")
    try:
        look, session = start()
        watcher = runtime.hub.watch_any(games=True)
    except BaseException:
        release()
        raise
    framing = requested_framing()
    body = player_body(look, service.clock(), watcher, session, framing, runtime.settings)

    def _closed() -> None:
        watcher.close()
        release()

    return streaming_response(body, framing, _closed)
