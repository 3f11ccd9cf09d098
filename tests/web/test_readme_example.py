"""The README's "API in one minute" runs as written against a live server (gunicorn and a
Celery worker): the block is read from the README itself, so the two cannot drift."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from harness.web_server import LiveServer
from tests.web.test_web_play import api

pytestmark = pytest.mark.integration

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_block(heading: str) -> str:
    text = README.read_text()
    section = text[text.index(heading) :]
    return re.search(r"```bash\n(.*?)```", section, re.S).group(1)  # type: ignore[union-attr]


def test_the_readmes_api_example_plays_a_move(server: LiveServer) -> None:
    script = readme_block("## The API in one minute")
    assert "localhost:8000" in script
    host = server.base_url.removeprefix("http://")
    run = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script.replace("localhost:8000", host) + "\necho; echo $GAME"],
        capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    *answer, game_id = run.stdout.strip().splitlines()
    applied = json.loads("\n".join(answer))
    assert "code" not in applied, applied  # not a problem document
    assert applied["seq"] >= 1
    log = api(server, f"/games/{game_id}/events")
    assert any(e["seat"] == 0 for e in log["items"] if e.get("action") is not None), log
