"""GameService: the only code that loads, changes and saves games.

Every change follows one pattern: read the game row, check, compute the new state with the
engine, then write the game row (conditional on the version read), the seats and the log
row in ONE transaction. Losing a race shows up as a version conflict and nothing is written.
Follow-up work (bot turns, deadlines) is handed to the scheduler only after the commit, so a
worker never sees a decision that was rolled back.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, defer, sessionmaker, undefer
from sqlalchemy.orm.attributes import flag_modified
from sqlalchemy.orm.exc import StaleDataError

from service.bots import check_bot_level, choose_bot_action, replacement_bot_level
from service.config import Settings
from service.errors import (
    Conflict,
    Forbidden,
    NotFound,
    PreconditionFailed,
    ServiceError,
    Unauthorized,
    Unprocessable,
    from_engine_error,
)
from service.fast_paths import (
    VersionReader,
    insert_log,
    load_for_action,
    store_action,
    store_action_with_log,
)
from service.models import ActionLogRow, GameRow, SeatRow, utcnow
from service.scheduling import NullScheduler, Scheduler
from service.seats import hash_token, new_token, seat_by_hash, seat_by_token, seat_of
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

log = logging.getLogger(__name__)

_VERSION_QUERY = select(GameRow.version).where(GameRow.id == bindparam("id"))
_LOAD = select(GameRow).where(GameRow.id == bindparam("id"))
_LOAD_WITH_STATE = _LOAD.options(undefer(GameRow.state))
MAX_SEED = 2**53 - 1  # seeds stay exact in JavaScript clients
JOIN_RETRIES = 8


@dataclass
class _Followup:
    """Work to hand to the scheduler once the transaction has committed."""

    kind: str  # "bot_turn" | "deadline"
    seq: int
    eta: datetime | None = None


@dataclass(frozen=True, slots=True)
class _ActionRequest:
    """One action as a caller asked for it: who (by token or trusted seat), what, and the
    preconditions. Passed whole from the entry points to the step that checks and runs it."""

    action: dict[str, Any]
    actor: str
    token_hash: str | None = None
    claimed_seat: int | None = None
    expected_seq: int | None = None
    expected_version: int | None = None
    idempotency_key: str | None = None


@dataclass
class _Ctx:
    followups: list[tuple[str, _Followup]] = field(default_factory=list)


# --------------------------------------------------------------------------------------


class GameService:
    """Shared by the HTTP layer and the workers; needs only a sessionmaker.

    ``scheduler`` may be replaced after construction (``service.scheduler = ...``), which
    is how late wiring (e.g. by the workers package) plugs in.
    """

    def __init__(
        self,
        sessions: sessionmaker[Session],
        scheduler: Scheduler | None = None,
        settings: Settings | None = None,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self.sessions = sessions
        self.engine = sessions.kw.get("bind")
        # Single-statement reads need no transaction: AUTOCOMMIT saves BEGIN and ROLLBACK
        # round trips on PostgreSQL (same pool, no extra connections).
        self._autocommit = (
            self.engine.execution_options(isolation_level="AUTOCOMMIT")
            if self.engine is not None
            else None
        )
        self._versions = VersionReader.for_engine(self.engine)
        self._single_statement_actions = (
            self.engine is not None and self.engine.dialect.name == "postgresql"
        )
        self.scheduler: Scheduler = scheduler or NullScheduler()
        self.settings = settings or Settings()
        self.clock = clock

    # ---------------------------------------------------------------- creation & seats

    def create_game(
        self,
        *,
        players: int = 4,
        seats: Sequence[SeatSpec | dict[str, Any]] | None = None,
        time_limit: int | None = None,
        timeout_policy: str = "default_action",
        options: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> CreatedGame:
        """Create a game; bot seats are filled at once, human seats wait for ``join``.

        ``options``: ``deck`` (custom environment deck, passed to the engine),
        ``timeout_bot_level`` (bot that takes over on timeout with policy "bot"),
        ``resign_bot_level`` (bot that takes over a resigned seat).
        A game without human seats starts immediately.
        """
        from engine import EngineError, Game

        if players not in (3, 4):
            raise Unprocessable("invalid_players", "a game has 3 or 4 players")
        specs = [_seat_spec(s) for s in (seats or [SeatSpec() for _ in range(players)])]
        if len(specs) != players:
            raise Unprocessable(
                "invalid_seats", f"{players} players need exactly {players} seat entries"
            )
        for spec in specs:
            if spec.kind == "bot":
                check_bot_level(spec.level or "random", "invalid_seats")
        if time_limit is None:
            time_limit = self.settings.default_time_limit
        if not 0 <= time_limit <= self.settings.max_time_limit:
            raise Unprocessable(
                "invalid_time_limit",
                f"time_limit must be between 0 (none) and {self.settings.max_time_limit} s",
            )
        if timeout_policy not in ("default_action", "bot"):
            raise Unprocessable(
                "invalid_timeout_policy", "timeout_policy is 'default_action' or 'bot'"
            )
        opts = dict(options or {})
        unknown = set(opts) - {"deck", "timeout_bot_level", "resign_bot_level"}
        if unknown:
            raise Unprocessable("invalid_option", f"unknown options: {sorted(unknown)}")
        for key in ("timeout_bot_level", "resign_bot_level"):
            if opts.get(key) is not None:
                check_bot_level(opts[key], "invalid_option")
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        deck = opts.get("deck")
        try:
            extra = {"deck": deck} if deck is not None else {}
            game = Game.new(players=players, seed=seed, **extra)
        except (EngineError, ValueError, TypeError, KeyError) as err:
            raise Unprocessable("invalid_option", f"the engine refused the options: {err}") from err

        now = self.clock()
        creator_token = new_token()
        row = GameRow(
            id=secrets.token_hex(8),
            status="open",
            players=players,
            seed=seed,
            options=opts,
            state=game.to_dict(),
            public=game.public_view(),
            setup_events=list(getattr(game, "setup_events", None) or []),
            pending=None,
            seq=game.seq,
            time_limit=time_limit,
            timeout_policy=timeout_policy,
            creator_token_hash=hash_token(creator_token),
            created_at=now,
            updated_at=now,
        )
        row.seats = [
            SeatRow(
                seat=i,
                kind=spec.kind,
                bot_level=(spec.level or "random") if spec.kind == "bot" else None,
                name=spec.name
                if spec.kind == "human"
                else (spec.name or f"bot:{spec.level or 'random'}"),
                joined_at=now if spec.kind == "bot" else None,
                timeouts=0,
                replaced_by_bot=False,
                resigned=False,
            )
            for i, spec in enumerate(specs)
        ]
        ctx = _Ctx()
        with self.sessions.begin() as session:
            if all(s.kind == "bot" for s in row.seats):
                self._start(row, game, now, ctx)
            session.add(row)
            session.flush()
            view = game_view(row, full=True)
        self._dispatch(ctx)
        log.info("game %s created (%d players, status %s)", view.id, players, view.status)
        return CreatedGame(game=view, creator_token=creator_token)

    def join(self, game_id: str, name: str | None = None, seat: int | None = None) -> Joined:
        """Take an open human seat (the lowest one unless ``seat`` is given).

        The token is returned here once and only its hash is stored. The game starts when
        the last seat is filled.
        """
        for _attempt in range(JOIN_RETRIES):
            ctx = _Ctx()
            token = new_token()
            try:
                with self.sessions.begin() as session:
                    row = self._load(session, game_id, state=True)
                    if row.status != "open":
                        raise Conflict("game_not_open", f"game is {row.status}, not open")
                    free = [s for s in row.seats if s.kind == "human" and s.token_hash is None]
                    if seat is not None:
                        if not 0 <= seat < row.players:
                            raise NotFound("seat_not_found", f"no seat {seat} in this game")
                        target = next((s for s in free if s.seat == seat), None)
                        if target is None:
                            raise Conflict("seat_taken", f"seat {seat} is not open")
                    else:
                        if not free:
                            raise Conflict("game_full", "no open seat left")
                        target = free[0]
                    now = self.clock()
                    target.token_hash = hash_token(token)
                    target.name = name
                    target.joined_at = now
                    _touch(row, now)
                    if all(s.kind == "bot" or s.token_hash is not None for s in row.seats):
                        from engine import Game

                        self._start(row, Game.from_dict(row.state), now, ctx)
                    session.flush()
                    view = game_view(row, full=True)
                    seat_no = target.seat
            except (StaleDataError, IntegrityError):
                continue  # someone else changed the game first; look again
            self._dispatch(ctx)
            log.info("game %s: seat %d joined", game_id, seat_no)
            return Joined(game=view, seat=seat_no, token=token)
        raise Conflict("version_conflict", "the game is changing too fast; retry")

    def leave(self, game_id: str, token: str) -> GameView:
        """Give a seat back before the game starts (afterwards: ``resign``)."""
        with self.sessions.begin() as session:
            row = self._load(session, game_id)
            seat = seat_by_token(row, token)
            if row.status != "open":
                raise Conflict("game_not_open", "the game has started; resign instead of leaving")
            seat.token_hash = None
            seat.name = None
            seat.joined_at = None
            _touch(row, self.clock())
            try:
                session.flush()
            except StaleDataError as err:
                raise Conflict("version_conflict", "the game changed; retry") from err
            return game_view(row, full=True)

    def abort(self, game_id: str, creator_token: str) -> GameView:
        """Cancel a game that has not started; only its creator may."""
        with self.sessions.begin() as session:
            row = self._load(session, game_id)
            if not secrets.compare_digest(row.creator_token_hash, hash_token(creator_token)):
                raise Forbidden("not_creator", "only the game's creator may abort it")
            if row.status != "open":
                raise Conflict("game_not_open", f"game is {row.status}; only open games abort")
            now = self.clock()
            row.status = "aborted"
            _touch(row, now)
            row.finished_at = now
            row.deadline_at = None
            try:
                session.flush()
            except StaleDataError as err:
                raise Conflict("version_conflict", "the game changed; retry") from err
            log.info("game %s aborted by its creator", game_id)
            return game_view(row, full=True)

    def resign(self, game_id: str, token: str) -> GameView:
        """Resigning hands the seat to a bot for the rest of the game.

        The engine has no notion of a player leaving, so the seat keeps playing (level
        ``options.resign_bot_level``, default ``replacement_bot_level()``); the human's
        token stops working (403 ``seat_resigned``). The seat still ranks at the end.
        """
        ctx = _Ctx()
        with self.sessions.begin() as session:
            row = self._load(session, game_id)
            seat = seat_by_token(row, token)
            if seat.resigned:
                raise Forbidden("seat_resigned", "this seat has already resigned")
            if row.status != "active":
                raise Conflict(
                    "game_not_active",
                    f"game is {row.status}; resign only during play (leave an open game)",
                )
            now = self.clock()
            seat.kind = "bot"
            seat.bot_level = row.options.get("resign_bot_level") or replacement_bot_level()
            seat.resigned = True
            _touch(row, now)
            if row.pending_seat == seat.seat:
                row.deadline_at = now + timedelta(seconds=self.settings.bot_grace)
                ctx.followups.append((row.id, _Followup("bot_turn", row.seq)))
            try:
                session.flush()
            except StaleDataError as err:
                raise Conflict("version_conflict", "the game changed; retry") from err
            view = game_view(row, full=True)
        self._dispatch(ctx)
        log.info("game %s: seat %d resigned", game_id, seat.seat)
        return view

    def seat_for_token(self, game_id: str, token: str) -> SeatView:
        """The seat a token belongs to in this game (401 ``invalid_token`` otherwise)."""
        with self.sessions() as session:
            row = session.scalar(
                select(SeatRow).where(
                    SeatRow.game_id == game_id, SeatRow.token_hash == hash_token(token)
                )
            )
            if row is None:
                if session.get(GameRow, game_id) is None:
                    raise NotFound("game_not_found", f"no game {game_id}")
                raise Unauthorized("invalid_token", "the token is not a seat of this game")
            return SeatView.of(row)

    # ---------------------------------------------------------------- reads

    def ping(self) -> None:
        """Raise when the database does not answer (readiness probes)."""
        with self.sessions() as session:
            session.execute(select(1))

    def get(self, game_id: str) -> GameView:
        with self.sessions() as session:
            return game_view(self._load(session, game_id), full=True)

    def get_version(self, game_id: str) -> int:
        """Cheap read (one indexed column, no ORM) for conditional GETs and caches."""
        if self._versions is not None:
            version = self._versions.read(game_id)
            if version is not VersionReader.FAILED:
                if version is None:
                    raise NotFound("game_not_found", f"no game {game_id}")
                return version
        if self._autocommit is None:
            with self.sessions() as session:
                version = session.scalar(_VERSION_QUERY, {"id": game_id})
        else:
            with self._autocommit.connect() as conn:
                version = conn.execute(_VERSION_QUERY, {"id": game_id}).scalar()
        if version is None:
            raise NotFound("game_not_found", f"no game {game_id}")
        return version

    def list_games(
        self,
        *,
        status: str | None = None,
        open_seats: bool | None = None,
        page: int = 1,
        page_size: int = 20,
    ) -> tuple[list[GameView], int]:
        """Newest first. ``open_seats=True``: only games a human can still join."""
        query = select(GameRow)
        if status is not None:
            query = query.where(GameRow.status == status)
        if open_seats is not None:
            has_open = (
                select(SeatRow.seat)
                .where(
                    SeatRow.game_id == GameRow.id,
                    SeatRow.kind == "human",
                    SeatRow.token_hash.is_(None),
                )
                .exists()
            )
            cond = (GameRow.status == "open") & has_open
            query = query.where(cond if open_seats else ~cond)
        with self.sessions() as session:
            total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
            rows = (
                session.scalars(
                    query.options(defer(GameRow.public), defer(GameRow.pending))
                    .order_by(GameRow.created_at.desc(), GameRow.id)
                    .offset((page - 1) * page_size)
                    .limit(page_size)
                )
                .unique()
                .all()
            )
            return [game_view(r, full=False) for r in rows], total

    def setup_events(self, game_id: str) -> list[Any]:
        """The engine's events from setting the game up (before the first action)."""
        with self.sessions() as session:
            events = session.scalar(select(GameRow.setup_events).where(GameRow.id == game_id))
            if events is None and session.get(GameRow, game_id) is None:
                raise NotFound("game_not_found", f"no game {game_id}")
            return list(events or [])

    def events(self, game_id: str, since: int = 0, limit: int = 100) -> list[LogEntry]:
        """Log entries with ``seq > since`` in order, at most ``limit``."""
        with self.sessions() as session:
            self._require(session, game_id)
            rows = session.scalars(
                select(ActionLogRow)
                .where(ActionLogRow.game_id == game_id, ActionLogRow.seq > since)
                .order_by(ActionLogRow.seq)
                .limit(limit)
            ).all()
            return [
                LogEntry(r.seq, r.seat, r.action, r.events, r.actor, r.created_at) for r in rows
            ]

    def record(self, game_id: str) -> dict[str, Any]:
        """Everything needed to replay a finished game exactly (``engine.replay``)."""
        with self.sessions() as session:
            row = self._load(session, game_id)
            if row.status != "finished":
                raise Conflict("game_not_finished", "the record is available once finished")
            actions = session.scalars(
                select(ActionLogRow)
                .where(ActionLogRow.game_id == game_id)
                .order_by(ActionLogRow.seq)
            ).all()
            return {
                "id": row.id,
                "players": row.players,
                "seed": row.seed,
                "options": row.options,
                "deck": row.options.get("deck"),
                "seats": [SeatView.of(s) for s in row.seats],
                "actions": [
                    {"seq": a.seq, "seat": a.seat, "action": a.action, "actor": a.actor}
                    for a in actions
                ],
                "result": row.result,
                "created_at": row.created_at,
                "started_at": row.started_at,
                "finished_at": row.finished_at,
            }

    # ---------------------------------------------------------------- actions

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

        ``expected_version`` (the ETag) mismatch → 412 ``precondition_failed``;
        ``expected_seq`` mismatch → 409 ``stale_seq``; a lost race → 409
        ``version_conflict``; engine refusals keep the engine's code and message.
        With ``idempotency_key`` a retry returns the first result and never applies twice.
        """
        if actor not in ("human", "bot", "timeout"):
            raise ValueError(f"unknown actor {actor!r}")
        return self._apply(
            game_id,
            seat,
            _ActionRequest(
                action,
                actor,
                expected_seq=expected_seq,
                expected_version=expected_version,
                idempotency_key=idempotency_key,
            ),
        )

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

        The token is checked in the same transaction that applies the action, so a seat
        given up concurrently cannot be played with its old token. ``seat``, when given,
        must be the token's seat (403 ``wrong_seat``).
        """
        digest = hash_token(token)
        own_seat = None
        if idempotency_key is not None:  # the key is scoped per seat: find it first
            own_seat = self.seat_for_token(game_id, token).seat
        return self._apply(
            game_id,
            own_seat,
            _ActionRequest(
                action,
                "human",
                token_hash=digest,
                claimed_seat=seat,
                expected_seq=expected_seq,
                expected_version=expected_version,
                idempotency_key=idempotency_key,
            ),
        )

    def _apply(self, game_id: str, seat: int | None, request: _ActionRequest) -> ActionResult:
        action, actor, idempotency_key = request.action, request.actor, request.idempotency_key
        if idempotency_key is not None and seat is not None:
            previous = self._find_idempotent(game_id, seat, idempotency_key, action)
            if previous is not None:
                return previous
        ctx = _Ctx()
        try:
            if self._single_statement_actions and actor != "timeout":
                # PostgreSQL: read without a transaction, then ONE statement that updates
                # the game (conditional on the version read) and inserts the log row, so
                # the two commit together without BEGIN/COMMIT round trips. (A timeout
                # also counts against the seat: that takes the transaction below.)
                with self._autocommit.connect() as conn:
                    row = load_for_action(conn, game_id)
                    read_version = row.version
                    seat, log_row = self._step(row, seat, request, ctx)
                    store_action_with_log(conn, row, read_version, log_row)
            elif self.engine is not None:
                # The hottest write (every move): the same transaction in Core statements,
                # without the ORM's identity map and unit of work.
                with self.engine.begin() as conn:
                    row = load_for_action(conn, game_id)
                    read_version = row.version
                    seat, log_row = self._step(row, seat, request, ctx)
                    store_action(conn, row, read_version, seat if actor == "timeout" else None)
                    insert_log(conn, log_row)
            else:
                with self.sessions.begin() as session:
                    row = self._load(session, game_id, state=True)
                    seat, log_row = self._step(row, seat, request, ctx)
                    session.add(log_row)
                    session.flush()
            result = ActionResult.of(log_row, replayed=False)
        except (StaleDataError, IntegrityError) as err:
            if idempotency_key is not None and seat is not None:
                previous = self._find_idempotent(game_id, seat, idempotency_key, action)
                if previous is not None:
                    return previous
            raise Conflict(
                "version_conflict", "another action was applied first; reload and retry"
            ) from err
        except ServiceError as err:
            # A concurrent request with the same key may have committed between our first
            # look-up and our read: then the game "moved on" because of *this* action.
            if idempotency_key is not None and seat is not None and err.status in (409, 412):
                previous = self._find_idempotent(game_id, seat, idempotency_key, action)
                if previous is not None:
                    return previous
            raise
        self._dispatch(ctx)
        return result

    def _step(
        self, row: Any, seat: int | None, request: _ActionRequest, ctx: _Ctx
    ) -> tuple[int, ActionLogRow]:
        """Authorise, check and run one action on a loaded game: (seat, its log row)."""
        if request.token_hash is not None:
            seat = seat_by_hash(row, request.token_hash).seat
            claimed = request.claimed_seat
            if claimed is not None and claimed != seat:
                raise Forbidden("wrong_seat", f"the token belongs to seat {seat}, not {claimed}")
        assert seat is not None
        self._check_can_act(
            row, seat, request.actor, request.expected_seq, request.expected_version
        )
        return seat, self._apply_locked(
            row, seat, request.action, request.actor, request.idempotency_key, ctx
        )

    def play_bot_turn(self, game_id: str, seq: int) -> bool:
        """Play the pending bot decision at ``seq``; False (no-op) when stale.

        Builds the seat's bot with ``ai.make_bot``; a bot that fails, returns an illegal
        action or exceeds its time budget is replaced for this move by ``ai.RandomBot``.
        """
        from engine import Game

        with self.sessions() as session:
            row = session.get(GameRow, game_id, options=[undefer(GameRow.state)])
            if row is None or row.status != "active" or row.seq != seq:
                return False
            seat_row = seat_of(row, row.pending_seat)
            if seat_row is None or seat_row.kind != "bot":
                return False
            game = Game.from_dict(row.state)
            level = seat_row.bot_level or "random"
            bot_seed = (row.seed * 1_000_003 + seq * 7919 + seat_row.seat) % MAX_SEED
            seat_no = seat_row.seat
        action = choose_bot_action(game, level, bot_seed, self.settings.bot_time_budget)
        try:
            self.apply_action(game_id, seat_no, action, expected_seq=seq, actor="bot")
        except (Conflict, PreconditionFailed, Forbidden):
            return False  # the game moved on meanwhile (another delivery, a resign...)
        return True

    def play_random_turn(self, game_id: str, seq: int) -> bool:
        """A RandomBot move for the pending bot decision at ``seq`` (False when stale).

        For the workers' fallback when a bot task was killed at its hard time limit.
        """
        from ai import RandomBot
        from engine import Game

        with self.sessions() as session:
            row = session.get(GameRow, game_id, options=[undefer(GameRow.state)])
            if row is None or row.status != "active" or row.seq != seq:
                return False
            seat_row = seat_of(row, row.pending_seat)
            if seat_row is None or seat_row.kind != "bot":
                return False
            game = Game.from_dict(row.state)
            action = RandomBot((row.seed + seq) % MAX_SEED).choose(game)
            seat_no = seat_row.seat
        try:
            self.apply_action(game_id, seat_no, action, expected_seq=seq, actor="bot")
        except (Conflict, PreconditionFailed, Forbidden):
            return False
        return True

    def expire_deadline(self, game_id: str, seq: int) -> bool:
        """Apply the timeout policy to the decision at ``seq`` if its deadline has passed.

        Exactly once: the write is conditional on the version read, so of two concurrent
        deliveries one wins and the other returns False. A bot decision whose deadline is
        due (its task was lost) is simply played now.
        """
        now = self.clock()
        with self.sessions() as session:
            row = session.get(GameRow, game_id)
            if (
                row is None
                or row.status != "active"
                or row.seq != seq
                or row.deadline_at is None
                or row.deadline_at > now
            ):
                return False
            seat_row = seat_of(row, row.pending_seat)
            if seat_row is None:
                return False
            is_bot = seat_row.kind == "bot"
        if is_bot:
            return self.play_bot_turn(game_id, seq)
        ctx = _Ctx()
        try:
            with self.sessions.begin() as session:
                row = self._load(session, game_id, state=True)
                if row.status != "active" or row.seq != seq or row.deadline_at is None:
                    return False
                if row.deadline_at > now:
                    return False
                seat_row = seat_of(row, row.pending_seat)
                if seat_row is None or seat_row.kind != "human":
                    return False
                if row.timeout_policy == "bot":
                    seat_row.kind = "bot"
                    seat_row.bot_level = (
                        row.options.get("timeout_bot_level") or replacement_bot_level()
                    )
                    seat_row.replaced_by_bot = True
                    seat_row.timeouts += 1
                    row.deadline_at = now + timedelta(seconds=self.settings.bot_grace)
                    _touch(row, now)
                    ctx.followups.append((row.id, _Followup("bot_turn", row.seq)))
                    log.info("game %s: seat %d timed out, a bot takes over", game_id, seat_row.seat)
                else:
                    default = (row.pending or {}).get("actions", [None])[0]
                    if default is None:
                        return False
                    session.add(
                        self._apply_locked(row, seat_row.seat, default, "timeout", None, ctx)
                    )
                    log.info("game %s: seat %d timed out, default action", game_id, seat_row.seat)
                session.flush()
        except (StaleDataError, IntegrityError):
            return False
        self._dispatch(ctx)
        return True

    def due_deadlines(self, now: datetime | None = None, limit: int = 100) -> list[tuple[str, int]]:
        """(game_id, seq) of active games whose deadline has passed, oldest first."""
        now = now or self.clock()
        with self.sessions() as session:
            rows = session.execute(
                select(GameRow.id, GameRow.seq)
                .where(
                    GameRow.status == "active",
                    GameRow.deadline_at.is_not(None),
                    GameRow.deadline_at <= now,
                )
                .order_by(GameRow.deadline_at)
                .limit(limit)
            ).all()
            return [(r[0], r[1]) for r in rows]

    # ---------------------------------------------------------------- internals

    def _load(self, session: Session, game_id: str, *, state: bool = False) -> GameRow:
        # Prebuilt statements: SQLAlchemy memoises their cache keys, per-call options don't.
        stmt = _LOAD_WITH_STATE if state else _LOAD
        row = session.scalars(stmt, {"id": game_id}).unique().one_or_none()
        if row is None:
            raise NotFound("game_not_found", f"no game {game_id}")
        return row

    def _require(self, session: Session, game_id: str) -> None:
        if session.scalar(select(GameRow.id).where(GameRow.id == game_id)) is None:
            raise NotFound("game_not_found", f"no game {game_id}")

    def _check_can_act(
        self,
        row: GameRow,
        seat: int,
        actor: str,
        expected_seq: int | None,
        expected_version: int | None,
    ) -> None:
        if row.status == "finished":
            raise Conflict("game_over", "the game is over")
        if row.status != "active":
            raise Conflict("game_not_active", f"game is {row.status}")
        if expected_version is not None and expected_version != row.version:
            raise PreconditionFailed(
                "precondition_failed",
                f"the game is at version {row.version}, not {expected_version}",
                current_etag=etag_for(row.version),
            )
        if expected_seq is not None and expected_seq != row.seq:
            raise Conflict(
                "stale_seq",
                f"the pending decision is at seq {row.seq}, not {expected_seq}",
                current_seq=row.seq,
            )
        seat_row = seat_of(row, seat)
        if seat_row is None:
            raise NotFound("seat_not_found", f"no seat {seat}")
        if actor == "human" and seat_row.kind != "human":
            if seat_row.resigned:
                raise Forbidden("seat_resigned", "this seat resigned; a bot plays it")
            raise Forbidden("seat_is_bot", "a bot plays this seat")
        if actor == "bot" and seat_row.kind != "bot":
            raise Conflict("seat_not_bot", "this seat is not played by a bot")

    def _apply_locked(
        self,
        row: GameRow,
        seat: int,
        action: dict[str, Any],
        actor: str,
        idempotency_key: str | None,
        ctx: _Ctx,
    ) -> ActionLogRow:
        """Run the engine, update ``row`` and return the log row (the caller stores both)."""
        from engine import EngineError, Game

        game = Game.from_dict(row.state)
        try:
            events = game.apply(action, seat=seat)
        except EngineError as err:
            raise from_engine_error(err) from None
        now = self.clock()
        row.state = game.to_dict()
        row.public = game.public_view()
        row.seq = game.seq
        _touch(row, now)
        if actor == "timeout":
            timed_out = seat_of(row, seat)
            if timed_out is not None:
                timed_out.timeouts += 1
        if game.is_over:
            row.status = "finished"
            row.finished_at = now
            row.pending = None
            row.pending_seat = None
            row.pending_kind = None
            row.deadline_at = None
            row.result = {"ranking": list(game.ranking()), "scores": list(game.scores)}
        else:
            self._set_pending(row, game, now, ctx)
        log_row = ActionLogRow(
            game_id=row.id,
            seq=game.seq,
            seat=seat,
            action=action,
            events=events,
            actor=actor,
            idempotency_key=idempotency_key,
            created_at=now,
            after={
                "status": row.status,
                "version": row.version + 1,  # the ORM bumps it in the same UPDATE
                "pending": row.pending,
            },
        )
        return log_row

    def _start(self, row: GameRow, game: Any, now: datetime, ctx: _Ctx) -> None:
        row.status = "active"
        row.started_at = now
        self._set_pending(row, game, now, ctx)

    def _set_pending(self, row: GameRow, game: Any, now: datetime, ctx: _Ctx) -> None:
        """Record the next decision, its deadline, and what to schedule after commit."""
        pending = game.pending
        row.pending = pending.to_dict()
        row.pending_seat = pending.seat
        row.pending_kind = pending.kind
        seat_row = seat_of(row, pending.seat)
        if seat_row is not None and seat_row.kind == "bot":
            row.deadline_at = now + timedelta(seconds=self.settings.bot_grace)
            ctx.followups.append((row.id, _Followup("bot_turn", game.seq)))
        elif row.time_limit > 0:
            row.deadline_at = now + timedelta(seconds=row.time_limit)
            ctx.followups.append((row.id, _Followup("deadline", game.seq, row.deadline_at)))
        else:
            row.deadline_at = None

    def _find_idempotent(
        self, game_id: str, seat: int, key: str, action: dict[str, Any]
    ) -> ActionResult | None:
        with self.sessions() as session:
            row = session.scalar(
                select(ActionLogRow).where(
                    ActionLogRow.game_id == game_id,
                    ActionLogRow.seat == seat,
                    ActionLogRow.idempotency_key == key,
                )
            )
            if row is None:
                return None
            if row.action != action:
                raise Unprocessable(
                    "idempotency_key_reused",
                    "this Idempotency-Key was already used with a different action",
                )
            return ActionResult.of(row, replayed=True)

    def _dispatch(self, ctx: _Ctx) -> None:
        """Hand follow-ups to the scheduler; failures are logged, never raised, because
        the commit already happened and the deadline sweep recovers lost tasks."""
        for game_id, f in ctx.followups:
            try:
                if f.kind == "bot_turn":
                    self.scheduler.bot_turn(game_id, f.seq)
                else:
                    assert f.eta is not None
                    self.scheduler.deadline(game_id, f.seq, f.eta)
            except Exception:  # noqa: BLE001 - the sweep is the safety net
                log.exception("scheduler failed for %s %s@%s", f.kind, game_id, f.seq)


