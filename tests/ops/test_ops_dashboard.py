"""The dashboard and the alert table name only series the processes export."""

from __future__ import annotations

import json
import re
from pathlib import Path

from prometheus_client.metrics import MetricWrapperBase

from service.plumbing import metrics

ROOT = Path(__file__).resolve().parents[2]
#: Families built at scrape time by collectors (api.observe, workers.metrics).
SCRAPED = {"ursuppe_games", "ursuppe_heartbeat_age_seconds", "ursuppe_queue_depth",
           "ursuppe_queue_unacked"}  # fmt: skip
SUFFIXES = ("_bucket", "_count", "_sum", "_total")


def exported() -> set[str]:
    names = set(SCRAPED)
    for value in vars(metrics).values():
        if isinstance(value, MetricWrapperBase):
            names.add(value._name)  # counters' names lack "_total" here, as in families
    return names


def family(series: str) -> str:
    for suffix in SUFFIXES:
        if series.endswith(suffix):
            return series[: -len(suffix)]
    return series


def test_the_dashboard_and_the_alerts_use_only_exported_series() -> None:
    dashboard = json.loads((ROOT / "deploy" / "grafana-dashboard.json").read_text())
    exprs = " ".join(t["expr"] for p in dashboard["panels"] for t in p["targets"])
    alerts = (ROOT / "docs" / "deploy.md").read_text().split("### Alerts", 1)[1]
    used = {family(n) for n in re.findall(r"ursuppe_[a-z_]+", exprs + alerts)}
    assert used, "no series found"
    assert used <= exported(), sorted(used - exported())
    # Every exported series is on the dashboard.
    on_dashboard = {family(n) for n in re.findall(r"ursuppe_[a-z_]+", exprs)}
    assert exported() - {"ursuppe_beat_sends"} <= on_dashboard, sorted(exported() - on_dashboard)
