"""What a token's scopes allow, checked before every operation's view runs: the one gate.

``OPERATION_SCOPES`` (``api.contract.operations``) declares what each operation needs;
here the app's routes are matched to their operations once, at start-up (Flask's rule
``/api/v1/games/<game_id>`` is the spec's ``/api/v1/games/{game_id}``), and the app does
not start while an operation has no declaration (nothing is open by omission).

Before each request to an operation with a player token:

- a token whose scopes lack what the operation needs is refused with 403 ``missing_scope``
  naming the scopes, before the view runs;
- otherwise the gate decides whether the request speaks for the token's player
  (``service.rules.scopes.reads_as_player``). Views learn the player only from
  ``api.auth.request_player``, which reads that decision: on a ``Public`` operation a
  token without a scope that reads there is answered as a request without a token, so a
  private tournament is 404 to it as to anybody.

A player's own sign-in tokens have every scope. A request without a player token to an
operation that takes nothing else (its ``security`` names only ``playerToken`` and
``oauth2``) is 401 ``missing_token`` here, before its body is read: a client learns that
it must sign in before it hears what is wrong with the body it sent. Other requests
without a player token (seat and creator tokens, none at all) are the views' business.
"""

from __future__ import annotations

from flask import Flask, g, request

from api.auth import player_required, request_grant
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
    """(endpoint, method) -> operationId for every route of the spec; ``HEAD`` runs the
    ``GET`` view, so it is that operation and passes the same gate."""
    found = {}
    for rule in app.url_map.iter_rules():
        path = openapi_path(rule.rule)
        for method in rule.methods or ():
            as_spec = "get" if method == "HEAD" else method.lower()
            name = OPERATION_IDS.get((as_spec, path))
            if name is not None:
                found[(rule.endpoint, method)] = name
    return found


def _player_token_operations(app: Flask) -> frozenset[str]:
    """The operations that take a player token and nothing else: each alternative of their
    ``security`` in the app's spec is ``playerToken`` or ``oauth2``."""
    paths = app.extensions["ursuppe_api"].spec.to_dict()["paths"]
    return frozenset(
        operation["operationId"]
        for item in paths.values()
        for operation in item.values()
        if isinstance(operation, dict)
        and operation.get("security")
        and all(alt and set(alt) <= {"playerToken", "oauth2"} for alt in operation["security"])
    )


class UndeclaredScope(RuntimeError):
    """An operation of the app whose scope ``OPERATION_SCOPES`` does not declare."""


def _bearer_is_player_token() -> bool:
    scheme, _, token = (request.headers.get("Authorization") or "").partition(" ")
    return scheme.lower() == "bearer" and is_player_token(token.strip())


def _refusal(needed: scopes.Needed) -> ApiProblem:
    """403 ``missing_scope`` naming what ``needed`` asks (alternatives joined by "or")."""
    options = scopes.alternatives(needed)
    names = " ".join(s for option in options for s in option)
    if needed == scopes.ACCOUNT:
        detail = (
            "only the player's own sign-in token may do this: never a site's token or a "
            "personal access token"
        )
    elif isinstance(needed, scopes.Every):
        detail = f"this token needs the scopes {' and '.join(needed.scopes)}"
    else:
        detail = f"this token lacks the scope {names.replace(' ', ' or ')}"
    return ApiProblem(
        403,
        "missing_scope",
        detail,
        headers={
            "WWW-Authenticate": f'Bearer realm="ursuppe", error="insufficient_scope", '
            f'scope="{names}"'
        },
        scope=names,
    )


def install(app: Flask) -> None:
    """Check the scopes of every request to an operation (after its blueprints are
    registered); ``UndeclaredScope`` when an operation of the app has no declaration."""
    operations = operations_of(app)
    undeclared = sorted(set(operations.values()) - set(OPERATION_SCOPES))
    if undeclared:
        raise UndeclaredScope(
            "declare what a token needs for each of these operations in OPERATION_SCOPES "
            "(api/contract/operations.py), Public(...) for an open one: " + ", ".join(undeclared)
        )

    player_only = _player_token_operations(app)

    @app.before_request
    def check_scope() -> None:
        operation = operations.get((request.endpoint or "", request.method))
        if operation is None:
            return
        if not _bearer_is_player_token():
            if operation in player_only:
                player_required()  # 401 missing_token, as the view would say after the body
            return
        needed = OPERATION_SCOPES[operation]
        grant = request_grant()  # 401 for a token unknown, revoked or expired
        if grant is None:
            return
        if not scopes.allows(grant.scopes, needed):
            raise _refusal(needed)
        g.speaks_for_player = scopes.reads_as_player(grant.scopes, needed)
