"""The one admission gate for games (docs/api.md, "Rate limits"): every game the service
makes and every bot it seats in a human's place passes here, whatever the route or
worker that asks.

- ``Admission.admit`` takes the games of one creation, inside its transaction, just before
  they are written (``Creation._store``, the only way a new game reaches the database: a
  game row inserted without it is refused at the flush, ``refuse_unadmitted``). It makes
  the payer the owner of the games' bot work (the workers' fair share, docs/workers.md)
  and charges the search budget (``URSUPPE_SEARCH_GAME_RATE_LIMIT``) one per game whose
  seats or stand-ins search (``game_options.searches``), for the paying player and for
  the client address of the request, refusing the whole creation (429 ``rate_limited``)
  when either has too little left; a search game without a paying player is 401
  ``missing_token``. A refusal raises inside the transaction: nothing is written.
- ``standin_level`` is the level of every bot that plays for a human (a resign, a timeout
  under either policy): the level the game's options chose, which ``admit`` charged when
  the game was made, else the service's stand-in, which never searches (checked at
  start-up, ``check_standin_level``).

Who pays (``Payer``): the player the game is made for (its creator, a challenge's
challenger, a seek's first seeker, a tournament's organiser) and the address of the
request that makes it. Games made by a worker (a tournament's rounds, a quick-play game
filled when its wait ends) have no request: they cannot be refused with a 429, so they
never search. Their bots are chosen at the request that commits to them (a tournament's
``service_bots``, a seek's ``bot_level``), where a search level is refused with 422.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event

from service.models import GameRow
from service.plumbing import requester
from service.plumbing.budgets import Counter, Key
from service.plumbing.config import Settings
from service.plumbing.errors import Unauthorized, Unprocessable
from service.rules.bots import check_bot_level, is_search_level
from service.rules.game_options import STANDIN_OPTIONS, GameOptions, searches

#: The search budget's scope in the counts (``service.plumbing.budgets``).
SEARCH_SCOPE = "search-games"


@dataclass(frozen=True)
class Payer:
    """Whose a new game is: ``player``, the player it is made for (the owner of its bot
    work and whose search budget it spends), and ``address``, the client address of the
    request that makes it (also charged; the fair-share owner of a game made without a
    player). Both None: the service called directly (scripts, older rows)."""

    player: str | None
    address: str | None = None

    @classmethod
    def asking(cls, player: str | None, address: str | None = None) -> Payer:
        """The payer of a game made for ``player`` by the request being served (its client
        address, ``service.plumbing.requester``; none in a worker) or from ``address``."""
        return cls(player, address if address is not None else requester.client_address())

    def keys(self) -> list[Key]:
        keys = [Key(f"p:{self.player}", "player")] if self.player is not None else []
        if self.address is not None:
            keys.append(Key(f"a:{self.address}", "client address"))
        return keys


def game_searches(row: GameRow) -> bool:
    """Whether a search bot may play in the game: a bot seat of a search level, or a search
    level as one of its stand-ins (``game_options.searches``, read off the row)."""
    seats = [{"kind": s.kind, "level": s.bot_level} for s in row.seats]
    return searches(seats, row.options)


@dataclass(eq=False)
class Admission:
    """``Admission(settings)``: the gate; its counts are shared with every process using
    the same Redis (``settings.redis_url``)."""

    settings: Settings
    counter: Counter = field(init=False)

    def __post_init__(self) -> None:
        self.counter = Counter(self.settings.redis_url or "memory://")

    def check(self, seats: Any, options: Any, payer: Payer) -> None:
        """Refuse now what ``admit`` would refuse for one game of these terms later, counting
        nothing: a challenge's terms, checked when it is made (its game is made, and
        charged, at the last acceptance)."""
        if searches(seats, options):
            if payer.player is None:
                raise Unauthorized("missing_token", "a game with search bots needs a player")
            self.counter.check(
                SEARCH_SCOPE, "games with search bots", self.settings.search_game_rate_limit,
                payer.keys(), 1,
            )  # fmt: skip

    def admit(self, rows: Sequence[GameRow], payer: Payer) -> None:
        """Admit the games of one creation for ``payer``, inside its transaction: the payer
        owns their bot work, and each game with a search bot costs one of the search
        budget, for the player and for the address (429 ``rate_limited`` when either has
        too little left; 401 ``missing_token`` for such a game without a player)."""
        for row in rows:
            row.creator_player_id = payer.player
            if payer.player is None and payer.address is not None:
                row.creator_address = payer.address[:64]
        cost = sum(1 for row in rows if game_searches(row))
        if cost:
            self.counter.charge(
                SEARCH_SCOPE, "games with search bots", self.settings.search_game_rate_limit,
                payer.keys(), cost,
            )  # fmt: skip
            if payer.player is None:
                raise Unauthorized(
                    "missing_token",
                    "a game with search bots (mcts…), as seats or stand-ins, needs a player token",
                )
        _ADMITTED.update(rows)


def standin_level(row: GameRow, option: str, settings: Settings) -> str:
    """The level of the bot that plays for a human of this game (``option``: the game's
    ``resign_bot_level`` or ``timeout_bot_level``): the game's choice, which ``admit``
    charged when the game was made, else the service's stand-in. Should the service's
    stand-in search (the settings changed since start-up), a game that did not choose it
    did not pay for it: ``greedy`` plays."""
    assert option in STANDIN_OPTIONS, option
    chosen = getattr(GameOptions.of(row.options), option)
    if chosen is not None:
        return str(chosen)
    level = settings.standin_level
    return "greedy" if is_search_level(level) else level


def check_standin_level(level: str) -> None:
    """The service's stand-in (``URSUPPE_STANDIN_LEVEL``) answers at once: a game whose
    stand-ins search says so in its options, and pays for it (refused at start-up)."""
    check_bot_level(level, "invalid_option")
    if is_search_level(level):
        raise Unprocessable(
            "invalid_option",
            f"URSUPPE_STANDIN_LEVEL {level!r} searches: the service's stand-in is a level "
            "that answers at once (random, greedy); a game chooses a searching one in its "
            "options and pays for it",
        )


#: The rows ``admit`` let through, until they are written (weakly held).
_ADMITTED: weakref.WeakSet[GameRow] = weakref.WeakSet()


@event.listens_for(GameRow, "before_insert")
def refuse_unadmitted(_mapper: Any, _connection: Any, row: GameRow) -> None:
    """A new game written without passing ``admit`` is a bug: refuse it at the flush, so a
    path added later that skips the gate fails in its first test."""
    if row not in _ADMITTED:
        raise RuntimeError(f"game {row.id} was not admitted (service.parts.admission)")
    _ADMITTED.discard(row)
