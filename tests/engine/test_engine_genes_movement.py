"""Movement genes: Movement I and II, Speed, Persistence (as Speed), Streamlining, Tentacle,
Holding (RULINGS.md, "Phase 1" and "Genes")."""

from __future__ import annotations

from helpers_engine import build_position, first, food, of_type, play, where

from engine.chance import ScriptedDice
from engine.position import Moving

FULL = [2, 2, 2, 2]


def turn(genes=(), field="A2", bp=4, dice=None, players=4, others=(), food_map=None, deck=None,
         other_genes=None):  # fmt: skip
    """Seat 0's amoeba 1 on ``field`` about to move or drift (round 1, drift W)."""
    return build_position(
        players,
        chance=None if dice is None else ScriptedDice(dice),
        deck=deck,
        amoebas=[(0, 1, field), *others],
        food=food_map or {},
        bp=[bp] + [4] * (players - 1),
        genes=[list(genes), *(other_genes or [[]] * (players - 1))],
        at=Moving(0, 1),
    )


# --- Movement I ---------------------------------------------------------------------------------
def test_movement_1_roll_two_dice_and_choose_one_of_the_two_results():
    """"Movement I: roll two dice, choose one of the two results, then apply it".\""""
    g = turn(["movement_1"], field="B3", dice=[3, 4])
    events = g.apply({"type": "move"}, 0)
    assert first(events, "dice_rolled")["dice"] == [3, 4]
    assert g.pending.kind == "choose_die"
    assert g.pending.actions == [{"type": "die", "face": 3}, {"type": "die", "face": 4}]
    g.apply({"type": "die", "face": 4}, 0)
    assert where(g, 0, 1) == "B4"


def test_movement_1_costs_are_unchanged():
    """German card: "Die Bewegungskosten ändern sich nicht." (1 BP)"""
    g = turn(["movement_1"], field="B3", dice=[3, 4])
    g.apply({"type": "move"}, 0)
    assert g.bp[0] == 3


def test_movement_1_a_chosen_5_stays_and_a_chosen_6_is_free_choice():
    """"then apply it (5 stays, 6 free choice)".\""""
    g = turn(["movement_1"], field="B3", dice=[5, 6])
    g.apply({"type": "move"}, 0)
    events = g.apply({"type": "die", "face": 5}, 0)
    assert first(events, "amoeba_stayed")["reason"] == "die_5"
    g = turn(["movement_1"], field="B3", dice=[5, 6])
    play(g, {"type": "move"}, {"type": "die", "face": 6})
    assert g.pending.kind == "choose_direction"
    g.apply({"type": "direction", "direction": "N"}, 0)
    assert where(g, 0, 1) == "B2"


# --- Movement II ----------------------------------------------------------------------------------
def test_movement_2_choose_a_direction_or_stay_without_dice():
    """"Movement II: choose a direction, or stay".\""""
    g = turn(["movement_2"], field="B3")
    moves = [a for a in g.pending.actions if a["type"] == "move"]
    assert [m["direction"] for m in moves] == ["W", "N", "E", "S", "none"]
    events = g.apply({"type": "move", "direction": "S"}, 0)
    assert not of_type(events, "dice_rolled")
    assert where(g, 0, 1) == "B4"


def test_movement_2_staying_is_a_chosen_move():
    """"choose a direction, or stay" — the amoeba stays where it is."""
    g = turn(["movement_2"], field="B3")
    events = g.apply({"type": "move", "direction": "none"}, 0)
    assert first(events, "amoeba_stayed")["reason"] == "chosen"
    assert where(g, 0, 1) == "B3"


def test_faq9_movement_2_still_costs_1_bp():
    """"still 1 BP unless Streamlining (FAQ 9)".\""""
    g = turn(["movement_2"], field="B3", bp=2)
    g.apply({"type": "move", "direction": "E"}, 0)
    assert g.bp[0] == 1
    g = turn(["movement_2"], field="B3", bp=0)
    assert g.pending is None or g.pending.kind != "movement"  # only drift: taken for it


# --- Speed ----------------------------------------------------------------------------------------
def test_speed_after_an_active_move_a_second_free_move_from_where_the_first_ended():
    """"Speed: after an active move the amoeba may make a second active move, free of BP".\""""
    g = turn(["speed"], field="A2", dice=[3, 4])
    g.apply({"type": "move"}, 0)
    assert where(g, 0, 1) == "B2"
    assert g.pending.kind == "second_move"
    assert g.pending.actions == [{"type": "skip"}, {"type": "move"}]
    events = g.apply({"type": "move"}, 0)
    assert not of_type(events, "bp_paid")
    assert where(g, 0, 1) == "B3" and g.bp[0] == 3


def test_speed_the_second_move_may_be_skipped():
    """FAQ 7: "no está obligado a hacerlo" (not obliged to make it)."""
    g = turn(["speed"], field="A2", dice=[3])
    play(g, {"type": "move"}, {"type": "skip"})
    assert where(g, 0, 1) == "B2"


