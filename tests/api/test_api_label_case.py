"""Labels are compared without case (docs/api.md, "Labels belong to their first player"):
one label, one owner, however it is spelt; and the migration that lowers the labels
stored before, without moving anybody's games to another owner. SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import API, bearer
from flask.testing import FlaskClient
from sqlalchemy import select, text

from harness.databases import temporary_database
from service.game_service import GameService
from service.models import GameRow, LabelEntryRow, LabelRow
from service.plumbing.db import make_engine, make_sessionmaker, upgrade_database


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["player"]["id"], r.json["token"]


def test_labels_that_differ_only_in_case_are_one_label(client: FlaskClient) -> None:
    ann_id, ann = new_player(client, "ann")
    _, bob = new_player(client, "bob")
    claimed = client.put(f"{API}/labels/Spring-Cup", headers=bearer(ann))
    assert claimed.status_code == 201 and claimed.json["label"] == "spring-cup"
    for spelling in ("spring-cup", "SPRING-CUP", "Spring-cup"):
        taken = client.put(f"{API}/labels/{spelling}", headers=bearer(bob))
        assert taken.status_code == 403 and taken.json["code"] == "label_owned"
        refused = client.post(
            f"{API}/games", json={"players": 3, "label": spelling}, headers=bearer(bob)
        )
        assert refused.status_code == 403 and refused.json["code"] == "label_owned"
    assert client.put(f"{API}/labels/SPRING-CUP", headers=bearer(ann)).status_code == 200
    made = client.post(
        f"{API}/games", json={"players": 3, "label": "SPRING-Cup"}, headers=bearer(ann)
    )
    assert made.status_code == 201 and made.json["game"]["label"] == "spring-cup"
    listed = client.get(f"{API}/games?label=Spring-CUP").json
    assert [g["id"] for g in listed] == [made.json["game"]["id"]]
    assert client.get(f"{API}/labels/SPRING-CUP").json["owner"] == ann_id
    entered = client.post(f"{API}/labels/Spring-Cup/entries", json={}, headers=bearer(bob))
    assert entered.status_code == 201 and entered.json["label"] == "spring-cup"
    assert len(client.get(f"{API}/labels/spring-cup/entries").json) == 1


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_migration_lowers_stored_labels_and_keeps_their_owners(
    backend: str, tmp_path: Any
) -> None:
    with temporary_database(backend, tmp_path) as url:
        upgrade_database(url, "0017_hints")
        engine = make_engine(url)
        # Rows as the tables were at 0017, in SQL: today's models name columns added since.
        ann, bob = "ann0000000000000", "bob0000000000000"
        games = [f"game{i:012d}" for i in range(4)]
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO players (id, name, created_at) VALUES "
                    "(:ann, 'ann', '2026-01-01 09:00:00'), (:bob, 'bob', '2026-01-01 09:00:00')"
                ),
                {"ann": ann, "bob": bob},
            )
            for game_id in games:
                conn.execute(
                    text(
                        "INSERT INTO games (id, status, players, seed, options, seq, version, "
                        "time_limit, timeout_policy, creator_token_hash, created_at, updated_at) "
                        "VALUES (:id, 'open', 3, 1, '{}', 0, 1, 0, 'default_action', :hash, "
                        "'2026-01-01 09:00:00', '2026-01-01 09:00:00')"
                    ),
                    {"id": game_id, "hash": "0" * 64},
                )
            # ann claimed CUP first, bob cup later; Solo is ann's alone; Anon is nobody's.
            conn.execute(
                text(
                    "INSERT INTO labels (label, player_id, created_at) VALUES "
                    "('CUP', :ann, '2026-01-01 10:00:00'), ('cup', :bob, '2026-01-02 10:00:00'), "
                    "('Solo', :ann, '2026-01-03 10:00:00')"
                ),
                {"ann": ann, "bob": bob},
            )
            conn.execute(
                text(
                    "INSERT INTO label_entries (label, player_id, share_seat_tokens, created_at) "
                    "VALUES ('CUP', :bob, false, '2026-01-04 10:00:00')"
                ),
                {"bob": bob},
            )
            for game_id, label in zip(games, ["CUP", "cup", "Solo", "Anon"], strict=True):
                conn.execute(
                    text("UPDATE games SET label = :label WHERE id = :id"),
                    {"label": label, "id": game_id},
                )
        upgrade_database(url)
        with make_sessionmaker(engine)() as s:
            owners = dict(s.execute(select(LabelRow.label, LabelRow.player_id)).all())
            entries = s.execute(select(LabelEntryRow.label, LabelEntryRow.player_id)).all()
            labels = dict(s.execute(select(GameRow.id, GameRow.label)).all())
        assert owners == {"cup": bob, "cup-2": ann, "solo": ann}
        assert entries == [("cup-2", bob)]
        assert [labels[g] for g in games] == ["cup-2", "cup", "solo", "anon"]
        service = GameService(make_sessionmaker(engine))
        assert service.labels.get("CUP").owner == bob
        assert [g.id for g in service.games.list_games(label="Cup-2").games] == [games[0]]
        engine.dispose()
