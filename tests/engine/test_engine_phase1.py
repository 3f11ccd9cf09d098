"""Phase 1: movement and feeding (RULINGS.md, "Phase 1", "Board", "Compass and dice")."""

from __future__ import annotations

import pytest
from helpers_engine import build_position, dp, first, food, of_type, play, where

from engine.chance import ScriptedDice
from engine.position import Feeding, Moving

FULL = [2, 2, 2, 2]
NO_DRIFT_DECK = [{"drift": "none", "ozone": 10}, {"drift": "W", "ozone": 10},
                 {"drift": "W", "ozone": 10}]  # fmt: skip


def one_amoeba(players=4, field="B2", bp=4, genes=(), dice=None, deck=None, food_map=None, **kw):
    """Seat 0's amoeba 1 on ``field``, its phase-1 turn pending (round 1, current card W 8)."""
    return build_position(
        players,
        chance=None if dice is None else ScriptedDice(dice),
        deck=deck,
        amoebas=[(0, 1, field), *kw.pop("others", [])],
        food=food_map if food_map is not None else {},
        bp=[bp] + [4] * (players - 1),
        genes=[list(genes)] + [[]] * (players - 1),
        at=Moving(0, 1),
        **kw,
    )


def test_phase1_drift_moves_one_field_with_the_current():
    """"Each amoeba drifts (one field with the current ...) or moves." Round 1's card is W."""
    g = one_amoeba(field="B2")
    assert g.pending.context["drift"] == "W"
    events = g.apply({"type": "drift"}, 0)
    moved = first(events, "amoeba_moved")
    assert (moved["from_field"], moved["to_field"], moved["reason"]) == ("B2", "A2", "drift")
    assert where(g, 0, 1) == "A2"


@pytest.mark.parametrize(("field", "why"), [("A3", "board edge"), ("D3", "compass island")])
def test_phase1_drift_toward_an_obstacle_leaves_the_amoeba_where_it_is(field, why):
    """"Off-board cells and the island are obstacles: a drift or move toward an obstacle leaves
    the amoeba where it is.\""""
    g = one_amoeba(field=field)
    events = g.apply({"type": "drift"}, 0)
    assert first(events, "amoeba_blocked")["field"] == field, why
    assert not of_type(events, "amoeba_moved")
    assert where(g, 0, 1) == field


def test_phase1_no_drift_card_the_amoeba_stays():
    """"Exactly one card has no drift" / "one field with the current; none on the no-drift
    card".\""""
    g = one_amoeba(field="B2", deck=NO_DRIFT_DECK)
    assert g.pending.context["drift"] == "none"
    events = g.apply({"type": "drift"}, 0)
    assert first(events, "amoeba_stayed")["reason"] == "no_drift"
    assert where(g, 0, 1) == "B2"


def test_phase1_other_amoebas_are_no_obstacle():
    """German E.1: "Andere Amöben sind kein Hindernis, es können mehrere Amöben auf einem Feld
    stehen.\""""
    g = one_amoeba(field="B2", others=[(1, 1, "A2"), (2, 1, "A2")])
    g.apply({"type": "drift"}, 0)
    assert where(g, 0, 1) == "A2"


def test_phase1_moving_costs_1_bp():
    """"Moving costs 1 BP (none with Streamlining)".\""""
    g = one_amoeba(bp=4, dice=[5])
    events = g.apply({"type": "move"}, 0)
    assert first(events, "bp_paid") == {"type": "bp_paid", "seat": 0, "amount": 1, "reason": "move"}
    assert g.bp[0] == 3


def test_phase1_a_player_without_bp_cannot_move():
    """"a player without BP cannot move." With drift the only choice, the engine takes it."""
    g = build_position(4, amoebas=[(0, 1, "B2"), (1, 1, "D4")], bp=[0, 4, 4, 4],
                       at=[Moving(0, 1), Moving(1, 1)])  # fmt: skip
    assert g.pending.seat == 1  # seat 0's amoeba was resolved without asking
    assert where(g, 0, 1) == "A2"
    assert g.bp[0] == 0


@pytest.mark.parametrize(
    ("face", "to"), [(1, "A3"), (2, "B2"), (3, "B3"), (4, "B4")], ids=["1W", "2N", "3E", "4S"]
)
def test_phase1_die_faces_1_to_4_are_west_north_east_south(face, to):
    """"Die 1 = West, 2 = North, 3 = East, 4 = South".  B3 -> its neighbours."""
    g = one_amoeba(field="B3", dice=[face])
    events = g.apply({"type": "move"}, 0)
    assert first(events, "dice_rolled")["dice"] == [face]
    assert where(g, 0, 1) == to


def test_phase1_die_face_5_is_no_movement():
    """"5 = no movement" (the BP is still spent)."""
    g = one_amoeba(field="B3", dice=[5])
    events = g.apply({"type": "move"}, 0)
    assert first(events, "amoeba_stayed")["reason"] == "die_5"
    assert where(g, 0, 1) == "B3" and g.bp[0] == 3


def test_phase1_die_face_6_is_free_choice_of_the_four_directions():
    """"6 = free choice of the four directions".\""""
    g = one_amoeba(field="B3", dice=[6])
    g.apply({"type": "move"}, 0)
    assert g.pending.kind == "choose_direction" and g.pending.seat == 0
    assert [a["direction"] for a in g.pending.actions] == ["W", "N", "E", "S"]
    g.apply({"type": "direction", "direction": "S"}, 0)
    assert where(g, 0, 1) == "B4"