def test_faq7_speed_no_second_move_after_a_drift():
    """"never after a drift (FAQ 7)".\""""
    g = turn(["speed"], field="B2")
    events = g.apply({"type": "drift"}, 0)
    assert where(g, 0, 1) == "A2"
    assert not (g.pending and g.pending.kind == "second_move")
    assert not [e for e in events if e.get("kind") == "second_move"]


def test_faq7_speed_second_direction_found_the_same_way_movement_1_two_dice():
    """"its direction found the same way" — with Movement I, two dice again."""
    g = turn(["speed", "movement_1"], field="A2", dice=[3, 3, 4, 5])
    events = play(g, {"type": "move"})  # 3,3: one choice, taken for it
    assert where(g, 0, 1) == "B2"
    events = play(g, {"type": "move"})
    assert first(events, "dice_rolled")["dice"] == [4, 5]
    assert g.pending.kind == "choose_die"


def test_faq7_speed_second_direction_found_the_same_way_movement_2_chosen():
    """With Movement II the second move's direction is chosen too."""
    g = turn(["speed", "movement_2"], field="A2")
    g.apply({"type": "move", "direction": "E"}, 0)
    assert g.pending.kind == "second_move"
    assert {a.get("direction") for a in g.pending.actions} == {None, "W", "N", "E", "S", "none"}
    g.apply({"type": "move", "direction": "S"}, 0)
    assert where(g, 0, 1) == "B3" and g.bp[0] == 3


def test_speed_feeds_once_at_the_end():
    """"It feeds once, at the end" (German: "Gefressen wird nur 1x auf dem Endfeld")."""
    g = turn(["speed"], field="A2", dice=[3, 4],
             food_map={"B2": FULL, "B3": FULL})  # fmt: skip
    events = play(g, {"type": "move"}, {"type": "move"})
    fed = of_type(events, "amoeba_fed")
    assert len(fed) == 1
    assert food(g, "B2") == FULL and food(g, "B3") == [4, 1, 1, 1]


def test_persistence_acts_as_speed():
    """"Persistence acts as Speed".\""""
    g = turn(["persistence"], field="A2", dice=[3, 4])
    g.apply({"type": "move"}, 0)
    assert g.pending.kind == "second_move"
    g.apply({"type": "move"}, 0)
    assert where(g, 0, 1) == "B3" and g.bp[0] == 3


# --- Streamlining ---------------------------------------------------------------------------------
def test_streamlining_moves_cost_no_bp():
    """"Moving costs 1 BP (none with Streamlining)".\""""
    g = turn(["streamlining"], field="B3", bp=3, dice=[3])
    events = g.apply({"type": "move"}, 0)
    assert not of_type(events, "bp_paid") and g.bp[0] == 3


def test_streamlining_a_player_without_bp_may_still_move():
    """"a player without BP cannot move" does not bind a move that costs nothing."""
    g = turn(["streamlining"], field="B3", bp=0, dice=[4])
    assert {"type": "move"} in g.pending.actions
    g.apply({"type": "move"}, 0)
    assert where(g, 0, 1) == "B4" and g.bp[0] == 0


# --- Tentacle -------------------------------------------------------------------------------------
def test_tentacle_up_to_3_cubes_from_the_field_left_arrive_on_the_destination():
    """"Tentacle: when the amoeba is moved (drift, move, escape) it may take up to 3 cubes (2 with
    3 players) of any colours from the field it leaves.\""""
    g = turn(["tentacle"], field="B2", food_map={"B2": [1, 2, 0, 3]})
    g.apply({"type": "drift"}, 0)
    assert g.pending.kind == "tentacle"
    assert g.pending.context["from"] == "B2" and g.pending.context["to"] == "A2"
    takes = [a["take"] for a in g.pending.actions]
    assert takes[0] == [0, 0, 0, 0]
    assert max(sum(t) for t in takes) == 3
    assert [1, 2, 0, 0] in takes and [0, 0, 0, 3] in takes and [1, 2, 0, 1] not in takes
    events = g.apply({"type": "tentacle", "take": [0, 1, 0, 2]}, 0)
    assert first(events, "cubes_carried")["cubes"] == [0, 1, 0, 2]
    assert food(g, "B2") == [1, 1, 0, 1]
    # arrived on A2 and eaten there: 1 of colour 1 and 3 needs colour 2 too -> starves
    assert food(g, "A2") == [0, 1, 0, 2]


def test_tentacle_with_3_players_up_to_2_cubes():
    """"(2 with 3 players)".\""""
    g = turn(["tentacle"], field="B2", players=3, food_map={"B2": [3, 3, 3]})
    g.apply({"type": "drift"}, 0)
    assert max(sum(a["take"]) for a in g.pending.actions) == 2
    assert g.pending.context["limit"] == 2


def test_tentacle_cubes_carried_can_be_eaten_on_the_destination():
    """Cubes taken along arrive on the destination before the amoeba feeds there."""
    g = turn(["tentacle"], field="B2", food_map={"B2": [0, 1, 1, 1]})
    events = play(g, {"type": "drift"}, {"type": "tentacle", "take": [0, 1, 1, 1]})
    assert first(events, "amoeba_fed")["eaten"] == [0, 1, 1, 1]
    assert food(g, "A2") == [2, 0, 0, 0]


