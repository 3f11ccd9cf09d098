"""Phases 2 to 6, the end of the game and the ranking (RULINGS.md)."""

from __future__ import annotations

from helpers_engine import FIELD_NAMES, build_position, dp, first, food, of_type, where

from engine.board import ADJACENT, FIELD_INDEX

LOW_OZONE = [{"drift": "W", "ozone": 6}] * 11


# --- phase 2 ----------------------------------------------------------------------------------
def test_phase2_the_next_card_is_revealed_in_every_round_round_1_included():
    """"In phase 2 of every round, round 1 included, the next card is revealed.\""""
    g = build_position(4, round=1, phase=2, amoebas=[(0, 1, "B2")])
    revealed = of_type(g.setup_events, "card_revealed")
    assert revealed == [{"type": "card_revealed", "card": {"drift": "W", "ozone": 11},
                         "round": 1}]  # fmt: skip
    assert g._deck_pos == 2


def test_phase2_no_gene_defects_in_round_1():
    """"Gene defects happen from round 2 on." """
    genes = [["frugality", "parasitism", "division_rate"], [], [], []]  # 15 MP > 6
    g = build_position(4, round=1, phase=2, deck=LOW_OZONE, genes=genes, bp=[0, 0, 0, 0])
    assert not of_type(g.setup_events, "gene_defect")
    assert g.genes[0] != 0


def test_phase2_gene_defects_from_round_2():
    """"From round 2: a player whose total mutation points ... exceeds the ozone thickness pays
    the difference".\""""
    genes = [["frugality", "parasitism", "division_rate"], [], [], []]
    g = build_position(4, round=2, phase=2, deck=LOW_OZONE, genes=genes, bp=[20, 0, 0, 0])
    defect = first(g.setup_events, "gene_defect")
    assert defect == {"type": "gene_defect", "seat": 0, "mp": 15, "ozone": 6, "difference": 9}
    assert g.pending.kind == "pay_defect" and g.pending.context == {"remaining": 9}


def test_phase2_mp_equal_to_the_ozone_thickness_is_no_defect():
    """"exceeds the ozone thickness" (not "reaches")."""
    genes = [["intelligence", "speed"], [], [], []]  # 6 MP vs 6
    g = build_position(4, round=2, phase=2, deck=LOW_OZONE, genes=genes, bp=[0, 0, 0, 0])
    assert not of_type(g.setup_events, "gene_defect")


def test_faq5_phase2_gene_defects_in_descending_order():
    """"Phase 2 — environment and gene defects (descending)" (FAQ 5)."""
    genes = [["frugality", "parasitism"], ["division_rate", "life_expectancy"], [], []]
    g = build_position(4, round=2, phase=2, deck=LOW_OZONE, genes=genes, bp=[9, 9, 0, 0],
                       scores=[1, 2, 3, 4])  # fmt: skip
    assert g.pending.seat == 1  # seat 1 leads seat 0
    g.apply({"type": "pay_bp", "amount": 4}, 1)
    assert g.pending.seat == 0


# --- phase 4 ----------------------------------------------------------------------------------
def _divide(seat_amoebas, bp, genes=None, scores=None):
    return build_position(4, phase=4, amoebas=seat_amoebas, bp=bp, genes=genes,
                          scores=scores)  # fmt: skip


def test_phase4_each_player_receives_10_bp():
    """"Each player receives 10 BP (11 with 5-6 players).\""""
    g = _divide([(0, 1, "B2"), (1, 1, "B3"), (2, 1, "B4"), (3, 1, "B5")], bp=[0, 1, 2, 3])
    got = of_type(g.setup_events, "bp_received")
    assert sorted((e["seat"], e["amount"]) for e in got) == [(0, 10), (1, 10), (2, 10), (3, 10)]
    assert g.bp == [10, 11, 12, 13]


def test_phase4_a_new_amoeba_costs_6_bp_and_has_no_dp():
    """"A new amoeba costs 6 BP (4 with Division Rate), has no DP".\""""
    g = _divide([(0, 1, "B2", 1), (0, 2, "B3"), (1, 1, "E4")], bp=[0, 0, 0, 0],
                scores=[4, 3, 2, 1])  # fmt: skip
    assert g.pending.kind == "divide" and g.pending.seat == 0
    assert g.pending.context["cost"] == 6
    events = g.apply({"type": "place", "field": "A2", "number": 5}, 0)
    assert first(events, "bp_paid")["amount"] == 6
    assert g.bp[0] == 4 and where(g, 0, 5) == "A2" and dp(g, 0, 5) == 0


