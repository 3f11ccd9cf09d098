"""What a browser may do with our responses: the pages' Content-Security-Policy and the
headers that go with it, on every response of the app.

The pages (``web/``) keep their tokens in ``localStorage`` (docs/web.md, "Where tokens
live"): a script that ran on one of them could read every token. The pages therefore insert
every name and message as text (``web/static/dom.js``), and this policy is the second wall:
scripts only from this server's own files (no inline script, no ``eval``, no inline event
handler), styles only from its stylesheets, connections only back to it, and no other site
may frame a page (``frame-ancestors`` and ``X-Frame-Options`` for older browsers).

A small ``after_request`` hook rather than flask-talisman: Talisman's defaults (HTTPS
redirects, cookie flags, ``SAMEORIGIN`` framing) would each need turning off here, and it
sets a policy per view by decorating it, while the one page that needs another policy,
Swagger UI, is flask-smorest's own view.
"""

from __future__ import annotations

from flask import Flask, Response, request

#: The pages: everything from this server, nothing inline.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
#: Swagger UI (flask-smorest's page) starts itself with an inline script. The page shows
#: our OpenAPI document and the answers to the requests a reader sends, as text.
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: Anything else (JSON, streams, images): never a document that runs or loads anything.
DATA_POLICY = "default-src 'none'; frame-ancestors 'none'"
#: A script file gets the pages' policy: a worker started from one runs under its own
#: response's policy, and may then do what a page may.
SCRIPT_TYPES = {"text/javascript", "application/javascript"}

ALWAYS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # Same-origin requests keep the referrer; another site never learns a page's address
    # (an invitation link carries its code in the query).
    "Referrer-Policy": "same-origin",
}


def install(app: Flask, docs_path: str) -> None:
    """Send the headers on every response; ``docs_path`` is Swagger UI's page."""

    @app.after_request
    def security_headers(resp: Response) -> Response:
        # One pass over the headers a view set: werkzeug's ``setdefault`` scans them twice
        # per header, a third of this hook's cost on every response.
        present = {name.lower() for name, _ in resp.headers}
        for name, value in ALWAYS.items():
            if name.lower() not in present:
                resp.headers.add(name, value)
        if "content-security-policy" not in present:
            if resp.mimetype == "text/html" and request.path == docs_path:
                policy = DOCS_POLICY
            elif resp.mimetype == "text/html" or resp.mimetype in SCRIPT_TYPES:
                policy = PAGE_POLICY
            else:
                policy = DATA_POLICY
            resp.headers.add("Content-Security-Policy", policy)
        return resp
