"""The bridge under load: one ``ursuppe-bridge`` (in process) playing seat 0 of ``--games``
(30) concurrent ``--players``-player (4) games with a trivial engine (it answers
``pending.actions[0]``), the other seats ``random`` bots, beside the same games with the
service's own ``random`` bot in seat 0, each against a fresh ``make run``
(``harness.embedded.Runner``: SQLite, its own Redis, worker and beat).

``python -m bench.bridge_bench`` writes ``bench/results/bridge.json``. Each arm plays for
``--seconds`` (the games need not end: 100 games of ~230 moves each would take the shared
machine many minutes per arm) and is measured from the games' logs over that window:

* ``seat0_decisions_per_s``: seat 0's decisions logged in the window, per second (the
  bridge's decisions in the bridge arm); ``moves_per_s``: all seats' moves;
* ``seat0_gap_ms``: for each of seat 0's decisions, the time between the log entry before
  it and its own (server clock: the commit that made the decision pending to the commit of
  the answer). In the bridge arm that is the stream's notice, the bridge's two reads, the
  engine and the submit; in the random arm the worker's scheduling and the bot. The
  difference of the two is what the bridge adds per decision as the server sees it;
* ``bridge_cpu_ms_per_decision`` (bridge arm): the CPU time of the bridge's process over
  the window, per decision (the engine processes not included);
* ``bridge_ms`` (bridge arm): the bridge's own time per decision, from the stream's
  notice arriving to the submit's answer, less ``engine_ms`` (the engine's time); of it
  ``read_ms`` (reading the game) and ``submit_ms`` (the submit's request);
* ``notice_ms`` (bridge arm): from the commit of the log entry that made the decision
  pending (the server's clock) to the stream's ``your_turn`` reaching the bridge (the
  same machine's clock).

``goals`` compares the run with issue 62's: the bridge adds at most 20 ms (p50) and
100 ms (p95) per decision over the ``random`` bot, and makes at least 150 seat decisions
per second. ``--small-games`` (0: not run) runs both arms again with that many games.

The games' creators are spread over players (4 games each), so that the service's fair
share of bot work (docs/api.md, "Rate limits") holds neither arm back.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ursuppe_client import Client
from ursuppe_client.bridge import Bridge, EnginePool, hello_message

from bench.percentiles import summary
from harness.embedded import Runner, free_port

RESULTS = Path(__file__).resolve().parent / "results" / "bridge.json"
TRIVIAL_ENGINE = """\
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "decision":
        print(json.dumps({"action": message["pending"]["pending"]["actions"][0]}), flush=True)
"""
RANDOM = {"kind": "bot", "level": "random"}
PER_CREATOR = 4


def _creators(base: str, count: int) -> list[Client]:
    out = []
    for i in range(count):
        client = Client(base)
        client.create_player({"name": f"creator{i}"})
        out.append(client)
    return out


def _entries(client: Client, game_id: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    since: int | None = 0
    while since is not None:
        page = client.list_game_events(game_id, since=since, limit=500)
        entries += page["items"]
        since = page["next_since"]
    return entries


def _window(base: str, games: list[str], start: datetime, end: datetime) -> dict[str, Any]:
    """Moves and seat 0's decisions logged between ``start`` and ``end``, from the logs."""
    moves, seat0, gaps = 0, 0, []
    with Client(base) as client:
        for game_id in games:
            entries = _entries(client, game_id)
            stamps = [datetime.fromisoformat(e["created_at"]) for e in entries]
            for i, entry in enumerate(entries):
                if not start <= stamps[i] <= end or entry.get("action") is None:
                    continue
                moves += 1
                if entry["seat"] == 0:
                    seat0 += 1
                    if i > 0:
                        gaps.append((stamps[i] - stamps[i - 1]).total_seconds() * 1000)
    seconds = (end - start).total_seconds()
    return {
        "seconds": round(seconds, 1),
        "moves": moves,
        "moves_per_s": round(moves / seconds, 1),
        "seat0_decisions": seat0,
        "seat0_decisions_per_s": round(seat0 / seconds, 1),
        "seat0_gap_ms": summary(gaps),
    }


def _notice_ms(base: str, records: list[Any]) -> dict[str, Any]:
    """The stream's notice delay per decision: the bridge's receipt (wall clock) less the
    commit of the entry whose seq is the decision's (it made the decision pending)."""
    delays = []
    with Client(base) as client:
        for game_id in {r.game_id for r in records}:
            made = {e["seq"]: datetime.fromisoformat(e["created_at"]).timestamp()
                    for e in _entries(client, game_id)}  # fmt: skip
            delays += [(r.noticed_at - made[r.seq]) * 1000 for r in records
                       if r.game_id == game_id and r.seq in made and r.noticed_at]  # fmt: skip
    return summary(delays)


