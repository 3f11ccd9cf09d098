"""A whole Swiss under ``make run``: entrants whose seats the service's bots play, to the
last round, with the final standings checked against a recomputation from the records.

``python -m bench.tournament_soak --entrants 200 --rounds 5`` starts the runner of this
checkout (``scripts/run_embedded.py``, what ``make run`` runs: its own var dir, port and
SQLite database), creates ``--entrants`` players and a Swiss at tables of ``--players``
with a short per-decision clock, enters them all, and waits while the workers run it.
Nobody plays by hand: each seat's first decision times out and, under the tournament's
``bot`` timeout policy, the stand-in (``URSUPPE_STANDIN_LEVEL``, ``--level``) plays it to
the end (docs/tournaments.md, "Missed rounds"; ``missed_limit`` is set high enough that
nobody is withdrawn for it). Progress goes to stdout, one line per poll.

At the end it reads ``/standings``, ``/rounds`` (the byes) and ``/records`` (every game's
record, ndjson) and recomputes each entrant's score, games, byes and opponents' score
from the records alone, with its own arithmetic (the rules of docs/tournaments.md,
"Scoring" and "Tie-breaks"), then compares. Writes
``bench/results/tournament-soak-<entrants>x<rounds>-<level>.json``: wall time, the CPU
time of the runner's process tree (``RUSAGE_CHILDREN`` once it stopped: every process it
started), per-round times and the comparison (``equal``: true when every line matched).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import orjson
import requests

from harness.embedded import Runner, free_port

RESULTS = Path(__file__).resolve().parent / "results"
BYE = Fraction(1, 2)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_players(base: str, count: int, threads: int = 4) -> list[tuple[str, str]]:
    """``count`` new players: (id, player token) each."""

    def one(n: int) -> tuple[str, str]:
        r = requests.post(f"{base}/players", json={"name": f"soak{n:04}"}, timeout=60)
        assert r.status_code == 201, r.text
        return r.json()["player"]["id"], r.json()["token"]

    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(one, range(count)))


def recompute(records: list[dict[str, Any]], byes: list[str], entrants: set[str]) -> dict:
    """Score, games, byes and opponents' score of every entrant from the games' records
    alone: places from ``result.ranking`` (a list of seats, best first) and the seats'
    players; a table of k seats (the service's bots counted) pays (k - place) / (k - 1), a
    bye 1/2; only entrants are opponents for the opponents' score."""
    score: dict[str, Fraction] = defaultdict(Fraction)
    games: dict[str, int] = defaultdict(int)
    byes_of: dict[str, int] = defaultdict(int)
    met: dict[str, list[list[str]]] = defaultdict(list)
    for player in byes:
        byes_of[player] += 1
        score[player] += BYE
    for record in records:
        ranking = record["result"]["ranking"]
        seated = {s["seat"]: s.get("player_id") for s in record["seats"]}
        places = {seated[seat]: i + 1 for i, seat in enumerate(ranking) if seated.get(seat)}
        places = {p: place for p, place in places.items() if p in entrants}
        k = len(ranking)
        for player, place in places.items():
            games[player] += 1
            if k > 1:
                score[player] += Fraction(k - place, k - 1)
            met[player].append([p for p in places if p != player])
    opponents = {
        p: sum(
            (sum((score[o] for o in others), Fraction(0)) / len(others)
             for others in met[p] if others),
            Fraction(0),
        )
        for p in entrants
    }  # fmt: skip
    return {
        p: {
            "score": round(float(score[p]), 3),
            "games": games[p],
            "byes": byes_of[p],
            "opponents_score": round(float(opponents[p]), 3),
        }
        for p in entrants
    }


def compare(standings: list[dict[str, Any]], recomputed: dict[str, dict]) -> dict[str, Any]:
    """Every line of the service's standings against the recomputation, and whether the
    service's order follows score, then opponents' score."""
    mismatches = []
    for line in standings:
        mine = recomputed.get(line["player_id"])
        theirs = {k: line[k] for k in ("score", "games", "byes", "opponents_score")}
        if mine is None or any(abs(mine[k] - theirs[k]) > 1e-9 for k in theirs):
            mismatches.append({"player_id": line["player_id"], "service": theirs,
                               "recomputed": mine})  # fmt: skip
    keys = [(-line["score"], -line["opponents_score"]) for line in standings]
    return {
        "lines": len(standings),
        "recomputed_lines": len(recomputed),
        "mismatches": mismatches[:20],
        "mismatch_count": len(mismatches),
        "ordered": keys == sorted(keys),
        "equal": not mismatches and len(standings) == len(recomputed) and keys == sorted(keys),
    }


def run(base: str, args: argparse.Namespace, log: Any) -> dict[str, Any]:
    t0 = time.monotonic()
    people = new_players(base, args.entrants + 1)
    (_, organiser), entrants = people[0], people[1:]
    log(f"{len(entrants)} players made in {time.monotonic() - t0:.1f} s")
    starts = datetime.now(UTC) + timedelta(seconds=args.lead)
    body = {
        "name": f"Soak {args.entrants}x{args.rounds}", "format": "swiss",
        "rounds": args.rounds, "players": args.players, "rated": False,
        "time_control": {"type": "per_decision", "seconds": args.seconds},
        "starts_at": starts.isoformat(), "missed_limit": 10,
    }  # fmt: skip
    made = requests.post(f"{base}/tournaments", json=body, headers=bearer(organiser), timeout=60)
    assert made.status_code == 201, made.text
    url = f"{base}/tournaments/{made.json()['id']}"

    def enter(token: str) -> None:
        r = requests.post(f"{url}/entries", headers=bearer(token), timeout=60)
        assert r.status_code == 200, r.text

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(enter, [token for _, token in entrants]))
    entered = requests.get(url, timeout=60).json()["entrants"]
    assert entered == args.entrants, entered
    log(f"{entered} entered; starts at {starts:%H:%M:%S}")
    started = None
    round_times: dict[int, float] = {}
    last_line = ""
    deadline = time.monotonic() + args.timeout
    while time.monotonic() < deadline:
        t = requests.get(url, timeout=60).json()
        if t["status"] == "running" and started is None:
            started = time.monotonic()
        rounds = requests.get(f"{url}/rounds", timeout=60).json()["items"]
        for r in rounds:
            if r["status"] == "finished" and r["number"] not in round_times and started:
                round_times[r["number"]] = round(time.monotonic() - started, 1)
        current = rounds[-1] if rounds else None
        done = sum(1 for x in (current or {}).get("tables", []) if x["status"] == "finished")
        line = (f"{t['status']} round {t['round']}/{args.rounds}: "
                f"{done}/{len(current['tables']) if current else 0} tables finished")  # fmt: skip
        if line != last_line:
            log(f"[{time.monotonic() - t0:7.1f} s] {line}")
            last_line = line
        if t["status"] in ("finished", "cancelled"):
            break
        time.sleep(args.poll)
    assert t["status"] == "finished", f"not finished after {args.timeout} s: {t['status']}"
    played = time.monotonic() - (started or t0)
    standings = requests.get(f"{url}/standings", timeout=60).json()["items"]
    rounds = requests.get(f"{url}/rounds", timeout=60).json()["items"]
    byes = [b["player_id"] for r in rounds for b in r["byes"]]
    t_export = time.monotonic()
    export_error = None
    try:
        records = [orjson.loads(x) for x in requests.get(f"{url}/records", timeout=600).content
                   .splitlines() if x.strip()]  # fmt: skip
    except requests.RequestException as err:  # reported, then each game's record on its own
        export_error = repr(err)
        log(f"the records export failed ({export_error}); reading each game's record")
        finished = [t["game_id"] for r in rounds for t in r["tables"] if t["status"] == "finished"]
        records = [requests.get(f"{base}/games/{g}/record", timeout=60).json() for g in finished]
    export_s = round(time.monotonic() - t_export, 1)
    ids = {pid for pid, _ in entrants}
    checked = compare(standings, recompute(records, byes, ids))
    log(f"finished: {len(records)} games in {played:.0f} s; standings equal: {checked['equal']}")
    return {
        "tournament": made.json()["id"],
        "games": len(records),
        "tables_per_round": [len(r["tables"]) for r in rounds],
        "byes": len(byes),
        "seconds_from_start_to_finish": round(played, 1),
        "records_export_s": export_s,
        "records_export_error": export_error,
        "round_finished_at_s": round_times,
        "check": checked,
        "top": standings[:3],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=4, help="seats per table")
    parser.add_argument("--level", default="random", choices=("random", "greedy"),
                        help="the stand-in that plays every seat")  # fmt: skip
    parser.add_argument("--seconds", type=int, default=1, help="per-decision clock")
    parser.add_argument("--lead", type=float, default=60.0, help="seconds to the start")
    parser.add_argument("--poll", type=float, default=5.0)
    parser.add_argument("--timeout", type=float, default=4 * 3600.0)
    parser.add_argument("--concurrency", default="2", help="the runner's worker processes")
    args = parser.parse_args()
    t_wall = time.monotonic()

    def log(text: str) -> None:
        print(f"{datetime.now(UTC):%H:%M:%S} {text}", flush=True)

    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        runner = Runner(Path(tmp) / "var", free_port(), Path(tmp) / "runner.log", extra={
            "URSUPPE_PLAYER_CREATE_RATE_LIMIT": "off", "URSUPPE_STANDIN_LEVEL": args.level,
            "WORKER_CONCURRENCY": args.concurrency,
        }).start()  # fmt: skip
        try:
            base = runner.wait_up()
            log(f"runner up at {base}")
            outcome = run(base, args, log)
        except BaseException:
            print(runner.log()[-4000:], file=sys.stderr)
            raise
        finally:
            runner.stop()
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = {
        "when": f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
        "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared; run under nice -n 19)",
        "load_average_before": round(load_before, 2),
        "terms": {
            "entrants": args.entrants,
            "rounds": args.rounds,
            "players": args.players,
            "stand_in": args.level,
            "per_decision_s": args.seconds,
            "database": "SQLite (make run's default)",
            "worker_concurrency": int(args.concurrency),
        },  # fmt: skip
        "wall_s": round(time.monotonic() - t_wall, 1),
        "runner_cpu_s": round(used.ru_utime + used.ru_stime, 1),
        **outcome,
    }
    out = RESULTS / f"tournament-soak-{args.entrants}x{args.rounds}-{args.level}.json"
    out.write_text(json.dumps(result, indent=2) + "\n")
    log(f"wrote {out}")
    return 0 if outcome["check"]["equal"] else 1


if __name__ == "__main__":
    sys.exit(main())
