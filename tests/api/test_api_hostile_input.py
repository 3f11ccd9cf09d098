"""Inputs that once got HTTP 500: each is a 4xx problem with a stable code and
the stored data stays as it was. Runs on SQLite and PostgreSQL (tests/api/conftest.py)."""

from __future__ import annotations

import io

import pytest
from api_helpers import API, Http, assert_problem


def _snapshot(client, url: str) -> dict:
    r = client.get(url)
    assert r.status_code == 200
    return r.json


@pytest.mark.parametrize("since", ["100000000000000000000", "2147483648", "-1"])
def test_events_since_out_of_range_is_422(client, http: Http, since: str) -> None:
    table = http.started()
    before = _snapshot(client, table.url)
    r = client.get(f"{table.url}/events?since={since}")
    assert_problem(r, 422, "validation_error")
    assert "since" in r.json["errors"]["query"]
    assert _snapshot(client, table.url) == before


def test_events_since_at_the_maximum_is_an_empty_page(client, http: Http) -> None:
    table = http.started()
    r = client.get(f"{table.url}/events?since=2147483647")
    assert r.status_code == 200, r.json
    assert r.json["items"] == [] and r.json["next_since"] is None


@pytest.mark.parametrize("page", ["9223372036854775807", "2147483648", "0"])
def test_list_page_out_of_range_is_422(client, http: Http, page: str) -> None:
    http.create()
    r = client.get(f"{API}/games?page={page}")
    assert_problem(r, 422, "validation_error")
    assert "page" in r.json["errors"]["query"]


def test_list_page_at_the_maximum_is_empty(client, http: Http) -> None:
    http.create()
    r = client.get(f"{API}/games?page=2147483647&page_size=100")
    assert r.status_code == 200, r.json
    assert r.json == []


@pytest.mark.parametrize("depth", [1000, 30_000])
def test_deeply_nested_body_is_400(client, depth: int) -> None:
    body = '{"players": 3, "options": ' + "[" * depth + "]" * depth + "}"
    r = client.post(f"{API}/games", data=body, content_type="application/json")
    assert_problem(r, 400, "invalid_json")
    assert client.get(f"{API}/games").json == []


#: Text no column stores is refused for every field alike (``validation_error``); other
#: control characters are not display text, refused as a name (``invalid_name``).
BAD_NAMES = [
    (r'"a\ud800b"', "validation_error"),  # unpaired high surrogate, as a JSON escape
    (r'"a\udc00"', "validation_error"),  # unpaired low surrogate
    (r'"a\u0000b"', "validation_error"),  # NUL: PostgreSQL text cannot hold it
    (r'"tab\there"', "invalid_name"),  # other control characters are refused too
]


@pytest.mark.parametrize(("raw", "code"), BAD_NAMES)
def test_bad_seat_name_on_join_is_422(client, http: Http, raw: str, code: str) -> None:
    table = http.create()
    before = _snapshot(client, table.url)
    r = client.post(
        f"{table.url}/seats", data='{"name": ' + raw + "}", content_type="application/json"
    )
    assert_problem(r, 422, code)
    assert "name" in r.json["errors"]["json"]
    assert _snapshot(client, table.url) == before


@pytest.mark.parametrize(("raw", "code"), BAD_NAMES)
def test_bad_bot_name_on_create_is_422(client, raw: str, code: str) -> None:
    body = (
        '{"players": 3, "seats": [{"kind": "bot", "name": ' + raw + "}, "
        '{"kind": "human"}, {"kind": "human"}]}'
    )
    r = client.post(f"{API}/games", data=body, content_type="application/json")
    assert_problem(r, 422, code)
    assert client.get(f"{API}/games").json == []


def test_names_with_ordinary_unicode_are_kept(client, http: Http) -> None:
    table = http.create()
    name = "Zoë 🦠 Ürsüppe"
    http.join(table, name)
    assert client.get(table.url).json["seats"][0]["name"] == name


# ----------------------------------------------------------------- errors that misled


@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        ("players=3", "application/x-www-form-urlencoded"),  # curl -d
        ('{"players": 3}', "text/plain"),
        ('{"players": 3}', None),
    ],
)
def test_non_json_body_is_415_with_a_hint(client, data: str, content_type: str | None) -> None:
    r = client.post(f"{API}/games", data=data, content_type=content_type)
    body = assert_problem(r, 415, "unsupported_media_type")
    assert "application/json" in body["detail"]
    assert client.get(f"{API}/games").json == []


