"""The 2-player variant with a decoy (engine option ``variant="decoy"``): one test per rule
difference, quoting the Spanish text (``ursuppe-rules-es-faq-2-players.txt``, "1. Jugador
Señuelo") and RULINGS.md, "2 players" (docs/rules.md, "Decoy").

The seed text: "Definir un jugador señuelo, que no juega por las reglas normales, sino que juega
automáticamente, p.ej. deriva siempre. Tiene expectativa de vida desde el comienzo, consigue 2
amebas por ronda. El señuelo puntúa o no."
"""

from __future__ import annotations

import json
import random

import pytest
from helpers_engine import food, of_type

from engine import EngineError, Game, replay
from engine.counts import PLAYER_COUNTS, VARIANTS
from engine.genes import GENE_INDEX

DECOY = 2


def _random_game(
    seed: int, *, decoy_scores: bool = False, until_over: bool = True
) -> tuple[Game, list[dict], list[dict]]:
    """A random game; returns it, the players' actions and every event (set-up included)."""
    g = Game.new(2, seed, variant="decoy", decoy_scores=decoy_scores)
    rng = random.Random(seed)
    actions: list[dict] = []
    events = list(g.setup_events)
    while not g.is_over and (until_over or len(actions) < 80):
        action = rng.choice(g.legal_actions())
        events.extend(g.apply(action, player=g.pending_player))
        actions.append(action)
    return g, actions, events


def _decoy_events(events: list[dict], kind: str) -> list[dict]:
    return [e for e in of_type(events, "auto_action") if e["seat"] == DECOY and e["kind"] == kind]


def test_decoy_is_a_third_colour_of_a_3_colour_game():
    """ "Definir un jugador señuelo": a third colour beside the two players'. RULINGS: "a third
    colour played by the engine". Our choice (docs/rules.md): the 3-colour rules apply —
    feeding 2:1, the 3-player gene cards, no DP on the first amoebas, start spaces 1-3."""
    g = Game.new(2, 3, variant="decoy")
    assert g.players == 3 and g.player_count == 2 and g.decoy == DECOY
    assert VARIANTS["decoy"].controllers == (0, 1, -1)
    assert food(g, "B2") == [2, 2, 2]
    assert g.gene_supply[GENE_INDEX["life_expectancy"]] == 1  # the 3-player column, all there
    view = g.public_view()
    assert [s["player"] for s in view["seats"]] == [0, 1, None]
    assert [s["decoy"] for s in view["seats"]] == [False, False, True]
    while g.pending.kind == "start_space":
        g.apply(g.pending.actions[0], player=g.pending_player)
    assert sorted(g.score) == [1, 2, 3]
    assert g.pending.context["dp"] == 0


def test_decoy_makes_no_decisions_its_moves_are_events():
    """ "juega automáticamente": no decision is ever pending for the decoy; the game picks for
    it and logs each pick as an ``auto_action`` event (``"by": "decoy"`` when it had a
    choice), in the set-up too (start space, two amoebas)."""
    g, _, events = _random_game(11)
    setup = _decoy_events(g.setup_events, "start_space") + _decoy_events(events, "place_amoeba")
    assert setup and all(e.get("by") == "decoy" for e in setup[:1])
    placed = [e for e in of_type(events, "amoeba_placed") if e["seat"] == DECOY]
    assert len(placed) >= 2  # the two set-up amoebas and the free ones of phase 4
    assert _decoy_events(events, "feed")  # it feeds like everyone else
    with pytest.raises(EngineError) as info:
        Game.new(2, 11, variant="decoy").apply({"type": "drift"}, player=-1)
    assert info.value.code in ("not_your_turn", "illegal_action")


def test_decoy_always_drifts():
    """ "p.ej. deriva siempre": every decoy movement is a drift: it never rolls or pays."""
    drifts = 0
    for seed in range(8):
        _, _, events = _random_game(seed)
        moves = _decoy_events(events, "movement")
        assert all(e["action"] == {"type": "drift"} for e in moves)
        drifts += len(moves)
        assert not [e for e in of_type(events, "dice_rolled") if e["seat"] == DECOY]
        assert not [e for e in of_type(events, "bp_paid") if e["seat"] == DECOY]
    assert drifts > 50


def test_decoy_has_life_expectancy_from_the_start_without_a_card():
    """ "Tiene expectativa de vida desde el comienzo": its amoebas die at 3 DP, not 2, from
    round 1 — a trait, not a gene card (it takes none from the supply, pays no defects)."""
    g = Game.new(2, 4, variant="decoy")
    rng = random.Random(4)
    while not (g.round == 1 and g.phase == 4):
        g.apply(rng.choice(g.legal_actions()), player=g.pending_player)
    decoy_amoeba = g.alive_numbers(DECOY)[0]
    player_amoeba = g.alive_numbers(0)[0]
    g.adp[DECOY * 7 + decoy_amoeba - 1] = 2
    g.adp[0 * 7 + player_amoeba - 1] = 2
    assert g.death_limit(DECOY) == 3 and g.death_limit(0) == 2 and g.genes[DECOY] == 0
    events: list[dict] = []
    while g.round == 1 and not g.is_over:
        events += g.apply(g.legal_actions()[0], player=g.pending_player)
    died = {(e["seat"], e["number"]) for e in of_type(events, "amoeba_died")}
    assert (0, player_amoeba) in died and (DECOY, decoy_amoeba) not in died
    assert g.pos(DECOY, decoy_amoeba) >= 0
    g.adp[DECOY * 7 + decoy_amoeba - 1] = 3
    while g.round == 2 and not g.is_over:
        events += g.apply(g.legal_actions()[0], player=g.pending_player)
    assert (DECOY, decoy_amoeba) in {
        (e["seat"], e["number"]) for e in of_type(events, "amoeba_died")
    }


