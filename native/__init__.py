"""The compiled build of the hot modules (engine, and the AI's evaluation and search).

Why: the engine and the bots' evaluation are plain Python, and stay so - the sources are the
only truth, and they run as they are. ``python -m native.build`` compiles the same sources
with mypyc into ``var/native/`` (about twice as fast; ``make bench`` gives the figures). The
compiled modules are used only when they were built from exactly the sources in the tree:
``var/native/manifest.json`` records a SHA-256 of every compiled source, and ``activate``
compares it at import. Anything else - no build, a stale build, another Python,
``URSUPPE_NATIVE=0`` - and the package runs as plain Python, so an edited rule is never
shadowed by an old binary. It is all or nothing: compiled modules call each other directly,
so a half-compiled engine is never mixed.

Writing for both builds: module constants are ``Final`` (the compiled code reads them as C
statics, not by a dict lookup per use); a function's annotations are enforced by the compiled
build, so public entry points that validate their input take ``object``; a variable that starts
as an int must not later hold a float; a stack frame's items are untyped, so rules unpack them
with ``cast`` to the frame's tuple type or annotate them (``seat: int = frame[1]``), else every
operation on them is a generic Python call. ``tests/test_native.py`` plays fixed games in both
builds and compares every event, state and bot choice.

``URSUPPE_REQUIRE_NATIVE=1`` turns a fallback into an ImportError (``make test`` sets it, so
the suite checks what production runs).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import sysconfig
import warnings
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_DIR = Path(os.environ.get("URSUPPE_NATIVE_DIR", ROOT / "var" / "native"))
MANIFEST = "manifest.json"
GROUP = "ursuppe_native"

# The modules compiled, as paths relative to ROOT. Package ``__init__`` files stay plain
# Python: they are where ``activate`` runs.
SOURCES: tuple[str, ...] = (
    "engine/actions.py",
    "engine/board.py",
    "engine/compass.py",
    "engine/environment.py",
    "engine/errors.py",
    "engine/game.py",
    "engine/genes.py",
    "engine/machine.py",
    "engine/position.py",
    "engine/rng.py",
    "engine/rules_data.py",
    "engine/state.py",
    "engine/rules/combat.py",
    "engine/rules/common.py",
    "engine/rules/deaths.py",
    "engine/rules/defects.py",
    "engine/rules/division.py",
    "engine/rules/feeding.py",
    "engine/rules/market.py",
    "engine/rules/movement.py",
    "engine/rules/rounds.py",
    "engine/rules/scoring.py",
    "engine/rules/setup.py",
    "ai/evaluation.py",
    "ai/greedy.py",
    "ai/mcts.py",
    "ai/value.py",
)


@dataclass(frozen=True)
class Status:
    """Whether the compiled build is in use, and why (or why not)."""

    active: bool
    reason: str


def fingerprint(root: Path = ROOT) -> dict[str, str]:
    """SHA-256 of every compiled source, plus the interpreter ABI the build is for."""
    out = {rel: hashlib.sha256((root / rel).read_bytes()).hexdigest() for rel in SOURCES}
    out["abi"] = sysconfig.get_config_var("EXT_SUFFIX") or ""
    return out


def _decide() -> Status:
    if os.environ.get("URSUPPE_NATIVE", "1") == "0":
        return Status(False, "disabled by URSUPPE_NATIVE=0")
    manifest = BUILD_DIR / MANIFEST
    if not manifest.is_file():
        return Status(False, f"not built ({manifest} missing; run `make native`)")
    try:
        built = json.loads(manifest.read_text())
    except (OSError, ValueError) as exc:
        return Status(False, f"unreadable manifest {manifest}: {exc}")
    current = fingerprint()
    changed = sorted(k for k in current if built.get(k) != current[k])
    if changed:
        shown = ", ".join(changed[:3]) + (" ..." if len(changed) > 3 else "")
        return Status(False, f"stale: {shown} changed since the build; run `make native`")
    return Status(True, f"compiled modules from {BUILD_DIR}")


_STATUS: Status | None = None


def status() -> Status:
    """Decided once per process, at the first import of ``engine`` or ``ai``."""
    global _STATUS
    if _STATUS is None:
        _STATUS = _decide()
        if _STATUS.active:
            _load_shared_library()
        elif os.environ.get("URSUPPE_REQUIRE_NATIVE") == "1":
            raise ImportError(
                f"URSUPPE_REQUIRE_NATIVE=1 but the compiled build is unused: {_STATUS.reason}"
            )
        elif "stale" in _STATUS.reason:
            warnings.warn(f"running plain Python: {_STATUS.reason}", stacklevel=3)
    return _STATUS


def _load_shared_library() -> None:
    """Register the library every compiled module imports by its top-level name.

    Loaded by path rather than by putting BUILD_DIR on sys.path: there, its ``engine/`` and
    ``ai/`` folders (no ``__init__``) would shadow the real packages as namespace packages.
    """
    name = f"{GROUP}__mypyc"
    if name in sys.modules:
        return
    path = BUILD_DIR / f"{name}{sysconfig.get_config_var('EXT_SUFFIX')}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load the compiled build's library {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


def activate(package_path: list[str], package: str) -> None:
    """Put the compiled modules of ``package`` (dotted name) ahead of its sources."""
    if status().active:
        compiled = BUILD_DIR.joinpath(*package.split("."))
        if compiled.is_dir():
            package_path.insert(0, str(compiled))
