"""Attacks and their answers: Struggle for Survival, Aggression, Defense, Escape, Armor,
Persistence's retries, and FAQ 8 and 10 (RULINGS.md, "Genes")."""

from __future__ import annotations

from helpers_engine import build_position, dp, first, food, of_type, play, where

from engine.chance import ScriptedDice
from engine.position import Aggression, Feeding

ATTACK_1_1 = {"type": "attack", "target": {"seat": 1, "number": 1}}


def struggle(target_genes=(), attacker_genes=("struggle_for_survival",), dice=None, field_food=None,
             bp=None, others=(), field="B3"):  # fmt: skip
    """Seat 0's amoeba 1 must feed on ``field`` (empty: it would starve) next to seat 1's
    amoeba 1."""
    return build_position(
        4,
        chance=None if dice is None else ScriptedDice(dice),
        amoebas=[(0, 1, field), (1, 1, field), *others],
        food={field: field_food or [0, 0, 0, 0]},
        genes=[list(attacker_genes), list(target_genes), [], []],
        bp=bp,
        at=Feeding(0, 1),
    )


def aggression(target_genes=(), attacker_genes=("aggression",), dice=None, bp=None, amoebas=None,
               scores=None):  # fmt: skip
    """Phase 5 with seat 0's amoeba 1 and seat 1's amoeba 1 on B3."""
    return build_position(
        4,
        chance=None if dice is None else ScriptedDice(dice),
        phase=5,
        amoebas=amoebas or [(0, 1, "B3"), (1, 1, "B3")],
        genes=[list(attacker_genes), list(target_genes), [], []],
        bp=bp,
        scores=scores,
    )


# --- Struggle for Survival -------------------------------------------------------------------------
def test_struggle_for_survival_an_amoeba_that_would_starve_may_attack_for_1_bp():
    """"in phase 1 an amoeba that would starve may, once, attack another amoeba ... on its field
    for 1 BP. It succeeds unless the target defends".\""""
    g = struggle()
    assert g.pending.kind == "feed"
    assert g.pending.actions == [{"type": "starve"}, ATTACK_1_1]
    events = g.apply(ATTACK_1_1, 0)
    assert first(events, "bp_paid") == {"type": "bp_paid", "seat": 0, "amount": 1,
                                        "reason": "struggle_for_survival"}  # fmt: skip
    assert first(events, "attack_succeeded")["target"]["seat"] == 1
    assert where(g, 1, 1) is None and g.bp[0] == 3


def test_struggle_for_survival_success_one_cube_of_every_colour_no_starving_no_excretion():
    """"Success: target removed; attacker does not starve and excretes nothing; one cube of every
    colour in play goes on the field.\""""
    g = struggle()
    g.apply(ATTACK_1_1, 0)
    assert food(g, "B3") == [1, 1, 1, 1]
    assert dp(g, 0, 1) == 0
    died = [e for e in g.setup_events if e["type"] == "amoeba_died"]
    assert not died  # nothing died while building


def test_struggle_for_survival_any_colour_its_own_included():
    """"attack another amoeba (any colour, its own included)".\""""
    g = struggle(others=[(0, 2, "B3")])
    targets = [a["target"] for a in g.pending.actions if a["type"] == "attack"]
    assert targets == [{"seat": 0, "number": 2}, {"seat": 1, "number": 1}]
    g.apply({"type": "attack", "target": {"seat": 0, "number": 2}}, 0)
    assert where(g, 0, 2) is None and where(g, 0, 1) == "B3"


def test_struggle_for_survival_only_when_it_would_starve():
    """"an amoeba that would starve" — with its food there, no attack is offered."""
    g = struggle(field_food=[0, 1, 1, 1])
    assert g.pending is None or g.pending.kind != "feed"
    assert where(g, 1, 1) == "B3"


