"""GameService: the only code that loads, changes and saves games, shared by the HTTP layer
and the workers, working without a Flask request.

Every change follows one pattern: in one transaction (``GameStore.changing``) load the game,
check, compute the new state with the engine (``service.play``), write the game row
conditionally on the version read together with its seats and log row; after the commit,
hand the follow-up (a bot turn, a deadline) to the scheduler. Losing a race shows up as a
version conflict and nothing is written.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from service import bulk, fairness, idempotency, logs, metrics, play, positions, ratings
from service.accounts import Accounts
from service.bots import check_bot_level, choose_bot_action, is_search_level
from service.bulk import MAX_BULK, BulkGame
from service.chat import Chat
from service.config import Settings
from service.errors import (
    Conflict,
    Forbidden,
    NotFound,
    ServiceError,
    Unauthorized,
    Unprocessable,
)
from service.labels import Labels, check_reservable
from service.lifecycle import LABEL, LABEL_RULE, new_game_row, roll_setup
from service.models import GameRow, utcnow
from service.paging import GamePage, decode_cursor, encode_cursor
from service.players import (
    BoardSeat,
    PlayerView,
    Profile,
    RatingChange,
    RatingView,
    Turn,
)
from service.publishing import NullPublisher, Publisher
from service.scheduling import NullScheduler, Scheduler
from service.seats import hash_token, new_token, seat_by_token, seat_of
from service.standings import MAX_POINTS, Standing, table
from service.store import GameStore
from service.turns import Turns, play_for_bot
from service.views import (
    ActionResult,
    CreatedGame,
    GameView,
    Joined,
    LogEntry,
    SeatSpec,
    SeatView,
    etag_for,
    game_view,
)
from service.webhooks import Webhooks

log = logging.getLogger(__name__)

JOIN_RETRIES = 8
ACTORS = ("human", "bot", "timeout")


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """One action as a caller asked for it: who (by token or trusted seat), what, and the
    preconditions."""

    action: dict[str, Any]
    actor: str
    token_hash: str | None = None
    claimed_seat: int | None = None
    expected_seq: int | None = None
    expected_version: int | None = None
    idempotency_key: str | None = None


#: Tries of a resign that keeps losing the race to the bots' moves.
RESIGN_ATTEMPTS = 5


class GameService:
    """Games from creation to their record: ``GameService(sessions, scheduler=None,
    settings=None, clock=utcnow)``, or ``build_service()`` for a ready one. The HTTP layer
    and the workers hold the same kind of object, so every path shares the same checks.

    ``scheduler`` may be replaced after construction (``service.scheduler = ...``), which
    is how late wiring plugs in. ``publisher`` announces every committed change to the live
    streams (``service.publishing``).
    """

    def __init__(
        self,
        sessions: sessionmaker[Session],
        scheduler: Scheduler | None = None,
        settings: Settings | None = None,
        clock: Callable[[], datetime] = utcnow,
        publisher: Publisher | None = None,
    ) -> None:
        self.sessions = sessions
        self.settings = settings or Settings()
        self.store = GameStore(sessions)
        self.store.announce = self._send_webhooks
        self.scheduler: Scheduler = scheduler or NullScheduler()
        self.publisher: Publisher = publisher or NullPublisher()
        #: A player's webhook endpoints, their delivery log and delivery (the workers').
        self.webhooks = Webhooks(sessions, self.settings)
        #: Labels as tournaments: owners and entrants (who may be seated by whom).
        self.labels = Labels(sessions, self.store, clock)
        #: Players, their tokens per device, sign-in codes and names.
        self.accounts = Accounts(sessions, clock)
        #: Chat at the table and the players' mutes; a post wakes the game's streams.
        self.chat = Chat(sessions, clock, lambda game_id, seq: self._committed(game_id, seq, None))
        check_bot_level(self.settings.standin_level, "invalid_option")  # fail at start-up
        self.clock = clock
        #: Bot runs, deadlines and the sweep's lists: what the workers drive.
        self.turns = Turns(
            self.store, lambda: self.settings, clock,
            play_action=self._play_for_bot, committed=self._committed,
            send_webhooks=self._send_webhooks, scheduler=lambda: self.scheduler,
        )  # fmt: skip

    # ------------------------------------------------------------------ creation and seats

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
        address: str | None = None,
    ) -> CreatedGame:
        """Create a game; bot seats are filled at once, human seats wait for ``join``.

        ``options``: ``deck`` (custom environment deck, passed to the engine),
        ``timeout_bot_level`` (bot that takes over on timeout with policy "bot"),
        ``resign_bot_level`` (bot that takes over a resigned seat).
        ``label``: the creator's grouping (e.g. a tournament), filterable in ``list_games``;
        a label belongs to the first player who creates a game under it (``player``, the
        creating player's id), and nobody else may use it afterwards (403 ``label_owned``).
        ``private``: not listed to others; each human seat not reserved for a player gets
        an invitation code (in ``CreatedGame.invitations``, shown once).
        ``rated``: whether the result updates the players' ratings (``service.ratings``).
        A game without human seats starts immediately. With ``idempotency_key`` a retry
        returns the same game (as it is now) and creator token (``service.idempotency``).
        ``address``: the client's, when created without ``player``: whose bot work the
        game's bot turns are (docs/workers.md, "Fair share").
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
            with self.sessions() as session:
                found = idempotency.first(session, "create", idempotency_key, request, now)
            if found is not None:
                return CreatedGame(self.get(found[0].game_id), found[1], replayed=True)
        creator_token = new_token()
        row, game = new_game_row(
            self.settings,
            now,
            creator_token,
            players=players,
            seats=seats,
            time_limit=time_limit,
            timeout_policy=timeout_policy,
            time_control=time_control,
            options=options,
            seed=seed,
            label=label,
            rated=rated,
        )
        row.creator_player_id = player
        row.creator_address = None if player is not None or address is None else address[:64]
        row.private = private
        if player is None and any(is_search_level(s.bot_level) for s in row.seats):
            raise Unauthorized(
                "missing_token", "a game with search bots (mcts…) needs a player token"
            )
        invitations = self._reserve(row, private)
        if label is not None:
            owner = self.store.claim_label(label, player, now)
            if owner is not None and owner != player:
                raise Forbidden("label_owned", f"the label {label!r} belongs to another player")
        followup, sent = None, []
        try:
            with self.sessions.begin() as session:
                if all(s.kind == "bot" for s in row.seats):
                    followup = play.start(row, game, now, self.settings.bot_grace)
                session.add(row)
                sent = self.store.outbox(session, row)
                if idempotency_key is not None:
                    session.flush()  # the game first: the kept response refers to it
                    idempotency.remember(
                        session, "create", idempotency_key, request,
                        game_id=row.id, seat=None, token=creator_token, now=now,
                    )  # fmt: skip
        except IntegrityError:
            if idempotency_key is None:
                raise
            # A concurrent twin with the same key committed first: answer as it did.
            return self.create_game(**request, idempotency_key=idempotency_key)  # type: ignore[arg-type]
        self._send(followup)  # nobody can be streaming a game that did not exist yet
        self._send_webhooks(sent)
        log.info("game %s created (%d players, status %s)", row.id, players, row.status)
        return CreatedGame(
            game=game_view(row, full=True),
            creator_token=creator_token,
            invitations=invitations or None,
        )

    def create_games(
        self, specs: Sequence[dict[str, Any]], *, player: str | None = None
    ) -> list[BulkGame]:
        """Create up to ``MAX_BULK`` games in one transaction (all or nothing), for a site
        running a round: each spec takes ``create_game``'s arguments (``players``, ``seats``,
        ``time_limit``, ``timeout_policy``, ``options``, ``label``, ``private``, ``rated``).

        A human seat reserved for a player is taken for that player at once (linked to
        it), when ``player`` may seat it (``service.labels``: itself, or an entrant of the
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
        names = self.store.player_names(sorted(reserved))
        labels = {s["label"] for s in specs if isinstance(s.get("label"), str)}
        grants = self.labels.grants(player, labels, names)
        built = []
        for i, spec in enumerate(specs):
            try:
                built.append(bulk.build(self.settings, now, spec, grants, names))
            except ServiceError as err:
                raise type(err)(err.code, f"games[{i}]: {err.message}") from None
        followups, sent = [], []
        try:
            with self.sessions.begin() as session:
                for label in sorted({b.row.label for b in built if b.row.label is not None}):
                    owner = bulk.claim_label(session, label, player, now)
                    if owner is not None and owner != player:
                        raise Forbidden(
                            "label_owned", f"the label {label!r} belongs to another player"
                        )
                for b in built:
                    if b.full:
                        game = roll_setup(b.row)
                        followups.append(play.start(b.row, game, now, self.settings.bot_grace))
                    session.add(b.row)
                    sent += self.store.outbox(session, b.row)
        except IntegrityError as err:  # a label claimed concurrently
            raise Conflict("version_conflict", "a label was claimed meanwhile; retry") from err
        for followup in followups:
            self._send(followup)
        self._send_webhooks(sent)
        log.info("bulk: %d games created", len(built))
        return [b.view() for b in built]

    def _reserve(self, row: Any, private: bool) -> dict[int, str]:
        """Check the seats' reservations name players; in a private game give every other
        human seat an invitation code (returned, only its hash is kept)."""
        codes: dict[int, str] = {}
        reserved = sorted({s.reserved_for for s in row.seats if s.reserved_for is not None})
        names = self.store.player_names(reserved)
        for seat in row.seats:
            if seat.reserved_for is not None:
                check_reservable(seat.reserved_for, names)
            elif private and seat.kind == "human":
                codes[seat.seat] = new_token()
                seat.invite_hash = hash_token(codes[seat.seat])
        return codes

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
        the join that uses it.

        The token is returned here once and only its hash is stored. The game starts when
        the last seat is filled. ``entropy``: the seat's contribution to the dice
        (docs/fairness.md), any text up to ``fairness.MAX_ENTROPY`` characters. With
        ``idempotency_key`` a retry returns the same seat and token (``service.idempotency``).
        """
        invite_hash = hash_token(invite) if invite is not None else None
        if entropy is not None and not 0 < len(entropy) <= fairness.MAX_ENTROPY:
            raise Unprocessable(
                "invalid_entropy", f"entropy is 1-{fairness.MAX_ENTROPY} characters"
            )
        scope, request = (
            f"join:{game_id}",
            {"name": name, "seat": seat, "entropy": entropy, "player": player},
        )
        for _attempt in range(JOIN_RETRIES):
            if idempotency_key is not None:
                with self.sessions() as session:
                    found = idempotency.first(
                        session, scope, idempotency_key, request, self.clock()
                    )
                if found is not None:
                    kept, token = found
                    assert kept.seat is not None
                    return Joined(self.get(game_id), kept.seat, token, replayed=True)
            token = new_token()
            try:
                with self.store.changing(game_id, state=True) as (session, row):
                    target = play.open_seat(row, seat, player, invite_hash)
                    play.take_invitation(target)
                    now = self.clock()
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
            self._committed(game_id, row.seq, followup)
            log.info("game %s: seat %d joined", game_id, target.seat)
            return Joined(game=game_view(row, full=True), seat=target.seat, token=token)
        raise Conflict("version_conflict", "the game is changing too fast; retry")

    def leave(self, game_id: str, token: str) -> GameView:
        """Give a seat back before the game starts (afterwards: ``resign``)."""
        try:
            with self.store.changing(game_id) as (_, row):
                seat = seat_by_token(row, token)
                if row.status != "open":
                    raise Conflict(
                        "game_not_open", "the game has started; resign instead of leaving"
                    )
                seat.token_hash = seat.name = seat.joined_at = seat.player_id = None
                seat.entropy = None
                play.touch(row, self.clock())
        except StaleDataError as err:
            raise Conflict("version_conflict", "the game changed; retry") from err
        self._committed(game_id, row.seq, None)
        return game_view(row, full=True)

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
        self._committed(game_id, row.seq, None)
        log.info("game %s aborted by its creator", game_id)
        return game_view(row, full=True)

    def resign(self, game_id: str, token: str) -> GameView:
        """Resigning hands the seat to a bot for the rest of the game.

        The engine has no notion of a player leaving, so the seat keeps playing (level
        ``options.resign_bot_level``, default ``settings.standin_level``); the human's
        token stops working (403 ``seat_resigned``). The seat still ranks at the end.

        A resign does not depend on the position, so a write that lost the race to a bot's
        move (the same version, or the same log seq) is simply tried again on a fresh read.
        """
        for attempt in range(RESIGN_ATTEMPTS):
            try:
                with self.store.changing(game_id) as (session, row):
                    seat = seat_by_token(row, token)
                    if seat.resigned:
                        raise Forbidden("seat_resigned", "this seat has already resigned")
                    if row.status != "active":
                        raise Conflict(
                            "game_not_active",
                            f"game is {row.status}; resign only during play (leave an open game)",
                        )
                    level = row.options.get("resign_bot_level") or self.settings.standin_level
                    seat.resigned = True
                    log_row, followup = play.hand_to_bot(
                        row, seat, level, "human", self.clock(), self.settings.bot_grace
                    )
                    session.add(log_row)
                break
            except (StaleDataError, IntegrityError) as err:
                if attempt + 1 == RESIGN_ATTEMPTS:
                    raise Conflict("version_conflict", "the game changed; retry") from err
        self._committed(game_id, row.seq, followup)
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
        self._committed(game_id, row.seq, None)
        log.info("game %s: seat %d token issued to its player", game_id, seat)
        return token

    def seat_for_token(self, game_id: str, token: str) -> SeatView:
        """The seat a token belongs to in this game (401 ``invalid_token`` otherwise)."""
        seat = self.store.seat_by_token_hash(game_id, hash_token(token))
        if seat is None:
            raise Unauthorized("invalid_token", "the token is not a seat of this game")
        return SeatView.of(seat)

    # ------------------------------------------------------------------ reads

    def ping(self) -> None:
        """Raise when the database does not answer (readiness probes)."""
        self.store.ping()

    def get(self, game_id: str) -> GameView:
        with self.store.reading(game_id) as row:
            return game_view(row, full=True)

    def get_version(self, game_id: str) -> int:
        """Cheap read (one indexed column) for conditional GETs and caches."""
        return self.store.version(game_id)

    def list_games(
        self,
        *,
        status: str | None = None,
        open_seats: bool | None = None,
        label: str | None = None,
        updated_after: datetime | None = None,
        cursor: str | None = None,
        page: int | None = None,
        page_size: int = 20,
        count: bool = False,
        viewer: str | None = None,
    ) -> GamePage:
        """Newest first. ``open_seats=True``: only games a human can still join. Private
        games are listed only to the player who created them (``viewer``, a player id).

        ``label`` and ``updated_after`` let a site that runs many games follow just its
        own: the games of one label that changed since its last look, in one request.
        Continue with ``cursor`` = the page's ``next_cursor`` (keyset paging, flat cost at
        any depth); ``page`` is the deprecated OFFSET paging. ``count``: also the number of
        matching games (one more query: only when asked).
        """
        if updated_after is not None and updated_after.tzinfo is None:
            raise ValueError("updated_after must be an aware datetime")
        if cursor is not None and page is not None:
            raise Unprocessable("invalid_cursor", "use cursor or page, not both")
        rows, total = self.store.list_games(
            status=status,
            open_seats=open_seats,
            label=label,
            updated_after=updated_after,
            after=decode_cursor(cursor) if cursor is not None else None,
            offset=(page - 1) * page_size if page is not None else 0,
            page_size=page_size + 1,  # one more tells whether a next page exists
            count=count,
            viewer=viewer,
        )
        more = len(rows) > page_size
        rows = rows[:page_size]
        next_cursor = encode_cursor(rows[-1].created_at, rows[-1].id) if rows and more else None
        return GamePage([game_view(r, full=False) for r in rows], total, next_cursor)

    # ------------------------------------------------------------------ players

    def player_games(
        self, player_id: str, *, status: str | None = None, page: int = 1, page_size: int = 20
    ) -> tuple[list[GameView], int]:
        """The games where the player joined a seat, newest first."""
        rows, total = self.store.player_games(
            player_id, status=status, page=page, page_size=page_size
        )
        return [game_view(r, full=False) for r in rows], total

    def player_profile(self, player_id: str, recent: int = 10) -> Profile:
        """What anybody may see of a player: its name, its rating in each pool it played
        and its latest finished listed games (404 ``player_not_found``)."""
        row = self.store.player(player_id)
        if row is None:
            raise NotFound("player_not_found", f"no player {player_id}")
        rated, _ = self.store.leaderboard(
            pool=None, player_id=player_id, page=1, page_size=len(ratings.pools())
        )
        games, _ = self.store.player_games(
            player_id, status="finished", page=1, page_size=recent, listed_only=True
        )
        return Profile(
            player=PlayerView.of(row),
            bot=row.id.startswith(ratings.BOT_PREFIX),
            ratings=rated,
            recent_games=[game_view(g, full=False) for g in games],
        )

    def player_board(
        self, player_id: str, ended_after: datetime, limit: int = 1000
    ) -> list[BoardSeat]:
        """The player's seats in open and active games and in games ended after
        ``ended_after``, for the player's event stream."""
        return [BoardSeat(*r) for r in self.store.player_board(player_id, ended_after, limit)]

    def player_turns(self, player_id: str, limit: int = 100) -> list[Turn]:
        """The decisions the player owes now, the nearest deadline first."""
        return [Turn(*r) for r in self.store.player_turns(player_id, limit)]

    def redeliver_webhook(self, player_id: str, endpoint_id: str, delivery_id: str) -> Any:
        """Queue one more attempt of a webhook delivery, now (``Webhooks.redeliver``)."""
        delivery = self.webhooks.redeliver(player_id, endpoint_id, delivery_id)
        self._send_webhooks([delivery.id])
        return delivery

    def setup_events(self, game_id: str) -> list[Any]:
        """The engine's events from setting the game up (before the first action)."""
        return self.store.setup_events(game_id)

    def events(self, game_id: str, since: int = 0, limit: int = 100) -> list[LogEntry]:
        """Log entries with ``seq > since`` in order, at most ``limit``."""
        return [_entry(r) for r in self.store.log(game_id, since, limit)]

    def live_view(self, game_id: str, after: int, limit: int) -> tuple[GameView, list[LogEntry]]:
        """The game and its log entries with ``after < seq <= game.seq`` (at most ``limit``),
        for the live streams: the game is read first, so every entry up to its seq has
        committed."""
        row, rows = self.store.game_and_log(game_id, after, limit)
        return game_view(row, full=True), [_entry(r) for r in rows]

    def position(self, game_id: str, seq: int) -> dict[str, Any]:
        """The public view of a started game as it stood after its log entry ``seq`` (0:
        after the set-up): what a replay viewer draws at each step, food included. Only the
        public view, as ``get`` shows: never the generator or the order of undrawn cards."""
        page = self.positions(game_id, seq, seq)
        return {"game_id": game_id, **page["items"][0]}

    def positions(self, game_id: str, first: int, last: int) -> dict[str, Any]:
        """The positions after entries ``first`` to ``last`` (at most
        ``positions.MAX_RANGE``, and no further than the log goes) and the seq to ask for
        next (None at the end of the log): one walk from the nearest engine snapshot
        (``service/positions.py``), so the cost is bounded whatever the seqs."""
        from engine import Game

        with self.store.reading(game_id) as row:
            if row.started_at is None:
                raise Conflict("game_not_started", "a game has positions once it has started")
            if not 0 <= first <= row.seq:
                raise NotFound("position_not_found", f"the log has entries 1 to {row.seq}")
            players, seed, options, current = row.players, row.seed, dict(row.options), row.seq
        last = max(first, min(last, current, first + positions.MAX_RANGE - 1))
        base, state = self.store.snapshot_before(game_id, first)
        game = (
            Game.from_dict(state)
            if state is not None
            else Game.new(
                players, seed, deck=options.get("deck"), variant=options.get("variant"),
                decoy_scores=options.get("decoy_scores", False),
            )
        )  # fmt: skip
        items = positions.walk(game, base, self.store.actions(game_id, base, last), first)
        return {
            "game_id": game_id,
            "items": items,
            "next_from": last + 1 if last < current else None,
        }

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        """The versions of many games in one query (the live streams' periodic re-check);
        a game that does not exist is left out."""
        return self.store.versions(game_ids)

    def record(self, game_id: str) -> dict[str, Any]:
        """Everything needed to replay a finished game exactly (``engine.replay``)."""
        with self.store.reading(game_id) as row:
            if row.status != "finished":
                raise Conflict("game_not_finished", "the record is available once finished")
            seats = [SeatView.of(s) for s in row.seats]
            verifiable = row.server_seed is not None
            fair = {
                "scheme": fairness.SCHEME if verifiable else None,
                "commitment": row.commitment,
                "server_seed": row.server_seed,
                "contributions": [s.entropy for s in row.seats] if verifiable else None,
            }
            setup = self.store.setup_events(game_id)
        return {
            "id": row.id,
            "label": row.label,
            "players": row.players,
            "seed": row.seed,
            "options": row.options,
            "deck": row.options.get("deck"),
            "variant": row.options.get("variant"),  # engine.replay(..., variant=...)
            "decoy_scores": row.options.get("decoy_scores", False),  # engine.replay(...)
            "seats": seats,
            "fairness": fair,
            "setup": setup,
            "actions": [
                {
                    "seq": a.seq,
                    "seat": a.seat,
                    "action": a.action,
                    "actor": a.actor,
                    "events": a.events,
                }
                for a in self.store.log(game_id)
                if a.action is not None  # hand-overs to bots are in /events, not replayed
            ],
            "chat": self.chat.messages(game_id, limit=None),
            "result": row.result,
            "created_at": row.created_at,
            "started_at": row.started_at,
            "finished_at": row.finished_at,
        }

    # ------------------------------------------------------------------ actions

    def apply_action(
        self,
        game_id: str,
        seat: int,
        action: dict[str, Any],
        *,
        expected_seq: int | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        actor: str = "human",
    ) -> ActionResult:
        """Apply one action for ``seat``; the action and its log row commit together.

        ``expected_version`` (the ETag) mismatch → ``precondition_failed``; ``expected_seq``
        mismatch → ``stale_seq``; a lost race → ``version_conflict``; engine refusals keep
        the engine's code and message. With ``idempotency_key`` a retry returns the first
        result and never applies twice.
        """
        if actor not in ACTORS:
            raise ValueError(f"unknown actor {actor!r}")
        request = ActionRequest(
            action,
            actor,
            expected_seq=expected_seq,
            expected_version=expected_version,
            idempotency_key=idempotency_key,
        )
        return self._apply(game_id, seat, request)

    def submit(
        self,
        game_id: str,
        token: str,
        action: dict[str, Any],
        *,
        seat: int | None = None,
        expected_seq: int | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> ActionResult:
        """``apply_action`` for a human identified by a seat token (the HTTP path).

        The token is checked against the very read that the write is conditional on, and
        every seat change bumps the game's version, so a seat given up concurrently cannot
        be played with its old token. ``seat``, when given, must be the token's seat
        (``wrong_seat``).
        """
        own_seat = None
        if idempotency_key is not None:  # the key is scoped per seat: find it first
            own_seat = self.seat_for_token(game_id, token).seat
        request = ActionRequest(
            action,
            "human",
            token_hash=hash_token(token),
            claimed_seat=seat,
            expected_seq=expected_seq,
            expected_version=expected_version,
            idempotency_key=idempotency_key,
        )
        return self._apply(game_id, own_seat, request)

    def _apply(self, game_id: str, seat: int | None, request: ActionRequest) -> ActionResult:
        """Check and apply ``request`` in one transaction, or replay its first result."""
        key = request.idempotency_key
        replayable = key is not None and seat is not None
        if replayable and (first := self._replay(game_id, seat, key, request.action)):
            return first
        try:
            with self.store.changing(game_id, state=True) as (session, row):
                if request.token_hash is not None:
                    seat = play.authorise(row, request.token_hash, request.claimed_seat)
                assert seat is not None
                logs.note(seat=seat)  # the acting seat on this request's or task's records
                play.check_can_act(
                    row, seat, request.actor, request.expected_seq, request.expected_version
                )
                log_row, followup = play.apply_step(
                    row, seat, request.action, request.actor, key, self.clock(),
                    self.settings.bot_grace,
                )  # fmt: skip
                session.add(log_row)
        except (StaleDataError, IntegrityError) as err:
            if replayable and (first := self._replay(game_id, seat, key, request.action)):
                return first
            raise Conflict(
                "version_conflict", "another action was applied first; reload and retry"
            ) from err
        except ServiceError:
            # A concurrent request with the same key may have committed between our first
            # look-up and our read: then the game "moved on" because of *this* action.
            if replayable and (first := self._replay(game_id, seat, key, request.action)):
                return first
            raise
        self._committed(game_id, row.seq, followup)
        return ActionResult.of(log_row, replayed=False)

    def _replay(self, game_id: str, seat: Any, key: Any, action: dict[str, Any]) -> Any:
        """The first result of an action submitted before under ``key``, or None."""
        logged = self.store.logged_action(game_id, seat, key)
        if logged is None:
            return None
        if logged.action != action:
            raise Unprocessable(
                "idempotency_key_reused",
                "this Idempotency-Key was already used with a different action",
            )
        return ActionResult.of(logged, replayed=True)

    # ------------------------------------------------------------------ what the workers drive
    # In ``self.turns`` (service/turns.py); each is idempotent on (game_id, seq).

    def play_bot_turn(self, game_id: str, seq: int) -> bool:
        """Play the pending bot decision at ``seq`` alone; False (no-op) when stale."""
        return self.turns.play(game_id, seq)

    def play_bot_run(self, game_id: str, seq: int) -> bool:
        """The workers' bot task: the decision at ``seq`` and the bot decisions after it,
        up to ``settings.bot_run_decisions`` / ``bot_run_ms``, in one transaction."""
        return self.turns.play(game_id, seq, decisions=self.settings.bot_run_decisions)

    def play_random_turn(self, game_id: str, seq: int) -> bool:
        """A RandomBot move for the bot decision at ``seq`` (the hard-limit fallback)."""
        return self.turns.play_random(game_id, seq)

    def expire_deadline(self, game_id: str, seq: int) -> bool:
        """Apply the timeout policy to the decision at ``seq`` once it is due."""
        return self.turns.expire_deadline(game_id, seq)

    def due_deadlines(self, now: datetime | None = None, limit: int = 100) -> list[tuple[str, int]]:
        """(game_id, seq) of active games whose deadline has passed, oldest first."""
        return self.turns.due_deadlines(now, limit)

    def upcoming_deadlines(
        self, until: datetime, limit: int = 100
    ) -> list[tuple[str, int, datetime]]:
        """(game_id, seq, deadline_at) of human decisions due after now and by ``until``."""
        return self.turns.upcoming_deadlines(until, limit)

    def orphaned_bot_turn(self, game_id: str, seq: int) -> int | None:
        """The bot decision a redelivered stale task should send again, else None."""
        return self.turns.orphaned_bot_turn(game_id, seq)

    def _play_for_bot(self, game_id: str, seq: int, seat: int, action: dict[str, Any]) -> bool:
        request = ActionRequest(action, "bot", expected_seq=seq)
        return play_for_bot(lambda: self._apply(game_id, seat, request))

    # ------------------------------------------------------------------ labels

    def standings(self, label: str, points: Sequence[int] | None = None) -> list[Standing]:
        """The table of ``label``'s finished games (``service.standings``): ``points`` per
        place (1st first), else one point per seat finished ahead of."""
        if not LABEL.fullmatch(label):
            raise Unprocessable("invalid_label", LABEL_RULE)
        if points is not None and (
            not 1 <= len(points) <= 6 or any(not 0 <= p <= MAX_POINTS for p in points)
        ):
            raise Unprocessable(
                "invalid_points", f"points: 1-6 whole numbers from 0 to {MAX_POINTS}"
            )
        games = self.store.finished_under_label(label)
        ids = {s.player_id for _, seats in games for s in seats if s.player_id is not None}
        return table(games, points, self.store.player_names(sorted(ids)))

    def label_records(self, label: str) -> Iterator[dict[str, Any]]:
        """The records (``record``) of the label's finished games, oldest first, one at a
        time: an export of a whole tournament never holds it all in memory."""
        if not LABEL.fullmatch(label):
            raise Unprocessable("invalid_label", LABEL_RULE)
        ids = self.store.finished_ids_under_label(label)
        return (self.record(game_id) for game_id in ids)

    # ------------------------------------------------------------------ ratings

    def rate_game(self, game_id: str) -> int | None:
        """Rate a finished rated game (``service.ratings``): the number of players whose
        rating changed (0: not ratable), or None when it was rated before or is not
        finished. Exactly once: ``rated_games`` is keyed by the game and written in the
        same transaction; a lost race (a concurrent first rating) is retried."""
        for _attempt in range(JOIN_RETRIES):
            try:
                with self.sessions.begin() as session:
                    row = session.get(GameRow, game_id)
                    finished = row is not None and row.status == "finished"
                    changed = ratings.rate_game(session, row, self.clock()) if finished else None
            except IntegrityError:
                continue  # a concurrent rating (of this game or a first one of a player)
            result = "skipped" if changed is None else "rated" if changed else "unratable"
            metrics.RATING_RUNS.labels(result).inc()
            if changed is not None:
                log.info("game %s rated (%d players)", game_id, changed)
            return changed
        raise Conflict("version_conflict", f"could not rate {game_id}; retry")

    def due_ratings(self, before: datetime, limit: int = 100) -> list[str]:
        """Finished rated games still waiting for their rating since before ``before``:
        the sweep re-sends their tasks (their first message may be lost)."""
        return self.store.due_ratings(before, limit)

    def leaderboard(
        self,
        *,
        pool: str | None = None,
        player_id: str | None = None,
        page: int = 1,
        page_size: int = 50,
    ) -> tuple[list[RatingView], int]:
        """Rated players (bots included), the highest ordinal (``mu - 3 sigma``) first: in
        one pool (a game size such as ``4p`` or a 2-player variant), or each player's
        rating in every pool; ``player_id``: one player's ratings."""
        return self.store.leaderboard(
            pool=pool, player_id=player_id, page=page, page_size=page_size
        )

    def rating_history(
        self, player_id: str, *, pool: str | None = None, page: int = 1, page_size: int = 50
    ) -> tuple[list[RatingChange], int]:
        """A player's rating changes (in one pool, or all), the latest first (404
        ``player_not_found``)."""
        if not self.store.player_exists(player_id):
            raise NotFound("player_not_found", f"no player {player_id}")
        return self.store.rating_history(player_id, pool=pool, page=page, page_size=page_size)

    # ------------------------------------------------------------------ after the commit

    def _send(self, followup: play.Followup | None) -> None:
        """Hand a follow-up to the scheduler; failures are logged, never raised, because
        the commit already happened and the deadline sweep recovers lost tasks."""
        if followup is None:
            return
        try:
            followup.send(self.scheduler)
        except Exception:  # noqa: BLE001 - the sweep is the safety net
            log.exception("scheduler failed for %s@%s", followup.game_id, followup.seq)

    def _send_webhooks(self, ids: list[str]) -> None:
        """Hand the deliveries a commit wrote to the scheduler: a hint only, the rows are
        the truth and the sweep sends whatever is due (``service.webhooks``)."""
        send = getattr(self.scheduler, "webhooks", None)
        if not ids or send is None:
            return
        try:
            send(ids)
        except Exception:  # noqa: BLE001 - the sweep is the safety net
            log.exception("scheduler failed for %d webhook deliveries", len(ids))

    def _committed(self, game_id: str, seq: int, followup: play.Followup | None) -> None:
        """After every commit that changed a game: hand its follow-up (if any) to the
        scheduler, then announce the change to the live streams. Failures are logged, never
        raised, because the commit already happened: the streams' periodic re-check makes
        up for a lost notice."""
        self._send(followup)
        try:
            self.publisher.game_changed(game_id, seq)
        except Exception:  # noqa: BLE001 - streams re-check the log periodically
            log.exception("publisher failed for %s@%s", game_id, seq)


def _entry(row: Any) -> LogEntry:
    return LogEntry(row.seq, row.seat, row.action, row.events, row.actor, row.created_at, row.after)


def build_service(
    settings: Settings | None = None,
    scheduler: Scheduler | None = None,
    *,
    migrate: bool | None = None,
) -> GameService:
    """A ready GameService outside Flask (workers, scripts): engine, schema, scheduler.

    ``scheduler=None`` picks one with ``service.scheduling.build_scheduler``.
    """
    from service.db import make_engine, make_sessionmaker, upgrade_database
    from service.publishing import build_publisher
    from service.scheduling import build_scheduler

    settings = settings or Settings.from_env()
    if migrate if migrate is not None else settings.auto_migrate:
        upgrade_database(settings.database_url)
    engine = make_engine(settings.database_url, echo=settings.sql_echo)
    return GameService(
        make_sessionmaker(engine),
        scheduler if scheduler is not None else build_scheduler(settings),
        settings,
        publisher=build_publisher(settings),
    )


__all__ = [
    "ActionResult",
    "CreatedGame",
    "GameService",
    "GameView",
    "Joined",
    "LogEntry",
    "SeatSpec",
    "SeatView",
    "ServiceError",
    "build_service",
    "choose_bot_action",
    "etag_for",
    "hash_token",
]
