"""Schemas of games: creation, listing and the game document itself.

Request schemas reject unknown fields (marshmallow's default ``RAISE``), so a typo in a
client's body is a 422 rather than a silently ignored option.
"""

from __future__ import annotations

from dataclasses import Field
from datetime import UTC
from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document, optional, view_document
from api.contract.plugin import NULL
from api.contract.vocabulary import component_field
from api.display_text import DisplayText
from api.parsing import MAX_INT32, JsonBoolean, QueryBoolean
from engine import SUPPORTED_PLAYERS
from engine.counts import VARIANTS
from service.models import GAME_STATUSES, SEAT_KINDS
from service.plumbing.config import Settings
from service.rules import clocks
from service.rules.game_options import FIELDS as OPTIONS
from service.rules.new_game import LABEL, TIMEOUT_POLICIES
from service.rules.views import GameView, SeatView

#: A bot level's name: checked against the levels by the service (``invalid_seats``...).
LEVEL = [validate.Length(min=1, max=32)]


class SeatSpecSchema(ma.Schema):
    kind = fields.String(
        required=True,
        validate=validate.OneOf(["human", "bot"]),
        metadata={"description": "'human': open for a player to join; 'bot': an AI plays it"},
    )
    level = fields.String(
        validate=LEVEL,
        metadata={"description": "bot level (see GET /api/v1/rules → bot_levels); bots only"},
    )
    name = DisplayText(metadata={"description": "display name of a bot seat"})
    player = fields.String(
        validate=validate.Length(min=1, max=32),
        metadata={
            "description": "a human seat only this player (its id) may join; on a bot seat "
            "without a level: the bot account (its id) that plays it with its player token"
        },
    )

    @ma.validates_schema
    def _level_only_for_bots(self, data: dict[str, object], **_: object) -> None:
        # A level on a human seat was once accepted and ignored: the creator meant something.
        if data.get("kind") == "human" and "level" in data:
            raise ma.ValidationError("only a bot seat has a level", "level")
        if data.get("kind") == "bot" and "level" in data and "player" in data:
            raise ma.ValidationError("a bot account's seat has no level", "level")


def _request_field(option: Field[Any]) -> fields.Field:
    """An option as a creation request writes it (``service.rules.game_options``)."""
    meta = option.metadata
    doc = {"description": meta["doc"]}
    if meta["kind"] == "flag":
        return JsonBoolean(metadata=doc)
    if meta["kind"] == "level":
        return fields.String(validate=LEVEL, metadata=doc)
    if meta["kind"] == "variant":
        return fields.String(metadata={**doc, "enum": list(meta["choices"])})
    cards = validate.Length(min=meta["min"], max=meta["max"])
    return fields.List(fields.Dict(), validate=cards, metadata=doc)


def _public_field(option: Field[Any]) -> fields.Field:
    """An option as a game's public view shows it (``GameOptions.public``)."""
    meta = option.metadata
    doc = {"description": meta["shown"]} if meta["shown"] else {}
    if meta["kind"] == "flag":
        return fields.Boolean(metadata=doc)
    if meta["kind"] == "variant":
        choices = {"type": "string", "enum": list(meta["choices"])}
        return fields.Raw(metadata={**doc, "anyOf": [NULL, choices]})
    return fields.String(allow_none=True, metadata=doc)


#: The options of a new game, each as ``GameOptions`` declares it.
GameOptionsSchema = ma.Schema.from_dict(
    {name: _request_field(option) for name, option in OPTIONS.items()}, name="GameOptionsSchema"
)

#: The options of a game as everybody may read them (a custom deck's order is hidden).
PublicGameOptionsSchema = type(
    "PublicGameOptionsSchema",
    (Document,),
    {
        "Meta": optional("deck_cards"),
        "deck": fields.String(metadata={"enum": ["default", "custom"]}),
        "deck_cards": fields.List(
            fields.Dict(),
            metadata={"description": "a custom deck's cards, sorted (the draw order is hidden)"},
        ),
        **{
            name: _public_field(option)
            for name, option in OPTIONS.items()
            if option.metadata["shown"] is not None
        },
    },
)


