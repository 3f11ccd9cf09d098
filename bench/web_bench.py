"""The web client in headless Chromium against the live service (gunicorn + Celery + the
stream): page weight of a game page, time to interactive, and the time from a bot's
committed move to the page drawing it (player and spectator). Results in
``bench/results/web.json``.

Run: ``python -m bench.web_bench`` (needs Redis and Debian's chromium; ``make bench``
starts Redis).
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import urllib.request
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.percentiles import rank
from harness.browser import chromium
from harness.screenshots import create_in_lobby
from harness.web_play import play_turns, wait_for
from harness.web_server import live_server

RESULTS = Path(__file__).parent / "results" / "web.json"
LOADS = 5
TURNS = 40

WEIGHT_JS = """
const nav = performance.getEntriesByType('navigation')[0];
const res = performance.getEntriesByType('resource');
return {navigation: nav.transferSize, ready_ms: window.ursuppe.interactiveAt,
        stream_open_ms: window.ursuppe.readyAt,
        dom_content_loaded_ms: nav.domContentLoadedEventEnd,
        resources: res.map(r => [r.name, r.transferSize, r.encodedBodySize])};
"""


def _events(base: str, game_id: str) -> list[dict[str, Any]]:
    items, since = [], 0
    while True:
        url = f"{base}/api/v1/games/{game_id}/events?since={since}&limit=500"
        with urllib.request.urlopen(url, timeout=10) as resp:
            page = json.load(resp)
        items += page["items"]
        if page["next_since"] is None:
            return items
        since = page["next_since"]


def _draw_latencies(drawn: dict[str, float], entries: list[dict[str, Any]]) -> list[float]:
    """ms from each bot entry's commit to the first render showing that seq or a later one."""
    renders = sorted((int(seq), at) for seq, at in drawn.items())
    out = []
    for entry in entries:
        if entry["actor"] != "bot":
            continue
        committed = datetime.fromisoformat(entry["created_at"]).timestamp() * 1000
        shown = next((at for seq, at in renders if seq >= entry["seq"]), None)
        if shown is not None and shown >= committed - 50:  # drawn live, not on page load
            out.append(shown - committed)
    return out


def main() -> None:
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp, live_server(Path(tmp)) as server:
        base = server.base_url
        with chromium() as player, chromium() as watcher:
            game_id = create_in_lobby(player, base, "Bench")
            wait_for(player, lambda s: s["ready"], 30, "the game page")
            watcher.get(f"{base}/game/{game_id}?watch")
            wait_for(watcher, lambda s: s["ready"], 30, "the watcher")
            play_turns(player, rng, max_turns=TURNS)
            entries = _events(base, game_id)
            get_drawn = "return window.ursuppe.drawn"
            player_lat = _draw_latencies(player.execute_script(get_drawn), entries)
            watcher_lat = _draw_latencies(watcher.execute_script(get_drawn), entries)
        loads = []
        for _ in range(LOADS):  # a fresh profile each time: nothing cached
            with chromium() as fresh:
                fresh.get(f"{base}/game/{game_id}?watch")
                wait_for(fresh, lambda s: s["ready"], 30, "the game page")
                loads.append(fresh.execute_script(WEIGHT_JS))
    first = loads[0]
    total = first["navigation"] + sum(r[1] for r in first["resources"])
    result = {
        "game_page_kb_transferred": round(total / 1024, 1),
        "game_page_parts_kb": {
            r[0].replace(base, ""): round(r[1] / 1024, 1) for r in first["resources"]
        },
        "time_to_interactive_ms": {
            "median": round(statistics.median(x["ready_ms"] for x in loads), 1),
            "runs": [round(x["ready_ms"], 1) for x in loads],
            "what": "navigation start to the board, log and decision drawn (clickable)",
        },
        "stream_open_ms": {
            "median": round(statistics.median(x["stream_open_ms"] for x in loads), 1),
            "what": "navigation start to the live stream's first response",
        },
        "bot_move_to_drawn_ms": {
            "player": {
                "n": len(player_lat),
                "p50": rank(player_lat, 0.5),
                "p95": rank(player_lat, 0.95),
            },
            "spectator": {
                "n": len(watcher_lat),
                "p50": rank(watcher_lat, 0.5),
                "p95": rank(watcher_lat, 0.95),
            },
            "what": "log entry's created_at (commit) to the first render showing it",
        },  # fmt: skip
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
