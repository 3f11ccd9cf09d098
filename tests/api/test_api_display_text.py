"""Everything a person names is display text, checked at one gate (``api.display_text``;
docs/api.md, "Limits"), and every CSV the API writes is safe to open in a spreadsheet
(``api.csv_export``). SQLite and PostgreSQL.

The first test walks every request schema and query parameter of the spec the app serves:
a string field is either display text (marked ``x-display-text``, its code declared by
its operation) or listed below as something else, so a name field added later without
the type fails here. The second sends every bad form to every display-text field it
found and proves that each is refused with its code and nothing is stored.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from api_helpers import API, Http, assert_problem, bearer
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from api.deps import EXTENSION
from api.display_text import MARK
from harness.databases import FakeClock
from service.game_service import GameService
from service.models import (
    ChatMessageRow,
    GameRow,
    OAuthClientRow,
    PlayerRow,
    PlayerTokenRow,
    SeatRow,
    TournamentRow,
)

#: Strings of requests that a person does not name anything with: ids, codes, tokens,
#: addresses, URLs, levels and labels of a fixed alphabet. Each is checked by its own rule
#: (an id is looked up, a label matched against its pattern, a level against the levels).
NOT_DISPLAY_TEXT = {
    "ModerationActionCreate.player_id": "a player id",
    "ModerationActionCreate.report_id": "a report id",
    "ReportCreate.player_id": "a player id",
    "ReportedMessage.game_id": "a game id",
    "query:player_id": "a player id (the moderation log's filter)",
    "ChallengeCreate.bot_level": "a bot level, one of the service's",
    "ChallengeCreate.invited": "player ids",
    "ClientCreate.redirect_uris": "URLs, checked as redirect URIs",
    "ConsentDecision.consent": "an opaque ticket",
    "Email.address": "an email address, checked as one",
    "GameCreate.label": "a label of a fixed alphabet (pattern)",
    "GameOptions.resign_bot_level": "a bot level",
    "GameOptions.timeout_bot_level": "a bot level",
    "Join.entropy": "bytes for the dice, never shown as a name",
    "Join.invite": "an invitation code",
    "MuteCreate.player_id": "a player id",
    "PushKeys.auth": "a key",
    "PushKeys.p256dh": "a key",
    "PushSubscription.endpoint": "a URL, checked as a push endpoint",
    "SeatSpec.level": "a bot level",
    "SeatSpec.player": "a player id",
    "SeekCreate.bot_level": "a bot level",
    "Signin.code": "a sign-in code",
    "StreamGamesRequest.games": "game ids",
    "StreamGamesRequest.label": "a label of a fixed alphabet (pattern)",
    "TournamentCreate.invite": "player ids",
    "TournamentCreate.service_bots": "a bot level",
    "TournamentEnter.invitation": "an invitation code",
    "UnknownAction.type": "an action type of a newer version, as the engine names them",
    "TournamentInvitation.player_ids": "player ids",
    "Verify.token": "a verification token",
    "WebhookCreate.label": "a label of a fixed alphabet (pattern)",
    "WebhookCreate.url": "a URL, checked as a webhook target",
    "query:label": "a label of a fixed alphabet (pattern)",
    "query:cursor": "an opaque cursor",
    "query:points": "numbers (pattern)",
    "query:key": "an unsubscribe key",
    "query:invitation": "an invitation code",
    "query:response_type": "OAuth 2's authorization request, as the site sent it",
    "query:client_id": "OAuth 2: a public client's id is printable ASCII (api.oauth)",
    "query:redirect_uri": "OAuth 2: a URL",
    "query:scope": "OAuth 2: scope names",
    "query:state": "OAuth 2: returned to the site as is, never shown",
    "query:code_challenge": "OAuth 2: PKCE",
    "query:code_challenge_method": "OAuth 2: PKCE",
}

#: What is not one line of visible text, each refused in every display-text field.
BAD_FORMS = {
    "line break": "Friday\nBcc: someone@example.org",
    "carriage return": "cup\r\n",
    "line separator": "two\u2028lines",
    "bidi override": "\u202egpj.exe",
    "bidi isolate": "\u2067isolate\u2069",
    "zero-width only": "\u200b\u200d\u2060",
    "whitespace only": "   \u3000 ",
    "control character": "red\x1b[31m",
    "bell": "bell\x07",
    "empty": "",
}


def _is_string(prop: dict[str, Any]) -> bool:
    return prop.get("type") == "string" or (
        prop.get("type") == "array" and prop.get("items", {}).get("type") == "string"
    )


def _free_string(prop: dict[str, Any]) -> bool:
    """A string that a client may fill freely: not an enum, not a date-time."""
    inner = prop.get("items", prop) if prop.get("type") == "array" else prop
    return _is_string(prop) and "enum" not in inner and inner.get("format") != "date-time"


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value.rsplit("/", 1)[-1]
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _request_strings(
    spec: dict[str, Any],
) -> tuple[dict[str, dict[str, Any]], list[tuple[str, set[str], set[str]]]]:
    """Every freely filled string of a request (``Schema.field`` of a body schema reached
    from any operation, ``query:name`` of a query parameter) with its spec; and for each
    operation, its id, the body schemas it reaches and the 422 codes it declares."""
    schemas = spec["components"]["schemas"]
    found: dict[str, dict[str, Any]] = {}
    declared: list[tuple[str, set[str], set[str]]] = []
    for item in spec["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            codes = set(operation.get("responses", {}).get("422", {}).get("x-problem-codes", []))
            for parameter in operation.get("parameters", ()):
                if parameter.get("in") == "query" and _free_string(parameter["schema"]):
                    found[f"query:{parameter['name']}"] = parameter["schema"]
            todo = list(_refs(operation.get("requestBody", {})))
            seen: set[str] = set()
            while todo:
                name = todo.pop()
                if name in seen:
                    continue
                seen.add(name)
                schema = schemas[name]
                todo += list(_refs(schema))
                for field, prop in schema.get("properties", {}).items():
                    if _free_string(prop):
                        found[f"{name}.{field}"] = prop
            declared.append((operation.get("operationId", "?"), seen, codes))
    return found, declared


@pytest.fixture
def spec(client: FlaskClient) -> dict[str, Any]:
    """The spec the app serves (what the code says now, not the committed file)."""
    return client.get(f"{API}/openapi.json").json


def test_every_string_a_person_fills_in_is_display_text_or_listed_as_not(
    spec: dict[str, Any],
) -> None:
    found, declared = _request_strings(spec)
    display = {key for key, prop in found.items() if MARK in prop}
    unclassified = set(found) - display - set(NOT_DISPLAY_TEXT)
    assert not unclassified, (
        "a string of a request is neither DisplayText (api.display_text) nor listed in "
        f"NOT_DISPLAY_TEXT: {sorted(unclassified)}"
    )
    assert not display & set(NOT_DISPLAY_TEXT), sorted(display & set(NOT_DISPLAY_TEXT))
    assert set(NOT_DISPLAY_TEXT) <= set(found), sorted(set(NOT_DISPLAY_TEXT) - set(found))
    assert display == set(REFUSALS), "each display-text field needs a case in REFUSALS"
    for key in display:
        prop = found[key]
        assert prop["minLength"] == 1 and prop["maxLength"] >= 1, key
    for operation, reached, codes in declared:
        for key in display:
            if key.split(".", 1)[0] in reached:
                assert found[key][MARK] in codes, f"{operation} takes {key}: its code?"


# ----------------------------------------------------------------------------- refusals


class Case:
    """One display-text field on its route: ``send(text)`` makes the request with ``text``
    in the field and answers the response; ``where`` is the field's place in ``errors``."""

    def __init__(self, send: Callable[[str], Any], where: str) -> None:
        self.send = send
        self.where = where


