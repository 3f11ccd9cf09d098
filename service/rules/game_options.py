"""A game's options (``options`` of ``POST /games``, docs/api.md): declared once here, checked
once by ``GameOptions.check`` and carried as one value from the request to the engine.

Each field declares what the request schema (``api.resources.games.schemas``), the public
view of a game and the engine need to know of it: its ``kind`` (how it is written in JSON),
its description, its ranges (from the variants the engine knows) and whether the engine
takes it as a keyword of ``Game.new``. Adding an option is a field here, the engine's side
if it is a rule, and the texts that explain it.

An option that is not given stays ``None``: the game's row keeps only what its creator
chose (``stored``), and the properties read the defaults.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engine import SUPPORTED_PLAYERS, Game
from engine.counts import SUPPORTED_PLAYERS_TEXT, VARIANTS
from service.plumbing.errors import Unprocessable
from service.rules.bots import check_bot_level, is_search_level

#: The most cards a custom environment deck may have.
MAX_DECK = 200


def _option(kind: str, doc: str, *, default: Any = None, engine: bool = False,
            shown: str | None = None, **ranges: Any) -> Any:  # fmt: skip
    """A field of ``GameOptions``: ``kind`` is ``deck``, ``level``, ``variant`` or ``flag``;
    ``doc`` describes it to clients creating games; ``default``: its value when not
    chosen; ``engine``: a keyword of ``Game.new``; ``shown``: its description in a game's
    public options ("" for none; ``None``: not shown)."""
    meta = {"kind": kind, "doc": doc, "default": default, "engine": engine, "shown": shown}
    return field(default=None, metadata={**meta, **ranges})


@dataclass(frozen=True)
class GameOptions:
    """What a game's creator chose beyond its size, seats and clock; ``None``: not chosen."""

    deck: list[dict[str, Any]] | None = _option(
        "deck", "custom environment deck (cards as in rules.environment deck)",
        engine=True, min=1, max=MAX_DECK,
    )  # fmt: skip
    timeout_bot_level: str | None = _option(
        "level", "bot taking over on timeout (policy 'bot')", shown=""
    )
    resign_bot_level: str | None = _option("level", "bot taking over a resigned seat", shown="")
    variant: str | None = _option(
        "variant", "a 2-player variant (GET /rules: variants); players must be 2",
        engine=True, shown="a 2-player variant, or null", choices=tuple(sorted(VARIANTS)),
    )  # fmt: skip
    decoy_scores: bool | None = _option(
        "flag", "variant decoy only: whether the decoy's marker advances "
        "(default false; docs/rules.md, Decoy)",
        default=False, engine=True, shown="",
    )  # fmt: skip
    people_pool: bool | None = _option(
        "flag", "a rated game with a bot account rates in the people's pool "
        "(`4p`) instead of the bots' (`bots-4p`); default false (docs/bots.md)",
        default=False,
    )  # fmt: skip
    hints: bool | None = _option(
        "flag", "whether the seat to play may ask for a hint (POST "
        "/games/{id}/seats/{seat}/hint); default true in an unrated game, never in a "
        "rated one (true with rated: 422)",
        shown="whether the seat to play may ask for hints",
    )  # fmt: skip

    # ------------------------------------------------------------------ reading

    @classmethod
    def of(cls, stored: Mapping[str, Any] | None) -> GameOptions:
        """The options kept in a game's row (checked when the game was created)."""
        return cls(**{k: v for k, v in (stored or {}).items() if k in FIELDS})

    def stored(self) -> dict[str, Any]:
        """The options as a game's row keeps them: those chosen."""
        return {k: v for k, v in self._values() if v is not None}

    def chosen(self, name: str) -> Any:
        """An option's value, its default when not chosen."""
        value = getattr(self, name)
        return FIELDS[name].metadata["default"] if value is None else value

    def engine_keywords(self) -> dict[str, Any]:
        """``Game.new``'s and ``engine.replay``'s keywords (``deck``, ``variant``,
        ``decoy_scores``), with their defaults for those not chosen."""
        return {name: self.chosen(name) for name, f in FIELDS.items() if f.metadata["engine"]}

    def public(self, rated: bool) -> dict[str, Any]:
        """The options as everybody may read them (``PublicGameOptionsSchema``): a custom
        deck as ``custom`` and its cards sorted (the draw order stays hidden), whether
        hints are allowed in this game."""
        shown = {n: self.chosen(n) for n, f in FIELDS.items() if f.metadata["shown"] is not None}
        shown["hints"] = self.hints_allowed(rated)
        if self.deck is None:
            return {"deck": "default", **shown}
        # The engine shuffles the deck; sorting hides the creator's order all the same.
        cards = sorted(self.deck, key=lambda c: json.dumps(c, sort_keys=True))
        return {"deck": "custom", **shown, "deck_cards": cards}

    def _values(self) -> list[tuple[str, Any]]:
        return [(name, getattr(self, name)) for name in FIELDS]

    def new_game(self, players: int, seed: int) -> Game:
        """The engine's game with these options."""
        return Game.new(players, seed, **self.engine_keywords())

    def hints_allowed(self, rated: bool) -> bool:
        """Whether the seat to play may ask for hints: never in a rated game, and in an
        unrated one unless its creator chose ``hints: false``."""
        return not rated and self.hints is not False

    # ------------------------------------------------------------------ checking

    @classmethod
    def check(cls, raw: Mapping[str, Any] | None, *, players: int, rated: bool) -> GameOptions:
        """The options of a creation request, checked against the game's size and whether
        it is rated; raises ``Unprocessable`` (``invalid_option``, ``invalid_players``)
        naming the first thing wrong. The engine checks a custom deck when it sets the
        game up."""
        given = dict(raw or {})
        unknown = set(given) - set(FIELDS)
        if unknown:
            raise Unprocessable("invalid_option", f"unknown options: {sorted(unknown)}")
        options = cls(**given)
        game_size(players, options.variant)
        if options.decoy_scores is not None and (
            options.variant is None or VARIANTS[options.variant].decoy < 0
        ):
            raise Unprocessable("invalid_option", "decoy_scores is an option of the decoy variant")
        for name, value in options._values():
            kind = FIELDS[name].metadata["kind"]
            if value is None:
                continue
            if kind == "flag" and not isinstance(value, bool):
                raise Unprocessable("invalid_option", f"{name} is true or false")
            if kind == "level":
                check_bot_level(value if isinstance(value, str) else repr(value), "invalid_option")
        if options.hints and rated:
            raise Unprocessable("invalid_option", "hints are for unrated games (rated: false)")
        return options


