"""Keep tokens and email addresses out of logs.

The service never logs tokens itself; this filter is the safety net for anything else that
might format a request (a debug log of headers, an exception message quoting a header).
It rewrites ``Bearer <token>``, JSON ``"token": "..."`` members, any player token
(``player.…``, the tokens sites receive included) and OAuth 2's ``code``, ``code_verifier``,
``client_secret`` and tokens in a query string or form body, and email addresses, in log
records. Every process's handlers carry it (``service.plumbing.log_setup``); the app's
logger too (``api.redact``).
"""

from __future__ import annotations

import logging
import re

_PATTERNS = (
    (re.compile(r"(?i)(bearer\s+)[A-Za-z0-9_\-\.~+/=]+"), r"\1[redacted]"),
    (
        re.compile(r'("(?:token|creator_token|access_token|client_secret)"\s*:\s*")[^"]*(")'),
        r"\1[redacted]\2",
    ),
    # Any player token, however it is quoted (an OAuth library's debug line reprs a dict).
    (re.compile(r"(player\.)[A-Za-z0-9_\-]{16,}"), r"\1[redacted]"),
    # OAuth 2's secrets in a query string or a form body.
    (
        re.compile(
            r"((?:^|[?&\s])(?:code|code_verifier|client_secret|access_token|token)=)[^&\s\"']+"
        ),
        r"\1[redacted]",
    ),
    # Email addresses (a player's notice address is theirs alone: docs/api.md, "Notices").
    (re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+"), "[redacted email]"),
)

#: What each pattern needs somewhere in the text: without any, none of them can match, and
#: one search spares the five substitutions (most records, every request's own line).
_NEEDED = re.compile(r"(?i)bearer|player\.|token|secret|=|@")


def redact(text: str) -> str:
    """``text`` with every token replaced by ``[redacted]``."""
    if _NEEDED.search(text) is None:
        return text
    for pattern, repl in _PATTERNS:
        text = pattern.sub(repl, text)
    return text


class RedactTokens(logging.Filter):
    """Rewrites tokens out of a record's message before any handler formats it."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - never break logging
            return True
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True
