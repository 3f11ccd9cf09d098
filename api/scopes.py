"""What a token's scopes allow, checked before every operation's view runs.

``OPERATION_SCOPES`` (``api.contract.operations``) names the scope each operation needs;
here the app's routes are matched to their operations once, at start-up (Flask's rule
``/api/v1/games/<game_id>`` is the spec's ``/api/v1/games/{game_id}``), and a request
with a player token whose scopes lack it is refused with 403 ``missing_scope`` naming the
scope, before the view runs. A player's own sign-in tokens have every scope; requests
without a player token (seat and creator tokens, none at all) are the views' business.
"""

from __future__ import annotations

from flask import Flask, request

from api.auth import request_grant
from api.contract.operations import OPERATION_IDS, OPERATION_SCOPES
from api.problems import ApiProblem
from service.rules import scopes
from service.rules.player_views import is_player_token


def openapi_path(rule: str) -> str:
    """Flask's ``/a/<int:seat>/<x>`` as the spec writes it: ``/a/{seat}/{x}``."""
    out, rest = [], rule
    while "<" in rest:
        before, _, tail = rest.partition("<")
        inside, _, rest = tail.partition(">")
        out += [before, "{", inside.rpartition(":")[2], "}"]
    return "".join(out) + rest


def operations_of(app: Flask) -> dict[tuple[str, str], str]:
    """(endpoint, method) -> operationId for every route of the spec."""
    found = {}
    for rule in app.url_map.iter_rules():
        path = openapi_path(rule.rule)
        for method in rule.methods or ():
            name = OPERATION_IDS.get((method.lower(), path))
            if name is not None:
                found[(rule.endpoint, method)] = name
    return found


def _bearer_is_player_token() -> bool:
    scheme, _, token = (request.headers.get("Authorization") or "").partition(" ")
    return scheme.lower() == "bearer" and is_player_token(token.strip())


def needed_scope(operation: str) -> str | tuple[str, ...] | None:
    return OPERATION_SCOPES.get(operation, scopes.ACCOUNT)  # an operation not named: none


def install(app: Flask) -> None:
    """Check the scopes of every request to an operation (after its blueprints are
    registered)."""
    operations = operations_of(app)

    @app.before_request
    def check_scope() -> None:
        operation = operations.get((request.endpoint or "", request.method))
        if operation is None or not _bearer_is_player_token():
            return
        needed = needed_scope(operation)
        grant = request_grant()  # 401 for a token unknown, revoked or expired
        if grant is None or scopes.allows(grant.scopes, needed):
            return
        names = " ".join((needed,) if isinstance(needed, str) else needed or ())
        if needed == scopes.ACCOUNT:
            detail = (
                "only the player's own sign-in token may do this: never a site's token or a "
                "personal access token"
            )
        else:
            detail = f"this token lacks the scope {names.replace(' ', ' or ')}"
        raise ApiProblem(
            403,
            "missing_scope",
            detail,
            headers={
                "WWW-Authenticate": f'Bearer realm="ursuppe", error="insufficient_scope", '
                f'scope="{names}"'
            },
            scope=names,
        )
