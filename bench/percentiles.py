"""Percentiles of measured samples, as the benchmarks report them (rounded; None when
nothing was measured). Two definitions are in use, each kept so results stay comparable
with the files already under ``bench/results/``."""

from __future__ import annotations

import statistics


def rank(values: list[float], q: float) -> float | None:
    """The sorted values' element at index ⌊q·n⌋ (the last for q = 1), to 0.1."""
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def nearest(values: list[float], q: float, digits: int = 1) -> float | None:
    """The sorted values' element nearest to position q·(n − 1), to ``digits``."""
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))], digits)


def summary(values: list[float], digits: int = 1) -> dict[str, float | None]:
    """Count, p50 and p95 (``nearest``), mean and maximum, to ``digits``."""
    return {
        "n": len(values),
        "p50": nearest(values, 0.50, digits),
        "p95": nearest(values, 0.95, digits),
        "mean": round(statistics.fmean(values), digits),
        "max": round(max(values), digits),
    }
