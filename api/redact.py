"""Keep tokens out of the app's logs: the filter of ``service.plumbing.redaction`` on the app's
logger and on every root handler."""

from __future__ import annotations

import logging

from flask import Flask

from service.plumbing.redaction import RedactTokens

_FILTER = RedactTokens()


def install_redaction(app: Flask) -> None:
    """Attach the filter to the app's logger and to every root handler without one (idempotent)."""
    if _FILTER not in app.logger.filters:
        app.logger.addFilter(_FILTER)
    for handler in logging.getLogger().handlers:
        # Once per handler: ``service.plumbing.log_setup`` already gives the process's handler its own
        # (a second would scan every line twice).
        if not any(isinstance(f, RedactTokens) for f in handler.filters):
            handler.addFilter(_FILTER)