def test_phase1_active_move_toward_the_island_is_blocked():
    """"a drift or move toward an obstacle leaves the amoeba where it is" (B3 east = C3)."""
    g = one_amoeba(field="B3", dice=[6])
    events = play(g, {"type": "move"}, {"type": "direction", "direction": "E"})
    assert first(events, "amoeba_blocked")["direction"] == "E"
    assert where(g, 0, 1) == "B3"


def test_phase1_feeding_with_4_players_one_cube_of_each_other_colour():
    """"4 players: one cube of each of the three other colours." """
    g = one_amoeba(field="B3", food_map={"A3": FULL}, dice=[1])
    events = g.apply({"type": "move"}, 0)
    assert where(g, 0, 1) == "A3"
    fed = first(events, "amoeba_fed")
    assert fed["eaten"] == [0, 1, 1, 1]
    assert food(g, "A3") == [2 + 2, 1, 1, 1]


def test_phase1_feeding_with_3_players_two_of_one_other_colour_one_of_the_other():
    """"3 players: two cubes of one other colour and one of the other (player's choice)."""
    g = build_position(3, amoebas=[(0, 1, "A2")], food={"A2": [0, 3, 3]},
                       at=Feeding(0, 1))  # fmt: skip
    assert g.pending.kind == "feed"
    eats = sorted(a["eat"] for a in g.pending.actions)
    assert eats == [[0, 1, 2], [0, 2, 1]]
    g.apply({"type": "feed", "eat": [0, 1, 2]}, 0)
    assert food(g, "A2") == [2, 2, 1]


def test_phase1_feeding_is_all_or_nothing_a_missing_cube_means_starving():
    """"Feeding needs every required cube or none is eaten." """
    g = build_position(4, amoebas=[(0, 1, "A2")], food={"A2": [0, 5, 5, 0]},
                       at=Feeding(0, 1), bp=[0, 4, 4, 4])  # fmt: skip
    # the only answer is to starve, taken by the engine
    assert food(g, "A2") == [0, 5, 5, 0]
    assert dp(g, 0, 1) == 1


def test_phase1_eating_excretes_two_cubes_of_its_own_colour_from_the_supply():
    """"After eating it excretes two cubes of its own colour from the supply".\""""
    g = build_position(4, amoebas=[(2, 1, "D4")], food={"D4": [1, 1, 0, 1]},
                       at=Feeding(2, 1))  # fmt: skip
    assert food(g, "D4") == [0, 0, 2, 0]
    assert g.supply == [55, 55, 53, 55]


def test_phase1_excretion_only_as_many_as_the_supply_holds():
    """"When the supply lacks cubes that should be placed, only those available are placed." """
    g = build_position(4, amoebas=[(0, 1, "A2")],
                       food={"A2": [0, 1, 1, 1], "E4": [54, 0, 0, 0]},
                       at=Feeding(0, 1))  # fmt: skip
    # fed automatically (single pattern) while building; only 1 cube was left to excrete
    assert first(g.setup_events, "amoeba_fed")["excreted"] == 1
    assert food(g, "A2") == [1, 0, 0, 0]
    assert g.supply[0] == 0
    assert g.cube_total(0) == 55


def test_phase1_starving_eats_nothing_excretes_nothing_and_gives_1_dp():
    """"If it cannot eat it starves: eats nothing, excretes nothing, gets 1 DP." """
    g = build_position(4, amoebas=[(0, 1, "A2", 1)], food={"A2": [3, 1, 1, 0]},
                       at=Feeding(0, 1))  # fmt: skip
    assert food(g, "A2") == [3, 1, 1, 0]
    assert dp(g, 0, 1) == 2
    assert g.supply == [52, 54, 54, 55]


def test_phase1_feeding_event_and_starving_event():
    """The events of eating and starving carry what happened."""
    g = one_amoeba(field="A2", food_map={"A2": FULL})
    events = g.apply({"type": "drift"}, 0)  # A2 west is off the board: stays, eats
    fed = first(events, "amoeba_fed")
    assert fed == {"type": "amoeba_fed", "seat": 0, "number": 1, "eaten": [0, 1, 1, 1],
                   "excreted": 2, "parasite": None}  # fmt: skip
    g2 = one_amoeba(field="A2")
    starved = first(g2.apply({"type": "drift"}, 0), "amoeba_starved")
    assert starved == {"type": "amoeba_starved", "seat": 0, "number": 1, "dp": 1}


def test_phase1_players_ascending_each_players_amoebas_in_number_order():
    """"Phase 1 — movement and feeding (ascending; each player's amoebas in number order)".\""""
    g = build_position(
        4,
        amoebas=[(0, 5, "E2"), (0, 2, "E3"), (1, 1, "D5"), (2, 7, "A5"), (2, 3, "A4"),
                 (3, 4, "B1")],
        scores=[3, 1, 4, 2],
        phase=1,
    )  # fmt: skip
    seen = []
    while g.phase == 1:
        ctx = g.pending.context["amoeba"]
        seen.append((ctx["seat"], ctx["number"]))
        g.apply({"type": "drift"}, g.pending.seat)
    assert seen == [(1, 1), (3, 4), (0, 2), (0, 5), (2, 3), (2, 7)]