def test_phase4_new_amoebas_go_next_to_own_on_fields_without_own():
    """"on a field with no amoeba of its own colour that is orthogonally adjacent to a field
    with one".\""""
    g = _divide([(0, 1, "B2"), (0, 2, "B3"), (1, 1, "A2")], bp=[0, 0, 0, 0],
                scores=[4, 3, 2, 1])  # fmt: skip
    fields = {a["field"] for a in g.pending.actions if a["type"] == "place"}
    # around B2: B1, A2, C2 (B3 is own); around B3: A3, B4 (B2 own; C3 island)
    assert fields == {"B1", "A2", "C2", "A3", "B4"}  # A2 holds a foreign amoeba: allowed


def test_phase4_amoebas_just_placed_count_for_adjacency():
    """"(amoebas just placed count)".\""""
    g = _divide([(0, 1, "A5"), (0, 2, "B5")], bp=[2, 0, 0, 0], scores=[4, 3, 2, 1])
    g.apply({"type": "place", "field": "C5", "number": 3}, 0)
    fields = {a["field"] for a in g.pending.actions if a["type"] == "place"}
    assert "D5" in fields and "C4" in fields


def test_phase4_no_amoeba_on_the_board_first_places_one_anywhere_for_free():
    """"A player with no amoeba on the board first places one anywhere for free".\""""
    g = _divide([(1, 1, "E4")], bp=[0, 0, 0, 0], scores=[4, 3, 2, 1])
    assert g.pending.seat == 0 and g.pending.kind == "place_amoeba"
    assert g.pending.context == {"reason": "division", "free": True}
    assert {a["field"] for a in g.pending.actions} == set(FIELD_NAMES)
    assert {a["type"] for a in g.pending.actions} == {"place"}  # no "done": it must be placed
    events = g.apply({"type": "place", "field": "E4", "number": 1}, 0)
    assert not of_type(events, "bp_paid") and g.bp[0] == 10


def test_phase4_with_exactly_one_amoeba_the_second_goes_anywhere_paid():
    """"a player with exactly one places the second (paid) anywhere".\""""
    g = _divide([(0, 1, "A5")], bp=[0, 0, 0, 0], scores=[4, 3, 2, 1])
    fields = {a["field"] for a in g.pending.actions if a["type"] == "place"}
    assert fields == set(FIELD_NAMES) - {"A5"}
    g.apply({"type": "place", "field": "E2", "number": 2}, 0)
    assert g.bp[0] == 4
    # the free first amoeba, then the paid second one anywhere
    g2 = _divide([(1, 1, "E4")], bp=[6, 0, 0, 0], scores=[4, 3, 2, 1])
    g2.apply({"type": "place", "field": "A5", "number": 1}, 0)
    assert {a["field"] for a in g2.pending.actions if a["type"] == "place"} == (
        set(FIELD_NAMES) - {"A5"}
    )
    g2.apply({"type": "place", "field": "E2", "number": 2}, 0)
    assert g2.bp[0] == 10


def test_faq6_phase4_as_many_new_amoebas_as_affordable():
    """"As many as affordable (FAQ 6)".\""""
    g = _divide([(0, 1, "A5"), (0, 2, "B5")], bp=[8, 0, 0, 0], scores=[4, 3, 2, 1])
    g.apply({"type": "place", "field": "C5", "number": 3}, 0)
    g.apply({"type": "place", "field": "D5", "number": 4}, 0)
    g.apply({"type": "place", "field": "A4", "number": 5}, 0)
    assert g.bp[0] == 0 and g.amoeba_count(0) == 5
    assert g.pending is None or g.pending.seat != 0 or g.phase != 4


def test_phase4_at_most_7_amoebas_on_the_board():
    """"at most 7 on the board" (7 amoebas per colour)."""
    six = [(0, k, f) for k, f in zip(range(1, 7), ["A2", "A3", "A4", "A5", "B5", "C5"],
                                      strict=True)]  # fmt: skip
    g = _divide(six, bp=[30, 0, 0, 0], scores=[4, 3, 2, 1])
    assert [a["number"] for a in g.pending.actions if a["type"] == "place"][0] == 7
    g.apply({"type": "place", "field": "B4", "number": 7}, 0)
    assert g.amoeba_count(0) == 7 and g.bp[0] == 34
    assert not (g.phase == 4 and g.pending.seat == 0)


