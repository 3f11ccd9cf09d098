"""A new game: checking what its creator asked for and building its rows (the service stores
them). Joining, leaving, aborting and resigning are short enough to live in
``GameService`` itself."""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from engine import EngineError, Game, fairness
from service.models import GameRow, SeatRow
from service.plumbing.config import Settings
from service.plumbing.errors import Unprocessable
from service.plumbing.text_check import display_text
from service.rules import clocks
from service.rules.bots import check_bot_level
from service.rules.game_options import GameOptions
from service.rules.seat_tokens import hash_token
from service.rules.views import SeatSpec

#: Labels go into URLs and log lines as they are: a conservative alphabet, no spaces.
LABEL = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$")  # anchored for OpenAPI too
LABEL_RULE = "a label is 1-64 characters: letters, digits and . _ : - (not first)"


def label_key(label: str) -> str:
    """A label as stored and compared: checked (422 ``invalid_label``) and in lower case,
    so labels that differ only in case are one label, with one owner (docs/api.md,
    "Labels belong to their first player")."""
    if not LABEL.fullmatch(label):
        raise Unprocessable("invalid_label", LABEL_RULE)
    return label.lower()


#: The seed of an open verifiable game's preview board: its real set-up is rolled at start.
PREVIEW_SEED = 0
#: What happens when a human's time runs out (docs/api.md, "Deadlines").
TIMEOUT_POLICIES = ("default_action", "bot")


def new_game_row(
    settings: Settings,
    now: datetime,
    creator_token: str,
    *,
    players: int,
    seats: Sequence[SeatSpec | dict[str, Any]] | None,
    time_limit: int | None,
    timeout_policy: str,
    time_control: dict[str, Any] | None = None,
    options: dict[str, Any] | None,
    seed: int | None,
    label: str | None,
    rated: bool = True,
) -> tuple[GameRow, Any]:
    """Check a creation request and build the game's row with its seats, and the engine
    game it starts from; raises ``Unprocessable`` naming the first thing wrong."""
    label = None if label is None else label_key(label)
    opts = GameOptions.check(options, players=players, rated=rated)
    specs = _check_seats(players, seats)
    control, time_limit = clocks.choose(
        time_control,
        time_limit,
        settings.default_time_limit,
        settings.max_time_limit,
        all_bots=all(spec.kind == "bot" and spec.player is None for spec in specs),
        unattended=all(spec.kind == "bot" for spec in specs),
    )
    if timeout_policy not in TIMEOUT_POLICIES:
        raise Unprocessable("invalid_timeout_policy", "timeout_policy is 'default_action' or 'bot'")
    game_id = secrets.token_hex(8)
    server_seed = None
    if seed is None:  # verifiable: commit now, derive the engine seed at the start
        server_seed = fairness.new_server_seed()
        humans = any(spec.kind == "human" for spec in specs)
        # With human seats the real set-up is rolled at the start (their entropy is not
        # in yet); until then the board is a preview from seed 0 that reveals nothing.
        seed = (
            PREVIEW_SEED if humans else fairness.engine_seed(game_id, server_seed, [None] * players)
        )
    try:
        game = opts.new_game(players, seed)
    except (EngineError, ValueError, TypeError, KeyError) as err:
        raise Unprocessable("invalid_option", f"the engine refused the options: {err}") from err

    row = GameRow(
        id=game_id,
        server_seed=server_seed,
        commitment=None if server_seed is None else fairness.commitment(game_id, server_seed),
        status="open",
        players=players,
        seed=seed,
        options=opts.stored(),
        state=game.to_dict(),
        public=game.public_view(),
        setup_events=list(getattr(game, "setup_events", None) or []),
        pending=None,
        seq=game.seq,
        time_limit=time_limit,
        time_control=control,
        timeout_policy=timeout_policy,
        creator_token_hash=hash_token(creator_token),
        label=label,
        rated=rated,
        created_at=now,
        updated_at=now,
    )
    row.seats = [seat_row(i, spec, now) for i, spec in enumerate(specs)]
    for seat in row.seats:
        seat.bank_ms = clocks.initial_bank_ms(row, seat)
    return row, game


def _check_seats(players: int, seats: Sequence[SeatSpec | dict[str, Any]] | None) -> list[SeatSpec]:
    """One seat entry per player (all human by default); bots of known levels, reserved
    for nobody."""
    specs = [seat_spec(s) for s in (seats or [SeatSpec() for _ in range(players)])]
    if len(specs) != players:
        raise Unprocessable(
            "invalid_seats", f"{players} players need exactly {players} seat entries"
        )
    for spec in specs:
        if spec.kind == "bot" and spec.player is not None and spec.level is not None:
            raise Unprocessable("invalid_seats", "a bot account's seat names no level")
        if spec.kind == "bot" and spec.player is None:
            check_bot_level(spec.level or "random", "invalid_seats")
    return specs


def roll_setup(row: GameRow) -> Any:
    """The game is starting: for a verifiable game, derive the engine seed from the server
    seed and every seat's entropy (docs/fairness.md) and set the game up with it; return
    the engine game it starts from. A game with an explicit seed keeps its set-up."""
    if row.server_seed is None:
        return Game.from_dict(row.state)
    entropy = [s.entropy for s in row.seats]
    row.seed = fairness.engine_seed(row.id, row.server_seed, entropy)
    game = GameOptions.of(row.options).new_game(row.players, row.seed)
    row.state = game.to_dict()
    row.public = game.public_view()
    row.setup_events = list(game.setup_events)
    row.seq = game.seq
    return game


def seat_row(seat: int, spec: SeatSpec, now: datetime) -> SeatRow:
    """A new seat: a bot's is taken at once, a human's waits for ``join``; a bot
    account's is a human seat inside (deadlines, its player's turns), reserved for the
    account until the creation takes it for it (``service.rules.bot_seats``)."""
    if spec.kind == "bot" and spec.player is not None:
        return SeatRow(
            seat=seat, kind="human", bot_level=None, name=spec.name, joined_at=None,
            timeouts=0, replaced_by_bot=False, resigned=False, reserved_for=spec.player,
            bot_account=True,
        )  # fmt: skip
    bot = spec.kind == "bot"
    level = spec.level or "random"
    return SeatRow(
        seat=seat,
        kind=spec.kind,
        bot_level=level if bot else None,
        name=(spec.name or f"bot:{level}") if bot else spec.name,
        joined_at=now if bot else None,
        timeouts=0,
        replaced_by_bot=False,
        resigned=False,
        reserved_for=None if bot else spec.player,
        bot_account=False,
    )


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
    if spec.name is not None:
        spec = replace(spec, name=display_text(spec.name, what="a seat's name"))
    return spec
