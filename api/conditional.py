"""Conditional requests (RFC 9110 §13) on werkzeug's parsing of ``If-Match`` and
``If-None-Match``.

A game's ETag is ``"v<version>"`` (``service.rules.views.etag_for``): every write bumps the
version, so the ETag names one state of the game. flask-smorest's own ETag support hashes
each response body instead, which would cost a full load and dump per conditional read and
change the ETags clients already hold, so the views use werkzeug's header parsing directly.
"""

from __future__ import annotations

import re

from flask import Response, current_app, request
from flask_compress.flask_compress import _choose_algorithm  # its negotiation, not a copy
from werkzeug.http import quote_etag, unquote_etag

from api.problems import ApiProblem

# flask-compress appends the algorithm to the ETag of a compressed response (a strong ETag
# names one representation); a client echoes what it received, so both forms name a version.
_VERSION_TAG = re.compile(r"v(\d{1,12})(?::(?:br|gzip))?")
_CODING = re.compile(r":(?:br|gzip)$")


def if_match_version() -> tuple[bool, int | None]:
    """``If-Match`` as (present, expected version).

    ``*`` means "any version" (None). A tag that is not one of our ETags, or a weak one
    (If-Match compares strongly), can never match: it is reported as version -1 so the
    service answers 412 with the current ETag.
    """
    if "If-Match" not in request.headers:
        return False, None
    tags = request.if_match
    if tags.star_tag:
        return True, None
    every = tags.as_set(include_weak=True)
    if len(every) != 1:
        raise ApiProblem(400, "invalid_if_match", "If-Match must carry exactly one ETag")
    (tag,) = every
    # werkzeug gives None for the empty tag `""` (found by schemathesis: a 500 once).
    m = _VERSION_TAG.fullmatch(tag) if tag and tags.contains(tag) else None
    return True, int(m.group(1)) if m else -1


def conditional(ok: Response) -> Response:
    """``ok`` (a 200 with an ETag), or a 304 when ``If-None-Match`` lists that ETag (weak
    comparison, with or without a coding) or ``*``.

    The 304 carries the ETag and ``Cache-Control`` the 200 would have carried for this very
    request (RFC 9110 §15.4.5): flask-compress appends the coding to the ETag of a response
    it compresses, after this view, so ``sent_etag`` works out whether it would."""
    if "If-None-Match" not in request.headers:  # most reads: nothing to parse
        return ok
    etag = ok.headers["ETag"]
    held = request.if_none_match
    ours = unquote_etag(etag)[0]
    if not (
        held.star_tag or any(tag and _CODING.sub("", tag) == ours for tag in held.as_set(True))
    ):
        return ok
    resp = current_app.response_class(status=304)
    resp.headers["ETag"] = sent_etag(ok)
    if "Cache-Control" in ok.headers:
        resp.headers["Cache-Control"] = ok.headers["Cache-Control"]
    return resp


def sent_etag(ok: Response) -> str:
    """The ETag ``ok`` leaves with: with the coding appended when flask-compress compresses
    it, which is when its media type is listed, it is at least ``COMPRESS_MIN_SIZE`` bytes
    and the client accepts a configured coding (chosen by flask-compress's own negotiation,
    so the two cannot disagree; tests/api/test_api_compression.py pins it)."""
    etag = ok.headers["ETag"]
    config = current_app.config
    if (
        ok.mimetype not in config["COMPRESS_MIMETYPES"]
        or ok.content_length is None
        or ok.content_length < config["COMPRESS_MIN_SIZE"]
    ):
        return etag
    coding = _choose_algorithm(
        tuple(config["COMPRESS_ALGORITHM"]), request.headers.get("Accept-Encoding", "")
    )
    if coding is None:
        return etag
    tag, weak = unquote_etag(etag)
    return etag if weak else quote_etag(f"{tag}:{coding}")