def test_struggle_for_survival_feeding_genes_need_not_be_used_first():
    """"Feeding genes need not be used before choosing to attack.\""""
    g = struggle(attacker_genes=("struggle_for_survival", "substitution"),
                 field_food=[0, 2, 2, 0])  # fmt: skip
    kinds = {a["type"] for a in g.pending.actions}
    assert kinds == {"feed", "starve", "attack"}  # alternative feeding is optional


def test_struggle_for_survival_costs_1_bp_so_not_without_bp():
    """"for 1 BP" — a player without BP cannot attack."""
    g = struggle(bp=[0, 4, 4, 4])
    assert dp(g, 0, 1) == 1 and where(g, 1, 1) == "B3"


def test_struggle_for_survival_armor_is_immune_in_phase_1():
    """"Armor makes the target immune in phase 1.\""""
    g = struggle(target_genes=("armor",))
    assert dp(g, 0, 1) == 1 and where(g, 1, 1) == "B3"  # no target: starved


def test_struggle_for_survival_only_one_attack():
    """"may, once, attack": a failed attack ends in starving (without Persistence)."""
    g = struggle(target_genes=("defense",), dice=[2, 5],  # the defender wins the fight
                 others=[(2, 1, "B3")])
    play(g, ATTACK_1_1, {"type": "defend"})
    assert dp(g, 0, 1) == 1 and where(g, 2, 1) == "B3"


# --- Defense ----------------------------------------------------------------------------------------
def test_defense_pay_1_bp_and_fight_the_higher_die_wins_attacker_wins():
    """"Defense: against an attack, pay 1 BP to fight: both roll one die, re-roll ties, higher
    wins. Attacker wins: the defender dies as if undefended.\""""
    g = struggle(target_genes=("defense",), dice=[6, 2])
    g.apply(ATTACK_1_1, 0)
    assert g.pending.kind == "defend" and g.pending.seat == 1
    assert g.pending.actions == [{"type": "accept"}, {"type": "defend"}]
    events = g.apply({"type": "defend"}, 1)
    assert first(events, "fight_rolled") == {"type": "fight_rolled", "attacker_die": 6,
                                             "defender_die": 2}  # fmt: skip
    assert first(events, "fight_won")["winner"] == "attacker"
    assert g.bp[1] == 3 and where(g, 1, 1) is None
    assert food(g, "B3") == [1, 1, 1, 1] and dp(g, 0, 1) == 0


def test_defense_defender_wins_survives_and_in_phase_1_the_attacker_starves():
    """"Defender wins: it survives; in phase 1 the attacker starves.\""""
    g = struggle(target_genes=("defense",), dice=[2, 6])
    events = play(g, ATTACK_1_1, {"type": "defend"})
    assert first(events, "fight_won")["winner"] == "defender"
    assert where(g, 1, 1) == "B3" and dp(g, 0, 1) == 1
    assert food(g, "B3") == [0, 0, 0, 0]  # FAQ 10: no cubes when the defender wins


def test_defense_ties_are_re_rolled():
    """"re-roll ties".\""""
    g = struggle(target_genes=("defense",), dice=[3, 3, 4, 4, 1, 5])
    events = play(g, ATTACK_1_1, {"type": "defend"})
    rolls = [(e["attacker_die"], e["defender_die"]) for e in of_type(events, "fight_rolled")]
    assert rolls == [(3, 3), (4, 4), (1, 5)]
    assert where(g, 1, 1) == "B3"


def test_defense_accepting_the_attack_is_allowed():
    """The answer is the target's choice; "accept" takes the attack."""
    g = struggle(target_genes=("defense",))
    play(g, ATTACK_1_1, {"type": "accept"})
    assert where(g, 1, 1) is None and g.bp[1] == 4


def test_defense_needs_1_bp():
    """"pay 1 BP to fight": without BP the defender can only accept (taken for it)."""
    g = struggle(target_genes=("defense",), bp=[4, 0, 4, 4])
    g.apply(ATTACK_1_1, 0)
    assert where(g, 1, 1) is None


