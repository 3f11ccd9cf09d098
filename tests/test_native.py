"""The compiled build (native/): used exactly when current, and identical in play to the sources."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import ai.evaluation
import engine.game
import engine.rules.movement
import native

ROOT = Path(__file__).resolve().parent.parent


def _compiled(module: object) -> bool:
    return Path(module.__file__).suffix == ".so"  # type: ignore[attr-defined]


def test_modules_come_from_the_build_exactly_when_it_is_active():
    status = native.status()
    for module in (engine.game, engine.rules.movement, ai.evaluation):
        assert _compiled(module) == status.active, (module, status)
        assert Path(module.__file__).is_relative_to(native.BUILD_DIR) == status.active


def test_no_build_a_stale_build_or_the_switch_means_plain_python(tmp_path, monkeypatch):
    monkeypatch.setattr(native, "BUILD_DIR", tmp_path)
    assert not native._decide().active and "not built" in native._decide().reason
    stale = dict(native.fingerprint(), **{"engine/rules/feeding.py": "0" * 64})
    (tmp_path / native.MANIFEST).write_text(json.dumps(stale))
    decided = native._decide()
    assert not decided.active and "stale: engine/rules/feeding.py" in decided.reason
    (tmp_path / native.MANIFEST).write_text(json.dumps(native.fingerprint()))
    assert native._decide().active
    monkeypatch.setenv("URSUPPE_NATIVE", "0")
    assert not native._decide().active


def _selfcheck(**env: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "native.selfcheck"],
        cwd=ROOT,
        env={**os.environ, "URSUPPE_REQUIRE_NATIVE": "0", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_compiled_and_plain_builds_play_identical_games():
    """Events, saved states, evaluation values and bot choices of fixed games are the same."""
    plain = _selfcheck(URSUPPE_NATIVE="0")
    current = _selfcheck()
    assert plain["native"] is False
    assert current["native"] == native.status().active
    assert current["digest"] == plain["digest"]


def test_a_changed_source_makes_the_build_stale(tmp_path, monkeypatch):
    """An edited rule is never shadowed by an old binary: the fingerprint changes with it."""
    for rel in native.SOURCES:
        target = tmp_path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((ROOT / rel).read_bytes())
    before = native.fingerprint(tmp_path)
    rule = tmp_path / "engine/rules/feeding.py"
    rule.write_text(rule.read_text() + "\n# edited\n")
    after = native.fingerprint(tmp_path)
    assert [k for k in before if before[k] != after[k]] == ["engine/rules/feeding.py"]


def test_the_build_loads_from_any_directory(tmp_path):
    """As the ``ursuppe`` console script does: not from the repository, ``ai`` imported first
    (the build's own ``engine/`` folder must never stand in for the package)."""
    code = (
        "import ai.cli, engine, native; "
        "print(engine.Game.__module__, native.status().active, engine.game.__file__)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={**os.environ, "URSUPPE_REQUIRE_NATIVE": "0"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert out[0] == "engine.game"
    assert out[1] == str(native.status().active)
    assert out[2].endswith(".so") == native.status().active
