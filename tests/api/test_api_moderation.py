"""Reports and moderation over HTTP (SQLite and PostgreSQL), each answer checked against the
committed spec: a player reports a player or a chat message (not doubled, not oneself,
budgeted), a moderator works the queue and acts, each action has its effect (a mute stops
chat until it ends, a bar refuses rated seeks, games and challenges until lifted, closing
the account revokes its tokens), lands in the audit log and is told to the player in a
notice whatever kinds the player chose; nobody else may moderate. The operator's command
grants and revokes the role."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient
from sqlalchemy import select

from api import create_app
from harness.databases import FakeClock
from service.game_service import GameService
from service.models import NoticeRow, NoticeSettingsRow
from service.plumbing.mail import compose
from service.rules.notice_kinds import MODERATION
from tests.api.api_helpers import API, assert_problem, bearer
from tests.api.spec_check import SpecCheckingClient

ROOT = Path(__file__).resolve().parents[2]


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["player"]["id"], r.json["token"]


def moderator(client: FlaskClient, service: GameService, name: str) -> tuple[str, str]:
    player_id, token = new_player(client, name)
    assert service.moderation.grant(player_id)
    return player_id, token


def game_with(client: FlaskClient, tokens: list[str], *, rated: bool = False) -> str:
    r = client.post(f"{API}/games", json={"players": 3, "time_limit": 0, "rated": rated})
    assert r.status_code == 201, r.json
    game_id = r.json["game"]["id"]
    for token in tokens:
        r = client.post(f"{API}/games/{game_id}/seats", json={"name": "p"}, headers=bearer(token))
        assert r.status_code == 201, r.json
    return game_id


def mailable(service: GameService, player_id: str) -> None:
    """Give the player a verified address that chose no notice kind at all."""
    now = service.clock()
    with service.store.writing() as session:
        session.add(
            NoticeSettingsRow(
                player_id=player_id,
                email=f"{player_id}@example.org",
                email_verified_at=now,
                kinds=[],
                cadence="now",
                lang="de",
                unsubscribe_key="k" + player_id,
                updated_at=now,
            )  # fmt: skip
        )


def told(service: GameService, player_id: str) -> list[dict[str, Any]]:
    """The payloads of the moderation notices owed to the player, oldest first."""
    with service.store.sessions() as session:
        rows = session.scalars(
            select(NoticeRow)
            .where(NoticeRow.player_id == player_id, NoticeRow.kind == MODERATION)
            .order_by(NoticeRow.created_at, NoticeRow.id)
        ).all()
        return [dict(r.payload) for r in rows]


def act(client: FlaskClient, token: str, **body: Any) -> dict[str, Any]:
    """Take an action; the service's clock then moves a second on (the log is in time order)."""
    r = client.post(f"{API}/moderation/actions", json=body, headers=bearer(token))
    assert r.status_code == 201, r.json
    client.application.extensions["ursuppe"].clock.advance(1)
    return r.json


