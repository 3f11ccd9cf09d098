"""Tournaments over HTTP: create, list, enter and withdraw with one's own token, private
ones hidden, the refusals' codes, a round run by the sweep on the fake clock, standings
(JSON and CSV) and the records' export; the organiser's invitation link, early start,
withdrawal and disqualification of an entrant."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timedelta
from typing import Any

import orjson
from api_helpers import API, assert_problem, bearer
from flask.testing import FlaskClient

from harness.databases import FakeClock
from service.game_service import GameService
from tests.service.test_ratings import play_out

TOURNAMENTS = f"{API}/tournaments"


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201
    return r.json["token"], r.json["player"]["id"]


def create(client: FlaskClient, clock: FakeClock, token: str, **body: Any) -> Any:
    body.setdefault("name", "Friday pods")
    body.setdefault("format", "swiss")
    body.setdefault("rounds", 2)
    body.setdefault("players", 3)
    body.setdefault("rated", False)
    body.setdefault("time_control", {"type": "none"})
    body.setdefault("starts_at", (clock() + timedelta(minutes=10)).isoformat())
    return client.post(TOURNAMENTS, json=body, headers=bearer(token))


def test_a_tournament_from_creation_to_standings(
    client: FlaskClient, clock: FakeClock, service: GameService
) -> None:
    organiser, _ = new_player(client, "org")
    made = create(client, clock, organiser)
    assert made.status_code == 201 and made.json["status"] == "upcoming"
    url = made.headers["Location"]
    assert url == f"{TOURNAMENTS}/{made.json['id']}"
    people = [new_player(client, name) for name in ("ann", "bob", "cy", "dee", "eve", "fay")]
    for token, _ in people:
        r = client.post(f"{url}/entries", headers=bearer(token))
        assert r.status_code == 200 and r.json["status"] == "entered"
    r = client.delete(f"{url}/entries/me", headers=bearer(people[5][0]))
    assert r.status_code == 200 and r.json["status"] == "withdrawn"
    assert client.get(url).json["entrants"] == 5
    assert [t["id"] for t in client.get(f"{TOURNAMENTS}?enterable=true").json["items"]] == [
        made.json["id"]
    ]
    clock.advance(600)
    service.tournaments.sweep()
    rounds = client.get(f"{url}/rounds").json["items"]
    assert [r["number"] for r in rounds] == [1]
    tables = rounds[0]["tables"]
    assert [len(t["seats"]) for t in tables] == [3] and len(rounds[0]["byes"]) == 2
    assert_problem(client.post(f"{url}/entries", headers=bearer(people[5][0])), 409,
                   "tournament_closed")  # fmt: skip
    for table in tables:
        play_out(service, table["game_id"])
    service.tournaments.sweep()
    standings = client.get(f"{url}/standings").json
    assert standings["round"] == 2 and len(standings["items"]) == 6
    assert sum(line["games"] for line in standings["items"]) == 3
    # Round 2 is paired at once: its byes count now, for the others than round 1's.
    assert sorted(line["byes"] for line in standings["items"]) == [0, 0, 1, 1, 1, 1]
    exported = client.get(f"{url}/standings.csv")
    assert exported.status_code == 200 and exported.mimetype == "text/csv"
    lines = list(csv.DictReader(io.StringIO(exported.get_data(as_text=True))))
    assert [x["player_id"] for x in lines] == [x["player_id"] for x in standings["items"]]
    records = client.get(f"{url}/records")
    assert records.mimetype == "application/x-ndjson"
    games = [orjson.loads(line) for line in records.get_data().splitlines()]
    assert sorted(g["id"] for g in games) == sorted(t["game_id"] for t in tables)
    listed = client.get(f"{url}/games").json["items"]
    assert {t["game_id"] for t in listed} >= {t["game_id"] for t in tables}


def test_refusals_and_private_tournaments(client: FlaskClient, clock: FakeClock) -> None:
    organiser, _ = new_player(client, "org")
    guest, guest_id = new_player(client, "guest")
    stranger, _ = new_player(client, "stranger")
    body = {"name": "x", "format": "swiss", "rounds": 1, "starts_at": clock().isoformat()}
    assert_problem(client.post(TOURNAMENTS, json=body), 401, "missing_token")
    assert_problem(create(client, clock, organiser, rounds=None), 422, "invalid_tournament")
    assert_problem(create(client, clock, organiser, players=7), 422, "invalid_players")
    private = create(client, clock, organiser, private=True, entry="invitation").json
    url = f"{TOURNAMENTS}/{private['id']}"
    assert_problem(client.get(url), 404, "tournament_not_found")
    assert_problem(client.get(url, headers=bearer(stranger)), 404, "tournament_not_found")
    assert client.get(TOURNAMENTS, headers=bearer(stranger)).json["items"] == []
    r = client.post(f"{url}/invitations", json={"player_ids": [guest_id]},
                    headers=bearer(organiser))  # fmt: skip
    assert r.status_code == 200 and r.json["items"][0]["status"] == "invited"
    assert_problem(client.post(f"{url}/invitations", json={"player_ids": [guest_id]},
                               headers=bearer(guest)), 403, "not_organiser")  # fmt: skip
    assert client.get(url, headers=bearer(guest)).status_code == 200
    assert client.post(f"{url}/entries", headers=bearer(guest)).json["status"] == "entered"
    assert [t["id"] for t in client.get(TOURNAMENTS, headers=bearer(guest)).json["items"]] == [
        private["id"]
    ]
    assert_problem(client.delete(f"{url}/entries/me", headers=bearer(stranger)), 404,
                   "tournament_not_found")  # fmt: skip
    high = create(client, clock, organiser, min_rating=20).json
    assert_problem(client.post(f"{TOURNAMENTS}/{high['id']}/entries", headers=bearer(guest)),
                   403, "rating_too_low")  # fmt: skip
    assert_problem(client.delete(f"{TOURNAMENTS}/{high['id']}", headers=bearer(guest)), 403,
                   "not_organiser")  # fmt: skip
    r = client.delete(f"{TOURNAMENTS}/{high['id']}", headers=bearer(organiser))
    assert r.status_code == 200 and r.json["status"] == "cancelled"


def test_the_organiser_invites_by_link_starts_early_withdraws_and_disqualifies(
    client: FlaskClient, clock: FakeClock, service: GameService
) -> None:
    organiser, _ = new_player(client, "org")
    people = [new_player(client, name) for name in ("ann", "bob", "cy", "dee")]
    (ann, ann_id), (bob, bob_id), (cy, _), (dee, dee_id) = people
    made = create(client, clock, organiser, private=True, entry="invitation",
                  service_bots="random", players=4).json  # fmt: skip
    url = f"{TOURNAMENTS}/{made['id']}"
    code = made["invitation"]
    assert code and client.get(url, headers=bearer(organiser)).json["invitation"] == code
    # Nobody but the organiser sees the code; the link shows the tournament to its holder.
    assert_problem(client.get(url, headers=bearer(ann)), 404, "tournament_not_found")
    assert_problem(client.get(f"{url}?invitation=wrong", headers=bearer(ann)), 404,
                   "tournament_not_found")  # fmt: skip
    shown = client.get(f"{url}?invitation={code}", headers=bearer(ann)).json
    assert shown["id"] == made["id"] and shown["invitation"] is None
    for read in ("entries", "rounds", "games", "standings", "standings.csv", "records"):
        assert client.get(f"{url}/{read}?invitation={code}").status_code == 200, read
        assert_problem(client.get(f"{url}/{read}?invitation=wrong"), 404, "tournament_not_found")
    assert_problem(client.post(f"{url}/entries", json={"invitation": "wrong"},
                               headers=bearer(ann)), 404, "tournament_not_found")  # fmt: skip
    for token, _ in people:
        r = client.post(f"{url}/entries", json={"invitation": code}, headers=bearer(token))
        assert r.status_code == 200 and r.json["status"] == "entered"
    assert client.get(url, headers=bearer(ann)).json["entrants"] == 4  # an entrant sees it
    # Only the organiser withdraws, disqualifies and starts; nothing changes on a refusal.
    assert_problem(client.delete(f"{url}/entries/{bob_id}", headers=bearer(ann)), 403,
                   "not_organiser")  # fmt: skip
    assert_problem(client.post(f"{url}/start", headers=bearer(ann)), 403, "not_organiser")
    assert_problem(client.delete(f"{url}/entries/nobody", headers=bearer(organiser)), 404,
                   "entry_not_found")  # fmt: skip
    assert client.get(url, headers=bearer(ann)).json["status"] == "upcoming"
    r = client.delete(f"{url}/entries/{bob_id}", headers=bearer(organiser))
    assert r.status_code == 200 and r.json["status"] == "withdrawn"
    assert client.post(f"{url}/entries", json={"invitation": code},
                       headers=bearer(bob)).json["status"] == "entered"  # fmt: skip
    r = client.delete(f"{url}/entries/{dee_id}?disqualify=true", headers=bearer(organiser))
    assert r.status_code == 200 and (r.json["status"], r.json["disqualified"]) == (
        "withdrawn",
        True,
    )
    assert_problem(client.post(f"{url}/entries", json={"invitation": code},
                               headers=bearer(dee)), 403, "disqualified")  # fmt: skip
    # Started now rather than in ten minutes: the next sweep pairs round 1.
    r = client.post(f"{url}/start", headers=bearer(organiser))
    assert r.status_code == 200 and r.json["status"] == "upcoming"
    assert datetime.fromisoformat(r.json["starts_at"]) == clock()
    service.tournaments.sweep()
    assert client.get(url, headers=bearer(ann)).json["status"] == "running"
    assert_problem(client.post(f"{url}/start", headers=bearer(organiser)), 409,
                   "tournament_started")  # fmt: skip
    (table,) = client.get(f"{url}/rounds", headers=bearer(ann)).json["items"][0]["tables"]
    seated = {s["player_id"] for s in table["seats"]}
    assert seated == {ann_id, bob_id, people[2][1], None}
    # Disqualified in the middle: not paired again, marked in the standings and the CSV.
    r = client.delete(f"{url}/entries/{ann_id}?disqualify=1", headers=bearer(organiser))
    assert (r.json["status"], r.json["disqualified"]) == ("withdrawn", True)
    play_out(service, table["game_id"])
    service.tournaments.sweep()
    lines = client.get(f"{url}/standings", headers=bearer(cy)).json["items"]
    marks = {x["player_id"]: (x["withdrawn"], x["disqualified"]) for x in lines}
    assert marks[ann_id] == (True, True) and marks[bob_id] == (False, False)
    assert marks[dee_id] == (True, True)
    exported = client.get(f"{url}/standings.csv", headers=bearer(cy)).get_data(as_text=True)
    rows = {x["player_id"]: x for x in csv.DictReader(io.StringIO(exported))}
    assert rows[ann_id]["disqualified"] == "True"


def test_starting_early_needs_enough_entrants(client: FlaskClient, clock: FakeClock) -> None:
    organiser, _ = new_player(client, "org")
    ann, _ = new_player(client, "ann")
    made = create(client, clock, organiser, players=3).json
    url = f"{TOURNAMENTS}/{made['id']}"
    client.post(f"{url}/entries", headers=bearer(ann))
    assert_problem(client.post(f"{url}/start", headers=bearer(organiser)), 409,
                   "too_few_entrants")  # fmt: skip
    assert client.get(url).json["starts_at"] == made["starts_at"]  # nothing changed
    client.delete(url, headers=bearer(organiser))
    assert_problem(client.post(f"{url}/start", headers=bearer(organiser)), 409,
                   "tournament_started")  # fmt: skip


def test_a_round_robin_with_bots_scores_as_documented_from_outside(
    client: FlaskClient, clock: FakeClock, service: GameService
) -> None:
    """Over HTTP only: a round robin at tables of 4 filled by the service's bots, one
    entrant withdrawing after round 1 (a bot takes their seats); after every round the
    standings equal the documented recomputation from /entries, /rounds, /games and
    /records."""
    from tests.service.test_tournament_standings import as_shown, documented_standings

    organiser, _ = new_player(client, "org")
    made = create(client, clock, organiser, format="round_robin", rounds=None, players=4,
                  service_bots="random").json  # fmt: skip
    url = f"{TOURNAMENTS}/{made['id']}"
    people = [new_player(client, name) for name in ("ann", "bob", "cy", "dee", "eve")]
    for token, _ in people:
        client.post(f"{url}/entries", headers=bearer(token))
    clock.advance(600)
    service.tournaments.sweep()
    rounds = client.get(f"{url}/rounds").json["items"]
    assert len(rounds) > 1 and all(
        not r["tables"] and r["planned"] and all(len(t["seats"]) == 4 for t in r["planned"])
        for r in rounds[1:]
    )  # fmt: skip
    for number in range(1, len(rounds) + 1):
        current = client.get(f"{url}/rounds").json["items"][number - 1]
        for table in current["tables"]:
            play_out(service, table["game_id"])
        if number == 1:
            client.delete(f"{url}/entries/me", headers=bearer(people[0][0]))
        service.tournaments.sweep()
        records = {
            g["id"]: g["result"]["ranking"]
            for g in map(orjson.loads, client.get(f"{url}/records").get_data().splitlines())
        }
        games = [([s["player_id"] for s in t["seats"]], records[t["game_id"]])
                 for t in client.get(f"{url}/games").json["items"]
                 if t["status"] == "finished"]  # fmt: skip
        entries = [e for e in client.get(f"{url}/entries").json["items"] if e["entered_at"]]
        byes = [b["player_id"] for r in client.get(f"{url}/rounds").json["items"]
                if r["status"] != "scheduled" for b in r["byes"]]  # fmt: skip
        expected = [as_shown(x) for x in documented_standings(entries, games, byes)]
        served = [
            tuple(line[k] for k in ("rank", "player_id", "score", "games", "byes",
                                    "opponents_score", "performance", "rating", "withdrawn"))
            for line in client.get(f"{url}/standings").json["items"]
        ]  # fmt: skip
        assert served == expected
        assert any(None in seats for seats, _ in games)  # the bots sat and scored
    assert client.get(url).json["status"] == "finished"
    later = [s["player_id"] for t in client.get(f"{url}/games").json["items"][2:]
             for s in t["seats"]]  # fmt: skip
    assert people[0][1] not in later  # withdrawn: a bot played their seats