def test_faq10_defense_against_aggression_in_phase_5_defender_wins_no_cubes():
    """"Usable in phase 1 and against Aggression in phase 5 (FAQ 10)" and FAQ 10: the winning
    defender leaves no cubes.\""""
    g = aggression(target_genes=("defense",), dice=[1, 4])
    assert g.pending.kind == "aggression"
    g.apply({"type": "attack", "attacker": 1, "target": {"seat": 1, "number": 1}}, 0)
    assert g.pending.kind == "defend" and g.pending.context["phase"] == 5
    events = g.apply({"type": "defend"}, 1)
    assert first(events, "fight_won")["winner"] == "defender"
    assert where(g, 1, 1) == "B3" and food(g, "B3") == [0, 0, 0, 0]
    assert dp(g, 0, 1) == 0  # no starving outside phase 1


def test_faq10_defense_against_aggression_attacker_wins_two_cubes_each():
    """Attacker wins: "the defender dies as if undefended" — Aggression's two of every colour."""
    g = aggression(target_genes=("defense",), dice=[5, 4])
    play(g, {"type": "attack", "attacker": 1, "target": {"seat": 1, "number": 1}},
         {"type": "defend"})  # fmt: skip
    assert where(g, 1, 1) is None and food(g, "B3") == [2, 2, 2, 2]


# --- Escape -----------------------------------------------------------------------------------------
def test_escape_pay_1_bp_and_move_out_of_turn_the_attack_fails_on_another_field():
    """"Escape: against an attack, pay 1 BP ... to move out of turn ... The attack fails if the
    amoeba ends on another field.\""""
    g = struggle(target_genes=("escape",), dice=[4])
    g.apply(ATTACK_1_1, 0)
    assert g.pending.actions == [{"type": "accept"}, {"type": "escape"}]
    events = g.apply({"type": "escape"}, 1)
    assert first(events, "bp_paid")["reason"] == "escape" and g.bp[1] == 3
    assert where(g, 1, 1) == "B4"
    assert of_type(events, "escape_succeeded") and of_type(events, "attack_failed")
    assert dp(g, 0, 1) == 1  # the attacker starves


def test_escape_free_with_streamlining():
    """"pay 1 BP (free with Streamlining)".\""""
    g = struggle(target_genes=("escape", "streamlining"), dice=[4],
                 bp=[4, 0, 4, 4])  # fmt: skip
    g.apply(ATTACK_1_1, 0)
    g.apply({"type": "escape"}, 1)
    assert g.bp[1] == 0 and where(g, 1, 1) == "B4"


def test_escape_fails_when_it_ends_on_the_same_field():
    """"The attack fails if the amoeba ends on another field" — a 5 (or an obstacle) keeps it
    there, and the attack goes on."""
    g = struggle(target_genes=("escape",), dice=[5])
    events = play(g, ATTACK_1_1, {"type": "escape"})
    assert of_type(events, "escape_failed")
    assert where(g, 1, 1) is None and g.bp[1] == 3


def test_escape_with_all_the_owners_movement_genes():
    """"move out of turn with all the owner's movement genes" — Movement II chooses, Speed
    moves twice, Tentacle takes cubes along."""
    g = struggle(target_genes=("escape", "movement_2", "speed", "tentacle"),
                 field_food=[0, 0, 0, 3])  # fmt: skip
    play(g, ATTACK_1_1, {"type": "escape"})
    assert g.pending.kind == "escape_move" and g.pending.seat == 1
    g.apply({"type": "move", "direction": "S"}, 1)
    assert g.pending.kind == "tentacle"
    g.apply({"type": "tentacle", "take": [0, 0, 0, 2]}, 1)
    assert g.pending.kind == "second_move" and g.pending.seat == 1
    g.apply({"type": "move", "direction": "W"}, 1)
    assert g.pending.kind == "tentacle"  # the cubes it brought could go along again
    events = g.apply({"type": "tentacle", "take": [0, 0, 0, 0]}, 1)
    assert where(g, 1, 1) == "A4" and g.bp[1] == 3
    assert of_type(events, "escape_succeeded")
    assert food(g, "B4") == [0, 0, 0, 2]