def _player(client: FlaskClient) -> str:
    r = client.post(f"{API}/players", json={"name": "ann"})
    assert r.status_code == 201, r.json
    return r.json["token"]


def _players(client: FlaskClient, http: Http, clock: FakeClock) -> Case:
    return Case(lambda text: client.post(f"{API}/players", json={"name": text}), "name")


def _rename(client: FlaskClient, http: Http, clock: FakeClock) -> Case:
    token = _player(client)
    return Case(
        lambda text: client.patch(f"{API}/players/me", json={"name": text}, headers=bearer(token)),
        "name",
    )


def _join(client: FlaskClient, http: Http, clock: FakeClock) -> Case:
    table = http.create()
    return Case(lambda text: client.post(f"{table.url}/seats", json={"name": text}), "name")


def _bot_seat(client: FlaskClient, http: Http, clock: FakeClock) -> Case:
    def send(text: str) -> Any:
        seats = [{"kind": "bot", "level": "random", "name": text}] + [{"kind": "human"}] * 2
        return client.post(f"{API}/games", json={"players": 3, "seats": seats})

    return Case(send, "seats.0.name")


def _bulk_bot_seat(client: FlaskClient, http: Http, clock: FakeClock) -> Case:
    token = _player(client)

    def send(text: str) -> Any:
        seats = [{"kind": "bot", "level": "random", "name": text}] + [{"kind": "human"}] * 2
        body = {"games": [{"players": 3, "seats": seats}]}
        return client.post(f"{API}/games/bulk", json=body, headers=bearer(token))

    return Case(send, "games.0.seats.0.name")


