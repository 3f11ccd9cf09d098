"""The 2-player variant Double II (engine option ``variant="double_2"``): one test per rule
difference, quoting the Spanish text (``ursuppe-rules-es-faq-2-players.txt``, "Doble juego II")
and RULINGS.md, "2 players"; the choices where neither decides are in docs/rules.md,
"Double II"."""

from __future__ import annotations

import json
import random

import pytest
from helpers_engine import food, of_type

from engine import EngineError, Game, replay
from engine.board import FIELD_INDEX
from engine.counts import VARIANTS
from engine.frames import Stage
from engine.genes import BIT
from engine.machine import OPS
from engine.rules.combat import _aggression_targets, aggressors
from engine.rules.division import division_cost, division_field_mask
from engine.rules.feeding import feed_actions
from engine.rules.scoring import advance_for

V = "double_2"


def _random_game(seed: int, until_over: bool = True) -> tuple[Game, list[dict]]:
    g = Game.new(2, seed, variant=V)
    rng = random.Random(seed)
    actions = []
    while not g.is_over and (until_over or len(actions) < 60):
        action = rng.choice(g.legal_actions())
        g.apply(action, player=g.pending_player)
        actions.append(action)
    return g, actions


def _first_round(seed: int) -> Game:
    """A game at its first decision of round 1 (setup done)."""
    g = Game.new(2, seed, variant=V)
    rng = random.Random(seed)
    while g.round == 0:
        g.apply(rng.choice(g.legal_actions()), player=g.pending_player)
    return g


def _run_step(g: Game, op: str) -> list:
    """Run one stage's step on a copy with an empty stack; return the frames it pushed
    (first to run first) and the copy's events."""
    c = g.clone()
    c._stack = []
    c.events = []
    OPS[op].step(c, Stage.new(op))
    return [c, list(reversed(c._stack)), c.events]


def _empty(g: Game) -> None:
    """Take every amoeba off the board (a test builds its own position on top)."""
    g.apos[:] = [-1] * len(g.apos)


def test_double_2_two_players_play_four_colours_with_one_marker_each():
    """"Cada jugador juega con dos colores. Comenzar como un juego de cuatro jugadores" and
    RULINGS "a player advances": 4 colours (feeding 1:1:1), but one marker per player, so two
    start-space choices, spaces 1-2, by each player's first colour."""
    g = Game.new(2, 5, variant=V)
    assert g.players == 4 and g.player_count == 2
    assert food(g, "B2") == [2, 2, 2, 2]
    assert VARIANTS[V].controllers == (0, 1, 0, 1) and g.lead == (0, 1, 0, 1)
    assert [a["space"] for a in g.pending.actions] == [1, 2]
    events = g.apply(g.pending.actions[0], player=g.pending_player)  # the other is forced
    taken = of_type(g.setup_events + events, "start_space_taken")
    assert sorted(e["seat"] for e in taken) == [0, 1]
    assert g.score[0] == g.score[2] and g.score[1] == g.score[3]
    assert sorted({g.score[0], g.score[1]}) == [1, 2]


def test_double_2_starting_amoebas_have_no_dp():
    """"Todas las amebas de partida están sin" (puntos de daño): unlike the 4-player game,
    the first placement gives no DP."""
    g = _first_round(3)
    assert all(g.amoeba_count(c) == 2 for c in range(4))
    assert all(d == 0 for d in g.adp)
    placed = of_type(g.setup_events, "amoeba_placed")
    assert placed == [] or all(e["dp"] == 0 for e in placed)


def test_double_2_a_players_colours_share_bp_and_genes():
    """RULINGS "shared BP and genes"; "Los jugadores van a por genes y los aplican a ambos de
    sus colores": a gene bought by a player is held by both colours, a BP spent by either
    colour leaves the one purse."""
    g = _first_round(7)
    g.bp[2] -= 3  # colour 2 pays: player 0's purse
    assert g.bp[0] == g.bp[2] == 1
    g.genes[1] |= BIT["spores"]
    assert g.genes[3] & BIT["spores"] and not g.genes[0] & BIT["spores"]
    c = g.clone()
    c.bp[0] = 9
    assert c.bp[2] == 9 and g.bp[2] == 1  # the clone shares within itself, not with g


