"""Each request hook's share of a read's and a submit's CPU, by profile.

``python -m bench.hook_shares [--db sqlite|postgresql] [--n N]``

The guard's read and submit figures (``bench.guard``: the app ``api.wsgi`` serves, through
Flask's test client) run ``N`` times (submits: at most 120) under cProfile timed by ``time.process_time``; each
app-wide before/after/teardown hook's cumulative CPU is a share of the whole request's, by
group: the request log and metrics (``api.observe``), the limiter (flask-limiter's hooks
and ours around them), the scope check, the compression and the security headers. A
profile, not a bare measurement: the profiler's own cost weighs on code of many small calls
more than on the rest, so compare shares of two trees measured this way, not with the
guard's figures. Calls are counted exactly, so a loaded machine moves these shares far
less than it moves a ratio of two CPU timings.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from bench import guard

#: Hook groups, by a marker in each hook's module or qualified name.
GROUPS = {
    "observe (log line, metrics, request id)": ("api.observe",),
    "limiter": ("flask_limiter", "api.ratelimit"),
    "scopes": ("api.scopes",),
    "compression": ("flask_compress",),
    "security headers": ("api.security_headers",),
}


def _code(hook: Callable[..., Any]) -> Any:
    inner = getattr(hook, "func", hook)  # functools.partial
    return getattr(inner, "__func__", inner).__code__  # a bound method's function


def _group(hook: Callable[..., Any]) -> str | None:
    inner = getattr(hook, "func", hook)
    name = f"{getattr(inner, '__module__', '')}.{getattr(inner, '__qualname__', '')}"
    return next((group for group, marks in GROUPS.items() if any(m in name for m in marks)), None)


def shares(app: Any, step: Callable[[], None], n: int) -> dict[str, float]:
    """CPU µs per call of ``step`` (profiled) and each group's share of it, %."""
    groups: dict[tuple[str, int, str], str] = {}
    for hooks in (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs):
        for hook in hooks.get(None, []):
            group, code = _group(hook), _code(hook)
            if group is not None:
                groups[(code.co_filename, code.co_firstlineno, code.co_name)] = group
    gc.collect()
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for _ in range(n):
        step()
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    whole = max(cumulative for _, _, _, cumulative, _ in stats.values())
    spent = dict.fromkeys(GROUPS, 0.0)
    for key, (_, _, _, cumulative, _) in stats.items():
        if key in groups:
            spent[groups[key]] += cumulative
    return {"profiled_us": round(1e6 * whole / n, 1)} | {
        group: round(100 * cpu / whole, 1) for group, cpu in spent.items()
    }


def measure(kind: str, n: int) -> dict[str, dict[str, float]]:
    out = {}
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        # The submit figure's games hold about 150 submits after the warm-up.
        for name, setup, calls in (
            ("read", guard.read_figure, n),
            ("submit", guard.submit_figure, min(n, 120)),
        ):
            figure = setup(kind)(stack, Path(tmp))
            for _ in range(10):  # warm-up: imports, compiled statements, caches
                figure.step()
            out[name] = shares(figure.app, figure.step, calls)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="sqlite")
    parser.add_argument("--n", type=int, default=500)
    args = parser.parse_args(argv)
    for name, row in measure(args.db, args.n).items():
        print(f"{name} ({args.db}): {row.pop('profiled_us')} µs profiled; shares:")
        for group, share in row.items():
            print(f"  {group:42s} {share:5.1f}%")


if __name__ == "__main__":
    main()
