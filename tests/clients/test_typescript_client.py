"""TypeScript types generated from the committed spec by openapi-typescript, as docs/api.md
says: they generate without a warning, a program using them (tests/clients/ts/play.ts, no
casts to any or unknown) compiles under ``tsc --strict``, and Node runs it to play whole
games against a live server, every decision read as a typed ``Decision``."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from harness.client_gen import TSCONFIG, generate_typescript_types, node_tool
from harness.web_server import LiveServer

PROGRAM = Path(__file__).parent / "ts" / "play.ts"


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory of the compiled program (out/play.js)."""
    work = tmp_path_factory.mktemp("typescript-client")
    output = generate_typescript_types(work / "api.ts")
    lines = [line for line in output.splitlines() if line.strip()]
    # A clean run prints its banner and the one file it wrote; warnings come as more lines.
    assert len(lines) == 2 and "openapi-typescript" in lines[0] and "→" in lines[1], output
    source = PROGRAM.read_text()
    assert not re.search(r"\bas\s+(any|unknown)\b|:\s*any\b", source), "no casts to any/unknown"
    shutil.copy(PROGRAM, work / "play.ts")
    (work / "tsconfig.json").write_text(json.dumps({**TSCONFIG, "files": ["play.ts"]}))
    done = subprocess.run(
        [str(node_tool("tsc")), "-p", "tsconfig.json"],
        cwd=work, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return work


@pytest.mark.parametrize("players", [4, 6])
def test_the_typescript_client_plays_a_whole_game(
    compiled: Path, server: LiveServer, players: int
) -> None:
    done = subprocess.run(
        ["node", str(compiled / "out" / "play.js"), server.base_url, str(players)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["status"] == "finished"
    assert sorted(summary["ranking"]) == list(range(players))
    assert len(summary["scores"]) == players
    assert {"start_space", "place_amoeba", "movement", "buy_genes", "divide"} <= set(
        summary["kinds"]
    )
    assert {"start_space", "place", "done"} <= set(summary["types"])
    assert summary["decisions"] > 10 * players
