"""Creating, listing, reading and aborting games over HTTP."""

from __future__ import annotations

import json

from api_helpers import API, Http, assert_problem, bearer


def test_create_game_defaults(client, http: Http) -> None:
    r = client.post(f"{API}/games", json={"players": 4})
    assert r.status_code == 201
    assert r.headers["Location"] == f"{API}/games/{r.json['game']['id']}"
    assert r.headers["Cache-Control"] == "no-store"
    game = r.json["game"]
    assert game["status"] == "open"
    assert game["players"] == 4
    assert game["open_seats"] == [0, 1, 2, 3]
    assert game["timeout_policy"] == "default_action"
    assert game["time_limit"] == 600
    assert game["pending"] is None
    assert isinstance(r.json["creator_token"], str) and len(r.json["creator_token"]) >= 32
    assert r.headers["ETag"] == f'"v{game["version"]}"'


def test_create_game_with_bots_options_and_custom_deck(client, service) -> None:
    deck = [{"drift": "W", "ozone": 8}, {"drift": "S", "ozone": 12}, {"drift": "N", "ozone": 9}]
    body = {
        "players": 3,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "human"}],
        "time_limit": 30,
        "timeout_policy": "bot",
        "options": {"deck": deck, "timeout_bot_level": "random"},
    }
    r = client.post(f"{API}/games", json=body)
    assert r.status_code == 201, r.json
    game = r.json["game"]
    assert game["open_seats"] == [0, 2]
    assert game["seats"][1]["kind"] == "bot" and game["seats"][1]["occupied"]
    assert game["timeout_policy"] == "bot" and game["time_limit"] == 30
    assert game["options"]["deck"] == "custom"
    assert sorted(map(json.dumps, game["options"]["deck_cards"])) == sorted(map(json.dumps, deck))
    assert service.games.get(game["id"]).status == "open"


def test_all_bot_game_starts_at_once_and_schedules_a_bot_turn(client, scheduler) -> None:
    bots = [{"kind": "bot", "level": "random"}] * 3
    r = client.post(f"{API}/games", json={"players": 3, "seats": bots})
    assert r.status_code == 201
    assert r.json["game"]["status"] == "active"
    assert scheduler.bot_turns() == [(r.json["game"]["id"], 0)]


def test_create_game_validation_errors(client) -> None:
    cases = [  # shapes: the schema's errors, field by field
        ({"players": "3"}, "validation_error"),  # wrong type: strict integers
        ({"players": 3, "colour": "red"}, "validation_error"),  # unknown field
        ({"players": 3, "seats": [{"kind": "alien"}] * 3}, "validation_error"),
        ({}, "validation_error"),
    ]
    for body, code in cases:
        body_errors = assert_problem(client.post(f"{API}/games", json=body), 422, code)
        assert body_errors["errors"], body
    rules = [  # rules: the service's codes, the same a Python caller gets (docs/api.md)
        ({"players": 7}, "invalid_players"),
        ({"players": 3, "time_limit": -1}, "invalid_time_limit"),
        ({"players": 3, "timeout_policy": "nap"}, "invalid_timeout_policy"),
        ({"players": 3, "label": "no spaces"}, "invalid_label"),
        ({"players": 2, "options": {"variant": "triple"}}, "invalid_option"),
    ]
    for body, code in rules:
        assert_problem(client.post(f"{API}/games", json=body), 422, code)


def test_create_game_semantic_errors(client) -> None:
    def post(body):
        return client.post(f"{API}/games", json=body)

    assert_problem(post({"players": 4, "seats": [{"kind": "human"}] * 3}), 422, "invalid_seats")
    assert_problem(
        post({"players": 3, "seats": [{"kind": "bot", "level": "godlike"}] * 3}),
        422,
        "invalid_seats",
    )
    assert_problem(
        post({"players": 3, "options": {"deck": [{"drift": "up"}]}}), 422, "invalid_option"
    )
    assert_problem(
        post({"players": 3, "options": {"timeout_bot_level": "nope"}}), 422, "invalid_option"
    )
    # The spec states the maximum; the service checks it (the same code for every caller).
    assert_problem(post({"players": 3, "time_limit": 10**9}), 422, "invalid_time_limit")
    human_level = {"players": 3, "seats": [{"kind": "human", "level": "random"}] * 3}
    assert "level" in str(assert_problem(post(human_level), 422, "validation_error")["errors"])


