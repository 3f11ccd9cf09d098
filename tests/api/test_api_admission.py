"""The one admission gate for games (``service.parts.admission``; docs/api.md, "Rate
limits"): every operation of the spec, every service entry point and every worker task
that makes a game or seats a bot passes it, found by reading the code
(``tests/support/call_graph.py``) and proved by a scenario each; and the two ways around
the search budget found from outside (a challenge with ``bot_level: mcts`` accepted with
the budget spent, three rematches of a game with a search stand-in) are refused, leaving
what is stored as it was. SQLite and PostgreSQL."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from api_helpers import API, bearer
from bot_play import new_player, play_to_the_end
from flask import Flask
from flask.testing import FlaskClient
from support.call_graph import ROOT, CallGraph, Node, function_calls

from api import deps
from service.game_service import GameService
from service.models import ChallengeInviteRow, ChallengeRow, GameRow
from service.parts.admission import Admission, Payer, standin_level
from service.plumbing.budgets import Counter, Key
from service.plumbing.errors import ServiceError, TooMany
from service.rules.new_game import new_game_row
from service.rules.seat_tokens import new_token
from workers import tasks

#: What the gate is: passing one of these is passing it.
GATE: set[Node] = {("Admission", "admit"), ("Admission", "check"), ("", "standin_level")}

#: Every operation that makes a game or seats a bot, and how it passes the gate; each has
#: a scenario below (``SCENARIOS``) that shows it counted.
GATED_OPERATIONS = {
    "createGame": "the game, charged to the player (or the address's fair share)",
    "createGamesInBulk": "every game of the request, charged one by one",
    "createChallenge": "its game's terms, looked at for the challenger (charged on acceptance)",
    "acceptChallenge": "the last acceptance makes the game, charged to the challenger",
    "offerRematch": "its terms looked at; against bots only, the game made and charged",
    "resignSeat": "the stand-in's level, the one the game paid for",
    "deleteMe": "resigning the seats under way: the stand-in's level, as resignSeat",
    "createModerationAction": "closing an account resigns its seats, as deleteMe",
    "createSeek": "a full pool's game, made for its first seeker (never a search game)",
}

#: Every service method that makes a game or seats a bot, and who pays.
GATED_ENTRY_POINTS = {
    ("Creation", "create_game"): "the given player and the request's address",
    ("Creation", "create_games"): "the given player and the request's address",
    ("Challenges", "create"): "the challenger (looked at only)",
    ("Challenges", "rematch"): "the player offering it",
    ("Challenges", "accept"): "the challenger, and the accepting request's address",
    ("Seeks", "post"): "the first seeker (quick play never searches)",
    ("Seeks", "match"): "the first seeker",
    ("Seeks", "fill"): "the first seeker (a worker: never a search game)",
    ("Seeks", "sweep"): "the first seeker (a worker: never a search game)",
    ("Tournaments", "step"): "the organiser (a worker: the service's bots never search)",
    ("Tournaments", "sweep"): "the organiser (a worker: the service's bots never search)",
    ("TournamentLifecycle", "step"): "the organiser, as Tournaments.step (its worker part)",
    ("TournamentLifecycle", "sweep"): "the organiser, as Tournaments.sweep (its worker part)",
    ("TournamentTables", "make_tables"): "the organiser: a round's tables, in a step",
    ("TournamentTables", "seat_arena"): "the organiser: an arena's tables, in a step",
    ("TournamentTables", "make_game"): "the organiser: one table's game, in a step",
    ("Seating", "resign"): "nobody: the stand-in the game paid for, else a cheap one",
    ("Seating", "resign_as"): "nobody: the stand-in the game paid for, else a cheap one",
    ("AccountDeletion", "delete"): "nobody: each seat's resignation, as Seating.resign",
    ("Moderation", "act"): "nobody: a closed account's seats resign, as AccountDeletion.delete",
    ("Turns", "expire_deadline"): "nobody: the stand-in the game paid for, else a cheap one",
}

#: Every worker task that makes a game or seats a bot (none may make a search game: it
#: could not answer 429).
GATED_TASKS = {
    "workers.tasks.expire_deadline",
    "workers.tasks.fill_seek",
    "workers.tasks.sweep_seeks",
    "workers.tasks.step_tournament",
    "workers.tasks.sweep_tournaments",
}

MCTS = {"kind": "bot", "level": "mcts-fast"}
RANDOM = {"kind": "bot", "level": "random"}


# ----------------------------------------------------------------------------- reading


@pytest.fixture(scope="module")
def graph() -> CallGraph:
    return CallGraph()


def spec_operations() -> Iterator[tuple[str, str, str]]:
    """(operationId, method, path) of every operation of the committed spec."""
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if isinstance(op, dict) and "operationId" in op:
                yield op["operationId"], method, path


def view_of(app: Flask, method: str, path: str) -> Callable[..., Any]:
    """The function that answers ``method path`` in ``app``."""
    for rule in app.url_map.iter_rules():
        if re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule) == path:
            view = app.view_functions[rule.endpoint]
            cls = getattr(view, "view_class", None)
            return getattr(cls, method) if cls is not None else view
    raise AssertionError(f"no route answers {method} {path}")


def gated_operations(app: Flask, graph: CallGraph) -> set[str]:
    """The operations of the spec whose route reaches the gate."""
    return {
        op_id
        for op_id, method, path in spec_operations()
        if graph.reaches(function_calls(graph, view_of(app, method, path)), GATE)
    }


def test_every_operation_that_makes_games_or_seats_bots_passes_the_gate(
    app: Flask, graph: CallGraph
) -> None:
    """The spec's operations whose routes reach the gate are exactly those known to pass
    it, each with its scenario: a route added later that makes games is found here and
    fails until it is declared and shown counted."""
    assert gated_operations(app, graph) == set(GATED_OPERATIONS)
    assert set(SCENARIOS) == set(GATED_OPERATIONS)


def test_a_new_route_that_makes_games_is_found(graph: CallGraph) -> None:
    """The reading would catch a route added later: one calling the create path reaches
    the gate, so ``gated_operations`` would list it and the test above would fail."""

    def made_later() -> Any:
        return deps.service().creation.create_game(players=3, seats=[RANDOM] * 3)

    def reads_only() -> Any:
        return deps.service().games.list_games()

    assert graph.reaches(function_calls(graph, made_later), GATE)
    assert not graph.reaches(function_calls(graph, reads_only), GATE)


def test_every_service_entry_point_and_worker_task_that_makes_games_passes_the_gate(
    graph: CallGraph,
) -> None:
    """The service's public methods and the workers' tasks that reach the gate are exactly
    those known to; games are built only by ``new_game_row`` and stored only by
    ``Creation._store``, which admits them; only ``play.hand_to_bot`` turns a seat into a
    bot, and each of its callers takes the level from the gate."""
    entry_points = {
        node
        for node in graph.edges
        if node[0] and node[0] != "Admission" and not node[1].startswith("_")
        if graph.reaches([node], GATE)
    }
    assert entry_points == set(GATED_ENTRY_POINTS)
    reached = {
        name
        for name, task in tasks.app.tasks.items()
        if name.startswith("workers.tasks.")
        and graph.reaches(function_calls(graph, task.run), GATE)
    }
    assert reached == GATED_TASKS

    assert ("Admission", "admit") in graph.edges[("Creation", "_store")]
    assert graph.callers(("Creation", "_store")) == {
        ("Creation", "create_game"),
        ("Creation", "create_games"),
    }
    # Rows are built in one place; a challenge builds one only to check its terms.
    assert graph.callers(("", "new_game_row")) == {
        ("Creation", "build_one"),
        ("", "build"),  # service.rules.bulk.build, stored by Creation.create_games
        ("Challenges", "_open"),
    }
    assert graph.where[("", "build")][0] == "service/rules/bulk.py"
    constructed = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "service").rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "GameRow"
    ]
    assert constructed == ["service/rules/new_game.py"]
    assert graph.callers(("", "hand_to_bot")) == {
        ("Seating", "resign_as"),
        ("Turns", "expire_deadline"),
    }
    for caller in graph.callers(("", "hand_to_bot")):
        assert ("", "standin_level") in graph.edges[caller], caller


def test_a_game_written_without_the_gate_is_refused(service: Any) -> None:
    """The runtime half: a new game row that did not pass ``admit`` fails at the flush."""
    row, _ = new_game_row(
        service.settings, service.clock(), new_token(), players=3, seats=[RANDOM] * 3,
        time_limit=None, timeout_policy="default_action", time_control=None, options=None,
        seed=None, label=None, rated=False,
    )  # fmt: skip
    with pytest.raises(RuntimeError, match="not admitted"), service.store.writing() as session:
        service.store.add_game(session, row)
    assert service.games.list_games(page_size=10).games == []


# ----------------------------------------------------------------------------- scenarios


class Admitted:
    """The games ``Admission.admit`` let through, with their payers."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.games: dict[str, Payer] = {}
        original = Admission.admit

        def admit(gate: Admission, rows: Any, payer: Payer) -> None:
            original(gate, rows, payer)
            self.games.update({row.id: payer for row in rows})

        monkeypatch.setattr(Admission, "admit", admit)


