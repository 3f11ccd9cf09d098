"""Alternative feeding: Substitution, Frugality, Parasitism and their combinations (RULINGS.md,
"Genes"; German card texts)."""

from __future__ import annotations

from helpers_engine import build_position, dp, first, food, of_type

from engine.genes import FRUGALITY, PARASITISM, SUBSTITUTION
from engine.position import Feeding
from engine.rules.feeding import patterns

LOTS = [5, 5, 5, 5]


def feed(genes, field_food, players=4, others=(), bp=None, field="B2"):
    """Seat 0's amoeba 1 on ``field`` about to feed."""
    return build_position(
        players,
        amoebas=[(0, 1, field), *others],
        food={field: field_food},
        genes=[list(genes)] + [[]] * (players - 1),
        bp=bp,
        at=Feeding(0, 1),
    )


def eats(g):
    return sorted(
        (tuple(a["eat"]), a.get("parasite")) for a in g.pending.actions if a["type"] == "feed"
    )


def shapes(g):
    return {tuple(sorted(a["eat"][1:], reverse=True)) for a in g.pending.actions
            if a["type"] == "feed"}  # fmt: skip


# --- Substitution -------------------------------------------------------------------------------
def test_substitution_4_players_2_2_0_or_3_1_0_instead_of_1_1_1():
    """"Substitution: eat one colour fewer and one cube more — 4 players 2:2:0 or 3:1:0".\""""
    g = feed(["substitution"], LOTS)
    assert shapes(g) == {(1, 1, 1), (2, 2, 0), (3, 1, 0)}
    assert len(eats(g)) == 1 + 3 + 6


def test_substitution_3_players_4_0():
    """"3 players 4:0".\""""
    g = feed(["substitution"], [5, 5, 5], players=3)
    assert sorted(tuple(a["eat"]) for a in g.pending.actions) == [
        (0, 0, 4), (0, 1, 2), (0, 2, 1), (0, 4, 0)]  # fmt: skip


def test_substitution_lets_an_amoeba_eat_where_it_would_starve():
    """A field with only two other colours feeds a Substitution amoeba 2:2:0."""
    g = feed(["substitution"], [0, 2, 2, 0])
    assert g.pending.actions == [{"type": "feed", "eat": [0, 2, 2, 0]}, {"type": "starve"}]
    g.apply(g.pending.actions[0], 0)
    assert food(g, "B2") == [2, 0, 0, 0] and dp(g, 0, 1) == 0


def test_substitution_is_optional_and_excretion_stays_two():
    """"Alternative feeding (Substitution, Frugality, Parasitism) is optional" and German:
    "Die Ausscheidung bleibt bei 2 Nährstoffen.\""""
    g = feed(["substitution"], LOTS)
    assert g.pending.actions[0] == {"type": "feed", "eat": [0, 1, 1, 1]}
    events = g.apply({"type": "feed", "eat": [0, 3, 1, 0]}, 0)
    assert first(events, "amoeba_fed")["excreted"] == 2
    assert food(g, "B2") == [7, 2, 4, 5]


# --- Frugality -------------------------------------------------------------------------------------
def test_frugality_4_players_1_1_0():
    """"Frugality: one cube fewer, any one (4 players 1:1:0 ...)".\""""
    g = feed(["frugality"], LOTS)
    assert shapes(g) == {(1, 1, 1), (1, 1, 0)}


def test_frugality_3_players_1_1_or_2_0():
    """"3 players 1:1 or 2:0". (The 3-player game has no Frugality card — 0 / 1 in the gene
    table — so this is the pattern rule alone.)"""
    assert {p for p, _ in patterns(3, FRUGALITY)} == {(2, 1), (1, 1), (2, 0)}


def test_frugality_excretion_unchanged():
    """"excretion unchanged".\""""
    g = feed(["frugality"], [0, 1, 1, 0])
    events = g.apply({"type": "feed", "eat": [0, 1, 1, 0]}, 0)
    assert first(events, "amoeba_fed")["excreted"] == 2
    assert food(g, "B2") == [2, 0, 0, 0]


# --- combinations ----------------------------------------------------------------------------------
def test_frugality_and_substitution_4_players_give_exactly_six_patterns():
    """"with Frugality and Substitution in 4 players: 1:1:1, 2:2:0, 3:1:0, 1:1:0, 2:1:0,
    3:0:0" (German card: "6 verschiedene Möglichkeiten").\""""
    got = {p for p, _ in patterns(4, FRUGALITY | SUBSTITUTION)}
    assert got == {(1, 1, 1), (2, 2, 0), (3, 1, 0), (1, 1, 0), (2, 1, 0), (3, 0, 0)}
    g = feed(["frugality", "substitution"], LOTS)
    assert shapes(g) == got


def test_parasitism_combines_with_the_others_into_more_patterns():
    """German card: "Mit zusätzlichem PARASITISMUS sogar noch mehr!" — every base pattern
    transformed by any subset of the genes held."""
    with_p = {p for p, _ in patterns(4, FRUGALITY | SUBSTITUTION | PARASITISM)}
    assert {(1, 0, 0), (2, 0, 0), (1, 1, 0)} <= with_p
    parasitic = {p for p, needs in patterns(4, PARASITISM) if needs}
    assert parasitic == {(1, 1, 0)}


