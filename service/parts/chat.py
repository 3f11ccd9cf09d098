"""Chat at the table (docs/api.md, "Chat"): short text messages kept with their game,
delivered on its stream and exported with its record.

Who writes as whom is decided by the token alone: a seat token writes as its seat, a
player token as the player's seat in this game or, holding none, as a spectator. Bots
hold no tokens, so they never write. The rate limit is counted from the stored messages,
inside a transaction that locks the game's row: it holds across processes, and a post
never races the move that ends the game (a message is either before the end, and so
streamed and in the record, or refused).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from service.models import (
    ChatClosedRow,
    ChatMessageRow,
    ChatMuteRow,
    GameRow,
)
from service.parts import holds, sanctions
from service.parts.base import Part
from service.plumbing.errors import (
    Conflict,
    Forbidden,
    NotFound,
    TooMany,
    Unauthorized,
    Unprocessable,
)
from service.plumbing.text_check import display_text
from service.rules.player_views import is_player_token
from service.rules.seat_tokens import hash_token
from service.store import accounts, games, transactions
from service.store import chat as queries

MAX_TEXT = 280
#: At most ``RATE_COUNT`` messages per author and game within ``RATE_WINDOW`` seconds.
RATE_COUNT = 5
RATE_WINDOW = 10
PAGE_MAX = 500
ENDED = ("finished", "aborted")


@dataclass(frozen=True)
class ChatMessage:
    id: int
    game_id: str
    player_id: str | None
    seat: int | None
    name: str
    spectator: bool
    text: str
    created_at: datetime

    @classmethod
    def of(cls, row: ChatMessageRow) -> ChatMessage:
        return cls(
            row.id,
            row.game_id,
            row.player_id,
            row.seat,
            row.name,
            row.spectator,
            row.text,
            row.created_at,
        )


@dataclass(frozen=True)
class Mute:
    player_id: str
    name: str
    created_at: datetime


def clean_text(text: str) -> str:
    """The text as stored: trimmed, 1-280 characters, one line of visible text as
    ``service.plumbing.text_check`` says for every name and message (422 ``invalid_chat_text``)."""
    return display_text(text, max_length=MAX_TEXT, what="a message", code="invalid_chat_text")


@dataclass(eq=False)
class Chat(Part):
    """A game's chat and the players' mutes: a part (``service.parts.base``)."""

    def post(self, game_id: str, token: str, text: str, source: str | None = None) -> ChatMessage:
        """Write ``text`` as the token's author and wake the game's streams; ``source``: the
        client address it comes from, marked for the holds (``service.parts.holds``). 401
        for an unknown token, 403 ``chat_closed_to_spectators``, ``chat_muted`` (a
        moderator's mute, ``service.parts.sanctions``), 409 ``chat_ended`` once
        the game is over, 429 ``chat_rate_limited``."""
        text = clean_text(text)
        now = self.clock()
        with self.store.writing() as session:
            game = queries.game_locked(session, game_id)
            if game is None:
                raise NotFound("game_not_found", f"no game {game_id}")
            author, player_id, seat, name = self._author(session, game, token)
            spectator = seat is None
            if game.status in ENDED:
                raise Conflict("chat_ended", "the game is over: its chat is closed")
            sanctions.check_chat(session, player_id, now)
            if spectator and queries.closed_to_spectators(session, game_id) is not None:
                raise Forbidden(
                    "chat_closed_to_spectators", "the game's creator closed chat to spectators"
                )
            recent = queries.posts_since(
                session, game_id, author, now - timedelta(seconds=RATE_WINDOW)
            )
            if recent >= RATE_COUNT:
                raise TooMany(
                    "chat_rate_limited",
                    f"at most {RATE_COUNT} messages in {RATE_WINDOW} s",
                    retry_after=RATE_WINDOW,
                )
            row = ChatMessageRow(
                game_id=game_id,
                author=author,
                player_id=player_id,
                seat=seat,
                name=name,
                spectator=spectator,
                text=text,
                created_at=now,
            )
            transactions.add(session, row)
            session.flush()
            if player_id is not None:
                holds.mark(session, self.settings, now, player_id, source)
            message, seq = ChatMessage.of(row), game.seq
        self.after.committed(game_id, seq, None)  # wakes the game's streams
        return message

    def _author(
        self, session: Session, game: GameRow, token: str
    ) -> tuple[str, str | None, int | None, str]:
        """(rate key, player id, seat or None for a spectator, display name). The rate key
        is the author: the player when the seat is linked to one (its seat token and its
        player token count as one), else the seat."""
        digest = hash_token(token)
        if is_player_token(token):
            player = accounts.player_of_token(session, digest, self.clock())
            if player is None:
                raise Unauthorized("invalid_token", "the token is not a player's")
            held = [s for s in game.seats if s.player_id == player.id and s.kind == "human"]
            if held:
                return f"player:{player.id}", player.id, held[0].seat, held[0].name or player.name
            return f"player:{player.id}", player.id, None, player.name
        seat = next((s for s in game.seats if s.token_hash == digest), None)
        if seat is None or seat.kind != "human":
            raise Unauthorized("invalid_token", "the token is not a seat of this game")
        # A seat linked to a player speaks for that player: one budget, whichever token.
        author = f"player:{seat.player_id}" if seat.player_id else f"seat:{seat.seat}"
        return (
            author,
            seat.player_id,
            seat.seat,
            seat.name or f"Seat {seat.seat + 1}",
        )

    def messages(
        self, game_id: str, since: int = 0, limit: int | None = 100, reader: str | None = None
    ) -> list[ChatMessage]:
        """Messages with ``id > since`` in order, at most ``limit`` (None: all, for the
        record); ``reader`` (a player id) leaves out the players it holds (muted), and
        those the holds reach by address (``service.parts.holds``)."""
        with self.store.sessions() as session:
            if games.game(session, game_id) is None:
                raise NotFound("game_not_found", f"no game {game_id}")
            hold_since = holds.window_start(self.settings, self.clock())
            rows = queries.messages(session, game_id, since, limit, reader, hold_since)
            return [ChatMessage.of(r) for r in rows]

    def latest(self, game_id: str) -> int:
        """The id of the game's newest message (0: none yet)."""
        with self.store.sessions() as session:
            return queries.latest(session, game_id)

    def latest_many(self, game_ids: list[str]) -> dict[str, int]:
        """The newest message id of each of the games that have messages (one query)."""
        if not game_ids:
            return {}
        with self.store.sessions() as session:
            rows = queries.latest_many(session, game_ids)
        return {game_id: int(last) for game_id, last in rows}

    def is_closed(self, game_id: str) -> bool:
        with self.store.sessions() as session:
            return queries.closed_to_spectators(session, game_id) is not None

    def set_spectators(self, game_id: str, creator_token: str, allowed: bool) -> bool:
        """Open or close the game's chat to spectators; only its creator may (403
        ``not_creator``). Returns ``allowed``."""
        with self.store.writing() as session:
            game = games.game(session, game_id)
            if game is None:
                raise NotFound("game_not_found", f"no game {game_id}")
            if not secrets.compare_digest(game.creator_token_hash, hash_token(creator_token)):
                raise Forbidden("not_creator", "only the game's creator may close its chat")
            closed = queries.closed_to_spectators(session, game_id)
            if allowed and closed is not None:
                transactions.remove(session, closed)
            elif not allowed and closed is None:
                transactions.add(session, ChatClosedRow(game_id=game_id, closed_at=self.clock()))
        return allowed

    # ------------------------------------------------------------------ mutes

    def mute(self, player_id: str, muted_id: str) -> Mute:
        """Stop reading ``muted_id``'s messages (again: no change). 422
        ``cannot_mute_self``, 404 ``player_not_found``."""
        if muted_id == player_id:
            raise Unprocessable("cannot_mute_self", "a player cannot mute itself")
        with self.store.writing() as session:
            muted = accounts.player(session, muted_id)
            if muted is None:
                raise NotFound("player_not_found", f"no player {muted_id}")
            row = queries.mute(session, player_id, muted_id)
            if row is None:
                row = ChatMuteRow(player_id=player_id, muted_id=muted_id, created_at=self.clock())
                transactions.add(session, row)
            return Mute(muted_id, muted.name, row.created_at)

    def unmute(self, player_id: str, muted_id: str) -> None:
        """Read ``muted_id`` again (404 ``mute_not_found`` when not muted)."""
        with self.store.writing() as session:
            gone = queries.unmute(session, player_id, muted_id)
        if not gone:
            raise NotFound("mute_not_found", f"{muted_id} is not muted")

    def mutes(self, player_id: str) -> list[Mute]:
        with self.store.sessions() as session:
            rows = queries.mutes(session, player_id)
        return [Mute(r.muted_id, name, r.created_at) for r, name in rows]
