"""Schemas of tournaments (service/parts/tournaments.py; docs/tournaments.md)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document
from api.credential_fields import Credential
from api.display_text import DisplayText
from api.parsing import JsonBoolean
from api.resources.games.schemas import TimeControlSchema
from engine.counts import SUPPORTED_PLAYERS, VARIANTS
from service.parts.tournaments import DEFAULT_MISSED_LIMIT, ENTRY, FORMATS, MAX_ROUNDS, STATUSES
from service.plumbing.text_check import TITLE_MAX


class TournamentCreateSchema(ma.Schema):
    name = DisplayText(required=True, max_length=TITLE_MAX, what="a tournament's name")
    format = fields.String(
        required=True,
        metadata={"description": "swiss, round_robin or arena (docs/tournaments.md)",
                  "enum": list(FORMATS)},
    )  # fmt: skip
    starts_at = fields.AwareDateTime(
        required=True, metadata={"description": "when round 1 is paired (with a time zone)"}
    )
    players = fields.Integer(
        strict=True,
        metadata={"description": "the table's size, 3-6 (default 4); with a variant its count "
                  "or nothing", "minimum": 2, "maximum": max(SUPPORTED_PLAYERS)},
    )  # fmt: skip
    variant = fields.String(
        metadata={"description": "a 2-player variant (GET /rules: variants) instead of players",
                  "enum": sorted(VARIANTS)},
    )  # fmt: skip
    smaller_tables = JsonBoolean(
        load_default=True,
        metadata={"description": "when the entrants do not divide into full tables, tables "
                  "down to 3 seats instead of byes (not for variants)"},
    )  # fmt: skip
    time_control = fields.Nested(TimeControlSchema)
    rated = JsonBoolean(load_default=True)
    bot_accounts = JsonBoolean(
        load_default=False, metadata={"description": "whether bot accounts may enter"}
    )
    service_bots = fields.String(
        allow_none=True,
        load_default=None,
        validate=validate.Length(1, 32),
        metadata={"description": "a bot level (random or greedy): the service's bots fill "
                  "every table to the game's size (no byes, no smaller tables); null: none"},
    )  # fmt: skip
    entry = fields.String(
        load_default="open",
        metadata={"description": "open, or invitation (the organiser invites)",
                  "enum": list(ENTRY)},
    )  # fmt: skip
    min_rating = fields.Float(
        allow_none=True,
        load_default=None,
        metadata={"description": "the least rating in the game's pool to enter"},
    )
    private = JsonBoolean(
        load_default=False,
        metadata={"description": "listed and shown only to its organiser and entrants"},
    )
    rounds = fields.Integer(
        strict=True,
        allow_none=True,
        load_default=None,
        metadata={"description": f"Swiss: 1-{MAX_ROUNDS} (required); round robin: rounds, "
                  "or null until every pair has met; not for an arena"},
    )  # fmt: skip
    duration = fields.Integer(
        strict=True,
        allow_none=True,
        load_default=None,
        metadata={"description": "arena: seconds it pairs players (60 s to 7 days)"},
    )
    missed_limit = fields.Integer(
        strict=True,
        load_default=DEFAULT_MISSED_LIMIT,
        metadata={"description": "rounds missed in a row after which an entrant is withdrawn"},
    )
    invite = fields.List(
        fields.String(validate=validate.Length(1, 32)),
        load_default=list,
        validate=validate.Length(0, 500),
        metadata={"description": "player ids invited at once"},
    )


class TournamentSchema(Document):
    id = fields.String()
    name = fields.String()
    organiser_id = fields.String()
    organiser = fields.String(metadata={"description": "the organiser's display name"})
    format = fields.String(validate=validate.OneOf(FORMATS))
    players = fields.Integer(metadata={"description": "the table's size"})
    variant = fields.String(allow_none=True)
    smaller_tables = fields.Boolean()
    time_control = fields.Nested(TimeControlSchema)
    rated = fields.Boolean()
    bot_accounts = fields.Boolean()
    service_bots = fields.String(allow_none=True)
    # Not an enum in the spec: a generated client would name it TournamentEntry, the name of
    # the entry document.
    entry = fields.String(metadata={"description": "open, or invitation"})
    min_rating = fields.Float(allow_none=True)
    private = fields.Boolean()
    rounds = fields.Integer(allow_none=True)
    duration = fields.Integer(allow_none=True)
    missed_limit = fields.Integer()
    status = fields.String(
        validate=validate.OneOf(STATUSES),
        metadata={"description": "upcoming, running, then finished (or cancelled)"},
    )
    round = fields.Integer(metadata={"description": "the round being played (0 before)"})
    entrants = fields.Integer(metadata={"description": "entries that are entered now"})
    created_at = fields.DateTime()
    starts_at = fields.DateTime()
    started_at = fields.DateTime(allow_none=True)
    ends_at = fields.DateTime(allow_none=True, metadata={"description": "arena: pairing stops"})
    finished_at = fields.DateTime(allow_none=True)
    invitation = Credential(
        metadata={"description": "the organiser's only (null to anyone else, and to a token "
                  "without `game:play`): the code of the invitation link "
                  "(/tournaments/{id}?invitation=code), which shows a private tournament to "
                  "whoever holds it and lets them enter, by invitation too"},
    )  # fmt: skip


class TournamentListSchema(Document):
    items = fields.List(fields.Nested(TournamentSchema))


class TournamentListQuerySchema(ma.Schema):
    status = fields.List(
        fields.String(validate=validate.OneOf(STATUSES)),
        load_default=list,
        metadata={"description": "only these (repeat the parameter); default: all"},
    )
    enterable = fields.Boolean(
        load_default=False,
        metadata={"description": "only those the caller could enter now (the lobby's list)"},
    )


def _invitation(what_it_does: str) -> fields.String:
    """The code of the organiser's invitation link, as each operation that takes it
    declares it; ``what_it_does`` there."""
    return fields.String(
        validate=validate.Length(1, 64),
        metadata={"description": f"the code of the organiser's invitation link: {what_it_does}"},
    )


class TournamentInvitationQuerySchema(ma.Schema):
    invitation = _invitation("shows a private tournament to its holder")


class TournamentEnterSchema(ma.Schema):
    invitation = _invitation("admits its holder to a private tournament and to one by invitation")


class TournamentRemovalQuerySchema(ma.Schema):
    disqualify = fields.Boolean(
        load_default=False,
        metadata={"description": "disqualify: withdrawn, marked so, and never entered again"},
    )


class TournamentEntrySchema(Document):
    player_id = fields.String()
    name = fields.String()
    status = fields.String(
        validate=validate.OneOf(["invited", "entered", "withdrawn"]),
        metadata={"description": "invited, entered or withdrawn (by themselves, the organiser or "
                  "missed rounds; a disqualified entrant too)"},
    )  # fmt: skip
    disqualified = fields.Boolean(
        metadata={"description": "withdrawn by the organiser's disqualification: never entered "
                  "again"},
    )  # fmt: skip
    rating = fields.Float(allow_none=True, metadata={"description": "fixed at the start"})
    missed = fields.Integer(metadata={"description": "rounds missed in a row"})
    entered_at = fields.DateTime(allow_none=True)
    withdrawn_at = fields.DateTime(allow_none=True)


class TournamentEntryListSchema(Document):
    items = fields.List(fields.Nested(TournamentEntrySchema))


class TournamentInvitationSchema(ma.Schema):
    player_ids = fields.List(
        fields.String(validate=validate.Length(1, 32)),
        required=True,
        validate=validate.Length(1, 500),
    )


class TournamentSeatSchema(Document):
    seat = fields.Integer()
    player_id = fields.String(allow_none=True, metadata={"description": "null: a service bot"})
    name = fields.String(allow_none=True)
    place = fields.Integer(allow_none=True, metadata={"description": "once the game is over"})


class TournamentTableSchema(Document):
    table = fields.Integer()
    game_id = fields.String()
    status = fields.String(validate=validate.OneOf(["playing", "finished"]))
    seats = fields.List(fields.Nested(TournamentSeatSchema))


class TournamentPlannedTableSchema(Document):
    table = fields.Integer()
    seats = fields.List(
        fields.Nested(TournamentSeatSchema),
        metadata={"description": "seated as the table will be played (no place yet)"},
    )


class TournamentByeSchema(Document):
    player_id = fields.String()
    name = fields.String()


class TournamentRoundSchema(Document):
    number = fields.Integer()
    status = fields.String(
        validate=validate.OneOf(["scheduled", "playing", "finished"]),
        metadata={"description": "scheduled (a round robin's later rounds), playing, finished"},
    )
    started_at = fields.DateTime()
    finished_at = fields.DateTime(allow_none=True)
    byes = fields.List(fields.Nested(TournamentByeSchema))
    tables = fields.List(
        fields.Nested(TournamentTableSchema),
        metadata={"description": "the tables whose games are made"},
    )
    planned = fields.List(
        fields.Nested(TournamentPlannedTableSchema),
        metadata={"description": "the round's tables whose games are not made yet (a round "
                  "robin's later rounds from its start), as they will be seated"},
    )  # fmt: skip


class TournamentRoundListSchema(Document):
    items = fields.List(fields.Nested(TournamentRoundSchema))


class TournamentGameListSchema(Document):
    items = fields.List(fields.Nested(TournamentTableSchema))


class TournamentStandingSchema(Document):
    rank = fields.Integer(metadata={"description": "equal score and tie-breaks share a rank"})
    player_id = fields.String()
    name = fields.String()
    score = fields.Float(metadata={"description": "points by finishing place, byes included"})
    games = fields.Integer()
    byes = fields.Integer()
    opponents_score = fields.Float(
        metadata={"description": "tie-break 1 (the entrants met; a service bot is no opponent)"}
    )
    performance = fields.Float(
        allow_none=True,
        metadata={"description": "tie-break 2; null: no game against another entrant yet"},
    )
    rating = fields.Float(metadata={"description": "tie-break 3: the rating at the start"})
    withdrawn = fields.Boolean()
    disqualified = fields.Boolean(
        metadata={"description": "withdrawn by the organiser's disqualification"}
    )


class TournamentStandingsSchema(Document):
    tournament_id = fields.String()
    status = fields.String(validate=validate.OneOf(STATUSES))
    round = fields.Integer()
    items = fields.List(fields.Nested(TournamentStandingSchema))