def test_malformed_and_huge_bodies(client) -> None:
    r = client.post(f"{API}/games", data="{players: 3", content_type="application/json")
    assert_problem(r, 400, "invalid_json")
    huge = json.dumps({"players": 3, "options": {"deck": [{"drift": "W", "ozone": 8}] * 20000}})
    r = client.post(f"{API}/games", data=huge, content_type="application/json")
    assert_problem(r, 413, "payload_too_large")
    r = client.get(f"{API}/games?per_page=x&page=0")
    assert_problem(r, 422, "validation_error")


def test_list_games_filters_and_pagination(client, http: Http, clock) -> None:
    open_games = []
    for _ in range(3):
        open_games.append(http.create(players=3))
        clock.advance(1)
    running = http.started(players=3)
    clock.advance(1)
    aborted = http.create(players=4)
    client.post(f"{aborted.url}/abort", headers=bearer(aborted.creator_token))

    r = client.get(f"{API}/games?count=true")
    assert r.status_code == 200
    assert len(r.json) == 5
    assert r.headers["X-Total-Count"] == "5" and "X-Next-Cursor" not in r.headers
    assert "X-Total-Count" not in client.get(f"{API}/games").headers  # counted when asked
    assert [g["id"] for g in r.json][0] == aborted.id  # newest first
    assert "state" not in r.json[0] and "pending" not in r.json[0]

    ids = lambda resp: {g["id"] for g in resp.json}  # noqa: E731
    assert ids(client.get(f"{API}/games?status=active")) == {running.id}
    assert ids(client.get(f"{API}/games?status=aborted")) == {aborted.id}
    assert ids(client.get(f"{API}/games?open_seats=true")) == {t.id for t in open_games}
    assert ids(client.get(f"{API}/games?open_seats=false")) == {running.id, aborted.id}
    assert ids(client.get(f"{API}/games?status=open&open_seats=true")) == {t.id for t in open_games}

    page1 = client.get(f"{API}/games?page=1&page_size=2")
    page3 = client.get(f"{API}/games?page=3&page_size=2")
    meta = json.loads(page1.headers["X-Pagination"])
    assert meta["total"] == 5 and meta["total_pages"] == 3 and meta["next_page"] == 2
    assert len(page1.json) == 2 and len(page3.json) == 1
    assert page1.headers["Deprecation"] == "true"

    # Keyset paging: follow X-Next-Cursor; a game created meanwhile shifts nothing.
    all_five = client.get(f"{API}/games")
    seen: list[str] = []
    r = client.get(f"{API}/games?page_size=2")
    while True:
        seen += [g["id"] for g in r.json]
        http.create(players=3)  # newer than every page: never shows up in this walk
        if "X-Next-Cursor" not in r.headers:
            break
        r = client.get(f"{API}/games?page_size=2&cursor={r.headers['X-Next-Cursor']}")
    assert seen == [g["id"] for g in all_five.json]  # every game once, in order
    labelled = client.get(f"{API}/games?status=open&page_size=1")
    after = labelled.headers["X-Next-Cursor"]
    more = client.get(f"{API}/games?status=open&page_size=1&cursor={after}")
    assert more.json[0]["status"] == "open" and more.json[0]["id"] != labelled.json[0]["id"]
    assert_problem(client.get(f"{API}/games?cursor=nonsense"), 422, "invalid_cursor")
    cursor = page1.headers.get("X-Next-Cursor") or "x"
    assert_problem(client.get(f"{API}/games?cursor={cursor}&page=2"), 422, "invalid_cursor")
    assert_problem(client.get(f"{API}/games?status=weird"), 422, "validation_error")
    assert_problem(client.get(f"{API}/games?page_size=1000"), 422, "validation_error")