def test_decoy_gets_two_new_amoebas_each_round_and_no_bp():
    """ "consigue 2 amebas por ronda": in every phase 4 the decoy places two amoebas, free
    (fewer only when it reaches 7); it receives no BP and never buys a gene."""
    checked = 0
    for seed in range(6):
        g, _, events = _random_game(seed)
        alive = at_phase4 = placed = 0  # the decoy's amoebas, counted from the events
        for e in events:
            if e.get("seat") == DECOY and e["type"] == "amoeba_placed":
                alive += 1
                placed += 1
            elif e.get("seat") == DECOY and e["type"] == "amoeba_died":
                alive -= 1
            elif e["type"] == "phase_started" and e["phase"] == 4:
                at_phase4, placed = alive, 0
            elif e["type"] == "phase_started" and e["phase"] == 5:
                assert placed == min(2, 7 - at_phase4), (seed, e["round"])
                checked += 1
            assert not (e["type"] == "bp_received" and e["seat"] == DECOY)
        assert alive == g.amoeba_count(DECOY)
        assert g.bp[DECOY] == 0 and g.genes[DECOY] == 0
    assert checked >= 20


def test_decoy_that_does_not_score_stays_on_its_start_space():
    """ "El señuelo puntúa o no" — option ``decoy_scores`` false (the default): the decoy's
    marker never leaves its start space; the players advance around it."""
    for seed in range(6):
        g, _, events = _random_game(seed)
        start = next(e["space"] for e in events if e.get("seat") == DECOY
                     and e["type"] == "start_space_taken")  # fmt: skip
        assert g.score[DECOY] == start
        assert not [e for e in of_type(events, "marker_advanced") if e["seat"] == DECOY]
        assert sorted(g.player_ranking()) == [0, 1]


def test_decoy_that_scores_advances_by_the_tables():
    """ "El señuelo puntúa o no" — option ``decoy_scores`` true: its marker advances by the
    amoeba table like a player's (no genes, so nothing from the gene table)."""
    moved = 0
    table = PLAYER_COUNTS[3].amoeba_advance
    for seed in range(6):
        g, _, events = _random_game(seed, decoy_scores=True)
        alive = 0  # the decoy's amoebas, counted from the events
        for e in events:
            if e.get("seat") == DECOY and e["type"] == "amoeba_placed":
                alive += 1
            elif e.get("seat") == DECOY and e["type"] == "amoeba_died":
                alive -= 1
            elif e["type"] == "marker_advanced" and e["seat"] == DECOY:
                assert e["steps"] == table[alive]
                moved += e["to_space"] - e["from_space"]
        assert g.public_view()["decoy_scores"] is True
    assert moved > 0


def test_decoy_players_ranking_leaves_the_decoy_out():
    """The result is the players': their ladder order (the decoy is in ``ranking``, the
    colours' order, only)."""
    for seed in range(10):
        g, _, _ = _random_game(seed, decoy_scores=True)
        expected = [c for c in g.ranking() if c != DECOY]
        assert g.player_ranking() == expected


def test_decoy_bad_options_are_invalid_options():
    for kwargs in ({"players": 3, "variant": "decoy"},
                   {"players": 2, "variant": "double_1", "decoy_scores": True},
                   {"players": 3, "decoy_scores": True},
                   {"players": 2, "variant": "decoy", "decoy_scores": 1}):  # fmt: skip
        with pytest.raises(EngineError) as info:
            Game.new(seed=1, **kwargs)
        assert info.value.code == "invalid_options"


@pytest.mark.parametrize("seed", range(20))
def test_decoy_replay_save_restore_and_clone(seed):
    """Replay, ``to_dict``/``from_dict``, ``clone`` and the public view keep the variant and
    the option; the decoy's drawn fields come from the game's generator, so they replay."""
    scores = seed % 3 == 0
    g, actions, _ = _random_game(seed, decoy_scores=scores, until_over=seed % 2 == 0)
    again = replay(2, seed, actions, variant="decoy", decoy_scores=scores)
    assert again.to_dict() == g.to_dict()
    restored = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert restored.variant == "decoy" and restored.decoy_scores is scores
    assert restored.to_dict() == g.to_dict()
    assert restored.public_view() == g.public_view() == g.clone().public_view()
    if not g.is_over:  # a restored game continues identically
        action = g.legal_actions()[-1]
        assert g.apply(action, player=g.pending_player) == restored.apply(
            action, player=restored.pending_player
        )
        assert g.to_dict() == restored.to_dict()