def test_double_2_one_buying_turn_per_player():
    """One phase-3 turn per player ("Los jugadores van a por genes"): the turns go to each
    player's first colour, leader first."""
    g = _first_round(11)
    g.score[1] = 30  # player 1 leads
    _, frames, _ = _run_step(g, "phase3")
    assert [(f.op, f.seat) for f in frames if f.op == "buy"] == [("buy", 1), ("buy", 0)]


def test_double_2_one_gene_defect_turn_per_player():
    """One phase-2 turn per player: the genes (and so the mutation points) are the player's."""
    g = _first_round(12)
    g.round = 2
    g.score[0] = 30
    _, frames, _ = _run_step(g, "phase2")
    assert [f.seat for f in frames if f.op == "defect"] == [0, 1]


def test_double_2_phase1_order_trailing_first_colour_leader_both_trailing_other():
    """"Los jugadores en el segundo rango comienzan alimentándose de sus colores, y luego el
    jugador en cabeza se alimenta de su primer color y después su segundo color y finalmente
    el segundo jugador clasificado se alimenta de su otro color": read literally, the trailing
    player's first colour, the leader's first and second, the trailing player's other."""
    g = _first_round(13)
    g.score[0], g.score[1] = 20, 10  # player 0 leads
    _, frames, _ = _run_step(g, "phase1")
    assert [f.seat for f in frames if f.op == "p1_player"] == [1, 0, 2, 3]
    g.score[0], g.score[1] = 10, 20  # player 1 leads
    _, frames, _ = _run_step(g, "phase1")
    assert [f.seat for f in frames if f.op == "p1_player"] == [0, 1, 3, 2]


def test_double_2_phase4_pays_10_bp_per_player_and_each_colour_divides():
    """One purse: phase 4's 10 BP once per player (4-player amount), then each colour has its
    own division turn, paid from that purse."""
    g = _first_round(14)
    g.score[0] = 30
    before = g.bp[0], g.bp[1]
    c, frames, events = _run_step(g, "phase4")
    assert [(e["seat"], e["amount"]) for e in of_type(events, "bp_received")] == [(0, 10), (1, 10)]
    assert (c.bp[0], c.bp[1]) == (before[0] + 10, before[1] + 10) == (c.bp[2], c.bp[3])
    assert [f.seat for f in frames if f.op == "divide"] == [0, 2, 1, 3]


def test_double_2_new_amoebas_cost_4_and_3_with_division_rate():
    """"Fase 4: Las nuevas amebas cuestan 4 (y 3 con Velocidad de División)"."""
    g = _first_round(15)
    assert division_cost(g, 0) == division_cost(g, 3) == 4
    g.genes[0] |= BIT["division_rate"]
    assert division_cost(g, 0) == division_cost(g, 2) == 3
    assert division_cost(g, 1) == 4
    assert division_cost(Game.new(4, 1), 0) == 6  # the base game is unchanged


def test_double_2_extinct_colours_not_players():
    """"Se aplican las reglas habituales para extinguir o casi extinguir colores (no
    jugadores)": a colour with one amoeba (or none) places anywhere free of that colour, even
    if the partner colour has many."""
    g = _first_round(16)
    _empty(g)
    for k, field in enumerate(("A2", "B2", "A3"), start=1):
        g.place_amoeba(0, k, FIELD_INDEX[field])
    g.place_amoeba(2, 1, FIELD_INDEX["E4"])
    free_of_2 = division_field_mask(g, 2, g.amoeba_count(2))
    assert free_of_2 == ((1 << 19) - 1) & ~(1 << FIELD_INDEX["E4"])
    near_0 = division_field_mask(g, 0, g.amoeba_count(0))
    assert not near_0 >> FIELD_INDEX["E4"] & 1  # colour 0 still needs a neighbour