@pytest.fixture
def admitted(monkeypatch: pytest.MonkeyPatch) -> Admitted:
    return Admitted(monkeypatch)


def budget(client: FlaskClient, service: Any, rate: str) -> None:
    """Set the search budget of ``client``'s app (the gate reads the service's settings)."""
    service.settings = replace(service.settings, search_game_rate_limit=rate)


def search_game(client: FlaskClient, token: str) -> Any:
    return client.post(
        f"{API}/games", json={"players": 3, "seats": [MCTS] * 3, "time_limit": 0},
        headers=bearer(token),
    )  # fmt: skip


def refused(r: Any) -> None:
    assert r.status_code == 429, r.json
    assert r.mimetype == "application/problem+json" and r.json["code"] == "rate_limited"
    assert "search bots" in r.json["detail"] and int(r.headers["Retry-After"]) >= 1


def challenges_of(service: Any) -> list[tuple[str, str, list[str]]]:
    """Every challenge stored: (id, status, its invites' statuses)."""
    with service.store.sessions() as session:
        rows = session.query(ChallengeRow).order_by(ChallengeRow.id).all()
        return [
            (
                c.id,
                c.status,
                [i.status for i in session.query(ChallengeInviteRow).filter_by(challenge_id=c.id)],
            )
            for c in rows
        ]


