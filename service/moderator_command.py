"""``ursuppe moderator grant|revoke|list``: the operator names the moderators
(docs/deploy.md, "Moderators"). It works on the database the settings name
(``DATABASE_URL``), as the server does; nothing else grants the role."""

from __future__ import annotations

import argparse
import sys

from service.plumbing.errors import ServiceError


def add_moderator_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser(
        "moderator",
        help="grant, revoke or list the moderators (docs/deploy.md)",
        description="Grant or revoke the moderator role, or list the moderators, in the "
        "database DATABASE_URL names.",
    )
    verbs = parser.add_subparsers(dest="verb", required=True)
    for verb, what in (
        ("grant", "make a player a moderator"),
        ("revoke", "end a moderator's role"),
    ):
        one = verbs.add_parser(verb, help=what)
        one.add_argument("player", help="the player's id, or a name exactly one player has")
    verbs.add_parser("list", help="list the moderators")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Do what ``args`` asks; 0, or 1 with one line on stderr for a player not found."""
    from service.game_service import build_service  # the engine tools need none of it

    moderation = build_service().moderation
    if args.verb == "list":
        for player_id, name, granted_at in moderation.moderators():
            print(f"{player_id}\t{name}\t{granted_at.isoformat()}")
        return 0
    try:
        player_id = moderation.find_player(args.player)
    except ServiceError as err:
        print(f"ursuppe moderator: {err.message}", file=sys.stderr)
        return 1
    if args.verb == "grant":
        new = moderation.grant(player_id)
        print(f"{player_id} is {'now' if new else 'already'} a moderator")
    else:
        gone = moderation.revoke(player_id)
        print(f"{player_id} {'is no longer' if gone else 'was not'} a moderator")
    return 0
