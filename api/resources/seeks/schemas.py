"""Schemas of quick-play seeks (service/parts/seeks.py; docs/api.md, "Quick play")."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document, view_document
from api.parsing import JsonBoolean
from api.resources.games.schemas import TimeControlSchema
from engine.counts import SUPPORTED_PLAYERS, VARIANTS
from service.rules.seek_terms import (
    DEFAULT_BOT_LEVEL,
    DEFAULT_WAIT,
    MAX_WAIT,
    MIN_WAIT,
    SeekView,
)


class SeekCreateSchema(ma.Schema):
    # The player count and the variant are rules of the game: the service checks them
    # (422 invalid_players, invalid_option), as for POST /games; the spec states them.
    players = fields.Integer(
        strict=True,
        metadata={
            "description": "3-6 (default 4); with a variant its count or nothing",
            "minimum": 2,
            "maximum": max(SUPPORTED_PLAYERS),
        },
    )
    variant = fields.String(
        metadata={
            "description": "a 2-player variant (GET /rules: variants) instead of players",
            "enum": sorted(VARIANTS),
        },
    )
    time_control = fields.Nested(
        TimeControlSchema,
        metadata={"description": "the game's clock (docs/api.md, Time controls); default "
                  "per_decision 600 s"},
    )  # fmt: skip
    rated = JsonBoolean(load_default=True)
    wait = fields.Integer(
        strict=True,
        load_default=DEFAULT_WAIT,
        metadata={"description": f"seconds to wait for people, {MIN_WAIT}-{MAX_WAIT} "
                  "(422 invalid_seek); then bots fill the game"},
    )  # fmt: skip
    bot_level = fields.String(
        load_default=DEFAULT_BOT_LEVEL,
        validate=validate.Length(1, 32),
        metadata={"description": "the bots that fill the seats nobody took: random or greedy"},
    )
    bot_accounts = JsonBoolean(
        load_default=False,
        metadata={
            "description": "welcome bot accounts: match only seeks that welcome them too; a "
            "bot account's seek must say true (its opt-in; docs/bots.md)"
        },
    )


#: A seek, as ``SeekView`` declares it.
SeekSchema = view_document("SeekSchema", SeekView, time_control=fields.Nested(TimeControlSchema))


class SeekReadSchema(SeekSchema):
    token = fields.String(
        allow_none=True,
        metadata={"description": "matched: a new seat token for the seat (each read makes "
                  "a new one; the one before stops working); else null"},
    )  # fmt: skip


class SeekListSchema(Document):
    items = fields.List(fields.Nested(SeekSchema), metadata={"description": "oldest first"})