def test_chunked_body_over_the_limit_is_413(client, app) -> None:
    big = b'{"players": 3, "label": "' + b"x" * app.config["MAX_CONTENT_LENGTH"] + b'"}'
    r = client.post(
        f"{API}/games",
        input_stream=io.BytesIO(big),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_base={"wsgi.input_terminated": True},  # as gunicorn sets it for chunked
    )
    assert_problem(r, 413, "payload_too_large")
    assert client.get(f"{API}/games").json == []


def test_chunked_body_under_the_limit_is_read(client) -> None:
    r = client.post(
        f"{API}/games",
        input_stream=io.BytesIO(b'{"players": 3}'),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_base={"wsgi.input_terminated": True},
    )
    assert r.status_code == 201, r.json


# ------------------------------------------- text no database stores

# A lone surrogate cannot be encoded as UTF-8 (both databases, and the hashes of codes and
# entropy); NUL cannot be in PostgreSQL text. Each was a 500 in some free-text field.
UNSTORABLE = [r"\ud800", r"\udfff", r"\u0000"]


def _post(client, url: str, body: str, token: str | None = None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(url, data=body, content_type="application/json", headers=headers)


def _player(client) -> str:
    r = client.post(f"{API}/players", json={"name": "site"})
    assert r.status_code == 201, r.json
    return r.json["token"]


@pytest.mark.parametrize("bad", UNSTORABLE)
@pytest.mark.parametrize(
    ("field", "body"),
    [
        ("entropy", '{"name": "ann", "entropy": "e%s"}'),
        ("invite", '{"name": "ann", "invite": "code%s"}'),
        ("name", '{"name": "ann%s"}'),
    ],
)
def test_unstorable_text_on_join_is_422(client, http: Http, bad, field, body) -> None:
    table = http.create(private=field == "invite")
    before = _snapshot(client, table.url)
    r = _post(client, f"{table.url}/seats", body % bad)
    assert_problem(r, 422, "validation_error")
    assert field in r.json["errors"]["json"]
    assert _snapshot(client, table.url) == before


SEATS = '[{"kind": "human", "player": "p%s"}, {"kind": "bot"}, {"kind": "bot"}]'


@pytest.mark.parametrize("bad", UNSTORABLE)
@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        ("/games", '{"players": 3, "seats": ' + SEATS + "}", "seats.0.player"),
        ("/games/bulk", '{"games": [{"players": 3, "seats": ' + SEATS + "}]}", "games.0.seats.0.player"),
        ("/games", '{"players": 3, "label": "cup%s"}', "label"),
        ("/games", '{"players": 3, "options": {"deck": ["x%s"]}}', "options.deck.0"),
        ("/players", '{"name": "ann%s"}', "name"),
        ("/players/me/webhooks", '{"url": "https://example.org/%s", "events": ["game.started"]}', "url"),
        ("/players/me/webhooks", '{"url": "https://ex%s.org/", "events": ["game.started"]}', "url"),
        ("/players/me/webhooks", '{"url": "https://example.org/", "events": ["game.started"], "label": "l%s"}', "label"),
    ],
)  # fmt: skip
def test_unstorable_text_in_any_body_is_422(client, bad, url, body, field) -> None:
    token = _player(client)
    r = _post(client, f"{API}{url}", body % bad, token)
    assert_problem(r, 422, "validation_error")
    assert field in r.json["errors"]["json"], r.json["errors"]
    assert client.get(f"{API}/games").json == []
    assert (
        client.get(f"{API}/players/me/webhooks", headers={"Authorization": f"Bearer {token}"}).json
        == []
    )


@pytest.mark.parametrize(
    "path",
    [
        "/games/g%00",
        "/games/g%00/pending",
        "/games/g%00/record",
        "/games/g%00/events",
        "/games/g%00/positions/0",
        "/players/p%00/ratings",
        "/labels/cup%00/standings",
        "/players/me/webhooks/we%00",
        "/players/me/webhooks/we%00/deliveries",
        "/games?label=cup%00",
        "/games?cursor=c%00",
    ],
)
def test_nul_in_a_path_or_query_is_422(client, path: str) -> None:
    token = _player(client)
    r = client.get(f"{API}{path}", headers={"Authorization": f"Bearer {token}"})
    assert_problem(r, 422, "validation_error")
    assert set(r.json["errors"]) <= {"path", "query"}


def test_paired_surrogates_are_ordinary_text(client, http: Http) -> None:
    """A character outside the BMP, written as a JSON surrogate pair, is one character."""
    table = http.create()
    r = _post(
        client, f"{table.url}/seats", r'{"name": "ann \ud83e\udda0", "entropy": "\ud83e\udda0"}'
    )
    assert r.status_code == 201, r.json
    assert client.get(table.url).json["seats"][0]["name"] == "ann 🦠"