def test_escape_with_speed_back_to_the_same_field_fails():
    """The attack fails only "if the amoeba ends on another field".\""""
    g = struggle(target_genes=("escape", "movement_2", "speed"))
    play(g, ATTACK_1_1, {"type": "escape"}, {"type": "move", "direction": "S"})
    events = g.apply({"type": "move", "direction": "N"}, 1)
    assert of_type(events, "escape_failed") and where(g, 1, 1) is None


def test_escape_then_defense_against_one_attack():
    """"With Defense and Escape both may be used against one attack, in either order, each
    once." Escape first, fails, then Defense."""
    g = struggle(target_genes=("escape", "defense"), dice=[5, 1, 6])
    play(g, ATTACK_1_1, {"type": "escape"})
    assert g.pending.kind == "defend"
    assert g.pending.actions == [{"type": "accept"}, {"type": "defend"}]  # escape used
    g.apply({"type": "defend"}, 1)
    assert where(g, 1, 1) == "B3" and g.bp[1] == 2 and dp(g, 0, 1) == 1


def test_defense_then_escape_against_one_attack():
    """"With Defense and Escape both may be used against one attack, in either order, each
    once." Defense first: the fight is lost, then the defender escapes."""
    g = struggle(target_genes=("escape", "defense"), dice=[6, 1, 4])
    play(g, ATTACK_1_1, {"type": "defend"})
    assert g.pending is not None and g.pending.seat == 1
    assert {"type": "escape"} in g.pending.actions
    g.apply({"type": "escape"}, 1)
    assert where(g, 1, 1) == "B4"


def test_escape_against_aggression_in_phase_5():
    """"in phase 1 or 5".\""""
    g = aggression(target_genes=("escape",), dice=[2])
    play(g, {"type": "attack", "attacker": 1, "target": {"seat": 1, "number": 1}},
         {"type": "escape"})  # fmt: skip
    assert where(g, 1, 1) == "B2"


def test_faq8_attacker_with_holding_clings_to_the_escaping_target_attack_ends_may_eat():
    """"An attacker with Holding may cling to an escaping target: the attack ends, and in phase 1
    the attacker may still eat on the new field (FAQ 8).\""""
    g = struggle(attacker_genes=("struggle_for_survival", "holding"), target_genes=("escape",),
                 dice=[4], others=[(3, 1, "B4")])  # fmt: skip
    g.food[g.pos(3, 1) * 4 : g.pos(3, 1) * 4 + 4] = [0, 1, 1, 1]
    g.supply = [55, 54, 54, 54]
    play(g, ATTACK_1_1, {"type": "escape"})
    assert g.pending.kind == "cling" and g.pending.seat == 0
    events = g.apply({"type": "cling"}, 0)
    assert first(events, "attack_ended")["reason"] == "clung_to_target"
    assert where(g, 0, 1) == "B4" and where(g, 1, 1) == "B4"
    assert first(events, "amoeba_fed")["eaten"] == [0, 1, 1, 1]
    assert dp(g, 0, 1) == 0


def test_faq8_the_clinging_attacker_cannot_attack_a_second_time():
    """FAQ 8: "el atacante no puede atacar una segunda vez" — no food there: it starves."""
    g = struggle(attacker_genes=("struggle_for_survival", "holding"), target_genes=("escape",),
                 dice=[4], others=[(3, 1, "B4")])  # fmt: skip
    play(g, ATTACK_1_1, {"type": "escape"}, {"type": "cling"})
    assert dp(g, 0, 1) == 1 and where(g, 1, 1) == "B4" and where(g, 3, 1) == "B4"