def test_a_report_reaches_the_queue_and_a_mute_holds_until_it_ends(
    client: FlaskClient, service: GameService, clock: FakeClock
) -> None:
    ann_id, ann = new_player(client, "Ann")
    bob_id, bob = new_player(client, "Bob")
    mod_id, mod = moderator(client, service, "Mo")
    mailable(service, bob_id)
    game_id = game_with(client, [ann, bob])
    r = client.post(f"{API}/games/{game_id}/chat", json={"text": "you fool"}, headers=bearer(bob))
    assert r.status_code == 201, r.json
    message_id = r.json["id"]

    body = {"message": {"game_id": game_id, "message_id": message_id}, "reason": "abuse",
            "comment": "rude at the table"}  # fmt: skip
    r = client.post(f"{API}/reports", json=body, headers=bearer(ann))
    assert r.status_code == 201, r.json
    report = r.json
    assert (report["player_id"], report["message_text"], report["status"]) == (
        bob_id, "you fool", "open",
    )  # fmt: skip
    again = client.post(f"{API}/reports", json=body, headers=bearer(ann)).json
    assert again["id"] == report["id"]  # the same open report, not a second one
    clock.advance(1)
    r = client.post(
        f"{API}/reports", json={"player_id": bob_id, "reason": "name"}, headers=bearer(ann)
    )
    assert r.status_code == 201 and r.json["id"] != report["id"]

    assert_problem(
        client.post(f"{API}/reports", json={"player_id": ann_id, "reason": "spam"},
                    headers=bearer(ann)), 422, "cannot_report_self",
    )  # fmt: skip
    assert_problem(
        client.post(f"{API}/reports", json={"player_id": "nobody", "reason": "spam"},
                    headers=bearer(ann)), 404, "player_not_found",
    )  # fmt: skip
    missing = {"message": {"game_id": game_id, "message_id": message_id + 99}, "reason": "spam"}
    assert_problem(
        client.post(f"{API}/reports", json=missing, headers=bearer(ann)), 404, "message_not_found"
    )
    both = {"player_id": bob_id, "message": body["message"], "reason": "spam"}
    assert_problem(
        client.post(f"{API}/reports", json=both, headers=bearer(ann)), 422, "validation_error"
    )
    assert_problem(
        client.post(f"{API}/reports", json={"player_id": bob_id, "reason": "rude"},
                    headers=bearer(ann)), 422, "validation_error",
    )  # fmt: skip

    # Nobody but a moderator reads the queue or the log, or acts.
    for method, path in (("get", "/moderation/reports"), ("get", "/moderation/log")):
        assert_problem(getattr(client, method)(f"{API}{path}", headers=bearer(ann)), 403,
                       "not_moderator")  # fmt: skip
    nope = {"action": "warn", "reason": "x", "player_id": bob_id}
    assert_problem(
        client.post(f"{API}/moderation/actions", json=nope, headers=bearer(ann)),
        403, "not_moderator",
    )  # fmt: skip

    queue = client.get(f"{API}/moderation/reports", headers=bearer(mod)).json
    assert [q["status"] for q in queue] == ["open", "open"]
    assert queue[0]["id"] == report["id"] and queue[0]["reporter_name"] == "Ann"

    assert_problem(
        client.post(
            f"{API}/moderation/actions",
            headers=bearer(mod),
            json={"action": "mute", "reason": "insults", "report_id": report["id"]},
        ),
        422,
        "invalid_moderation",
    )  # fmt: skip  (a mute needs hours)
    muted = act(client, mod, action="mute", reason="insults at the table",
                report_id=report["id"], hours=2)  # fmt: skip
    assert (muted["player_id"], muted["moderator_id"], muted["action"]) == (bob_id, mod_id, "mute")
    # Acting on the player closed every open report of the player.
    queue = client.get(f"{API}/moderation/reports", headers=bearer(mod)).json
    assert {q["status"] for q in queue} == {"closed"}
    assert {q["action_id"] for q in queue} == {muted["id"]}
    assert_problem(
        client.post(f"{API}/moderation/actions", headers=bearer(mod),
                    json={"action": "dismiss", "reason": "x", "report_id": report["id"]}),
        409, "report_closed",
    )  # fmt: skip

    r = client.post(f"{API}/games/{game_id}/chat", json={"text": "hello"}, headers=bearer(bob))
    problem = assert_problem(r, 403, "chat_muted")
    assert problem["until"] == muted["until"]
    assert client.post(f"{API}/games/{game_id}/chat", json={"text": "hi"},
                       headers=bearer(ann)).status_code == 201  # fmt: skip
    clock.advance(2 * 3600 + 1)
    r = client.post(f"{API}/games/{game_id}/chat", json={"text": "sorry"}, headers=bearer(bob))
    assert r.status_code == 201, r.json

    log = client.get(f"{API}/moderation/log", headers=bearer(mod)).json
    assert [(e["action"], e["reason"], e["moderator_name"], e["player_name"]) for e in log] == [
        ("mute", "insults at the table", "Mo", "Bob")
    ]
    # Bob chose no notice kind, and is told all the same, in his language.
    assert [n["action"] for n in told(service, bob_id)] == ["mute"]
    words = compose.describe(compose.Item(MODERATION, None, told(service, bob_id)[0]), "de", "")
    assert "stummgeschaltet" in words.line and "insults at the table" in (words.detail or "")