def test_phase4_descending_order():
    """"Phase 4 — cell division (descending)".\""""
    amoebas = [(s, 1, f) for s, f in enumerate(["A2", "B4", "D2", "E4"])]
    g = _divide(amoebas, bp=[0, 0, 0, 0], scores=[2, 4, 1, 3])
    order = []
    while g.phase == 4:
        order.append(g.pending.seat)
        g.apply({"type": "done"}, g.pending.seat)
    assert order == [1, 3, 0, 2]


# --- phase 5 ----------------------------------------------------------------------------------
def test_phase5_amoebas_with_2_dp_die_and_leave_two_cubes_of_every_colour():
    """"Amoebas with 2+ DP ... die: removed and replaced by two cubes of every colour in play,
    as the supply allows.\""""
    g = build_position(4, phase=5, amoebas=[(0, 1, "B2", 2), (0, 2, "B3", 1), (1, 1, "E4", 3)])
    died = of_type(g.setup_events, "amoeba_died")
    assert [(e["seat"], e["number"], e["cause"]) for e in died] == [(1, 1, "damage"),
                                                                   (0, 1, "damage")]  # fmt: skip
    assert where(g, 0, 1) is None and where(g, 0, 2) == "B3"
    assert food(g, "B2") == [2, 2, 2, 2] and food(g, "E4") == [2, 2, 2, 2]


def test_faq11_phase5_dead_amoeba_cubes_in_descending_and_number_order_as_supply_allows():
    """"Phase 5 — deaths (descending, amoebas in number order)" + "only those available are
    placed" (FAQ 11: the order matters for the cubes left)."""
    g = build_position(
        4, phase=5, scores=[1, 2, 3, 4],
        amoebas=[(0, 1, "A2", 2), (3, 2, "B2", 2), (3, 1, "D5", 2)],
        food={"E4": [52, 0, 0, 0]},  # 3 cubes of colour 0 left in the supply
    )  # fmt: skip
    assert food(g, "D5")[0] == 2  # seat 3 (leading), amoeba 1 first
    assert food(g, "B2")[0] == 1  # then seat 3's amoeba 2
    assert food(g, "A2")[0] == 0  # seat 0 last: nothing left
    assert g.cube_total(0) == 55


# --- phase 6 ----------------------------------------------------------------------------------
def _scored(amoeba_count, genes=(), score=10, others=(1, 2, 3)):
    fields = ["A2", "A3", "A4", "A5", "B5", "C5", "D5"][:amoeba_count]
    g = build_position(4, phase=6, amoebas=[(0, k + 1, f) for k, f in enumerate(fields)],
                       genes=[list(genes), [], [], []], scores=[score, *others])  # fmt: skip
    return first([e for e in g.setup_events if e.get("seat") == 0], "marker_advanced")


def test_phase6_amoeba_table_0_2_3_4_5_6_7():
    """"amoebas on the board 0-2 -> 0, 3 -> 1, 4 -> 2, 5 -> 4, 6 -> 5, 7 -> 6".\""""
    steps = [_scored(k)["steps"] for k in range(8)]
    assert steps == [0, 0, 0, 1, 2, 4, 5, 6]


def test_phase6_gene_table_0_2_3_4_5_6_plus():
    """"gene cards 0-2 -> 0, 3 -> 1, 4 -> 2, 5 -> 3, 6+ -> 4".\""""
    pool = ["intelligence", "movement_1", "spores", "speed", "defense", "escape", "substitution"]
    assert [_scored(0, pool[:k])["steps"] for k in range(8)] == [0, 0, 0, 1, 2, 3, 4, 4]


def test_phase6_advanced_genes_count_two_ray_protection_none():
    """"Persistence, Movement II, Aggression and Armor count as two cards; Ray Protection
    counts as none.\""""
    assert _scored(0, ["persistence", "intelligence"])["steps"] == 1  # 3 cards
    assert _scored(0, ["movement_2", "aggression"])["steps"] == 2  # 4 cards
    assert _scored(0, ["armor", "spores", "intelligence"])["steps"] == 2  # 4 cards
    assert _scored(0, ["ray_protection", "intelligence", "spores"])["steps"] == 0  # 2 cards


def test_phase6_amoebas_and_genes_add_up():
    """The advance is the amoeba table plus the gene table."""
    assert _scored(5, ["intelligence", "spores", "speed"])["steps"] == 4 + 1


def test_phase6_occupied_ladder_spaces_are_not_counted():
    """"a marker advances its count counting only free spaces".\""""
    ev = _scored(4, score=10, others=(11, 13, 1))  # 2 steps: 12, then 14 (11, 13 taken)
    assert (ev["from_space"], ev["to_space"]) == (10, 14)