CLING = {"type": "cling"}
LET_GO = {"type": "let_go"}
FAST_ESCAPER = ["escape", "speed", "movement_2"]


def test_faq8_clinging_ends_the_attack_even_if_the_target_steps_back_phase_1():
    """FAQ 8: "el atacante es arrastrado al cuadro de destino, el ataque por tanto ha acabado";
    RULINGS.md: "The attack ends at the moment the attacker clings, whatever the later steps of
    the escape (a second move with Speed, letting go): an attacker never removes or damages a
    target that is not on its own field, and in phase 1 it then feeds, or starves, where it
    ends up." (Issue 14's phase-1 reproduction.)"""
    g = build_position(4, amoebas=[(0, 1, "B4"), (1, 1, "B4")],
                       genes=[["struggle_for_survival", "holding"], FAST_ESCAPER, [], []],
                       at=Feeding(0, 1))  # fmt: skip
    events = play(g, ATTACK_1_1, {"type": "escape"}, {"type": "move", "direction": "E"}, CLING,
                  {"type": "move", "direction": "W"}, LET_GO)  # fmt: skip
    assert where(g, 0, 1) == "C4" and where(g, 1, 1) == "B4"
    assert first(events, "attack_ended") == {"type": "attack_ended", "reason": "clung_to_target",
        "attacker": {"seat": 0, "number": 1, "field": "C4"}}  # fmt: skip
    assert not of_type(events, "attack_succeeded") and not of_type(events, "attack_failed")
    assert not of_type(events, "amoeba_died")
    # it feeds where it ends up: C4 is empty, so it starves; its one attack is spent
    assert first(events, "amoeba_starved") == {"type": "amoeba_starved", "seat": 0, "number": 1,
                                               "dp": 1}  # fmt: skip


def test_faq8_the_attacker_that_clung_feeds_on_the_field_where_it_ends_up():
    """FAQ 8: "En la fase 1 sin embargo, el atacante aún puede comer en el cuadro de destino, si
    hay suficiente cubos de materia orgánica ahí" — also after letting go on the way."""
    g = build_position(4, amoebas=[(0, 1, "B4"), (1, 1, "B4")], food={"C4": [0, 1, 1, 1]},
                       genes=[["struggle_for_survival", "holding"], FAST_ESCAPER, [], []],
                       at=Feeding(0, 1))  # fmt: skip
    events = play(g, ATTACK_1_1, {"type": "escape"}, {"type": "move", "direction": "E"}, CLING,
                  {"type": "move", "direction": "E"}, LET_GO)  # fmt: skip
    assert where(g, 0, 1) == "C4" and where(g, 1, 1) == "D4"
    fed = first(events, "amoeba_fed")
    assert (fed["seat"], fed["number"], fed["eaten"]) == (0, 1, [0, 1, 1, 1])


def test_faq8_clinging_ends_the_aggression_attack_phase_5():
    """RULINGS.md: "an attacker never removes or damages a target that is not on its own
    field"; Aggression kills "another player's amoeba that shares a field with one of its
    amoebas". (Issue 14's phase-5 reproduction.)"""
    g = build_position(4, round=10, amoebas=[(0, 1, "B4"), (1, 1, "B4")],
                       genes=[["aggression", "holding"], FAST_ESCAPER, [], []],
                       at=Aggression(0))  # fmt: skip
    events = play(g, {"type": "attack", "attacker": 1, "target": {"seat": 1, "number": 1}},
                  {"type": "escape"}, {"type": "move", "direction": "E"}, CLING,
                  {"type": "move", "direction": "W"}, LET_GO)  # fmt: skip
    assert first(events, "attack_ended")["reason"] == "clung_to_target"
    assert not of_type(events, "attack_succeeded") and not of_type(events, "amoeba_died")
    assert where(g, 1, 1) == "B4" and where(g, 0, 1) == "C4"