class TimeControlSchema(ma.Schema):
    """One of {type: none}, {type: per_decision, seconds}, {type: bank, initial, increment}
    or {type: correspondence, days}; the service checks which fields go with which type
    (422 invalid_time_control)."""

    type = fields.String(required=True, metadata={"enum": list(clocks.TYPES)})
    seconds = fields.Integer(
        strict=True, metadata={"description": "per_decision: seconds per human decision"}
    )
    initial = fields.Integer(
        strict=True, metadata={"description": "bank: each human seat's bank at the start, s"}
    )
    increment = fields.Integer(
        strict=True, metadata={"description": "bank: seconds added after each decision (0)"}
    )
    days = fields.Integer(
        strict=True, metadata={"description": "correspondence: days per decision, 1-14"}
    )


_MIN_PLAYERS = min(SUPPORTED_PLAYERS + tuple(v.players for v in VARIANTS.values()))


class GameCreateSchema(ma.Schema):
    players = fields.Integer(
        required=True,
        strict=True,
        metadata={
            "description": "3-6; 2 with options.variant (GET /rules: players, variants)",
            "minimum": _MIN_PLAYERS,
            "maximum": max(SUPPORTED_PLAYERS),
        },
    )
    seats = fields.List(
        fields.Nested(SeatSpecSchema),
        metadata={
            "description": "one entry per seat; default: all human",
            "minItems": _MIN_PLAYERS,
            "maxItems": max(SUPPORTED_PLAYERS),
        },
    )
    time_limit = fields.Integer(
        strict=True,
        metadata={
            "description": "seconds per human decision; 0 = no limit; default 600. The old "
            "form of time_control {type: per_decision}; give one or the other",
            "minimum": 0,
            "maximum": Settings.max_time_limit,
        },
    )
    time_control = fields.Nested(
        TimeControlSchema,
        metadata={
            "description": "the clock (docs/api.md, Time controls); default per_decision "
            "600 s; a game of bots only has none"
        },
    )
    timeout_policy = fields.String(
        load_default="default_action",
        metadata={
            "description": "on timeout: 'default_action' plays the engine's safe default "
            "(pending.actions[0]); 'bot' hands the seat to a bot for the rest of the game",
            "enum": list(TIMEOUT_POLICIES),
        },
    )
    options = fields.Nested(GameOptionsSchema, load_default=dict)
    label = fields.String(
        metadata={
            "pattern": LABEL.pattern,
            "description": "your grouping of games (a tournament, a league round); "
            "list them with ?label=",
            "example": "cup-2026:round-1",
        },
    )
    private = JsonBoolean(
        load_default=False,
        metadata={
            "description": "not listed to others; every human seat not reserved for a "
            "player gets an invitation code (in the response, shown once)"
        },
    )
    rated = JsonBoolean(
        load_default=True,
        metadata={"description": "false: the result does not change anybody's rating"},
    )


class FairnessSchema(Document):
    """How the dice can be checked after the game (docs/fairness.md)."""

    verifiable = fields.Boolean()
    scheme = fields.String(allow_none=True)
    commitment = fields.String(
        allow_none=True,
        metadata={"description": "SHA-256 of the server seed, published before the first die"},
    )


class GameResultSchema(Document):
    """A finished game's result."""

    Meta = optional("colour_ranking")

    ranking = fields.List(fields.Integer(), metadata={"description": "seats, winner first"})
    scores = fields.List(fields.Integer(), metadata={"description": "by seat"})
    colour_ranking = fields.List(
        fields.Integer(),
        metadata={"description": "the colours, winner first (differs from ranking in a variant)"},
    )


#: A seat of a game, as ``SeatView`` declares it.
SeatSchema = view_document("SeatSchema", SeatView)

