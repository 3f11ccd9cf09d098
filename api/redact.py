"""Keep tokens out of logs.

The API never logs tokens itself; this filter is the safety net for anything else that
might format a request (a debug log of headers, an exception message quoting a header).
It rewrites ``Bearer <token>`` and JSON ``"token": "..."`` members in log records.
"""

from __future__ import annotations

import logging
import re

from flask import Flask

_PATTERNS = (
    (re.compile(r"(?i)(bearer\s+)[A-Za-z0-9_\-\.~+/=]+"), r"\1[redacted]"),
    (re.compile(r'("(?:token|creator_token)"\s*:\s*")[^"]*(")'), r"\1[redacted]\2"),
)


def redact(text: str) -> str:
    for pattern, repl in _PATTERNS:
        text = pattern.sub(repl, text)
    return text


class RedactTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - never break logging
            return True
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


_FILTER = RedactTokens()


def install_redaction(app: Flask) -> None:
    """Attach the filter to the app's logger and to every root handler (idempotent)."""
    if _FILTER not in app.logger.filters:
        app.logger.addFilter(_FILTER)
    for handler in logging.getLogger().handlers:
        if _FILTER not in handler.filters:
            handler.addFilter(_FILTER)
