"""No statement parameters in any log (issue 26): a failing statement's error, as the web
log records it, names the statement but none of its values (a seat's token hash was one)."""

from __future__ import annotations

import logging
import uuid

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from service.plumbing.db import make_engine


@pytest.mark.parametrize("echo", [False, True])
def test_a_failing_statement_logs_no_parameters(
    db_url: str, caplog: pytest.LogCaptureFixture, echo: bool
) -> None:
    secret = "hash-" + uuid.uuid4().hex
    engine = make_engine(db_url, echo=echo)
    try:
        with caplog.at_level(logging.INFO):
            with pytest.raises(DBAPIError) as failed, engine.begin() as conn:
                conn.execute(
                    text("UPDATE no_such_table SET token_hash = :digest"), {"digest": secret}
                )
            logging.getLogger("api.problems").error("unhandled error", exc_info=failed.value)
    finally:
        engine.dispose()
    assert "no_such_table" in caplog.text  # the statement is logged ...
    assert secret not in caplog.text  # ... its parameters are not
    assert secret not in str(failed.value)