# --- Parasitism ------------------------------------------------------------------------------------
def test_parasitism_one_cube_fewer_the_victims_owner_pays_1_bp_to_the_bank():
    """"Parasitism: if a field holds another player's amoeba whose owner has >=1 BP, need one
    cube fewer; that owner pays 1 BP to the bank".\""""
    g = feed(["parasitism"], [0, 1, 1, 0], others=[(2, 1, "B2")], bp=[4, 4, 3, 4])
    events = g.apply({"type": "feed", "eat": [0, 1, 1, 0], "parasite": 2}, 0)
    fed = first(events, "amoeba_fed")
    assert fed["parasite"] == 2 and fed["eaten"] == [0, 1, 1, 0]
    assert g.bp[2] == 2 and g.bp[0] == 4
    assert first(events, "bp_paid") == {"type": "bp_paid", "seat": 2, "amount": 1,
                                        "reason": "parasitism"}  # fmt: skip


def test_parasitism_choose_among_several_victims():
    """"choose among several".\""""
    g = feed(["parasitism"], [0, 1, 1, 0], others=[(2, 1, "B2"), (3, 4, "B2"), (1, 1, "B2")],
             bp=[4, 0, 3, 2])  # fmt: skip
    assert g.pending.kind == "feed"
    victims = sorted(a["parasite"] for a in g.pending.actions if "parasite" in a)
    assert victims == [2, 3]  # seat 1 has no BP: cannot be parasitised
    g.apply({"type": "feed", "eat": [0, 1, 1, 0], "parasite": 3}, 0)
    assert g.bp == [4, 0, 3, 1]


def test_parasitism_needs_a_victim_whose_owner_has_bp():
    """German card: "Amöben ohne BP können nicht angesaugt werden.\""""
    g = feed(["parasitism"], [0, 1, 1, 0], others=[(2, 1, "B2")], bp=[4, 4, 0, 4])
    assert dp(g, 0, 1) == 1  # starved (the only answer)
    assert food(g, "B2") == [0, 1, 1, 0]


def test_parasitism_own_amoebas_are_no_victims():
    """"another player's amoeba".\""""
    g = feed(["parasitism"], [0, 1, 1, 0], others=[(0, 2, "B2")])
    assert dp(g, 0, 1) == 1


def test_parasitism_only_when_the_amoeba_eats():
    """"only when the amoeba eats" (German: "Kann nicht angewendet werden, wenn man nicht
    frißt!"): a starving amoeba costs its neighbour nothing."""
    g = feed(["parasitism"], [0, 1, 0, 0], others=[(2, 1, "B2")], bp=[4, 4, 3, 4])
    assert dp(g, 0, 1) == 1 and g.bp[2] == 3
    assert not of_type(g.setup_events, "bp_paid")


def test_parasitism_is_optional():
    """"Alternative feeding ... is optional": the full pattern needs no victim."""
    g = feed(["parasitism"], LOTS, others=[(2, 1, "B2")])
    assert g.pending.actions[0] == {"type": "feed", "eat": [0, 1, 1, 1]}
    g.apply(g.pending.actions[0], 0)
    assert g.bp[2] == 4


# --- alternative feeding is optional --------------------------------------------------
def test_alternative_feeding_is_optional_frugality_only_way_to_eat_offers_starve():
    """German: "Alternative Ernährungs (GENÜGSAMKEIT, ERSATZKOST und auch PARASITISMUS) können,
    müssen aber nicht verwendet werden"; RULINGS.md: "the owner may always decline it, even
    when it is the only way to eat, and then starves or attacks"."""
    g = feed(["frugality"], [0, 1, 1, 0])
    assert g.pending.kind == "feed" and g.pending.seat == 0
    assert g.pending.actions == [{"type": "feed", "eat": [0, 1, 1, 0]}, {"type": "starve"}]
    events = g.apply({"type": "starve"}, 0)
    assert first(events, "amoeba_starved")["dp"] == 1
    assert food(g, "B2") == [0, 1, 1, 0]


def test_alternative_feeding_is_optional_parasitism_never_makes_another_player_pay_unasked():
    """RULINGS.md: "Alternative feeding (Substitution, Frugality, Parasitism) is optional"; the
    German card: "Der betroffene Besitzer muß 1 BP an die Bank abgeben" — only if the eater
    chooses it. The default (timeout) action does not make anyone pay."""
    g = feed(["parasitism"], [0, 1, 1, 0], others=[(2, 1, "B2")], bp=[4, 4, 3, 4])
    assert g.pending.kind == "feed" and not of_type(g.setup_events, "bp_paid")
    assert g.pending.actions == [
        {"type": "starve"},
        {"type": "feed", "eat": [0, 1, 1, 0], "parasite": 2},
    ]
    g.apply(g.pending.actions[0], 0)
    assert g.bp == [4, 4, 3, 4] and dp(g, 0, 1) == 1


def test_alternative_feeding_is_optional_struggle_may_attack_instead():
    """RULINGS.md: "(the owner may always decline it ... and then starves or attacks)" and
    Struggle for Survival: "Feeding genes need not be used before choosing to attack"."""
    g = feed(["frugality", "struggle_for_survival"], [0, 1, 1, 0], others=[(1, 1, "B2")])
    assert g.pending.actions == [
        {"type": "feed", "eat": [0, 1, 1, 0]},
        {"type": "starve"},
        {"type": "attack", "target": {"seat": 1, "number": 1}},
    ]
    events = g.apply({"type": "attack", "target": {"seat": 1, "number": 1}}, 0)
    assert first(events, "attack_succeeded")["target"] == {"seat": 1, "number": 1, "field": "B2"}


def test_alternative_feeding_the_base_pattern_on_the_field_is_eaten():
    """RULINGS.md, "Phase 1": "If it cannot eat it starves" — with the base pattern on the field
    the amoeba eats: no starve, the alternatives stay offered."""
    g = feed(["frugality"], LOTS)
    kinds = {a["type"] for a in g.pending.actions}
    assert kinds == {"feed"}
