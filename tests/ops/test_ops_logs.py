"""JSON log lines of a request: its request id, game id and acting seat, never a token."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from api import create_app
from service.plumbing import log_setup
from service.plumbing.config import Settings


@pytest.fixture
def json_lines(monkeypatch: pytest.MonkeyPatch) -> Iterator[io.StringIO]:
    """The root logger writes JSON lines into a buffer (as ``log_setup.configure`` sets it up)."""
    monkeypatch.setenv("URSUPPE_LOG_FORMAT", "json")
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(log_setup.formatter())
    log_setup.add_filters(handler)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    yield stream
    root.removeHandler(handler)
    root.setLevel(level)


def test_request_lines_carry_ids_and_seat_but_no_token(tmp_path: Path, json_lines) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'logs.sqlite'}", scheduler="none")
    http = create_app(settings).test_client()
    created = http.post("/api/v1/games", json={"players": 3}).json
    game_id = created["game"]["id"]
    tokens = [created["creator_token"]]
    for _ in range(3):
        tokens.append(http.post(f"/api/v1/games/{game_id}/seats", json={"name": "p"}).json["token"])
    pending = http.get(f"/api/v1/games/{game_id}/pending").json
    seat = pending["pending"]["seat"]
    submitted = http.post(
        f"/api/v1/games/{game_id}/actions",
        json={"action": pending["pending"]["actions"][0], "expected_seq": pending["seq"]},
        headers={"Authorization": f"Bearer {tokens[1 + seat]}", "X-Request-Id": "probe-42"},
    )
    assert submitted.status_code == 200, submitted.json
    assert submitted.headers["X-Request-Id"] == "probe-42"

    text = json_lines.getvalue()
    for token in tokens:
        assert token not in text
    records = [json.loads(line) for line in text.splitlines()]
    [submit] = [r for r in records if r.get("request_id") == "probe-42"]
    assert submit["logger"] == "ursuppe.request"
    assert (submit["game_id"], submit["seat"], submit["status"]) == (game_id, seat, 200)
    assert submit["route"] == "/api/v1/games/<game_id>/actions"
    # Every request got its own id; the next request's records do not keep the seat.
    # (Records without a request id come from other threads of this process, e.g. an
    # earlier test's abandoned bot under pytest-xdist: not this app's requests.)
    assert len({r["request_id"] for r in records if r["logger"] == "ursuppe.request"}) == 6
    others = [r for r in records if r.get("request_id") not in (None, "probe-42")]
    assert others and all("seat" not in r for r in others)


def test_routine_lines_are_debug_and_the_migrations_run_stay(json_lines: io.StringIO) -> None:
    """What every process says each time it checks the schema or a sweep runs is left out
    at INFO; a migration that runs is what an operator needs, and stays."""
    migration = logging.getLogger("alembic.runtime.migration")
    migration.info("Context impl SQLiteImpl.")
    migration.info("Will assume non-transactional DDL.")
    migration.info("Running upgrade 0015_seeks -> 0016_bot_owner, bot owner")
    logging.getLogger("celery.beat").info("Scheduler: Sending due task sweep-deadlines")
    logging.getLogger("celery.beat").info("beat: Starting...")
    said = [json.loads(line)["message"] for line in json_lines.getvalue().splitlines()]
    assert said == ["Running upgrade 0015_seeks -> 0016_bot_owner, bot owner", "beat: Starting..."]
    logging.getLogger().setLevel(logging.DEBUG)
    migration.info("Context impl SQLiteImpl.")
    last = json.loads(json_lines.getvalue().splitlines()[-1])
    assert (last["message"], last["level"]) == ("Context impl SQLiteImpl.", "DEBUG")