def test_a_tournament_follows_its_own_games_by_label(client, http: Http, clock) -> None:
    """Games created with a label are listed by it; with updated_after a site polls only
    the games of its label that changed since its last look (the "who uses it" of a site
    that creates games in bulk, follows them and collects results)."""
    cup = [http.create(players=3, label="cup-2026:r1") for _ in range(2)]
    http.create(players=3)  # somebody else's game, no label
    http.create(players=3, label="cup-2026:r2")
    ids = lambda resp: {g["id"] for g in resp.json}  # noqa: E731

    listed = client.get(f"{API}/games?label=cup-2026:r1")
    assert listed.status_code == 200 and ids(listed) == {t.id for t in cup}
    assert {g["label"] for g in listed.json} == {"cup-2026:r1"}
    assert client.get(cup[0].url).json["label"] == "cup-2026:r1"

    seen = max(g["updated_at"] for g in listed.json)
    since = {"label": "cup-2026:r1", "updated_after": seen}  # encoded: '+' of the offset
    assert client.get(f"{API}/games", query_string=since).json == []
    clock.advance(5)
    http.join(cup[1])  # the one change since the last look
    changed = client.get(
        f"{API}/games", query_string={"label": "cup-2026:r1", "updated_after": seen}
    )
    assert ids(changed) == {cup[1].id}
    naive = seen.replace("+00:00", "")  # an instant without an offset is taken as UTC
    assert ids(
        client.get(f"{API}/games", query_string={"label": "cup-2026:r1", "updated_after": naive})
    ) == {cup[1].id}


def test_labels_are_checked(client) -> None:
    for bad in ["", "-starts-with-dash", "has space", "x" * 65, "ünïcode"]:
        r = client.post(f"{API}/games", json={"players": 3, "label": bad})
        assert_problem(r, 422, "invalid_label")
        assert_problem(
            client.get(f"{API}/games", query_string={"label": bad}), 422, "invalid_label"
        )
    assert_problem(client.get(f"{API}/games?updated_after=yesterday"), 422, "validation_error")
    assert client.post(f"{API}/games", json={"players": 3, "label": "x" * 64}).status_code == 201


def test_get_game_etag_and_conditional_get(client, http: Http) -> None:
    table = http.create(players=3)
    r = client.get(table.url)
    assert r.status_code == 200
    etag = r.headers["ETag"]
    assert client.get(table.url, headers={"If-None-Match": etag}).status_code == 304
    assert client.get(table.url, headers={"If-None-Match": f"W/{etag}"}).status_code == 304
    assert client.get(table.url, headers={"If-None-Match": '"v999"'}).status_code == 200
    http.join(table)
    r2 = client.get(table.url, headers={"If-None-Match": etag})
    assert r2.status_code == 200 and r2.headers["ETag"] != etag


def test_pending_etag_conditional_get_and_fresh_after_an_action(client, http: Http) -> None:
    """``/pending`` is served from the per-version cache: never stale after a move."""
    table = http.started(players=3)
    r = client.get(f"{table.url}/pending")
    assert r.status_code == 200 and r.json["pending"] is not None
    etag, seq = r.headers["ETag"], r.json["seq"]
    assert client.get(f"{table.url}/pending", headers={"If-None-Match": etag}).status_code == 304
    assert http.act(table).status_code == 200
    r2 = client.get(f"{table.url}/pending", headers={"If-None-Match": etag})
    assert r2.status_code == 200 and r2.headers["ETag"] != etag
    assert r2.json["seq"] > seq and r2.json["version"] > r.json["version"]
    assert r2.json == client.get(f"{table.url}/pending").json  # a cache hit: the same document


def test_get_unknown_game(client) -> None:
    assert_problem(client.get(f"{API}/games/doesnotexist"), 404, "game_not_found")
    assert_problem(
        client.get(f"{API}/games/doesnotexist", headers={"If-None-Match": '"v1"'}),
        404,
        "game_not_found",
    )
    for path in ("pending", "events", "record"):
        assert_problem(client.get(f"{API}/games/nope/{path}"), 404, "game_not_found")
    assert_problem(
        client.post(f"{API}/games/nope/seats", json={"name": "x"}), 404, "game_not_found"
    )