def game_count(service: Any) -> int:
    with service.store.sessions() as session:
        return session.query(GameRow).count()


def scenario_create_game(client: FlaskClient, service: Any, admitted: Admitted) -> None:
    budget(client, service, "1/3600")
    ann_id, ann = new_player(client, "ann")
    r = search_game(client, ann)
    assert r.status_code == 201 and admitted.games[r.json["game"]["id"]].player == ann_id
    refused(search_game(client, ann))
    anonymous = client.post(f"{API}/games", json={"players": 3, "seats": [RANDOM] * 3})
    assert admitted.games[anonymous.json["game"]["id"]] == Payer(None, "127.0.0.1")


def scenario_bulk(client: FlaskClient, service: Any, admitted: Admitted) -> None:
    budget(client, service, "2/3600")
    ann_id, ann = new_player(client, "ann")
    one = {"players": 3, "seats": [MCTS, RANDOM, RANDOM], "time_limit": 0}
    r = client.post(f"{API}/games/bulk", json={"games": [one, one]}, headers=bearer(ann))
    assert r.status_code == 201
    assert {admitted.games[g["id"]].player for g in r.json["games"]} == {ann_id}
    refused(search_game(client, ann))


def scenario_challenge_with_search_bots_when_spent(
    client: FlaskClient, service: Any, admitted: Admitted
) -> None:
    budget(client, service, "1/3600")
    _, ann = new_player(client, "ann")
    bob_id, _ = new_player(client, "bob")
    assert search_game(client, ann).status_code == 201
    before = challenges_of(service)
    r = client.post(
        f"{API}/challenges", json={"invited": [bob_id], "players": 3, "bot_level": "mcts"},
        headers=bearer(ann),
    )  # fmt: skip
    refused(r)
    assert challenges_of(service) == before


