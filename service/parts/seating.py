"""Seats of a game: taking one (``join``), giving it back before the start (``leave``),
handing it to a bot (``resign``), and a seat's token for its player on another device."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from engine import fairness
from service.models import GameRow, SeatRow
from service.parts import sanctions
from service.parts.admission import standin_level
from service.parts.base import Part
from service.plumbing.errors import Conflict, Forbidden, Unauthorized, Unprocessable
from service.plumbing.text_check import display_text
from service.rules import play
from service.rules.holders import Holder, holder_of
from service.rules.new_game import roll_setup
from service.rules.seat_tokens import hash_token, new_token, seat_of
from service.rules.views import GameView, Joined, SeatView, game_view
from service.store import idempotency, transactions

log = logging.getLogger(__name__)

#: Tries of a join or resign that keeps losing the race to other writers (the bots' moves,
#: other joins): neither depends on the position, so each is simply tried on a fresh read.
RETRIES = 8


@dataclass(eq=False)
class Seating(Part):
    """``Seating(store, settings, clock, after)``: who sits where."""

    def join(
        self,
        game_id: str,
        name: str | None = None,
        seat: int | None = None,
        *,
        player: str | None = None,
        invite: str | None = None,
        entropy: str | None = None,
        idempotency_key: str | None = None,
    ) -> Joined:
        """Take an open human seat (the lowest one the caller may take unless ``seat`` is
        given). ``player``: the joining player's id (the seat is linked to it, and seats
        reserved for it may be taken); ``invite``: an invitation code of the game, spent by
        the join that uses it. 403 ``barred_from_rated``: a rated game, the player barred
        from rated play by a moderator.

        The token is returned here once and only its hash is stored. The game starts when
        the last seat is filled. ``entropy``: the seat's contribution to the dice
        (docs/fairness.md), any text up to ``fairness.MAX_ENTROPY`` characters. With
        ``idempotency_key`` a retry returns the same seat and token (``service.store.idempotency``).
        """
        if name is not None:
            name = display_text(name, what="a seat's name")
        invite_hash = hash_token(invite) if invite is not None else None
        if entropy is not None and not 0 < len(entropy) <= fairness.MAX_ENTROPY:
            raise Unprocessable(
                "invalid_entropy", f"entropy is 1-{fairness.MAX_ENTROPY} characters"
            )
        scope, request = (
            f"join:{game_id}",
            {"name": name, "seat": seat, "entropy": entropy, "player": player},
        )
        for _attempt in range(RETRIES):
            if idempotency_key is not None:
                with self.store.sessions() as session:
                    found = idempotency.first(
                        session, scope, idempotency_key, request, self.clock()
                    )
                if found is not None:
                    kept, token = found
                    assert kept.seat is not None
                    with self.store.reading(game_id) as row:
                        view = game_view(row, full=True)
                    return Joined(view, kept.seat, token, replayed=True)
            token = new_token()
            try:
                with self.store.changing(game_id, state=True) as (session, row):
                    target = play.open_seat(row, seat, player, invite_hash)
                    play.take_invitation(target)
                    now = self.clock()
                    if row.rated:
                        sanctions.check_rated(session, [player], now)
                    if idempotency_key is not None:
                        idempotency.remember(
                            session, scope, idempotency_key, request,
                            game_id=game_id, seat=target.seat, token=token, now=now,
                        )  # fmt: skip
                    target.token_hash = hash_token(token)
                    target.player_id = player
                    target.name = name
                    target.joined_at = now
                    target.entropy = entropy
                    play.touch(row, now)
                    followup = None
                    if all(s.kind == "bot" or s.token_hash is not None for s in row.seats):
                        game = roll_setup(row)
                        followup = play.start(row, game, now, self.settings.bot_grace)
            except (StaleDataError, IntegrityError):
                continue  # someone else changed the game first; look again
            self.after.committed(game_id, row.seq, followup)
            log.info("game %s: seat %d joined", game_id, target.seat)
            return Joined(game=game_view(row, full=True), seat=target.seat, token=token)
        raise Conflict("version_conflict", "the game is changing too fast; retry")

    def leave(self, game_id: str, token: str, seat_number: int | None = None) -> GameView:
        """Give a seat back before the game starts (afterwards: ``resign``): the seat of
        the seat token, or ``seat_number`` of the player token's player."""
        return self.leave_as(game_id, holder_of(self.store.people, token), seat_number)

    def leave_as(self, game_id: str, holder: Holder, seat_number: int | None = None) -> GameView:
        """``leave`` for a holder already known (an account being deleted leaves its
        seats without a token)."""
        try:
            with self.store.changing(game_id) as (_, row):
                seat = self._held(row, holder, seat_number)
                if row.status != "open":
                    raise Conflict(
                        "game_not_open", "the game has started; resign instead of leaving"
                    )
                seat.token_hash = seat.name = seat.joined_at = seat.player_id = None
                seat.entropy = None
                play.touch(row, self.clock())
        except StaleDataError as err:
            raise Conflict("version_conflict", "the game changed; retry") from err
        self.after.committed(game_id, row.seq, None)
        return game_view(row, full=True)

    def resign(self, game_id: str, token: str, seat_number: int | None = None) -> GameView:
        """Resigning hands the seat to a bot for the rest of the game.

        The engine has no notion of a player leaving, so the seat keeps playing (level
        ``options.resign_bot_level``, default ``settings.standin_level``); the human's
        token stops working (403 ``seat_resigned``). The seat still ranks at the end.

        ``token``: the seat's token, or the player token of the player holding
        ``seat_number`` (``service.rules.holders``).

        A resign does not depend on the position, so a write that lost the race to a bot's
        move (the same version, or the same log seq) is simply tried again on a fresh read.
        """
        return self.resign_as(game_id, holder_of(self.store.people, token), seat_number)

    def resign_as(self, game_id: str, holder: Holder, seat_number: int | None = None) -> GameView:
        """``resign`` for a holder already known (an account being deleted resigns its
        seats without a token)."""
        for attempt in range(RETRIES):
            try:
                with self.store.changing(game_id) as (session, row):
                    seat = self._held(row, holder, seat_number)
                    if seat.resigned:
                        raise Forbidden("seat_resigned", "this seat has already resigned")
                    if row.status != "active":
                        raise Conflict(
                            "game_not_active",
                            f"game is {row.status}; resign only during play (leave an open game)",
                        )
                    level = standin_level(row, "resign_bot_level", self.settings)
                    seat.resigned = True
                    log_row, followup = play.hand_to_bot(
                        row, seat, level, "human", self.clock(), self.settings.bot_grace
                    )
                    transactions.add(session, log_row)
                break
            except (StaleDataError, IntegrityError) as err:
                if attempt + 1 == RETRIES:
                    raise Conflict("version_conflict", "the game changed; retry") from err
        self.after.committed(game_id, row.seq, followup)
        log.info("game %s: seat %d resigned", game_id, seat.seat)
        return game_view(row, full=True)

    def seat_token(self, game_id: str, seat: int, player: str) -> str:
        """A new token for the seat ``player`` holds in this game (a seat given to it by a
        label's owner, or one it joined from another device); the seat's earlier token
        stops working. 403 ``not_your_seat`` for any other seat, 409 ``game_not_open``
        once the game is over, 403 ``seat_resigned`` after a resignation."""
        token = new_token()
        try:
            with self.store.changing(game_id) as (_, row):
                target = seat_of(row, seat)
                if target is None or target.kind != "human" or target.player_id != player:
                    raise Forbidden("not_your_seat", f"seat {seat} is not held by your player")
                if target.resigned:
                    raise Forbidden("seat_resigned", "this seat has resigned")
                if row.status not in ("open", "active"):
                    raise Conflict("game_not_open", f"game is {row.status}")
                target.token_hash = hash_token(token)
                play.touch(row, self.clock())
        except StaleDataError as err:
            raise Conflict("version_conflict", "the game changed; retry") from err
        self.after.committed(game_id, row.seq, None)
        log.info("game %s: seat %d token issued to its player", game_id, seat)
        return token

    def own_seat(self, game_id: str, seat: int, token: str) -> SeatView:
        """``seat`` of the game, when ``token`` is its token (403 ``wrong_seat`` when the
        token holds another seat of the game, 401 ``invalid_token`` when none), or the
        player token of the player holding it (403 ``not_your_seat`` otherwise)."""
        holder = holder_of(self.store.people, token)
        if holder.player_id is not None:
            with self.store.reading(game_id) as row:
                return SeatView.of(self._held(row, holder, seat))
        owner = self.seat_for_token(game_id, token)
        if owner.seat != seat:
            raise Forbidden("wrong_seat", f"the token belongs to seat {owner.seat}, not {seat}")
        return owner

    def seat_for_token(self, game_id: str, token: str) -> SeatView:
        """The seat a token belongs to in this game (401 ``invalid_token`` otherwise); for
        a player token, the player's seat whose decision is pending, else its lowest (403
        ``not_your_seat`` when it holds none)."""
        holder = holder_of(self.store.people, token)
        if holder.player_id is not None:
            with self.store.reading(game_id) as row:
                return SeatView.of(self._held(row, holder, None))
        seat = self.store.seat_by_token_hash(game_id, hash_token(token))
        if seat is None:
            raise Unauthorized("invalid_token", "the token is not a seat of this game")
        return SeatView.of(seat)

    @staticmethod
    def _held(row: GameRow, holder: Holder, seat_number: int | None) -> SeatRow:
        found = seat_of(row, play.authorise(row, holder, seat_number))
        assert found is not None  # authorise returns a seat of the row
        return found
