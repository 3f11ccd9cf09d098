"""Creating games and managing their seats: create, join, leave, abort, resign, and
telling which seat a token belongs to."""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from service.bots import check_bot_level, replacement_bot_level
from service.core import MAX_SEED, AfterCommit, Followup, ServiceCore, touch
from service.errors import Conflict, Forbidden, NotFound, Unauthorized, Unprocessable
from service.models import GameRow, SeatRow
from service.seats import hash_token, new_token, seat_by_token
from service.views import CreatedGame, GameView, Joined, SeatSpec, SeatView, game_view

log = logging.getLogger(__name__)

JOIN_RETRIES = 8
#: Labels go into URLs and log lines as they are: a conservative alphabet, no spaces.
LABEL = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$")  # anchored for OpenAPI too
LABEL_RULE = "a label is 1-64 characters: letters, digits and . _ : - (not first)"


class GameLifecycle(ServiceCore):
    """Games from creation to the first move, and the seats' comings and goings."""

    def create_game(
        self,
        *,
        players: int = 4,
        seats: Sequence[SeatSpec | dict[str, Any]] | None = None,
        time_limit: int | None = None,
        timeout_policy: str = "default_action",
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        label: str | None = None,
    ) -> CreatedGame:
        """Create a game; bot seats are filled at once, human seats wait for ``join``.

        ``options``: ``deck`` (custom environment deck, passed to the engine),
        ``timeout_bot_level`` (bot that takes over on timeout with policy "bot"),
        ``resign_bot_level`` (bot that takes over a resigned seat).
        ``label``: the creator's grouping (e.g. a tournament), filterable in ``list_games``.
        A game without human seats starts immediately.
        """
        from engine import EngineError, Game

        if label is not None and not LABEL.fullmatch(label):
            raise Unprocessable("invalid_label", LABEL_RULE)
        if players not in (3, 4):
            raise Unprocessable("invalid_players", "a game has 3 or 4 players")
        specs = [seat_spec(s) for s in (seats or [SeatSpec() for _ in range(players)])]
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
            label=label,
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
        ctx = AfterCommit()
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
            ctx = AfterCommit()
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
                    touch(row, now)
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
            touch(row, self.clock())
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
            touch(row, now)
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
        ctx = AfterCommit()
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
            touch(row, now)
            if row.pending_seat == seat.seat:
                row.deadline_at = now + timedelta(seconds=self.settings.bot_grace)
                ctx.followups.append((row.id, Followup("bot_turn", row.seq)))
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


def seat_spec(value: SeatSpec | dict[str, Any]) -> SeatSpec:
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