def scenario_accept_with_the_budget_spent(
    client: FlaskClient, service: Any, admitted: Admitted
) -> None:
    """Problem 2, first case: a challenge with ``bot_level: mcts``, accepted once the
    challenger's budget is spent, is refused and stays pending; with room again the same
    acceptance makes the game, charged to the challenger."""
    budget(client, service, "1/3600")
    ann_id, ann = new_player(client, "ann")
    bob_id, bob = new_player(client, "bob")
    r = client.post(
        f"{API}/challenges", json={"invited": [bob_id], "players": 3, "bot_level": "mcts"},
        headers=bearer(ann),
    )  # fmt: skip
    assert r.status_code == 201, r.json
    challenge_id = r.json["id"]
    assert search_game(client, ann).status_code == 201  # the last of ann's budget
    games = game_count(service)
    refused(client.post(f"{API}/challenges/{challenge_id}/accept", headers=bearer(bob)))
    assert challenges_of(service) == [(challenge_id, "open", ["pending"])]
    assert game_count(service) == games
    shown = client.get(f"{API}/challenges/{challenge_id}", headers=bearer(bob)).json
    assert shown["status"] == "open" and shown["invited"][0]["status"] == "pending"

    budget(client, service, "5/3600")  # room again
    r = client.post(f"{API}/challenges/{challenge_id}/accept", headers=bearer(bob))
    assert r.status_code == 200 and r.json["status"] == "accepted", r.json
    assert admitted.games[r.json["game_id"]].player == ann_id
    assert challenges_of(service) == [(challenge_id, "accepted", ["accepted"])]


def scenario_rematches_with_a_search_stand_in(
    client: FlaskClient, service: Any, admitted: Admitted
) -> None:
    """Problem 2, second case: rematches of a finished game with a search stand-in are
    search games; once the budget is spent a rematch is refused and stores nothing."""
    budget(client, service, "2/3600")
    ann_id, ann = new_player(client, "ann")
    terms = {"players": 3, "seats": [{"kind": "human"}, RANDOM, RANDOM], "rated": False,
             "time_limit": 0, "options": {"resign_bot_level": "mcts-fast"}}  # fmt: skip
    game_id = client.post(f"{API}/games", json=terms, headers=bearer(ann)).json["game"]["id"]
    r = client.post(f"{API}/games/{game_id}/seats", json={"name": "ann"}, headers=bearer(ann))
    assert r.status_code == 201, r.json
    play_to_the_end(client, service, game_id, {ann_id: ann})

    first = client.post(f"{API}/games/{game_id}/rematch", headers=bearer(ann))
    assert first.status_code == 201 and first.json["status"] == "accepted", first.json
    assert admitted.games[first.json["game_id"]].player == ann_id
    before, games = challenges_of(service), game_count(service)
    for _ in range(2):
        refused(client.post(f"{API}/games/{game_id}/rematch", headers=bearer(ann)))
    assert challenges_of(service) == before and game_count(service) == games