def test_faq8_an_attacker_that_did_not_cling_is_not_ended_by_another_amoeba_clinging():
    """Only the attacker's own clinging ends the attack: a third amoeba with Holding clinging to
    the escaping target changes nothing (the target escaped: the attack fails)."""
    g = build_position(4, amoebas=[(0, 1, "B4"), (1, 1, "B4"), (2, 1, "B4")],
                       genes=[["struggle_for_survival"], ["escape", "movement_2"], ["holding"],
                              []], at=Feeding(0, 1))  # fmt: skip
    events = play(g, ATTACK_1_1, {"type": "escape"}, {"type": "move", "direction": "E"}, CLING)
    assert not of_type(events, "attack_ended")
    assert first(events, "attack_failed")["target"]["field"] == "C4"
    assert where(g, 2, 1) == "C4" and where(g, 0, 1) == "B4"


# --- Armor ------------------------------------------------------------------------------------------
def test_armor_in_phase_5_the_victim_takes_1_dp_instead():
    """"Armor: the victim takes 1 DP instead, and dies if that reaches its death limit.\""""
    g = aggression(target_genes=("armor",))
    events = g.apply({"type": "attack", "attacker": 1, "target": {"seat": 1, "number": 1}}, 0)
    assert first(events, "armor_absorbed")["dp"] == 1
    assert where(g, 1, 1) == "B3" and dp(g, 1, 1) == 1 and g.bp[0] == 3


def test_armor_dies_when_the_dp_reaches_the_death_limit():
    """"and dies if that reaches its death limit" (2, or 3 with Life Expectancy)."""
    g = aggression(target_genes=("armor",), amoebas=[(0, 1, "B3"), (1, 1, "B3", 1)])
    g.apply({"type": "attack", "attacker": 1, "target": {"seat": 1, "number": 1}}, 0)
    assert where(g, 1, 1) is None and food(g, "B3") == [2, 2, 2, 2]
    g = aggression(target_genes=("armor", "life_expectancy"),
                   amoebas=[(0, 1, "B3"), (1, 1, "B3", 1)])  # fmt: skip
    g.apply({"type": "attack", "attacker": 1, "target": {"seat": 1, "number": 1}}, 0)
    assert where(g, 1, 1) == "B3" and dp(g, 1, 1) == 2


# --- Aggression -------------------------------------------------------------------------------------
def test_aggression_in_phase_5_after_natural_deaths_pay_1_bp_kill_two_cubes_each():
    """"Aggression: in phase 5, after all natural deaths, once per round the player may pay 1 BP
    to kill another player's amoeba that shares a field with one of its amoebas; the victim is
    replaced by two cubes of every colour.\""""
    g = aggression(amoebas=[(0, 1, "B3"), (1, 1, "B3"), (1, 2, "B3"), (2, 1, "E2", 2)])
    assert of_type(g.setup_events, "amoeba_died")[0]["seat"] == 2  # natural death first
    assert g.pending.kind == "aggression"
    assert g.pending.actions[0] == {"type": "pass"}
    events = g.apply({"type": "attack", "attacker": 1, "target": {"seat": 1, "number": 2}}, 0)
    assert first(events, "bp_paid")["reason"] == "aggression" and g.bp[0] == 3
    assert first(events, "amoeba_died")["cause"] == "aggression"
    assert where(g, 1, 2) is None and where(g, 1, 1) == "B3"
    assert food(g, "B3") == [2, 2, 2, 2]
    # once per round: phase 6 follows, no second aggression decision
    assert g.phase != 5


def test_aggression_only_another_players_amoeba():
    """"kill another player's amoeba" — own amoebas on the field are no targets."""
    g = aggression(amoebas=[(0, 1, "B3"), (0, 2, "B3"), (1, 1, "B3")])
    targets = [a["target"] for a in g.pending.actions if a["type"] == "attack"]
    assert {"seat": 0, "number": 2} not in targets
    assert len(targets) == 2  # amoeba 1 or 2 of seat 0 may attack seat 1's amoeba