def test_a_bar_refuses_rated_play_until_lifted_and_a_dismissal_acts_on_nobody(
    client: FlaskClient, service: GameService
) -> None:
    ann_id, ann = new_player(client, "Ann")
    bob_id, bob = new_player(client, "Bob")
    _, mod = moderator(client, service, "Mo")
    mailable(service, bob_id)

    barred = act(client, mod, action="bar_rated", reason="sandbagging", player_id=bob_id)
    assert barred["until"] is None  # until lifted
    r = client.post(f"{API}/seeks", json={"players": 3}, headers=bearer(bob))
    assert_problem(r, 403, "barred_from_rated")
    rated = game_with(client, [ann], rated=True)
    r = client.post(f"{API}/games/{rated}/seats", json={"name": "Bob"}, headers=bearer(bob))
    assert assert_problem(r, 403, "barred_from_rated")["player_id"] == bob_id
    r = client.post(f"{API}/challenges", json={"invited": [bob_id]}, headers=bearer(ann))
    assert_problem(r, 403, "barred_from_rated")
    r = client.post(
        f"{API}/challenges", json={"invited": [bob_id], "rated": False}, headers=bearer(ann)
    )
    assert r.status_code == 201, r.json  # unrated play stays open
    unrated = game_with(client, [ann], rated=False)
    assert client.post(f"{API}/games/{unrated}/seats", json={"name": "Bob"},
                       headers=bearer(bob)).status_code == 201  # fmt: skip

    act(client, mod, action="lift", reason="cleared on appeal", player_id=bob_id)
    r = client.post(f"{API}/games/{rated}/seats", json={"name": "Bob"}, headers=bearer(bob))
    assert r.status_code == 201, r.json

    act(client, mod, action="warn", reason="mind your manners", player_id=bob_id)
    r = client.post(
        f"{API}/reports", json={"player_id": bob_id, "reason": "other"}, headers=bearer(ann)
    )
    dismissed = act(client, mod, action="dismiss", reason="nothing wrong", report_id=r.json["id"])
    assert dismissed["report_id"] == r.json["id"]
    closed = client.get(f"{API}/moderation/reports?status=closed", headers=bearer(mod)).json
    assert [c["action_id"] for c in closed] == [dismissed["id"]]

    log = client.get(f"{API}/moderation/log?player_id={bob_id}", headers=bearer(mod)).json
    assert [e["action"] for e in log] == ["dismiss", "warn", "lift", "bar_rated"]
    assert [n["action"] for n in told(service, bob_id)] == ["bar_rated", "lift", "warn"]
    # Each finds it in the download of their data: Bob what was done (not by whom), Ann
    # what she reported.
    mine = client.get(f"{API}/players/me/export", headers=bearer(bob)).json
    assert [(m["action"], m["reason"]) for m in mine["moderation"]] == [
        ("bar_rated", "sandbagging"), ("lift", "cleared on appeal"), ("warn", "mind your manners"),
    ]  # fmt: skip
    assert "moderator_id" not in mine["moderation"][0] and mine["reports"] == []
    filed = client.get(f"{API}/players/me/export", headers=bearer(ann)).json["reports"]
    assert [(f["player_id"], f["reason"], f["status"]) for f in filed] == [
        (bob_id, "other", "closed")
    ]
    assert_problem(
        client.post(f"{API}/moderation/actions", headers=bearer(mod),
                    json={"action": "warn", "reason": "x", "player_id": bob_id, "hours": 3}),
        422, "invalid_moderation",
    )  # fmt: skip