def test_double_2_scoring_amoeba_table_per_colour_plus_genes_once():
    """"Un jugador puntúa por el número de amebas en cada uno de sus colores más una vez la
    puntuación por sus genes"; RULINGS "advances by the amoeba table for each colour plus the
    gene table once"."""
    g = _first_round(17)
    _empty(g)
    for k in range(1, 6):
        g.place_amoeba(0, k, k)  # 5 amoebas: 4 spaces
    for k in range(1, 4):
        g.place_amoeba(2, k, 10 + k)  # 3 amoebas: 1 space
    for gid in ("intelligence", "spores", "speed"):
        g.genes[0] |= BIT[gid]  # 3 cards: 1 space
    assert advance_for(g, 0) == 4 + 1 + 1
    g.score[0], g.score[1] = 10, 5
    c, _, events = _run_step(g, "phase6")
    moved = {e["seat"]: e["steps"] for e in of_type(events, "marker_advanced")}
    assert moved == {0: 6, 1: 0}  # one move per player; player 1 has no amoebas now
    assert c.score[0] == c.score[2] == 16


def test_double_2_parasitism_spares_the_partner_colour():
    """Parasitism: "una ameba de otro jugador ... el propietario de la otra ameba paga": the
    player's other colour is not another player, so it is never made to pay."""
    g = _first_round(18)
    _empty(g)
    g.genes[0] |= BIT["parasitism"]
    field = FIELD_INDEX["B2"]
    g.place_amoeba(0, 1, field)
    g.place_amoeba(2, 1, field)
    g.place_amoeba(3, 1, field)
    g.bp[0], g.bp[1] = 5, 5
    _, parasitic, _ = feed_actions(g, 0, field)
    assert {a["parasite"] for a in parasitic} == {3}


def test_double_2_aggression_attacks_only_the_other_player_once_per_colour():
    """Aggression: "una ameba de otro jugador en el mismo espacio" (never the partner colour);
    "Este ataque sólo puede ser usado una vez por ronda", and the gene applies "a ambos de sus
    colores": each colour of the holder has its one attack a round."""
    g = _first_round(19)
    _empty(g)
    g.genes[0] |= BIT["aggression"]
    field = FIELD_INDEX["C2"]
    g.place_amoeba(0, 1, field)
    g.place_amoeba(2, 1, field)
    g.place_amoeba(1, 1, field)
    targets = [a["target"]["seat"] for a in _aggression_targets(g, 0)]
    assert targets == [1]
    assert sorted(aggressors(g)) == [0, 2]


def test_double_2_a_players_result_is_their_marker():
    """One marker per player: the winner is the player whose marker is further ahead."""
    for seed in range(20):
        g, _ = _random_game(seed)
        expected = [0, 1] if g.score[0] > g.score[1] else [1, 0]
        assert g.player_ranking() == expected == g.public_view()["player_ranking"]
        assert g.score[0] != g.score[1]


@pytest.mark.parametrize("seed", range(30))
def test_double_2_replay_save_restore_and_clone(seed):
    """Replay, ``to_dict``/``from_dict``, ``clone`` and the public view keep the variant and
    the shared purse."""
    g, actions = _random_game(seed, until_over=seed % 2 == 0)
    again = replay(2, seed, actions, variant=V)
    assert again.to_dict() == g.to_dict()
    restored = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert restored.variant == V and restored.to_dict() == g.to_dict()
    assert restored.public_view() == g.public_view() == g.clone().public_view()
    restored.bp[2] = 7
    assert restored.bp[0] == 7  # still one purse after a restore


def test_double_2_bad_options_are_invalid_options():
    for kwargs in ({"players": 3, "variant": V}, {"players": 4, "variant": V},
                   {"players": 2, "variant": V, "decoy_scores": True}):  # fmt: skip
        with pytest.raises(EngineError) as info:
            Game.new(seed=1, **kwargs)
        assert info.value.code == "invalid_options"