def scenario_resign_hands_the_seat_to_the_paid_stand_in(
    client: FlaskClient, service: Any, admitted: Admitted
) -> None:
    budget(client, service, "1/3600")
    ann_id, ann = new_player(client, "ann")
    levels = []
    for options in ({"resign_bot_level": "mcts-fast"}, {}):
        terms = {"players": 3, "seats": [{"kind": "human"}, RANDOM, RANDOM], "rated": False,
                 "time_limit": 0, "options": options}  # fmt: skip
        r = client.post(f"{API}/games", json=terms, headers=bearer(ann))
        assert r.status_code == 201, r.json
        game_id = r.json["game"]["id"]
        assert admitted.games[game_id].player == ann_id
        seat = client.post(f"{API}/games/{game_id}/seats", json={"name": "ann"},
                           headers=bearer(ann)).json  # fmt: skip
        r = client.post(f"{API}/games/{game_id}/seats/{seat['seat']}/resign",
                        headers=bearer(seat["token"]))  # fmt: skip
        assert r.status_code == 200, r.json
        levels.append(r.json["seats"][seat["seat"]]["bot_level"])
    assert levels == ["mcts-fast", service.settings.standin_level]
    refused(search_game(client, ann))  # the first game's stand-in was its search game


def scenario_a_deleted_account_resigns_to_the_paid_stand_in(
    client: FlaskClient, service: Any, admitted: Admitted, *, closed_by_moderator: bool = False
) -> None:
    budget(client, service, "1/3600")
    ann_id, ann = new_player(client, "ann")
    terms = {"players": 3, "seats": [{"kind": "human"}, RANDOM, RANDOM], "rated": False,
             "time_limit": 0, "options": {"resign_bot_level": "mcts-fast"}}  # fmt: skip
    r = client.post(f"{API}/games", json=terms, headers=bearer(ann))
    assert r.status_code == 201, r.json
    game_id = r.json["game"]["id"]
    assert admitted.games[game_id].player == ann_id
    seat = client.post(f"{API}/games/{game_id}/seats", json={"name": "ann"},
                       headers=bearer(ann)).json  # fmt: skip
    if closed_by_moderator:
        mod_id, mod = new_player(client, "mo")
        assert service.moderation.grant(mod_id)
        body = {"action": "close_account", "reason": "spam", "player_id": ann_id}
        r = client.post(f"{API}/moderation/actions", json=body, headers=bearer(mod))
        assert r.status_code == 201, r.json
    else:
        assert client.delete(f"{API}/players/me", headers=bearer(ann)).status_code == 204
    seats = client.get(f"{API}/games/{game_id}").json["seats"]
    assert seats[seat["seat"]]["resigned"] and seats[seat["seat"]]["bot_level"] == "mcts-fast"


def scenario_seekers_meet(client: FlaskClient, service: Any, admitted: Admitted) -> None:
    tokens = [new_player(client, name) for name in ("ann", "bob", "cid")]
    for _, token in tokens:
        r = client.post(f"{API}/seeks", json={"players": 3}, headers=bearer(token))
        assert r.status_code == 201, r.json
    game_id = r.json["game_id"]
    assert game_id is not None and admitted.games[game_id].player in {p for p, _ in tokens}


SCENARIOS: dict[str, Callable[[FlaskClient, Any, Admitted], None]] = {
    "createGame": scenario_create_game,
    "createGamesInBulk": scenario_bulk,
    "createChallenge": scenario_challenge_with_search_bots_when_spent,
    "acceptChallenge": scenario_accept_with_the_budget_spent,
    "offerRematch": scenario_rematches_with_a_search_stand_in,
    "resignSeat": scenario_resign_hands_the_seat_to_the_paid_stand_in,
    "deleteMe": scenario_a_deleted_account_resigns_to_the_paid_stand_in,
    "createModerationAction": lambda client, service, admitted: (
        scenario_a_deleted_account_resigns_to_the_paid_stand_in(
            client, service, admitted, closed_by_moderator=True
        )
    ),
    "createSeek": scenario_seekers_meet,
}