def test_a_bar_holds_for_rated_tournaments_and_bulk_games_too(
    client: FlaskClient, service: GameService
) -> None:
    """The ways into rated play a site or an organiser opens: entering a rated tournament,
    a rated game made in bulk with a seat reserved for the player."""
    _, ann = new_player(client, "Ann")
    bob_id, bob = new_player(client, "Bob")
    _, mod = moderator(client, service, "Mo")
    act(client, mod, action="bar_rated", reason="sandbagging", player_id=bob_id)

    def tournament(rated: bool) -> str:
        body = {
            "name": "Friday pods", "format": "swiss", "rounds": 2, "players": 3,
            "rated": rated, "time_control": {"type": "none"},
            "starts_at": (service.clock() + timedelta(minutes=10)).isoformat(),
        }  # fmt: skip
        r = client.post(f"{API}/tournaments", json=body, headers=bearer(ann))
        assert r.status_code == 201, r.json
        return r.json["id"]

    rated, unrated = tournament(True), tournament(False)
    r = client.post(f"{API}/tournaments/{rated}/entries", headers=bearer(bob))
    assert assert_problem(r, 403, "barred_from_rated")["player_id"] == bob_id
    r = client.post(f"{API}/tournaments/{unrated}/entries", headers=bearer(bob))
    assert r.status_code in (200, 201), r.json

    def bulk(rated: bool) -> Any:
        seats = [{"kind": "human", "player": bob_id}, {"kind": "human"}, {"kind": "bot"}]
        game = {"players": 3, "seats": seats, "rated": rated, "time_limit": 0}
        return client.post(f"{API}/games/bulk", json={"games": [game]}, headers=bearer(bob))

    before = len(client.get(f"{API}/players/{bob_id}/games").data.splitlines())
    assert_problem(bulk(True), 403, "barred_from_rated")
    assert bulk(False).status_code == 201
    act(client, mod, action="lift", reason="cleared on appeal", player_id=bob_id)
    assert bulk(True).status_code == 201, "lifted: rated bulk games again"
    assert len(client.get(f"{API}/players/{bob_id}/games").data.splitlines()) == before


def test_closing_an_account_deletes_it_and_a_moderator_acts_only_in_person(
    client: FlaskClient, service: GameService
) -> None:
    cy_id, cy = new_player(client, "Cy")
    mod_id, mod = moderator(client, service, "Mo")
    assert_problem(
        client.post(f"{API}/moderation/actions", headers=bearer(mod),
                    json={"action": "warn", "reason": "x", "player_id": mod_id}),
        422, "cannot_moderate_self",
    )  # fmt: skip
    # A personal access token, whatever its scopes, does not moderate.
    r = client.post(f"{API}/players/me/tokens", headers=bearer(mod),
                    json={"label": "script", "scopes": ["profile:read", "profile:write"]})  # fmt: skip
    assert r.status_code == 201, r.json
    assert_problem(
        client.get(f"{API}/moderation/reports", headers=bearer(r.json["token"])),
        403, "missing_scope",
    )  # fmt: skip

    closed = act(client, mod, action="close_account", reason="spam account", player_id=cy_id)
    assert closed["player_id"] == cy_id
    assert_problem(client.get(f"{API}/players/me", headers=bearer(cy)), 401, "invalid_token")
    log = client.get(f"{API}/moderation/log", headers=bearer(mod)).json
    assert [e["action"] for e in log] == ["close_account"]


def test_reports_are_budgeted_per_reporter(service: GameService) -> None:
    service.settings = replace(service.settings, report_rate_limit="2/3600")
    app = create_app(service=service)
    app.test_client_class = SpecCheckingClient
    client = app.test_client()
    _, ann = new_player(client, "Ann")
    targets = [new_player(client, f"T{i}")[0] for i in range(3)]
    for target in targets[:2]:
        r = client.post(
            f"{API}/reports", json={"player_id": target, "reason": "spam"}, headers=bearer(ann)
        )
        assert r.status_code == 201, r.json
    r = client.post(
        f"{API}/reports", json={"player_id": targets[2], "reason": "spam"}, headers=bearer(ann)
    )
    assert assert_problem(r, 429, "report_rate_limited")
    assert int(r.headers["Retry-After"]) >= 1


def test_the_operator_grants_and_revokes_the_role_from_the_command_line(
    client: FlaskClient, service: GameService, db_url: str
) -> None:
    player_id, _ = new_player(client, "Morgan Vale")
    env = {**os.environ, "DATABASE_URL": db_url, "URSUPPE_AUTO_MIGRATE": "0",
           "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}  # fmt: skip

    def ursuppe(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "ai.cli", "moderator", *argv], capture_output=True,
            text=True, env=env, cwd=ROOT, timeout=120,
        )  # fmt: skip

    granted = ursuppe("grant", "Morgan Vale")
    assert granted.returncode == 0, granted.stderr
    assert service.moderation.is_moderator(player_id)
    assert player_id in ursuppe("list").stdout
    assert ursuppe("revoke", player_id).returncode == 0
    assert not service.moderation.is_moderator(player_id)
    unknown = ursuppe("grant", "Nobody At All")
    assert unknown.returncode == 1 and "no player" in unknown.stderr