def test_tentacle_also_on_an_active_move():
    """"when the amoeba is moved (drift, move, escape)".\""""
    g = turn(["tentacle"], field="B3", food_map={"B3": FULL}, dice=[4])
    g.apply({"type": "move"}, 0)
    assert g.pending.kind == "tentacle" and g.pending.context["to"] == "B4"


def test_tentacle_no_cubes_taken_when_blocked():
    """An amoeba stopped by an obstacle leaves no field, so takes nothing."""
    g = turn(["tentacle"], field="A3", food_map={"A3": FULL})
    g.apply({"type": "drift"}, 0)
    assert not (g.pending and g.pending.kind == "tentacle")


# --- Holding --------------------------------------------------------------------------------------
def test_holding_stay_put_instead_of_drifting_or_moving_free():
    """"Holding: (1) in phase 1 an amoeba may stay put instead of drifting or moving, free.\""""
    g = turn(["holding"], field="B2")
    assert {"type": "hold"} in g.pending.actions
    events = g.apply({"type": "hold"}, 0)
    assert first(events, "amoeba_stayed")["reason"] == "hold"
    assert where(g, 0, 1) == "B2" and g.bp[0] == 4


def test_holding_cling_when_an_opponents_amoeba_leaves_and_be_carried_along():
    """"(2) When an opponent's amoeba leaves a field holding one of yours, yours may cling on and
    be carried along".\""""
    g = turn(field="B2", others=[(1, 3, "B2")], other_genes=[["holding"], [], []])
    g.apply({"type": "drift"}, 0)
    assert g.pending.kind == "cling" and g.pending.seat == 1
    assert g.pending.actions == [{"type": "let_go"}, {"type": "cling"}]
    assert g.pending.context["to"] == "A2"
    events = g.apply({"type": "cling"}, 1)
    carried = first(events, "amoeba_carried")
    assert carried["by"] == {"seat": 0, "number": 1} and carried["to_field"] == "A2"
    assert where(g, 1, 3) == "A2" and where(g, 0, 1) == "A2"


def test_holding_let_go_stays():
    """Clinging is optional."""
    g = turn(field="B2", others=[(1, 3, "B2")], other_genes=[["holding"], [], []])
    play(g, {"type": "drift"}, {"type": "let_go"})
    assert where(g, 1, 3) == "B2" and where(g, 0, 1) == "A2"


def test_holding_decided_after_the_direction_and_the_tentacle_cubes_are_known():
    """"you decide after the direction and the tentacle cubes are known.\""""
    g = turn(["tentacle"], field="B3", dice=[6], food_map={"B3": FULL},
             others=[(1, 3, "B3")], other_genes=[["holding"], [], []])  # fmt: skip
    g.apply({"type": "move"}, 0)
    assert g.pending.kind == "choose_direction"
    g.apply({"type": "direction", "direction": "S"}, 0)
    assert g.pending.kind == "tentacle"
    g.apply({"type": "tentacle", "take": [0, 1, 1, 1]}, 0)
    assert g.pending.kind == "cling" and g.pending.context["to"] == "B4"
    assert food(g, "B3") == [2, 1, 1, 1]  # the cubes already left
    g.apply({"type": "cling"}, 1)
    assert where(g, 1, 3) == "B4"


def test_holding_no_cling_to_ones_own_amoeba():
    """"When an opponent's amoeba leaves" — not one's own."""
    g = turn(["holding"], field="B2", others=[(0, 2, "B2")])
    g.apply({"type": "drift"}, 0)
    assert not (g.pending and g.pending.kind == "cling")
    assert where(g, 0, 2) == "B2"


def test_holding_being_carried_is_not_the_carried_amoebas_own_move():
    """"Being carried is not the carried amoeba's own move": it still has its own turn, and its
    owner's Tentacle takes no cubes for it."""
    g = build_position(4, amoebas=[(0, 1, "B2"), (1, 1, "B2")], food={"B2": FULL},
                       genes=[[], ["holding", "tentacle"], [], []], scores=[1, 2, 3, 4],
                       bp=[4, 0, 4, 4])  # fmt: skip
    g.apply({"type": "drift"}, 0)
    assert g.pending.kind == "cling"
    events = g.apply({"type": "cling"}, 1)
    assert not of_type(events, "cubes_carried")
    assert where(g, 1, 1) == "A2" and food(g, "B2") == FULL
    # seat 1's amoeba then takes its own turn (drift/hold; no BP to move)
    assert g.pending.kind == "movement" and g.pending.context["amoeba"]["seat"] == 1


def test_holding_cling_on_a_drift_too():
    """"When an opponent's amoeba leaves a field" — drifting away is leaving as well."""
    g = turn(field="D2", others=[(2, 1, "D2")], other_genes=[[], ["holding"], []])
    g.apply({"type": "drift"}, 0)
    assert g.pending.kind == "cling" and g.pending.seat == 2