def test_public_state_never_reveals_rng_or_undrawn_cards(client, http: Http, service) -> None:
    from engine import Game

    table = http.started(players=4)
    for _ in range(5):
        assert http.act(table).status_code == 200
    hidden = Game.from_dict(_state(service, table.id)).to_dict()
    secrets = {k: hidden[k] for k in ("rng", "seed", "deck") if k in hidden}
    assert secrets, "the engine snapshot should contain its RNG and deck order"
    bodies = [
        client.get(table.url).get_data(as_text=True),
        client.get(f"{table.url}/pending").get_data(as_text=True),
        client.get(f"{table.url}/events").get_data(as_text=True),
        client.get(f"{API}/games").get_data(as_text=True),
    ]
    for body in bodies:
        data = json.loads(body)
        assert not _has_key(data, {"rng", "deck_pos"}), body[:300]
        assert json.dumps(hidden["rng"]) not in body
    state = client.get(table.url).json
    assert "seed" not in state and not _has_key(state["state"], {"seed", "deck"})


def _state(service, game_id: str) -> dict:
    from sqlalchemy.orm import undefer

    from service.models import GameRow

    with service.sessions() as s:
        return s.get(GameRow, game_id, options=[undefer(GameRow.state)]).state


def _has_key(value, keys: set[str]) -> bool:
    if isinstance(value, dict):
        return any(k in keys or _has_key(v, keys) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_key(v, keys) for v in value)
    return False


def test_abort_by_creator(client, http: Http, service) -> None:
    table = http.create(players=3)
    http.join(table)
    assert_problem(client.post(f"{table.url}/abort"), 401, "missing_token")
    r = client.post(f"{table.url}/abort", headers=bearer(table.tokens[0]))
    assert_problem(r, 403, "not_creator")
    r = client.post(f"{table.url}/abort", headers={"Authorization": "Basic abc"})
    assert_problem(r, 401, "invalid_token")
    assert service.games.get(table.id).status == "open"
    r = client.post(f"{table.url}/abort", headers=bearer(table.creator_token))
    assert r.status_code == 200 and r.json["status"] == "aborted"
    r = client.post(f"{table.url}/abort", headers=bearer(table.creator_token))
    assert_problem(r, 409, "game_not_open")
    assert_problem(client.post(f"{table.url}/seats", json={"name": "late"}), 409, "game_not_open")


def test_abort_after_start_is_refused(client, http: Http, service) -> None:
    table = http.started(players=3)
    before = service.games.get(table.id)
    r = client.post(f"{table.url}/abort", headers=bearer(table.creator_token))
    assert_problem(r, 409, "game_not_open")
    assert service.games.get(table.id) == before


def test_positions_show_the_board_after_each_entry(client, http: Http) -> None:
    table = http.started(players=3)
    shown = {0: http.game(table)["state"]}
    for _ in range(5):
        assert http.act(table).status_code == 200
        game = http.game(table)
        shown[game["seq"]] = game["state"]
    for seq, state in shown.items():
        r = client.get(f"{table.url}/positions/{seq}")
        assert r.status_code == 200 and r.json == {"game_id": table.id, "seq": seq, "state": state}
    assert_problem(client.get(f"{table.url}/positions/6"), 404, "position_not_found")
    waiting = http.create(players=3)
    assert_problem(client.get(f"{waiting.url}/positions/0"), 409, "game_not_started")


def test_a_range_of_positions_equals_the_single_ones(client, http: Http) -> None:
    table = http.started(players=3)
    for _ in range(6):
        assert http.act(table).status_code == 200
    singles = [client.get(f"{table.url}/positions/{seq}").json["state"] for seq in range(7)]
    r = client.get(f"{table.url}/positions?from=2&to=5")
    assert r.status_code == 200, r.json
    assert r.json["game_id"] == table.id and r.json["next_from"] == 6
    assert [(p["seq"], p["state"]) for p in r.json["items"]] == list(
        zip(range(2, 6), singles[2:6], strict=True)
    )
    r = client.get(f"{table.url}/positions")  # from 0 to the log's end
    assert [p["state"] for p in r.json["items"]] == singles and r.json["next_from"] is None
    assert_problem(client.get(f"{table.url}/positions?from=7"), 404, "position_not_found")
    assert_problem(client.get(f"{table.url}/positions?from=3&to=2"), 422, "validation_error")
    assert_problem(client.get(f"{table.url}/positions?from=0&to=100"), 422, "validation_error")
    waiting = http.create(players=3)
    assert_problem(client.get(f"{waiting.url}/positions"), 409, "game_not_started")
