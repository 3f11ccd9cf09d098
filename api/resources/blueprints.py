"""Every resource's blueprint, in the order ``create_app`` registers them, which is also the
order of the tags in the OpenAPI document. A module of its own, not the package's
``__init__``: a module that needs one resource's schemas (the streams' snapshots) imports
that resource alone, not every route of the API."""

from __future__ import annotations

from api.parsing import Blueprint
from api.resources.actions.routes import blp as actions
from api.resources.challenges.routes import blp as challenges
from api.resources.chat.routes import blp as chat
from api.resources.games.routes import blp as games
from api.resources.hints.routes import blp as hints
from api.resources.labels.routes import blp as labels
from api.resources.log.routes import blp as log
from api.resources.meta.routes import health_blp, rules_blp
from api.resources.moderation.routes import blp as moderation
from api.resources.notices.routes import blp as notices
from api.resources.oauth.routes import blp as oauth
from api.resources.players.routes import blp as players
from api.resources.ratings.routes import blp as ratings
from api.resources.reviews.routes import blp as reviews
from api.resources.seats.routes import blp as seats
from api.resources.seeks.routes import blp as seeks
from api.resources.stream.many import blp as many_games
from api.resources.stream.routes import blp as stream
from api.resources.tournaments.routes import blp as tournaments
from api.resources.webhooks.routes import blp as webhooks

BLUEPRINTS: tuple[Blueprint, ...] = (
    games,
    seats,
    actions,
    hints,
    log,
    reviews,
    chat,
    stream,
    many_games,
    players,
    seeks,
    tournaments,
    challenges,
    ratings,
    labels,
    webhooks,
    oauth,
    notices,
    moderation,
    rules_blp,
    health_blp,
)
