"""Challenges and rematches (docs/api.md, "Challenges and rematches").

A player (a person or a bot account) invites one or more players to a game on given terms;
each invited player accepts or declines (with a reason); the challenger may cancel; an
open challenge expires. When every invited player has accepted, the game is created by
``Creation.create_game`` (the one create path) in a transaction that also ends the
challenge by a conditional update, so two last acceptances create one game, and a refusal
of the creation (a bot account paused meanwhile) leaves no game behind. After a finished
game any of its players offers a rematch: a challenge to the game's other players with the
same seats and terms.

A **service bot** (a bot level's player, ``bot-greedy``: the service plays it) answers at
once, by one policy (docs/api.md, "Challenges and rematches"): it accepts when the game of
the challenge's terms would be admitted now (the admission gate, ``service.parts.admission``:
the challenger's search budget for a searching level), and declines with the reason
``later`` when it would not. Its seat is a bot seat of its level, as any game's.

Expiry is enforced on read: every read and write of challenges first ends the open ones
whose time is up, and the player stream treats an open challenge past its time as expired.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from service.models import ChallengeInviteRow, ChallengeRow, GameRow
from service.parts import sanctions
from service.parts.admission import Payer
from service.parts.base import Part
from service.parts.challenge_terms import (
    CHALLENGE_TTL,
    DECLINE_REASONS,
    MAX_CHALLENGE_TTL,
    MAX_INVITED,
    MIN_CHALLENGE_TTL,
    is_service_bot,
    playing_seats,
    refuse_paused,
    seat_again,
    seat_spec,
)
from service.parts.challenge_views import ChallengeView, challenge_view
from service.parts.creation import Creation
from service.parts.holds import Holds
from service.plumbing.errors import Conflict, Forbidden, NotFound, TooMany, Unprocessable
from service.rules import clocks
from service.rules.bots import check_bot_level
from service.rules.new_game import new_game_row
from service.rules.seat_tokens import hash_token, new_token
from service.store import transactions

log = logging.getLogger(__name__)


class _Taken(Exception):
    """The challenge ended (accepted by a twin request, cancelled) while its game was being
    created: the creation is undone."""


@dataclass(eq=False)
class Challenges(Part):
    """``Challenges(store, settings, clock, after, creation, holds)``."""

    creation: Creation
    holds: Holds

    # ------------------------------------------------------------------ making one

    def create(
        self,
        challenger: str,
        invited: list[str],
        *,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        time_control: dict[str, Any] | None = None,
        timeout_policy: str = "default_action",
        rated: bool = True,
        bot_level: str = "random",
        expires_in: int | None = None,
        source: str | None = None,
    ) -> ChallengeView:
        """Challenge ``invited`` (player ids, persons or bot accounts) to a game: the
        challenger in seat 0, the invited players in the next seats in order, bots of
        ``bot_level`` in the rest; ``source``: the client address it comes from (for the
        holds, ``service.parts.holds``). Refusals: 422 ``challenge_self``,
        ``invalid_challenge`` (no one, too many or repeated players), 404
        ``player_not_found``, 403 ``blocked`` (a block between the challenger and an invited
        player, either way), ``muted_by_player`` (an invited person muted the
        challenger), ``address_muted`` (or a player who wrote from its address lately),
        ``barred_from_rated`` (a rated challenge of a player a moderator barred), 409
        ``bot_account_paused``, and the game's own (``invalid_players``, ``invalid_option``,
        ``invalid_time_control``…) as creating the game would say them."""
        if not 1 <= len(invited) <= MAX_INVITED or len(set(invited)) != len(invited):
            raise Unprocessable("invalid_challenge", f"invite 1-{MAX_INVITED} different players")
        if challenger in invited:
            raise Unprocessable("challenge_self", "a player cannot challenge itself")
        variant = (options or {}).get("variant")
        size = players if players is not None else (2 if variant else max(3, len(invited) + 1))
        if size < len(invited) + 1:
            raise Unprocessable(
                "invalid_challenge", f"{len(invited) + 1} players do not fit a {size}-seat game"
            )
        check_bot_level(bot_level, "invalid_challenge")
        known = self.store.challenges.players_by_id([challenger, *invited])
        seats = [seat_spec(known, challenger)]
        for pid in invited:
            if pid not in known:
                raise NotFound("player_not_found", f"no player {pid}")
            seats.append(seat_spec(known, pid))
        seats += [{"kind": "bot", "level": bot_level}] * (size - len(seats))
        terms = {
            "players": size,
            "seats": seats,
            "options": dict(options or {}),
            "time_control": time_control,
            "timeout_policy": timeout_policy,
            "rated": rated,
        }
        return self._open(challenger, terms, expires_in=expires_in, rematch_of=None, source=source)

    def rematch(
        self, game_id: str, player_id: str, source: str | None = None
    ) -> tuple[ChallengeView, bool]:
        """Offer the players of the finished game ``game_id`` a rematch: a challenge with
        the same seats and terms from ``player_id``, who held a seat of it (403
        ``not_your_seat``); 409 ``game_not_finished``, ``rematch_unavailable`` (a seat
        joined without a player token cannot be invited). An open rematch of the game is
        returned as it is (False: not new). With nobody to invite (the others were
        the service's bots) the game is created at once."""
        with self.store.reading(game_id) as row:
            if row.status != "finished":
                raise Conflict("game_not_finished", f"game is {row.status}: rematch a finished one")
            if all(s.player_id != player_id for s in row.seats):
                raise Forbidden("not_your_seat", "only a player of the game offers a rematch")
            seats = [seat_again(s) for s in row.seats]
            terms = {
                "players": row.players,
                "seats": seats,
                "options": dict(row.options or {}),
                "time_control": clocks.control_of(row),
                "timeout_policy": row.timeout_policy,
                "rated": bool(row.rated),
            }
        self._expire()
        for found, _ in self.store.challenges.challenges_of(player_id, ended_after=None):
            if found.rematch_of == game_id and found.status == "open":
                return self._view(found, player_id), False
        return self._open(
            player_id, terms, expires_in=None, rematch_of=game_id, source=source
        ), True

    def _open(
        self,
        challenger: str,
        terms: dict[str, Any],
        *,
        expires_in: int | None,
        rematch_of: str | None,
        source: str | None = None,
    ) -> ChallengeView:
        """Check the terms as creating the game would, then store the challenge (or, with
        nobody to invite, create the game now)."""
        now = self.clock()
        ttl = CHALLENGE_TTL if expires_in is None else expires_in
        if not MIN_CHALLENGE_TTL <= ttl <= MAX_CHALLENGE_TTL:
            raise Unprocessable(
                "invalid_challenge",
                f"expires_in is {MIN_CHALLENGE_TTL}-{MAX_CHALLENGE_TTL} seconds",
            )
        new_game_row(
            self.settings,
            now,
            new_token(),
            players=terms["players"],
            seats=playing_seats(terms["seats"]),
            time_limit=None,
            timeout_policy=terms["timeout_policy"],
            time_control=terms["time_control"],
            options=terms["options"],
            seed=None,
            label=None,
            rated=terms["rated"],
        )  # fmt: skip  (the terms' checks; the row is dropped)
        invited = [
            (i, s["player"])
            for i, s in enumerate(terms["seats"])
            if s.get("player") is not None and s["player"] != challenger
        ]
        ids = [pid for _, pid in invited]
        # The game is made, and its search bots charged, at the last acceptance: a
        # challenger without room for it is told now, before anybody is asked; a service
        # bot invited declines it instead (its policy, the module's docstring).
        service_bots = [pid for pid in ids if is_service_bot(pid)]
        refused: TooMany | None = None
        try:
            self.creation.admission.check(
                playing_seats(terms["seats"]), terms["options"], Payer.asking(challenger)
            )
        except TooMany as exc:
            if not service_bots:
                raise
            refused = exc
        known = self.store.challenges.players_by_id([challenger, *ids])
        self.holds.check_challenge(ids, challenger, source)
        if terms["rated"]:
            sanctions.refuse_barred(self.store, [challenger, *ids], now)
        refuse_paused([known[pid] for pid in [challenger, *ids]], self.creation.paused_until)
        row = ChallengeRow(
            id="c" + secrets.token_hex(8), challenger_id=challenger, terms=terms,
            status="open", rematch_of=rematch_of, created_at=now,
            expires_at=now + timedelta(seconds=ttl),
        )  # fmt: skip
        invites = [
            ChallengeInviteRow(challenge_id=row.id, player_id=pid, seat=seat, status="pending")
            for seat, pid in invited
        ]
        if refused is not None:  # declined before anybody is asked: nobody is told
            row.status, row.ended_at = "declined", now
            row.declined_by, row.decline_reason = service_bots[0], "later"
            self.store.challenges.add_challenge(row, invites, None)
            log.info("challenge %s declined by %s: %s", row.id, service_bots[0], refused)
        elif invites:
            notice = {"who": known[challenger].name, "path": "/lobby"}
            told = self.store.challenges.add_challenge(row, invites, notice)
            self.after.notices(told)
            self.holds.mark(challenger, source)
            log.info("challenge %s by %s to %s", row.id, challenger, ids)
            for pid in service_bots:
                self._answer_as_service_bot(row.id, pid)
        else:  # a rematch against the service's bots only: play it now
            self._create_game(row, new=True)
        self._announce(row.id)
        return self.get(row.id, challenger)

    # ------------------------------------------------------------------ answers

    def accept(self, challenge_id: str, player_id: str) -> ChallengeView:
        """The invited ``player_id`` accepts (again: nothing changes). The last acceptance
        creates the game (``game_id``). 403 ``not_invited``, ``blocked`` (a block between
        the player and another of the challenge's, either way), ``barred_from_rated`` (a
        rated challenge, the accepting player barred by a moderator); 409 ``challenge_expired``,
        ``challenge_cancelled``, ``challenge_declined``."""
        row, invites = self._load(challenge_id)
        mine = next((i for i in invites if i.player_id == player_id), None)
        if mine is None:
            raise Forbidden("not_invited", "you are not invited to this challenge")
        if row.status == "accepted":
            return self._view(row, player_id, invites)
        self._check_open(row)
        others = [row.challenger_id, *(i.player_id for i in invites if i is not mine)]
        self.holds.check_apart(player_id, others)  # a block made since the challenge
        if row.terms.get("rated", True):
            sanctions.refuse_barred(self.store, [player_id], self.clock())
        if mine.status == "pending" and all(
            i.status == "accepted" for i in invites if i.player_id != player_id
        ):
            # The last acceptance makes the game, recorded in the game's own transaction:
            # a refused creation (the challenger's search budget) leaves it pending.
            self._create_game(row, accepting=player_id)
        else:
            if self.store.challenges.accept_invite(challenge_id, player_id, self.clock()):
                log.info("challenge %s accepted by %s", challenge_id, player_id)
            row, invites = self._load(challenge_id)
            if row.status == "open" and all(i.status == "accepted" for i in invites):
                self._create_game(row)  # the others accepted meanwhile
            elif row.status != "accepted":
                self._check_open(row)
        self._announce(challenge_id)
        return self.get(challenge_id, player_id)

    def decline(self, challenge_id: str, player_id: str, reason: str) -> ChallengeView:
        """The invited ``player_id`` declines, for ``reason`` (``DECLINE_REASONS``): the
        challenge ends for everybody. 403 ``not_invited``; 409 as ``accept``, and
        ``challenge_accepted`` once its game exists."""
        if reason not in DECLINE_REASONS:
            raise Unprocessable("invalid_challenge", f"reason is one of {list(DECLINE_REASONS)}")
        row, invites = self._load(challenge_id)
        if all(i.player_id != player_id for i in invites):
            raise Forbidden("not_invited", "you are not invited to this challenge")
        self._end(row, "declined", declined_by=player_id, decline_reason=reason)
        return self.get(challenge_id, player_id)

    def cancel(self, challenge_id: str, player_id: str) -> ChallengeView:
        """The challenger takes the challenge back. 403 ``not_challenger``; 409 as
        ``decline``."""
        row, _ = self._load(challenge_id)
        if row.challenger_id != player_id:
            raise Forbidden("not_challenger", "only the challenger cancels a challenge")
        self._end(row, "cancelled")
        return self.get(challenge_id, player_id)

    def _answer_as_service_bot(self, challenge_id: str, bot: str) -> None:
        """The service bot ``bot`` accepts at once; when that makes the game and the
        admission gate refuses it (a budget spent since the challenge's check), it declines
        with ``later`` instead: the challenge is answered either way."""
        try:
            self.accept(challenge_id, bot)
        except TooMany as exc:
            log.info("challenge %s: %s declines: %s", challenge_id, bot, exc)
            self.decline(challenge_id, bot, "later")

    def _end(self, row: ChallengeRow, status: str, **values: Any) -> None:
        self._check_open(row)
        if not self.store.challenges.end_challenge_now(row.id, status, self.clock(), **values):
            fresh, _ = self._load(row.id)
            self._check_open(fresh)  # ended meanwhile: say how
        log.info("challenge %s %s", row.id, status)
        self._announce(row.id)

    @staticmethod
    def _check_open(row: ChallengeRow) -> None:
        if row.status == "open":
            return
        if row.status == "accepted":
            raise Conflict(
                "challenge_accepted", "the challenge was accepted: its game exists",
                game_id=row.game_id,
            )  # fmt: skip
        raise Conflict(f"challenge_{row.status}", f"the challenge is {row.status}")

    # ------------------------------------------------------------------ the game

    def _create_game(
        self, row: ChallengeRow, *, accepting: str | None = None, new: bool = False
    ) -> None:
        """Create the challenge's game and end the challenge as accepted, in one
        transaction, with the last acceptance (``accepting``), or storing the challenge
        itself (``new``: a rematch against the service's bots): so a creation refused
        (the challenger's search budget, a paused bot account) changes nothing. The
        challenger's search budget pays, with the address of the request that makes the
        game (``service.parts.admission``). Nothing when a twin request did it first."""
        challenge_id = row.id
        terms = row.terms
        now = self.clock()
        people = {
            i: s["player"]
            for i, s in enumerate(terms["seats"])
            if s["kind"] == "human" and s.get("player") is not None
        }
        accounts = frozenset(
            s["player"]
            for s in terms["seats"]
            if s["kind"] == "bot" and s.get("player") and not is_service_bot(s["player"])
        )

        def claim(session: Session, game: GameRow) -> None:
            if new:
                row.status, row.ended_at, row.game_id = "accepted", now, game.id
                transactions.add(session, row)
            else:
                if accepting is not None and self.store.challenges.accept_invite_in(
                    session, challenge_id, accepting, now
                ):
                    log.info("challenge %s accepted by %s", challenge_id, accepting)
                if not self.store.challenges.end_challenge(
                    session, challenge_id, "accepted", now, game_id=game.id
                ):
                    raise _Taken(challenge_id)
            for seat in game.seats:
                if seat.seat in people:
                    seat.token_hash = hash_token(new_token())  # they act with player tokens
                    seat.player_id = people[seat.seat]
                    seat.joined_at = now

        try:
            created = self.creation.create_game(
                players=terms["players"],
                seats=playing_seats(terms["seats"]),
                time_control=terms["time_control"],
                timeout_policy=terms["timeout_policy"],
                options=terms["options"] or None,
                player=row.challenger_id,
                rated=terms["rated"],
                prepare=claim,
                consented=accounts,
            )
        except _Taken:
            return
        log.info("challenge %s: game %s created", challenge_id, created.game.id)

    # ------------------------------------------------------------------ reads

    def get(self, challenge_id: str, player_id: str) -> ChallengeView:
        """A challenge, for its challenger and its invited players (404
        ``challenge_not_found`` for anybody else)."""
        row, invites = self._load(challenge_id)
        if row.challenger_id != player_id and all(i.player_id != player_id for i in invites):
            raise NotFound("challenge_not_found", f"no challenge {challenge_id}")
        return self._view(row, player_id, invites)

    def listing(self, player_id: str, direction: str | None = None) -> list[ChallengeView]:
        """The open challenges the player made (``outgoing``) or is invited to
        (``incoming``), oldest first."""
        self._expire()
        views = [
            self._view(row, player_id, invites)
            for row, invites in self.store.challenges.challenges_of(player_id, ended_after=None)
        ]
        return [v for v in views if direction is None or v.direction == direction]

    def for_stream(self, player_id: str, ended_after: datetime) -> list[ChallengeView]:
        """The player's open challenges and those ended after ``ended_after`` (the player
        stream's look: a read, nothing ended here; one past its time reads expired)."""
        return [
            self._view(row, player_id, invites)
            for row, invites in self.store.challenges.challenges_of(
                player_id, ended_after=ended_after
            )
        ]

    def _load(self, challenge_id: str) -> tuple[ChallengeRow, list[ChallengeInviteRow]]:
        self._expire()
        found = self.store.challenges.challenge(challenge_id)
        if found is None:
            raise NotFound("challenge_not_found", f"no challenge {challenge_id}")
        return found

    def _expire(self) -> None:
        for challenge_id in self.store.challenges.expire_challenges(self.clock()):
            log.info("challenge %s expired", challenge_id)
            self._announce(challenge_id)

    def _announce(self, challenge_id: str) -> None:
        """Wake the player streams: they look at their challenges again."""
        try:
            self.after.publisher.game_changed(f"challenge-{challenge_id}", 0)
        except Exception:  # noqa: BLE001 - the streams look again within seconds anyway
            log.warning("could not announce challenge %s", challenge_id)

    def _view(
        self,
        row: ChallengeRow,
        reader: str | None,
        invites: list[ChallengeInviteRow] | None = None,
    ) -> ChallengeView:
        if invites is None:
            found = self.store.challenges.challenge(row.id)
            invites = found[1] if found else []
        known = self.store.challenges.players_by_id(
            [row.challenger_id, *(i.player_id for i in invites)]
        )
        return challenge_view(row, invites, known, reader, self.clock())
