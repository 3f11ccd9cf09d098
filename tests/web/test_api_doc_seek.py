"""docs/api.md's quick-play example runs as written against a live server (gunicorn, a
Celery worker with beat): the block is read from the page itself, so the two cannot drift.
Seeking alone, the program waits out the seek's 10 s and gets a game with two bots."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from harness.web_server import LiveServer

pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

API_MD = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def test_the_api_docs_seek_example_gets_a_game(server: LiveServer) -> None:
    text = API_MD.read_text()
    section = text[text.index("## Quick play: seeks") :]
    script = re.search(r"```bash\n(.*?)```", section, re.S).group(1)  # type: ignore[union-attr]
    assert "localhost:8000" in script
    host = server.base_url.removeprefix("http://")
    run = subprocess.run(
        ["bash", "-euo", "pipefail", "-c",
         script.replace("localhost:8000", host) + '\necho "$GAME $TOKEN"'],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    summary, last = run.stdout.strip().splitlines()[-2:]
    assert json.loads(summary) == ["active", ["human", "bot", "bot"]]
    game_id, token = last.split()
    # The token from GET /seeks/{id} is the seat's: it writes at the table as seat 0.
    req = subprocess.run(
        ["curl", "-s", "-XPOST", f"{server.base_url}/api/v1/games/{game_id}/chat",
         "-H", f"Authorization: Bearer {token}", "-H", "Content-Type: application/json",
         "-d", '{"text": "hello"}'],
        capture_output=True, text=True, timeout=30, check=True,
    )  # fmt: skip
    assert json.loads(req.stdout)["seat"] == 0