def test_aggression_may_pass():
    """"may make its one attack" — passing is allowed."""
    g = aggression()
    g.apply({"type": "pass"}, 0)
    assert where(g, 1, 1) == "B3" and g.bp[0] == 4


def test_aggression_needs_1_bp():
    """"pay 1 BP" — without BP no attack decision."""
    g = aggression(bp=[0, 4, 4, 4])
    assert where(g, 1, 1) == "B3"
    assert not (g.pending and g.pending.kind == "aggression")


def test_aggression_comes_after_all_natural_deaths():
    """"After all natural deaths, each player with Aggression may make its one attack of the
    round" — a neighbour that dies naturally is no longer a target. (Aggression is a single
    card in 3 and 4 players, so the descending order among aggressors never shows.)"""
    g = aggression(amoebas=[(0, 1, "B3"), (1, 1, "B3", 2), (1, 2, "E2")], scores=[1, 4, 2, 3])
    assert where(g, 1, 1) is None
    assert not (g.pending and g.pending.kind == "aggression")
    assert food(g, "B3") == [2, 2, 2, 2]


def test_aggression_includes_struggle_for_survival():
    """"Aggression includes Struggle for Survival".\""""
    g = struggle(attacker_genes=("aggression",))
    assert ATTACK_1_1 in g.pending.actions


# --- Persistence ------------------------------------------------------------------------------------
def test_persistence_a_failed_struggle_for_survival_attack_may_be_tried_once_more_free():
    """"Persistence: a failed Struggle for Survival, Defense or Aggression attempt may be tried
    once more, free.\""""
    g = struggle(attacker_genes=("struggle_for_survival", "persistence"), target_genes=("defense",),
                 dice=[1, 6])  # fmt: skip
    play(g, ATTACK_1_1, {"type": "defend"})
    assert g.pending.kind == "attack_retry" and g.pending.seat == 0
    assert g.pending.actions[0] == {"type": "starve"}
    bp = g.bp[0]
    g.apply(ATTACK_1_1, 0)
    assert g.bp[0] == bp  # free
    assert g.pending.kind == "defend"  # the target may defend afresh


def test_persistence_a_lost_defense_may_be_fought_once_more_free():
    """"a failed ... Defense ... attempt may be tried once more, free.\""""
    g = struggle(target_genes=("defense", "persistence"), dice=[6, 1, 2, 5])
    play(g, ATTACK_1_1, {"type": "defend"})
    assert g.pending.kind == "defend" and g.pending.seat == 1
    assert g.pending.context["fight_lost"] is True
    events = g.apply({"type": "defend"}, 1)
    assert g.bp[1] == 3  # only the first fight was paid
    assert first(events, "fight_won")["winner"] == "defender"
    assert where(g, 1, 1) == "B3" and dp(g, 0, 1) == 1


def test_persistence_a_failed_aggression_may_be_tried_once_more_free():
    """"a failed ... Aggression attempt may be tried once more, free.\""""
    g = aggression(attacker_genes=("aggression", "persistence"), target_genes=("escape",),
                   dice=[2], amoebas=[(0, 1, "B3"), (1, 1, "B3"), (2, 1, "B3")])
    play(g, {"type": "attack", "attacker": 1, "target": {"seat": 1, "number": 1}},
         {"type": "escape"})  # fmt: skip
    assert where(g, 1, 1) == "B2"
    assert g.pending is not None and g.pending.kind == "attack_retry"
    assert g.pending.actions == [
        {"type": "pass"},
        {"type": "attack", "attacker": 1, "target": {"seat": 2, "number": 1}},
    ]
    bp = g.bp[0]
    g.apply(g.pending.actions[1], 0)
    assert where(g, 2, 1) is None and g.bp[0] == bp