#: A game without its board, as ``GameView`` declares it.
GameSummarySchema = view_document(
    "GameSummarySchema",
    GameView,
    exclude=("pending", "public"),
    seats=fields.List(fields.Nested(SeatSchema)),
    options=fields.Nested(PublicGameOptionsSchema),
    time_control=fields.Nested(
        TimeControlSchema,
        metadata={"description": "as chosen at creation (docs/api.md, Time controls)"},
    ),
    fairness=fields.Nested(FairnessSchema),
    result=fields.Nested(GameResultSchema, allow_none=True),
    open_seats=fields.List(fields.Integer()),
)


class GameSchema(GameSummarySchema):
    pending = component_field(
        "Decision",
        allow_none=True,
        metadata={"description": "the pending decision {seat, kind, actions, context, seq}"},
    )
    state = component_field(
        "PublicState",
        attribute="public",
        allow_none=True,
        metadata={"description": "the engine's public view (no RNG, no undrawn cards)"},
    )


class InvitationSchema(Document):
    seat = fields.Integer()
    code = fields.String(metadata={"description": "send as `invite` when joining this seat"})


class CreatedGameSchema(Document):
    Meta = optional("invitations")

    game = fields.Nested(GameSchema)
    creator_token = fields.String(
        metadata={"description": "shown once: authorises aborting the game before it starts"}
    )
    invitations = fields.List(
        fields.Nested(InvitationSchema),
        metadata={"description": "a private game's invitation codes, shown once"},
    )


class BulkCreateSchema(ma.Schema):
    games = fields.List(
        fields.Nested(GameCreateSchema),
        required=True,
        validate=validate.Length(min=1, max=100),
        metadata={
            "description": "1-100 games, each as for POST /games; a human seat with "
            "`player` is taken for that player now, any other human seat gets an "
            "invitation code"
        },
    )


class BulkSeatSchema(Document):
    seat = fields.Integer()
    kind = fields.String(metadata={"enum": list(SEAT_KINDS)})
    player_id = fields.String(allow_none=True)
    token = fields.String(
        allow_none=True,
        metadata={"description": "the seat token of a seat taken for a player (shown once)"},
    )
    invitation = fields.String(
        allow_none=True,
        metadata={"description": "the invitation code of a human seat left open (shown once)"},
    )


class BulkGameSchema(Document):
    id = fields.String()
    status = fields.String(
        metadata={"description": "active when every seat is taken", "enum": list(GAME_STATUSES)}
    )
    label = fields.String(allow_none=True)
    creator_token = fields.String(metadata={"description": "shown once"})
    seats = fields.List(fields.Nested(BulkSeatSchema))


class BulkCreatedSchema(Document):
    games = fields.List(fields.Nested(BulkGameSchema))


class GameListQuerySchema(ma.Schema):
    status = fields.String(validate=validate.OneOf(list(GAME_STATUSES)))
    open_seats = QueryBoolean(
        metadata={"description": "true: only open games with a free human seat; false: others"}
    )
    label = fields.String(
        metadata={"description": "only games created with this label", "pattern": LABEL.pattern},
    )
    updated_after = fields.AwareDateTime(
        default_timezone=UTC,
        metadata={
            "description": "only games changed after this instant (ISO 8601; UTC when no "
            "offset is given). Poll with some overlap (the newest updated_at seen minus a "
            "minute: server clocks and paging) and keep the highest version per game"
        },
    )
    cursor = fields.String(
        validate=validate.Length(1, 200),
        metadata={
            "description": "continue a list: the X-Next-Cursor header of the previous page "
            "(keyset paging: stable and equally fast at any depth)"
        },
    )
    page_size = fields.Integer(load_default=20, validate=validate.Range(1, 100))
    count = QueryBoolean(
        load_default=False,
        metadata={"description": "true: also count the matching games (X-Total-Count)"},
    )
    page = fields.Integer(
        validate=validate.Range(min=1, max=MAX_INT32),
        metadata={
            "description": "deprecated: page number (OFFSET paging, slower the deeper the "
            "page; counts every match for X-Pagination). Use cursor",
            "deprecated": True,
        },
    )
