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
print("actions", play_random(int(sys.argv[1]), 4, sys.argv[2] == "checked"))
"""


def _count(script: Path, games: int, mode: str) -> tuple[int, int]:
    """(instructions, actions) of one run of the loop under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
             sys.executable, str(script), str(games), mode],
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
    main()
