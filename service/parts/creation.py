"""Creating games, one or a round of them, and aborting one that has not started.

A single create and a bulk create differ only in how their rows are built (``build_one``
here, ``bulk.build`` for a round); both are stored by ``Creation._store``: one transaction
that claims the labels, adds the games with the webhook deliveries they owe, starts those
whose seats are all taken, and hands their first bot turns to the scheduler after the
commit.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from service.models import GameRow
from service.parts import sanctions
from service.parts.admission import Admission, Payer
from service.parts.base import Part
from service.parts.labels import Labels, check_reservable
from service.plumbing.errors import Conflict, Forbidden, ServiceError, Unauthorized, Unprocessable
from service.rules import bot_rules, bulk, play
from service.rules.bot_seats import seat_bot_accounts
from service.rules.bulk import MAX_BULK, Built, BulkGame
from service.rules.new_game import new_game_row, roll_setup
from service.rules.seat_tokens import hash_token, new_token
from service.rules.views import CreatedGame, GameView, SeatSpec, game_view
from service.store import idempotency

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Creation(Part):
    """``Creation(store, settings, clock, after, labels, admission)``: new games and
    aborted ones."""

    labels: Labels
    #: The admission gate every new game passes (``_store``).
    admission: Admission

    def create_game(
        self,
        *,
        players: int = 4,
        seats: Sequence[SeatSpec | dict[str, Any]] | None = None,
        time_limit: int | None = None,
        timeout_policy: str = "default_action",
        time_control: dict[str, Any] | None = None,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        label: str | None = None,
        player: str | None = None,
        private: bool = False,
        rated: bool = True,
        idempotency_key: str | None = None,
        prepare: Callable[[Session, GameRow], None] | None = None,
        address: str | None = None,
        consented: frozenset[str] = frozenset(),
    ) -> CreatedGame:
        """Create a game; bot seats are filled at once, human seats wait for ``join``.

        ``options``: as the request writes them (``service.rules.game_options``, where
        each is declared and checked).
        ``label``: the creator's grouping (e.g. a tournament), filterable in ``list_games``;
        a label belongs to the first player who creates a game under it (``player``, the
        creating player's id), and nobody else may use it afterwards (403 ``label_owned``).
        ``private``: not listed to others; each human seat not reserved for a player gets
        an invitation code (in ``CreatedGame.invitations``, shown once).
        ``rated``: whether the result updates the players' ratings (``service.parts.ratings``).
        A game without human seats starts immediately. With ``idempotency_key`` a retry
        returns the same game (as it is now) and creator token (``service.store.idempotency``).
        ``prepare(session, row)`` runs first in the creating transaction and may take human
        seats for players (quick play, ``service.parts.seeks``); what it raises undoes the whole
        creation. A game whose seats are then all taken starts at once.
        ``address``: the client's (default: the address of the request being served,
        ``service.plumbing.requester``): charged with ``player`` for a game with search bots,
        and the owner of the game's bot work without ``player`` (``service.parts.admission``).
        A bot account's seat (``{"kind": "bot", "player": id}``) is taken for it at once
        when the creator is the account itself, an owner of the label the account entered,
        or (``consented``: the accounts that accepted a challenge) the challenge's; 403
        ``reservation_forbidden`` otherwise (``service.rules.bot_seats``).
        """
        now = self.clock()
        request = {
            "players": players,
            "seats": [s if isinstance(s, dict) else vars(s) for s in seats or []],
            "time_limit": time_limit,
            "time_control": time_control,
            "timeout_policy": timeout_policy,
            "options": options,
            "seed": seed,
            "label": label,
            "player": player,
            "private": private,
            "rated": rated,
        }
        if idempotency_key is not None:
            with self.store.sessions() as session:
                found = idempotency.first(session, "create", idempotency_key, request, now)
            if found is not None:
                with self.store.reading(found[0].game_id) as row:
                    view = game_view(row, full=True)
                return CreatedGame(view, found[1], replayed=True)
        built = self.build_one(now, request, seats, consented)

        def remember(session: Session) -> None:
            if idempotency_key is not None:
                session.flush()  # the game first: the kept response refers to it
                idempotency.remember(
                    session, "create", idempotency_key, request,
                    game_id=built.row.id, seat=None, token=built.creator_token, now=now,
                )  # fmt: skip

        try:
            self._store([built], Payer.asking(player, address), now, remember, prepare)
        except (IntegrityError, Conflict):
            if idempotency_key is None:
                raise
            # A concurrent twin with the same key committed first: answer as it did.
            return self.create_game(**request, idempotency_key=idempotency_key)  # type: ignore[arg-type]
        row = built.row
        log.info("game %s created (%d players, status %s)", row.id, players, row.status)
        invitations = {s.seat: s.invitation for s in built.seats if s.invitation is not None}
        return CreatedGame(
            game=game_view(row, full=True),
            creator_token=built.creator_token,
            invitations=invitations or None,
        )

    def build_one(
        self,
        now: datetime,
        request: dict[str, Any],
        seats: Sequence[Any] | None,
        consented: frozenset[str] = frozenset(),
    ) -> Built:
        """A single create's rows: checked by ``new_game_row``; a reserved seat waits for
        its player's join; in a private game every other human seat gets an invitation
        code (shown once, only its hash kept)."""
        creator_token = new_token()
        row, game = new_game_row(
            self.settings,
            now,
            creator_token,
            players=request["players"],
            seats=seats,
            time_limit=request["time_limit"],
            timeout_policy=request["timeout_policy"],
            time_control=request["time_control"],
            options=request["options"],
            seed=request["seed"],
            label=request["label"],
            rated=request["rated"],
        )
        row.private = request["private"]
        reserved = sorted({s.reserved_for for s in row.seats if s.reserved_for is not None})
        known = self.store.challenges.players_by_id(reserved)
        names = {pid: p.name for pid, p in known.items()}
        accounts = {s.reserved_for for s in row.seats if s.bot_account}
        grants = self.labels.grants(
            request["player"], [row.label] if row.label else [], sorted(accounts)
        )

        def may_seat(account_id: str) -> None:
            if account_id not in consented:
                grants.token_shown(row.label, account_id)

        seat_bot_accounts(row, known, now, may_seat=may_seat, paused_until=self.paused_until)
        shown = []
        for seat in row.seats:
            if seat.bot_account:
                shown.append(bulk.BulkSeat(seat.seat, "bot", seat.player_id))
            elif seat.kind == "bot":
                shown.append(bulk.BulkSeat(seat.seat, "bot"))
            elif seat.reserved_for is not None:
                check_reservable(seat.reserved_for, names)
                shown.append(bulk.BulkSeat(seat.seat, "human", seat.reserved_for))
            elif request["private"]:
                code = new_token()
                seat.invite_hash = hash_token(code)
                shown.append(bulk.BulkSeat(seat.seat, "human", invitation=code))
            else:
                shown.append(bulk.BulkSeat(seat.seat, "human"))
        starts = all(s.kind == "bot" for s in row.seats)
        return Built(row, creator_token, shown, game if starts else None)

    def paused_until(self, account_id: str) -> datetime | None:
        """Until when a bot account is paused from new games (``service.rules.bot_rules``)."""
        until = bot_rules.paused_until(
            self.store.challenges.bot_account_games(account_id, bot_rules.PAUSE_WINDOW)
        )
        return until if until is not None and until > self.clock() else None

    def create_games(
        self, specs: Sequence[dict[str, Any]], *, player: str | None = None
    ) -> list[BulkGame]:
        """Create up to ``MAX_BULK`` games in one transaction (all or nothing), for a site
        running a round: each spec takes ``create_game``'s arguments (``players``, ``seats``,
        ``time_limit``, ``timeout_policy``, ``options``, ``label``, ``private``, ``rated``).

        A human seat reserved for a player is taken for that player at once (linked to
        it), when ``player`` may seat it (``service.parts.labels``: itself, or an entrant of the
        creator's label); the seat token is in the answer only when the player shares it
        with the creator, else the player fetches it (``seat_token``). Any other human
        seat gets an invitation code. A game whose seats are all taken starts now.
        ``player``: the creating player (labels are checked and claimed as by
        ``create_game``). Refusals name the game: ``games[3]: ...``.
        """
        if player is None:
            raise Unauthorized(
                "missing_token", "creating games in bulk needs a player token (docs/api.md)"
            )
        if not 1 <= len(specs) <= MAX_BULK:
            raise Unprocessable("invalid_bulk", f"1 to {MAX_BULK} games per request")
        now = self.clock()
        reserved = {
            seat.get("player")
            for spec in specs
            for seat in spec.get("seats") or []
            if isinstance(seat, dict) and seat.get("player") is not None
        }
        known = self.store.challenges.players_by_id(sorted(reserved))
        names = {pid: p.name for pid, p in known.items()}
        labels = {s["label"].lower() for s in specs if isinstance(s.get("label"), str)}
        grants = self.labels.grants(player, labels, names)
        built = []
        for i, spec in enumerate(specs):
            try:
                one = bulk.build(self.settings, now, spec, grants, names, known)
                seat_bot_accounts(
                    one.row, known, now,
                    may_seat=lambda pid, label=one.row.label: grants.token_shown(label, pid),
                    paused_until=self.paused_until,
                )  # fmt: skip
                built.append(one)
            except ServiceError as err:
                raise type(err)(err.code, f"games[{i}]: {err.message}") from None
        self._store(built, Payer.asking(player), now, prepare=_check_rated_bars(now))
        log.info("bulk: %d games created", len(built))
        return [b.view() for b in built]

    def _store(
        self,
        built: list[Built],
        payer: Payer,
        now: datetime,
        remember: Callable[[Session], None] | None = None,
        prepare: Callable[[Session, GameRow], None] | None = None,
    ) -> None:
        """Write the built games in one transaction: claim their labels for the payer's
        player (403 ``label_owned`` when another owns one; 409 ``version_conflict`` when a
        concurrent claim won), let ``prepare`` claim what the games are made of, pass the
        admission gate (``service.parts.admission``: the payer's budgets and fair share),
        add them, start those whose seats are all taken; then hand their first turns to the
        scheduler. Whatever is refused on the way leaves nothing written."""
        player = payer.player
        followups = []
        try:
            with self.store.writing() as session:
                for label in sorted({b.row.label for b in built if b.row.label is not None}):
                    owner = self.store.people.claim_label_in(session, label, player, now)
                    if owner is not None and owner != player:
                        raise Forbidden(
                            "label_owned", f"the label {label!r} belongs to another player"
                        )
                if prepare is not None:
                    for b in built:
                        prepare(session, b.row)
                self.admission.admit([b.row for b in built], payer)
                for b in built:
                    game = b.game if b.game is not None else roll_setup(b.row) if b.full else None
                    if game is not None:
                        followups.append(play.start(b.row, game, now, self.settings.bot_grace))
                    self.store.add_game(session, b.row)
                if remember is not None:
                    remember(session)
        except IntegrityError as err:  # a label claimed concurrently, or a twin's key
            raise Conflict("version_conflict", "a label was claimed meanwhile; retry") from err
        for followup in followups:
            self.after.send(followup)  # nobody can be streaming a game that did not exist yet

    def abort(self, game_id: str, creator_token: str) -> GameView:
        """Cancel a game that has not started; only its creator may."""
        try:
            with self.store.changing(game_id) as (_, row):
                if not secrets.compare_digest(row.creator_token_hash, hash_token(creator_token)):
                    raise Forbidden("not_creator", "only the game's creator may abort it")
                if row.status != "open":
                    raise Conflict("game_not_open", f"game is {row.status}; only open games abort")
                now = self.clock()
                row.status = "aborted"
                row.finished_at = now
                row.deadline_at = None
                play.touch(row, now)
        except StaleDataError as err:
            raise Conflict("version_conflict", "the game changed; retry") from err
        self.after.committed(game_id, row.seq, None)
        log.info("game %s aborted by its creator", game_id)
        return game_view(row, full=True)


def _check_rated_bars(now: datetime) -> Callable[[Session, GameRow], None]:
    """A rated game's reserved seats refused to a player a moderator barred from rated play
    (403 ``barred_from_rated``, ``service.parts.sanctions``), in the creating transaction:
    a site's bulk games are a way into rated play as a seek or a challenge is."""

    def check(session: Session, row: GameRow) -> None:
        if row.rated:
            players = {s.player_id or s.reserved_for for s in row.seats if not s.bot_account}
            sanctions.check_rated(session, sorted(p for p in players if p is not None), now)

    return check
