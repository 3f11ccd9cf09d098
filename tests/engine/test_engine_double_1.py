"""The 2-player variant Double I (engine option ``variant="double_1"``): one test per rule
difference, quoting the Spanish text (``ursuppe-rules-es-faq-2-players.txt``, "Doble juego I")
and RULINGS.md, "2 players" (docs/rules.md, "2 players")."""

from __future__ import annotations

import json
import random

import pytest
from helpers_engine import food

from engine import EngineError, Game, replay
from engine.counts import VARIANTS


def _random_game(seed: int, until_over: bool = True) -> tuple[Game, list[dict]]:
    g = Game.new(2, seed, variant="double_1")
    rng = random.Random(seed)
    actions = []
    while not g.is_over and (until_over or len(actions) < 60):
        action = rng.choice(g.legal_actions())
        g.apply(action, player=g.pending_player)
        actions.append(action)
    return g, actions


def test_double_1_two_players_play_the_four_colours_of_a_4_player_game():
    """"Cada jugador juega con dos colores" — RULINGS: "each player plays two colours of a
    4-player game": 4 colours on the board, 4-player rules (first amoebas 1 DP)."""
    g = Game.new(2, 5, variant="double_1")
    assert g.players == 4 and g.player_count == 2
    assert food(g, "B2") == [2, 2, 2, 2]
    assert [a["space"] for a in g.pending.actions] == [1, 2, 3, 4]
    while g.pending.kind == "start_space":
        g.apply(g.pending.actions[0], player=g.pending_player)
    assert g.pending.context["dp"] == 1


def test_double_1_colours_alternate_between_the_players():
    """Colours 0 and 2 are player 0's, 1 and 3 player 1's (an assumption: docs/rules.md)."""
    assert VARIANTS["double_1"].controllers == (0, 1, 0, 1)
    view = Game.new(2, 1, variant="double_1").public_view()
    assert [s["player"] for s in view["seats"]] == [0, 1, 0, 1]
    assert view["variant"] == "double_1" and view["player_count"] == 2


def test_double_1_a_decision_names_the_player_and_the_colour():
    """One pending decision at a time: ``pending.seat`` is the colour, the player is its
    controller; only that player may answer."""
    g = Game.new(2, 9, variant="double_1")
    colour = g.pending.seat
    player = g.pending_player
    assert player == colour % 2
    assert g.public_view()["pending"]["player"] == player
    with pytest.raises(EngineError) as info:
        g.apply(g.pending.actions[0], player=1 - player)
    assert info.value.code == "not_your_turn"
    g.apply(g.pending.actions[0], player=player)


def test_double_1_a_players_result_is_the_worse_of_their_two_colours():
    """"puntúa sólo el peor resultado de sus dos colores" — RULINGS: "a player's result is
    the worse of their two colours"."""
    for seed in range(30):
        g, _ = _random_game(seed)
        order = g.ranking()  # colours, furthest first
        worst = [max(order.index(0), order.index(2)), max(order.index(1), order.index(3))]
        expected = [0, 1] if worst[0] < worst[1] else [1, 0]
        assert g.player_ranking() == expected
        assert g.public_view()["player_ranking"] == expected
    # the leading colour does not decide: a case where player 0 leads yet loses
    assert any(_lead_but_lose(seed) for seed in range(30))


def _lead_but_lose(seed: int) -> bool:
    g, _ = _random_game(seed)
    return g.ranking()[0] % 2 != g.player_ranking()[0]


def test_double_1_bad_options_are_invalid_options():
    for kwargs in ({"players": 3, "variant": "double_1"}, {"players": 2},
                   {"players": 2, "variant": "nope"}, {"players": 2, "variant": 1}):  # fmt: skip
        with pytest.raises(EngineError) as info:
            Game.new(seed=1, **kwargs)
        assert info.value.code == "invalid_options"


@pytest.mark.parametrize("seed", range(40))
def test_double_1_replay_save_restore_and_clone(seed):
    """Replay, ``to_dict``/``from_dict``, ``clone`` and the public view keep the variant."""
    g, actions = _random_game(seed, until_over=seed % 2 == 0)
    again = replay(2, seed, actions, variant="double_1")
    assert again.to_dict() == g.to_dict()
    restored = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert restored.variant == "double_1" and restored.to_dict() == g.to_dict()
    assert restored.public_view() == g.public_view() == g.clone().public_view()
