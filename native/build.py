"""Compile the hot modules with mypyc into ``var/native/`` (``make native``).

Usage: ``python -m native.build [--force]``. Skips the work when the manifest already matches
the sources. The build runs in a scratch directory and is moved into place only when it is
complete, with the manifest written last, so an interrupted build is never picked up.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from native import BUILD_DIR, GROUP, MANIFEST, ROOT, SOURCES, fingerprint

_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="ursuppe-native",
    ext_modules=mypycify(
        sys.argv[2:], group_name={group!r}, opt_level="3", target_dir=sys.argv[1] + ".c"
    ),
    script_args=["build_ext", "--build-lib", sys.argv[1], "--build-temp", sys.argv[1] + ".tmp"],
)
"""


def is_current() -> bool:
    manifest = BUILD_DIR / MANIFEST
    try:
        return json.loads(manifest.read_text()) == fingerprint()
    except (OSError, ValueError):
        return False


def build(force: bool = False) -> int:
    if not force and is_current():
        print(f"native: up to date ({BUILD_DIR})")
        return 0
    try:
        import mypyc  # noqa: F401
    except ImportError:
        print("native: mypyc is missing; install the dev extras (`make venv`)", file=sys.stderr)
        return 1
    print(f"native: compiling {len(SOURCES)} modules with mypyc (about a minute) ...", flush=True)
    started = time.perf_counter()
    before = fingerprint()
    BUILD_DIR.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="native-", dir=BUILD_DIR.parent))
    try:
        out = scratch / "lib"
        setup_py = scratch / "setup_native.py"
        setup_py.write_text(_SETUP.format(group=GROUP))
        env = dict(
            os.environ,
            URSUPPE_NATIVE="0",
            MYPY_CACHE_DIR=str(BUILD_DIR.parent / ".mypy_cache"),
        )
        proc = subprocess.run(
            [sys.executable, str(setup_py), str(out), *SOURCES],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        if proc.returncode != 0:
            print(proc.stdout[-6000:], file=sys.stderr)
            print("native: mypyc failed; the plain-Python modules stay in use", file=sys.stderr)
            return 1
        if fingerprint() != before:
            print("native: sources changed during the build; run it again", file=sys.stderr)
            return 1
        (out / MANIFEST).write_text(json.dumps(before, indent=1, sort_keys=True))
        if BUILD_DIR.exists():
            shutil.rmtree(BUILD_DIR)
        out.rename(BUILD_DIR)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"native: built in {time.perf_counter() - started:.0f} s -> {BUILD_DIR}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild even when up to date")
    args = parser.parse_args(argv)
    return build(force=args.force)


if __name__ == "__main__":
    raise SystemExit(main())