def bridge_arm(
    base: str, games: int, seconds: float, pool: int, workdir: Path, players: int
) -> dict[str, Any]:
    creators = _creators(base, max(1, games // PER_CREATOR))
    bot = Client(base)
    player = bot.create_player({"name": "bench-bridge"})["player"]["id"]
    as_bot = True
    try:
        bot.request("POST", "/api/v1/players/me/bot-account", token=bot.player_token)
    except Exception:  # a server without bot accounts: the player holds human seats
        as_bot = False
    seat0 = {"kind": "bot", "player": player} if as_bot else {"kind": "human", "player": player}
    # A bot account is seated by another creator only with its consent: it enters a label
    # of each creator, whose games then name it (docs/api.md, "Who may do what").
    labels = [f"bridge-bench-{uuid.uuid4().hex[:8]}-{i}" for i in range(len(creators))]
    for creator, label in zip(creators, labels, strict=True):
        creator.claim_label(label)
        if as_bot:
            bot.enter_label(label, {})
    ids = []
    for n in range(games):
        creator, label = creators[n % len(creators)], labels[n % len(creators)]
        seats = [seat0, *[RANDOM] * (players - 1)]
        game = creator.create_game({"players": players, "seats": seats, "label": label})
        ids.append(game["game"]["id"])
    if not as_bot:  # the human seats taken first: the games wait on seat 0 from then on
        with ThreadPoolExecutor(8) as pool_:
            list(pool_.map(lambda g: bot.join_game(g, {"name": "bench-bridge", "seat": 0}), ids))
    engine = workdir / "trivial_engine.py"
    engine.write_text(TRIVIAL_ENGINE)
    client = Client(base, player_token=bot.player_token)
    engines = EnginePool([sys.executable, str(engine)], "pool", pool, hello_message(player))
    bridge = Bridge(client, engines, move_time=10.0)
    thread = threading.Thread(target=bridge.run, daemon=True)
    thread.start()
    assert bridge.connected.wait(60), "the bridge did not connect"
    start, cpu = datetime.now(UTC), time.process_time()
    time.sleep(seconds)
    end, cpu = datetime.now(UTC), time.process_time() - cpu
    bridge.stop()
    thread.join(30)
    records = [r for r in bridge.records if r.outcome in ("ok", "replayed")]
    result = _window(base, ids, start, end)
    result.update(
        seated_as="bot account" if as_bot else "human seats of a player",
        engine_pool=pool,
        bridge_decisions=len(records),
        # This process is the bridge alone during the window (the engines apart).
        bridge_cpu_ms_per_decision=round(cpu * 1000 / max(1, len(records)), 2),
        fallbacks=sum(1 for r in bridge.records if r.source != "engine"),
        bridge_ms=summary([r.bridge_s * 1000 for r in records]),
        engine_ms=summary([r.engine_s * 1000 for r in records]),
        read_ms=summary([r.read_s * 1000 for r in records]),
        submit_ms=summary([r.submit_s * 1000 for r in records]),
        notice_ms=_notice_ms(base, records),
    )
    return result


def random_arm(base: str, games: int, seconds: float, players: int) -> dict[str, Any]:
    creators = _creators(base, max(1, games // PER_CREATOR))
    start = datetime.now(UTC)
    ids = []
    for n in range(games):
        creator = creators[n % len(creators)]
        game = creator.create_game({"players": players, "seats": [RANDOM] * players})
        ids.append(game["game"]["id"])
    time.sleep(max(0.0, seconds - (datetime.now(UTC) - start).total_seconds()))
    return _window(base, ids, start, datetime.now(UTC))


def _with_runner(phase: Any) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="ue-bridge-bench-") as tmp:
        runner = Runner(
            Path(tmp) / "var", free_port(), Path(tmp) / "run.log",
            extra={"URSUPPE_PLAYER_CREATE_RATE_LIMIT": "1000/60"},
        )  # fmt: skip
        runner.start()
        try:
            base = runner.wait_up().removesuffix("/api/v1")
            return phase(base, Path(tmp))  # type: ignore[no-any-return]
        finally:
            runner.stop()


#: Issue 62's goals at 30 games: what the bridge adds per decision, and its rate.
GOALS = {"added_p50_ms": 20.0, "added_p95_ms": 100.0, "seat0_decisions_per_s": 150.0}


def _goals(runs: dict[str, Any], added: dict[str, Any], games: int) -> dict[str, Any]:
    """Each goal with the run's figure and whether it is met (``None``: not measured)."""
    gap = added.get(f"{games}_games", {})
    rate = runs.get(f"bridge_{games}_games", {}).get("seat0_decisions_per_s")
    figures = {"added_p50_ms": gap.get("p50"), "added_p95_ms": gap.get("p95"),
               "seat0_decisions_per_s": rate}  # fmt: skip
    out = {}
    for name, goal in GOALS.items():
        value = figures[name]
        met = None if value is None else value >= goal if name.endswith("_per_s") else value <= goal
        out[name] = {"goal": goal, "measured": value, "met": met}
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=4, help="players per game")
    parser.add_argument("--seconds", type=float, default=60.0, help="each arm's window")
    parser.add_argument("--small-games", type=int, default=0,
                        help="the same with this many games too, half the window (0: not)")  # fmt: skip
    parser.add_argument("--pool", type=int, default=4, help="engine processes of the bridge")
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    load_before = os.getloadavg()[0]
    runs: dict[str, Any] = {}
    added: dict[str, Any] = {}
    for games, seconds in ((args.games, args.seconds), (args.small_games, args.seconds / 2)):
        if not games:
            continue
        runs[f"bridge_{games}_games"] = _with_runner(
            lambda base, tmp, g=games, s=seconds: bridge_arm(
                base, g, s, args.pool, tmp, args.players
            )
        )
        runs[f"random_bot_{games}_games"] = _with_runner(
            lambda base, tmp, g=games, s=seconds: random_arm(base, g, s, args.players)
        )
        b = runs[f"bridge_{games}_games"]["seat0_gap_ms"]
        r = runs[f"random_bot_{games}_games"]["seat0_gap_ms"]
        added[f"{games}_games"] = {
            q: round(b[q] - r[q], 1)
            for q in ("p50", "p95")
            if b.get(q) is not None and r.get(q) is not None
        }
    results = {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load_average_before": round(load_before, 2),
        "load_average_after": round(os.getloadavg()[0], 2),
        "players_per_game": args.players,
        "runs": runs,
        "bridge_added_gap_ms": added,
        "goals": _goals(runs, added, args.games),
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return results


if __name__ == "__main__":
    main()