def _tournament(client: FlaskClient, http: Http, clock: FakeClock) -> Case:
    token = _player(client)

    def send(text: str) -> Any:
        body = {
            "name": text,
            "format": "swiss",
            "rounds": 2,
            "players": 3,
            "rated": False,
            "time_control": {"type": "none"},
            "starts_at": (clock() + timedelta(minutes=10)).isoformat(),
        }
        return client.post(f"{API}/tournaments", json=body, headers=bearer(token))

    return Case(send, "name")


def _token_label(client: FlaskClient, http: Http, clock: FakeClock) -> Case:
    token = _player(client)

    def send(text: str) -> Any:
        body = {"label": text, "scopes": ["game:play"]}
        return client.post(f"{API}/players/me/tokens", json=body, headers=bearer(token))

    return Case(send, "label")


def _client_name(client: FlaskClient, http: Http, clock: FakeClock) -> Case:
    token = _player(client)

    def send(text: str) -> Any:
        body = {"name": text, "redirect_uris": ["https://cup.example/cb"]}
        return client.post(f"{API}/players/me/oauth-clients", json=body, headers=bearer(token))

    return Case(send, "name")


def _chat(client: FlaskClient, http: Http, clock: FakeClock) -> Case:
    table = http.started(players=3)
    return Case(
        lambda text: client.post(
            f"{table.url}/chat", json={"text": text}, headers=bearer(table.tokens[0])
        ),
        "text",
    )


def _report(client: FlaskClient, http: Http, clock: FakeClock) -> Case:
    token = _player(client)
    r = client.post(f"{API}/players", json={"name": "bob"})
    target = r.json["player"]["id"]

    def send(text: str) -> Any:
        body = {"player_id": target, "reason": "other", "comment": text}
        return client.post(f"{API}/reports", json=body, headers=bearer(token))

    return Case(send, "comment")


def _moderation(client: FlaskClient, http: Http, clock: FakeClock) -> Case:
    r = client.post(f"{API}/players", json={"name": "mo"})
    token = r.json["token"]
    client.application.extensions[EXTENSION].moderation.grant(r.json["player"]["id"])
    target = client.post(f"{API}/players", json={"name": "bob"}).json["player"]["id"]

    def send(text: str) -> Any:
        body = {"action": "warn", "reason": text, "player_id": target}
        return client.post(f"{API}/moderation/actions", json=body, headers=bearer(token))

    return Case(send, "reason")


#: Every display-text field of the spec (``Schema.field``): its case and the longest text.
REFUSALS: dict[str, tuple[Callable[[FlaskClient, Http, FakeClock], Case], int]] = {
    "PlayerCreate.name": (_players, 64),
    "PlayerUpdate.name": (_rename, 64),
    "Join.name": (_join, 64),
    "SeatSpec.name": (_bot_seat, 64),
    "TournamentCreate.name": (_tournament, 100),
    "TokenCreate.label": (_token_label, 100),
    "ClientCreate.name": (_client_name, 100),
    "ChatPost.text": (_chat, 280),
    "ReportCreate.comment": (_report, 500),
    "ModerationActionCreate.reason": (_moderation, 500),
}
#: The refusal's code where it is not ``invalid_name``.
REFUSAL_CODES = {
    "ChatPost.text": "invalid_chat_text",
    "ReportCreate.comment": "invalid_report",
    "ModerationActionCreate.reason": "invalid_moderation",
}
#: A second route to a display-text field that the first test counts once.
ALSO = {"SeatSpec.name (bulk)": (_bulk_bot_seat, 64)}


def _fresh_budgets(app: Flask) -> None:
    for limiter in app.extensions.get("limiter", ()):
        limiter.reset()


def _stored(service: GameService) -> dict[str, Any]:
    """What a refused request must leave as it was: every row a name can be in."""
    with service.store.sessions() as session:
        counts = {
            model.__name__: session.scalar(select(func.count()).select_from(model))
            for model in (
                PlayerRow, GameRow, TournamentRow, PlayerTokenRow, OAuthClientRow, ChatMessageRow,
            )
        }  # fmt: skip
        names = sorted(
            str(n) for n in session.scalars(select(PlayerRow.name).union_all(select(SeatRow.name)))
        )
    return {**counts, "names": names}