@pytest.mark.parametrize("operation", sorted(SCENARIOS))
def test_each_gated_operation_is_counted(
    client: FlaskClient, service: Any, admitted: Admitted, operation: str
) -> None:
    SCENARIOS[operation](client, service, admitted)


# ----------------------------------------------------------------------------- stand-ins and counts


def test_the_services_stand_in_never_searches(service: Any, settings: Any) -> None:
    """A search level as ``URSUPPE_STANDIN_LEVEL`` is refused at start-up; should the
    settings change under a running service, a game that did not name a searching stand-in
    (and so did not pay for one) gets ``greedy``."""
    with pytest.raises(ServiceError, match="searches"):
        GameService(service.sessions, settings=replace(settings, standin_level="mcts"))
    row, _ = new_game_row(
        settings, service.clock(), new_token(), players=3, seats=None, time_limit=None,
        timeout_policy="bot", time_control=None, options={"timeout_bot_level": "mcts-fast"},
        seed=None, label=None, rated=False,
    )  # fmt: skip
    searching = replace(settings, standin_level="mcts")
    assert standin_level(row, "timeout_bot_level", searching) == "mcts-fast"  # paid for
    assert standin_level(row, "resign_bot_level", searching) == "greedy"
    assert standin_level(row, "resign_bot_level", settings) == settings.standin_level


def test_the_counts_go_on_in_memory_while_redis_is_away() -> None:
    counter = Counter("redis://127.0.0.1:1/0")  # nothing listens there
    keys = [Key("p:ann", "player")]
    counter.charge("search-games", "games with search bots", "2/60", keys, 2)
    with pytest.raises(TooMany, match="for each player"):
        counter.charge("search-games", "games with search bots", "2/60", keys, 1)


def test_a_timeout_hands_the_seat_to_the_stand_in_the_game_paid_for(
    service: Any, clock: Any, admitted: Admitted
) -> None:
    """The workers' side of a stand-in (``Turns.expire_deadline``): the level the game
    named, charged when it was made, else the service's stand-in; nothing is charged now."""
    service.settings = replace(service.settings, search_game_rate_limit="1/3600")
    levels = []
    for options in ({"timeout_bot_level": "mcts-fast"}, None):
        created = service.creation.create_game(
            players=3, time_limit=30, timeout_policy="bot", options=options, player="pann"
        )
        for _ in created.game.open_seats:
            service.seating.join(created.game.id, "p")
        game_id = created.game.id
        assert admitted.games[game_id] == Payer("pann", None)  # no request: no address
        seat = service.games.get(game_id).pending_seat
        clock.advance(30)
        assert service.turns.expire_deadline(game_id, 0) is True
        levels.append(service.games.get(game_id).seats[seat].bot_level)
    assert levels == ["mcts-fast", service.settings.standin_level]
    with pytest.raises(TooMany):  # the first game was pann's one search game
        service.creation.create_game(players=3, seats=[MCTS] * 3, time_limit=0, player="pann")


@pytest.mark.parametrize(
    ("path", "body", "code"),
    [
        ("/seeks", {"players": 3, "bot_level": "mcts-fast"}, "invalid_seek"),
        (
            "/tournaments",
            {
                "name": "t",
                "format": "swiss",
                "rounds": 1,
                "players": 3,
                "starts_at": "2099-01-01T00:00:00Z",
                "service_bots": "mcts",
            },
            "invalid_tournament",
        ),  # fmt: skip
    ],
    ids=["seek", "tournament"],
)
def test_what_a_worker_will_make_never_searches(
    client: FlaskClient, path: str, body: dict[str, Any], code: str
) -> None:
    """A worker cannot answer 429: the games it makes (a seek's when its wait ends, a
    tournament's rounds) are refused search bots at the request that commits to them."""
    _, ann = new_player(client, "ann")
    r = client.post(f"{API}{path}", json=body, headers=bearer(ann))
    assert r.status_code == 422 and r.json["code"] == code, r.json
