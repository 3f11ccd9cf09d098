"""Conditional requests (RFC 9110 §13) on werkzeug's parsing of ``If-Match`` and
``If-None-Match``.

A game's ETag is ``"v<version>"`` (``service.views.etag_for``): every write bumps the
version, so the ETag names one state of the game. flask-smorest's own ETag support hashes
each response body instead, which would cost a full load and dump per conditional read and
change the ETags clients already hold, so the views use werkzeug's header parsing directly.
"""

from __future__ import annotations

import re

from flask import Response, current_app, request
from werkzeug.http import unquote_etag

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


def not_modified(etag: str) -> Response | None:
    """A 304 when ``If-None-Match`` lists ``etag`` (weak comparison) or ``*``, else None."""
    held = request.if_none_match
    ours = unquote_etag(etag)[0]
    if not (
        held.star_tag or any(tag and _CODING.sub("", tag) == ours for tag in held.as_set(True))
    ):
        return None
    resp = current_app.response_class(status=304)
    resp.headers["ETag"] = etag
    return resp