#: The options by name, as the request and a game's row spell them.
FIELDS = {f.name: f for f in fields(GameOptions)}
#: The options naming a stand-in: the bot that takes over a human's seat when its time
#: runs out (timeout policy ``bot``) or when it resigns.
STANDIN_OPTIONS = tuple(name for name, f in FIELDS.items() if f.metadata["kind"] == "level")


def searches(seats: Any, options: Any) -> bool:
    """Whether a game made with these seats and options may have a search bot play: a bot
    seat of a search level, or a search level as a stand-in (a human who resigns every
    seat hands them all to it). Read from a creation request as sent, checked or not
    (``seats``: the entries as dicts), so the service and the rate limiter
    (api/ratelimit.py) apply one rule: such a game needs a player and counts against the
    search budget, whichever route makes it (docs/api.md, "Rate limits")."""
    levels: list[Any] = []
    for seat in seats if isinstance(seats, list | tuple) else ():
        if isinstance(seat, Mapping) and seat.get("kind") == "bot":
            levels.append(seat.get("level"))
    if isinstance(options, Mapping):
        levels += [options.get(key) for key in STANDIN_OPTIONS]
    return any(isinstance(level, str) and is_search_level(level) for level in levels)


def game_size(players: int | None, variant: Any) -> tuple[int, str | None]:
    """Players and variant of a game (or a seek, a tournament's tables): a variant implies
    its player count (``players`` may be left out); otherwise ``players`` (default 4) is one
    the base game has."""
    if variant is not None:
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise Unprocessable("invalid_option", f"variant is one of {sorted(VARIANTS)}")
        if players is not None and players != VARIANTS[variant].players:
            raise Unprocessable(
                "invalid_players", f"{variant} is for {VARIANTS[variant].players} players"
            )
        return VARIANTS[variant].players, variant
    players = 4 if players is None else players
    if players not in SUPPORTED_PLAYERS:
        raise Unprocessable(
            "invalid_players",
            f"a game is for {SUPPORTED_PLAYERS_TEXT} players, or 2 with a variant "
            f"({sorted(VARIANTS)})",
        )
    return players, None
