"""Engine cost in CPU instructions per action, counted by valgrind (callgrind).

Why a second engine benchmark: wall-clock figures depend on the machine, and this project's
machines differ a lot (the same engine measured 85,000 checked actions/s on one session's VM and
300,000 on another's), while an instruction count is the same for the same binary and inputs
whatever else the machine does. So changes to the engine are compared here, and the actions/s
of ``bench.engine_bench`` say what this particular machine makes of them.

Method: the timed loop of ``bench.engine_bench`` (``play_random``: random 4-player games, checked ``apply`` with
events, and ``apply_unchecked``) runs under callgrind for GAMES games and for none; the
difference divided by the actions played is the cost of one action, game set-up included.
Results: bench/results/engine_instructions.json (skipped, with a message, without valgrind).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "engine_instructions.json"
GAMES = 40

_LOOP = """
import sys
from bench.engine_bench import play_random
players, variant = int(sys.argv[3]), (sys.argv[4] if sys.argv[4] != "-" else None)
print("actions", play_random(int(sys.argv[1]), players, sys.argv[2] == "checked", variant,
                             sys.argv[5] == "scores"))
"""
#: (label, players, variant or "-", "scores" or "-") for ``--side-by-side``.
SIDE_BY_SIDE = (("3", 3, "-", "-"), ("4", 4, "-", "-"), ("5", 5, "-", "-"), ("6", 6, "-", "-"),
                ("double_1", 2, "double_1", "-"),
                ("double_2", 2, "double_2", "-"), ("decoy", 2, "decoy", "-"), ("decoy+decoy_scores", 2, "decoy", "scores"))  # fmt: skip
SIDE_GAMES = 10


def _count(
    script: Path, games: int, mode: str, config: tuple[int, str, str] = (4, "-", "-")
) -> tuple[int, int]:
    """(instructions, actions) of one run of the loop under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
             sys.executable, str(script), str(games), mode, *map(str, config)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=True,
        )  # fmt: skip
    collected = re.search(r"Collected : (\d+)", proc.stderr)
    actions = re.search(r"^actions (\d+)", proc.stdout, re.M)
    if collected is None or actions is None:
        raise RuntimeError(f"unexpected callgrind output: {proc.stderr[-500:]}")
    return int(collected.group(1)), int(actions.group(1))


def measure() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "loop.py"
        script.write_text(_LOOP)
        out: dict = {}
        for mode in ("checked", "unchecked"):
            total, actions = _count(script, GAMES, mode)
            base, _ = _count(script, 0, mode)
            out[mode] = {"actions": actions, "instructions_per_action": (total - base) // actions}
        return out


def side_by_side() -> dict:
    """Checked instructions per action for 3 to 6 players and each 2-player variant, over
    SIDE_GAMES games each (seeds 0..): saved to engine_instructions_side_by_side.json."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "loop.py"
        script.write_text(_LOOP)
        out: dict = {"games": SIDE_GAMES}
        for label, *config in SIDE_BY_SIDE:
            key = tuple(config)
            total, actions = _count(script, SIDE_GAMES, "checked", key)  # type: ignore[arg-type]
            base, _ = _count(script, 0, "checked", key)  # type: ignore[arg-type]
            out[label] = {"actions": actions, "instructions_per_action": (total - base) // actions}
            print(f"  {label}: {out[label]['instructions_per_action']:,} instructions per checked "
                  f"action ({actions} actions)", flush=True)  # fmt: skip
    path = RESULTS.with_name("engine_instructions_side_by_side.json")
    path.write_text(json.dumps(out, indent=2) + "\n")
    print(f"saved {path}")
    return out


def main() -> dict | None:
    if shutil.which("valgrind") is None:
        print("engine_instructions: valgrind is not installed; skipped")
        return None
    print(f"engine_instructions: {GAMES} random 4-player games under callgrind ...", flush=True)
    result = {"games": GAMES, **measure()}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(
        f"{result['checked']['instructions_per_action']:,} instructions per checked action, "
        f"{result['unchecked']['instructions_per_action']:,} unchecked"
    )
    print(f"saved {RESULTS}")
    return result


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--side-by-side":
        if shutil.which("valgrind") is None:
            print("engine_instructions: valgrind is not installed; skipped")
        else:
            side_by_side()
    else:
        main()
