"""Responses are compressed when the client accepts it: a pending document
lists every legal action. The ETag of a compressed response still works in conditionals."""

from __future__ import annotations

import gzip
import json

import brotli
import pytest
from api_helpers import API, Http, bearer


def test_the_game_is_gzipped_when_accepted(client, http: Http) -> None:
    table = http.started()
    plain = client.get(table.url)
    assert "Content-Encoding" not in plain.headers
    r = client.get(table.url, headers={"Accept-Encoding": "gzip"})
    assert r.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in r.headers["Vary"]
    assert json.loads(gzip.decompress(r.data)) == plain.json
    assert len(r.data) < len(plain.data) / 2


def test_brotli_is_preferred_when_offered(client, http: Http) -> None:
    table = http.started()
    r = client.get(table.url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert r.headers["Content-Encoding"] == "br"
    assert json.loads(brotli.decompress(r.data))["id"] == table.id


def test_small_bodies_are_left_alone(client, http: Http) -> None:
    table = http.started()
    r = client.get(f"{table.url}/pending", headers={"Accept-Encoding": "gzip"})
    assert len(r.data) < 1024 and "Content-Encoding" not in r.headers
    r = client.get("/api/v1/games/nope", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 404 and "Content-Encoding" not in r.headers


def test_a_compressed_etag_works_in_if_none_match_and_if_match(client, http: Http) -> None:
    table = http.started()
    r = client.get(table.url, headers={"Accept-Encoding": "gzip"})
    etag = r.headers["ETag"]
    assert etag.endswith(':gzip"')
    assert client.get(table.url, headers={"If-None-Match": etag}).status_code == 304
    p = http.pending(table)
    seat = p["pending"]["seat"]
    r = client.post(
        f"{table.url}/actions",
        json={"action": p["pending"]["actions"][0]},
        headers={**bearer(table.tokens[seat]), "If-Match": etag},
    )
    assert r.status_code == 200, r.json
    # Now stale: the same tag is refused like any old ETag.
    r = client.post(
        f"{table.url}/actions",
        json={"action": {"type": "pass"}},
        headers={**bearer(table.tokens[r.json["pending"]["seat"]]), "If-Match": etag},
    )
    assert r.status_code == 412


def test_an_empty_etag_is_no_match(client, http: Http) -> None:
    """`""` is a valid (empty) entity tag; werkzeug reads it as None (once a 500)."""
    table = http.started()
    assert client.get(table.url, headers={"If-None-Match": '""'}).status_code == 200
    p = http.pending(table)
    r = client.post(
        f"{table.url}/actions",
        json={"action": p["pending"]["actions"][0]},
        headers={**bearer(table.tokens[p["pending"]["seat"]]), "If-Match": '""'},
    )
    assert r.status_code == 412, r.json


# The 304 carries the ETag the 200 would have carried for the same request (RFC 9110
# §15.4.5; once `If-None-Match: "v272:gzip"` got a 304 with `ETag: "v272"`).
ENCODINGS = [None, "gzip", "br", "gzip, deflate, br", "br;q=0.5, gzip", "identity", "*"]


def _etag_200_and_304(client, url: str, accept: str | None, held: str) -> tuple[str, str]:
    headers = {"Accept-Encoding": accept} if accept else {}
    ok = client.get(url, headers=headers)
    assert ok.status_code == 200
    same = client.get(url, headers={**headers, "If-None-Match": held})
    assert same.status_code == 304
    assert same.data == b""
    assert same.headers.get("Vary") == ok.headers.get("Vary")
    assert same.headers.get("Cache-Control") == ok.headers.get("Cache-Control")
    return ok.headers["ETag"], same.headers["ETag"]


@pytest.mark.parametrize("accept", ENCODINGS)
@pytest.mark.parametrize("document", ["", "/pending"])  # a large and a small (uncompressed) one
def test_a_304_carries_the_etag_of_the_200(client, http: Http, accept, document) -> None:
    table = http.started()
    url = table.url + document
    version = client.get(url).headers["ETag"].strip('"')
    for held in (f'"{version}"', f'"{version}:gzip"', f'"{version}:br"', "*"):
        ok, not_modified = _etag_200_and_304(client, url, accept, held)
        assert not_modified == ok, (accept, held)


@pytest.mark.parametrize("accept", ENCODINGS)
def test_a_304_of_the_rules_carries_the_etag_of_the_200(client, accept) -> None:
    url = f"{API}/rules"
    ok, not_modified = _etag_200_and_304(client, url, accept, client.get(url).headers["ETag"])
    assert not_modified == ok


def test_the_issue_26_request(client, http: Http) -> None:
    table = http.started()
    gz = {"Accept-Encoding": "gzip"}
    held = client.get(table.url, headers=gz).headers["ETag"]
    assert held.endswith(':gzip"')
    r = client.get(table.url, headers={**gz, "If-None-Match": held})
    assert (r.status_code, r.headers["ETag"]) == (304, held)
    r = client.get(table.url, headers={"If-None-Match": held})  # no longer accepting gzip
    assert (r.status_code, r.headers["ETag"]) == (304, held.replace(":gzip", ""))