def test_phase6_marker_stops_on_the_last_free_space_at_most_50():
    """"and stops on the last free space <= 50 if it runs out.\""""
    ev = _scored(7, score=46, others=(50, 48, 1))  # 6 steps, only 47 and 49 free
    assert ev["to_space"] == 49


def test_phase6_markers_move_in_descending_order():
    """"In phase 6, markers move in descending order".\""""
    g = build_position(4, phase=6, scores=[5, 6, 1, 2],
                       amoebas=[(0, k, f) for k, f in zip(range(1, 6), ["A2", "A3", "A4", "A5",
                                                                         "B5"], strict=True)]
                       + [(1, k, f) for k, f in zip(range(1, 6), ["D2", "D3", "D4", "D5",
                                                                   "E4"], strict=True)])  # fmt: skip
    moves = of_type(g.setup_events, "marker_advanced")
    assert [m["seat"] for m in moves] == [1, 0, 3, 2]
    assert g.score[1] == 10  # 7, 8, 9, 10
    assert g.score[0] == 9  # 6 (freed by seat 1), 7, 8, 9


def test_one_marker_per_ladder_space_always():
    """"One marker per space, always.\""""
    g = build_position(4, phase=6, scores=[40, 39, 38, 37],
                       amoebas=[(s, k, FIELD_NAMES[s * 4 + k]) for s in range(4)
                                for k in range(1, 4)])  # fmt: skip
    assert len(set(g.score)) == 4


# --- the end ------------------------------------------------------------------------------------
def test_end_game_ends_after_phase_6_when_a_marker_is_in_41_to_50():
    """"The game ends after phase 6 if any marker stands in 41..50".\""""
    g = build_position(4, phase=6, scores=[39, 2, 3, 4],
                       amoebas=[(0, k, f) for k, f in zip(range(1, 5), ["A2", "A3", "A4", "A5"],
                                                          strict=True)])  # fmt: skip
    end = first(g.setup_events, "game_ended")
    assert end["reason"] == "finish_zone" and g.score[0] == 41
    assert g.is_over and g.pending is None and g.legal_actions() == []


def test_end_a_marker_at_40_does_not_end_the_game():
    """The finish zone is 41..50."""
    g = build_position(4, phase=6, scores=[37, 2, 3, 4],
                       amoebas=[(0, k, f) for k, f in zip(range(1, 4), ["A2", "A3", "A4"],
                                                          strict=True)]
                       + [(1, 1, "E2")])  # fmt: skip
    assert g.score[0] == 38 and not of_type(g.setup_events, "game_ended")
    assert g.round == 2


def test_end_game_ends_after_the_round_of_the_last_environment_card():
    """"or after the last environment card's round" / "it ends after phase 6 of the round in
    which the last card was revealed".\""""
    g = build_position(4, round=10, phase=2, revealed=10, amoebas=[(0, 1, "B2")],
                       bp=[0, 0, 0, 0])  # fmt: skip
    while not g.is_over:
        g.apply(g.pending.actions[0], g.pending.seat)
    assert g.round == 10 and g._deck_pos == 11


def test_end_deck_exhausted_event_and_ranking_is_the_ladder_order():
    """"The furthest marker wins; the full ranking is the ladder order.\""""
    g = build_position(4, round=10, phase=6, revealed=11, scores=[7, 20, 3, 12],
                       amoebas=[(0, 1, "B2")])  # fmt: skip
    end = first(g.setup_events, "game_ended")
    assert end["reason"] == "deck_exhausted"
    assert end["ranking"] == [1, 3, 0, 2] == g.ranking()
    assert g.public_view()["ranking"] == [1, 3, 0, 2]


def test_end_default_deck_lasts_at_most_10_rounds():
    """"So the default game lasts at most 10 rounds".\""""
    from engine import Game

    g = Game.new(3, 99)
    rng_pick = 0
    while not g.is_over:
        acts = g.pending.actions
        g.apply(acts[rng_pick % len(acts)], g.pending.seat)
        rng_pick += 7
    assert g.round <= 10


def test_board_adjacency_is_orthogonal_and_the_island_is_no_field():
    """"Neighbours are orthogonal only." and "C3 ... never enterable".\""""
    assert "C3" not in FIELD_INDEX and len(FIELD_NAMES) == 19
    assert {FIELD_NAMES[f] for f in ADJACENT[FIELD_INDEX["B2"]]} == {"B1", "A2", "C2", "B3"}
    assert {FIELD_NAMES[f] for f in ADJACENT[FIELD_INDEX["D3"]]} == {"D2", "E3", "D4"}