@pytest.mark.parametrize("field", [*REFUSALS, *ALSO])
def test_each_display_text_field_refuses_each_bad_form_with_its_code(
    app: Flask,
    client: FlaskClient,
    http: Http,
    clock: FakeClock,
    service: GameService,
    field: str,
) -> None:
    """(The request budgets count refused requests too; they are not what is tested here,
    so their counts start afresh for each request.)"""
    make, longest = {**REFUSALS, **ALSO}[field]
    case = make(client, http, clock)
    code = REFUSAL_CODES.get(field, "invalid_name")
    before = _stored(service)
    for form, text in [*BAD_FORMS.items(), ("too long", "x" * (longest + 1))]:
        _fresh_budgets(app)
        r = case.send(text)
        body = assert_problem(r, 422, code)
        place: Any = body["errors"]["json"]
        for step in case.where.split("."):
            place = place[step]
        assert place, (field, form)
    assert _stored(service) == before
    # The longest text, counted after NFC ("e" and a combining acute are one "é") and
    # with the spaces around it trimmed.
    _fresh_budgets(app)
    ok = case.send("  Zoe\u0301" + "x" * (longest - 3) + " ")
    assert ok.status_code in (200, 201), (field, ok.json)


def test_a_name_is_stored_trimmed_and_nfc(client: FlaskClient) -> None:
    r = client.post(f"{API}/players", json={"name": "  Zoe\u0301 \u05e9\u05dc\u05d5\u05dd\u200f "})
    assert r.status_code == 201, r.json
    assert r.json["player"]["name"] == "Zo\u00e9 \u05e9\u05dc\u05d5\u05dd\u200f"


def test_a_bad_name_and_another_mistake_are_a_validation_error(client: FlaskClient) -> None:
    """The name's code when the name is all that is wrong; with a field of the wrong type
    besides, ``validation_error`` naming both."""
    seats = [{"kind": "bot", "name": "a\nb"}, {"kind": "human"}, {"kind": "human"}]
    r = client.post(f"{API}/games", json={"players": 3, "seats": seats, "private": "yes"})
    body = assert_problem(r, 422, "validation_error")
    assert set(body["errors"]["json"]) == {"seats", "private"}


# ----------------------------------------------------------------------------- CSV

#: A cell a spreadsheet runs, and what the export must hold instead.
FORMULAS = {
    '=HYPERLINK("https://evil.example","prize")': '\'=HYPERLINK("https://evil.example","prize")',
    "+1+1": "'+1+1",
    "-2+3": "'-2+3",
    "@SUM(A1:A2)": "'@SUM(A1:A2)",
}


def test_every_csv_the_api_answers_is_one_this_test_opens(spec: dict[str, Any]) -> None:
    """A new CSV export is made with ``api.csv_export.csv_text`` and added below."""
    csv_operations = {
        operation["operationId"]
        for item in spec["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        for response in operation.get("responses", {}).values()
        if "text/csv" in response.get("content", {})
    }
    assert csv_operations == {"exportTournamentStandingsCsv"}


def test_standings_csv_neutralises_formulas_even_of_names_stored_before_the_rule(
    client: FlaskClient, clock: FakeClock, service: GameService
) -> None:
    organiser = _player(client)
    made = client.post(
        f"{API}/tournaments",
        json={
            "name": "Cup", "format": "swiss", "rounds": 1, "players": 3, "rated": False,
            "time_control": {"type": "none"},
            "starts_at": (clock() + timedelta(minutes=10)).isoformat(),
        },
        headers=bearer(organiser),
    )  # fmt: skip
    assert made.status_code == 201, made.json
    url = made.headers["Location"]
    ids = {}
    for name in [*FORMULAS, "plain"]:
        r = client.post(f"{API}/players", json={"name": name})
        assert r.status_code == 201 and r.json["player"]["name"] == name  # display text
        ids[r.json["player"]["id"]] = name
        entered = client.post(f"{url}/entries", headers=bearer(r.json["token"]))
        assert entered.status_code == 200, entered.json
    # A name stored before names were checked: a tab, then a formula.
    old = next(pid for pid, name in ids.items() if name == "plain")
    with service.store.writing() as session:
        session.get(PlayerRow, old).name = "\t=1+1"
    clock.advance(600)
    service.tournaments.sweep()
    exported = client.get(f"{url}/standings.csv")
    assert exported.status_code == 200 and exported.mimetype == "text/csv"
    lines = list(csv.DictReader(io.StringIO(exported.get_data(as_text=True))))
    names = {line["player_id"]: line["name"] for line in lines}
    assert set(names) == set(ids)
    for pid, name in ids.items():
        wanted = FORMULAS.get(name, "'\t=1+1")
        assert names[pid] == wanted, (name, names[pid])
    for line in lines:
        assert line["score"] == "" or not line["score"].startswith("'")  # numbers as they are
