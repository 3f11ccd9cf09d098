"""Standings of a label (service/rules/standings.py): a hand-made set of results with a known
table, every tie-break exercised; then real games under a label through the service."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from service.plumbing.errors import Unprocessable
from service.rules.standings import table
from tests.service.test_ratings import play_out


def seat(i: int, player: str | None = None, level: str | None = None, name: str = "?"):  # noqa: ANN201
    return SimpleNamespace(
        seat=i,
        player_id=player,
        kind="bot" if level else "human",
        bot_level=level,
        resigned=False,
        replaced_by_bot=False,
        name=name,
    )


NAMES = {"pa": "ann", "pb": "bob", "pc": "cy", "pd": "dee", "pe": "eve", "pf": "fay"}
GAMES = [
    ({"ranking": [0, 1, 2, 3], "scores": [10, 8, 6, 4]}, [seat(0, "pa"), seat(1, "pb"),
                                                          seat(2, "pc"), seat(3, "pd")]),
    ({"ranking": [1, 0, 3, 2], "scores": [9, 12, 3, 5]}, [seat(0, "pa"), seat(1, "pb"),
                                                          seat(2, "pc"), seat(3, "pd")]),
    ({"ranking": [1, 0, 2], "scores": [4, 7, 1]}, [seat(0, "pe"), seat(1, level="greedy"),
                                                   seat(2, name="zed")]),
    ({"ranking": [1, 0, 2], "scores": [4, 7, 1]}, [seat(0, "pf"), seat(1, level="greedy"),
                                                   seat(2, name="zed")]),
]  # fmt: skip


def test_a_known_table_with_every_tie_break() -> None:
    rows = table(GAMES, [3, 2, 1, 0], NAMES)
    got = [(r.position, r.name, r.games, r.points, r.wins, r.score) for r in rows]
    assert got == [
        (1, "bot:greedy", 2, 6, 2, 14),
        (2, "bob", 2, 5, 1, 20),  # ties ann on points and wins: more final score
        (3, "ann", 2, 5, 1, 19),
        (4, "eve", 1, 2, 0, 4),  # ties fay on points, wins and score: by name
        (5, "fay", 1, 2, 0, 4),
        (6, "zed", 2, 2, 0, 2),  # a seat without a player: listed by its name
        (7, "cy", 2, 1, 0, 9),  # ties dee on everything but the name
        (8, "dee", 2, 1, 0, 9),
    ]
    assert rows[0].player_id == "bot-greedy" and rows[0].bot
    assert rows[5].player_id is None
    assert rows[1].places == [1, 1] and rows[6].places == [0, 0, 1, 1]


def test_default_points_are_seats_finished_ahead_of() -> None:
    rows = {r.name: r.points for r in table(GAMES, None, NAMES)}
    assert rows == {"ann": 5, "bob": 5, "cy": 1, "dee": 1, "eve": 1, "fay": 1,
                    "bot:greedy": 4, "zed": 0}  # fmt: skip


def test_standings_of_real_games_under_a_label(service) -> None:
    ids = [service.accounts.create(n).player.id for n in ("ann", "bob", "cy")]
    owner = ids[0]
    results = []
    for other_label in (False, False, True):
        created = service.creation.create_game(
            players=3, time_limit=0, label="other" if other_label else "cup", player=owner
        )
        for p in ids:
            service.seating.join(created.game.id, "x", player=p)
        results.append(play_out(service, created.game.id))
    service.creation.create_game(players=3, label="cup", player=owner)  # open: not in the table
    rows = service.labels.standings("cup", [5, 1])
    expected = {p: 0 for p in ids}
    for result in results[:2]:
        expected[ids[result["ranking"][0]]] += 5
        expected[ids[result["ranking"][1]]] += 1
    assert {r.player_id: r.points for r in rows} == expected
    assert {r.name for r in rows} == {"ann", "bob", "cy"}
    assert all(r.games == 2 for r in rows)
    assert sum(r.wins for r in rows) == 2
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    assert service.labels.standings("nothing-here") == []
    with pytest.raises(Unprocessable):
        service.labels.standings("cup", [1] * 7)
