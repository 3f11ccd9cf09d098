"""Every response the API tests receive is checked against the committed OpenAPI document
(openapi/openapi.json): the status is documented for the operation, the media type is one it
lists and the body matches the schema. A client generated from the spec then reads what the
server really sends (issue 22: the spec must be the truth)."""

from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path
from typing import Any

import brotli
from flask.testing import FlaskClient
from openapi_core import Config, OpenAPI
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.testing import MockRequest, MockResponse

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
# Outside the documented API: pages, the spec itself, Swagger UI.
UNCHECKED_PREFIXES = ("/api/v1/openapi.json", "/api/v1/docs")
STREAMED = ("text/event-stream", "application/x-ndjson")  # documented in prose (docs/stream.md)


@functools.cache
def committed_spec() -> OpenAPI:
    config = Config(extra_media_type_deserializers={"application/problem+json": json.loads})
    return OpenAPI.from_file_path(str(SPEC_PATH), config=config)


def check_response(resp: Any) -> None:
    """Raise when ``resp`` (a Flask test response) does not conform to the spec."""
    request = resp.request
    path = request.path
    if not path.startswith("/api/") or path.startswith(UNCHECKED_PREFIXES):
        return
    if resp.mimetype in STREAMED or request.method in ("HEAD", "OPTIONS"):
        return
    # Only the response is checked (tests send bad requests on purpose); the request's
    # method and path pick the operation.
    req = MockRequest("http://localhost", request.method.lower(), path)
    # X-Pagination is a JSON object in a header, which OpenAPI's header styles cannot
    # describe; its members are checked by the pagination tests.
    headers = {k: v for k, v in resp.headers.items() if k != "X-Pagination"}
    res = MockResponse(decoded_body(resp), resp.status_code, headers, resp.mimetype)
    try:
        committed_spec().validate_response(req, res)
    except (PathNotFound, OperationNotFound):
        if resp.status_code not in (404, 405):  # no such route: the generic problem
            raise


def decoded_body(resp: Any) -> bytes:
    """The body as sent before content coding (gzip or brotli when the client accepted it)."""
    data = resp.get_data()
    coding = resp.headers.get("Content-Encoding")
    if coding == "gzip":
        return gzip.decompress(data)
    if coding == "br":
        return brotli.decompress(data)
    assert coding is None, coding
    return data


class SpecCheckingClient(FlaskClient):
    """A test client whose every response is checked by ``check_response``."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        resp = super().open(*args, **kwargs)
        try:
            check_response(resp)
        except Exception as err:
            raise AssertionError(
                f"{resp.request.method} {resp.request.full_path} → {resp.status}: "
                f"the response does not match openapi/openapi.json: {err!r} "
                f"{getattr(err, '__cause__', None)!r}"
            ) from err
        return resp
