"""Log set-up shared by every process kind: text (the default, for ``make run``) or one JSON
object per line (``URSUPPE_LOG_FORMAT=json``), with the request id, game id and seat of the
work in hand attached to every record.

The context lives in ``contextvars``, so each thread (gunicorn's threads), greenlet (the
stream process) and task sees its own: the HTTP layer sets it per request
(``api.observe``), the workers per task (``workers.metrics``). Tokens never reach a line:
the context holds none, and ``api.redact.RedactTokens`` scrubs what a message might quote.
"""

from __future__ import annotations

import contextvars
import logging
import os
import sys
from typing import Any

from pythonjsonlogger.json import JsonFormatter

from service.plumbing.redaction import RedactTokens

#: What every record carries when it applies (``None`` otherwise; JSON lines omit them).
CONTEXT_FIELDS = ("request_id", "game_id", "seat")
_context: dict[str, contextvars.ContextVar[Any]] = {
    name: contextvars.ContextVar(name, default=None) for name in CONTEXT_FIELDS
}

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
JSON_FIELDS = "%(asctime)s %(levelname)s %(name)s %(message)s"


def bind(**values: Any) -> list[contextvars.Token[Any]]:
    """Set context fields (``request_id``, ``game_id``, ``seat``); tokens for ``unbind``."""
    return [_context[name].set(value) for name, value in values.items()]


def unbind(tokens: list[contextvars.Token[Any]]) -> None:
    for token in reversed(tokens):
        token.var.reset(token)


def note(**values: Any) -> None:
    """Set context fields for the rest of the request or task in hand: its end resets every
    field to what it was before it began (``api.observe``, ``workers.metrics``), so the
    service may name the seat it acts for without knowing which of the two runs it."""
    bind(**values)


class ContextFilter(logging.Filter):
    """Copies the context fields onto each record (absent fields stay unset)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name, var in _context.items():
            value = var.get()
            if value is not None and not hasattr(record, name):
                setattr(record, name, value)
        return True


class RoutineFilter(logging.Filter):
    """Routine INFO lines become DEBUG records, dropped unless the root logger is at DEBUG:
    Celery's about the periodic sweeps (beat's "Sending due task", a worker's
    "received"/"succeeded", every few seconds each: they were most of ``make run``'s log),
    and Alembic's two lines of every process that checks the schema ("Context impl", "Will
    assume ... DDL"); the migrations it runs stay at INFO."""

    #: (logger name prefix, markers: a message containing one of them is routine)
    ROUTINE = (
        ("celery", ("workers.tasks.sweep_", "sweep-deadlines", "sweep-webhooks", "sweep-seeks")),
        ("alembic.runtime.migration", ("Context impl", "Will assume")),
    )

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno != logging.INFO:
            return True
        markers = next((m for prefix, m in self.ROUTINE if record.name.startswith(prefix)), ())
        if not markers:
            return True
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - never break logging
            return True
        if not any(marker in message for marker in markers):
            return True
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return logging.getLogger().isEnabledFor(logging.DEBUG)


def json_format() -> bool:
    return os.environ.get("URSUPPE_LOG_FORMAT", "text").strip().lower() == "json"


def formatter() -> logging.Formatter:
    """The formatter the environment asks for."""
    if json_format():
        return JsonFormatter(
            JSON_FIELDS,
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
        )
    return logging.Formatter(TEXT_FORMAT)


def add_filters(handler: logging.Handler) -> None:
    """The context and the token redaction on ``handler`` (idempotent)."""
    for kind in (ContextFilter, RedactTokens, RoutineFilter):
        if not any(isinstance(f, kind) for f in handler.filters):
            handler.addFilter(kind())


def configure(default_level: str | int = "INFO") -> None:
    """One stderr handler on the root logger with the chosen format, the context, the
    redaction and the routine filter, at ``URSUPPE_LOG_LEVEL`` (else ``default_level``:
    Celery's ``--loglevel``). Called once by each process's entry point, never by library
    code or tests' in-process apps."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(formatter())
    add_filters(handler)
    root.addHandler(handler)
    level = os.environ.get("URSUPPE_LOG_LEVEL", "").strip().upper() or default_level
    root.setLevel(level)