# --------------------------------------------------------------------------------------


def _seat_spec(value: SeatSpec | dict[str, Any]) -> SeatSpec:
    if isinstance(value, SeatSpec):
        spec = value
    else:
        try:
            spec = SeatSpec(**value)
        except TypeError as err:
            raise Unprocessable("invalid_seats", f"bad seat entry: {err}") from None
    if spec.kind not in ("human", "bot"):
        raise Unprocessable("invalid_seats", "a seat's kind is 'human' or 'bot'")
    return spec


def _touch(row: GameRow, now: datetime) -> None:
    """Mark the game row changed even when no column value differs (a seat-only change,
    or a frozen test clock): every write must bump the version, which is what makes
    concurrent writers conflict."""
    row.updated_at = now
    if isinstance(row, GameRow):  # not for the plain records of the Core action path
        flag_modified(row, "updated_at")


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
    from service.scheduling import build_scheduler

    settings = settings or Settings.from_env()
    if migrate if migrate is not None else settings.auto_migrate:
        upgrade_database(settings.database_url)
    engine = make_engine(settings.database_url, echo=settings.sql_echo)
    return GameService(
        make_sessionmaker(engine),
        scheduler if scheduler is not None else build_scheduler(settings),
        settings,
    )


#: Name the workers' first wiring used; kept as an alias.
build_game_service = build_service

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
    "build_game_service",
    "build_service",
    "choose_bot_action",
    "etag_for",
    "hash_token",
]
