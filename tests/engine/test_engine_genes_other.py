"""Life Expectancy, Spores, Division Rate, Intelligence, the gene table and the events'
vocabulary (RULINGS.md, "Genes", "Phase 4", "Phase 5")."""

from __future__ import annotations

import pytest
from helpers_engine import FIELD_NAMES, build_position, of_type, play, where

from engine.genes import GENES, progress_cards, total_mp
from engine.genes import mask_of as m


def test_life_expectancy_amoebas_die_only_at_3_dp():
    """"Life Expectancy: amoebas die only at 3 DP.\""""
    g = build_position(4, phase=5, amoebas=[(0, 1, "B2", 2), (0, 2, "B3", 3)],
                       genes=[["life_expectancy"], [], [], []])  # fmt: skip
    assert where(g, 0, 1) == "B2" and where(g, 0, 2) is None


def test_spores_new_amoebas_on_any_field_without_an_own_amoeba():
    """"Spores: any field with no own amoeba.\""""
    g = build_position(4, phase=4, amoebas=[(0, 1, "A2"), (0, 2, "A3"), (1, 1, "E4")],
                       genes=[["spores"], [], [], []], bp=[0, 0, 0, 0], scores=[4, 3, 2, 1])
    fields = {a["field"] for a in g.pending.actions if a["type"] == "place"}
    assert fields == set(FIELD_NAMES) - {"A2", "A3"}


def test_division_rate_a_new_amoeba_costs_4_bp():
    """"A new amoeba costs 6 BP (4 with Division Rate)".\""""
    g = build_position(4, phase=4, amoebas=[(0, 1, "A2"), (0, 2, "A3")],
                       genes=[["division_rate"], [], [], []], bp=[2, 0, 0, 0],
                       scores=[4, 3, 2, 1])  # fmt: skip
    assert g.pending.context["cost"] == 4
    play(g, {"type": "place", "field": "A4", "number": 3},
         {"type": "place", "field": "A5", "number": 4},
         {"type": "place", "field": "B5", "number": 5})  # fmt: skip
    assert g.bp[0] == 0 and g.amoeba_count(0) == 5


def test_intelligence_has_no_effect_but_counts_for_progress():
    """"Intelligence: as in the tables above" — German: "In der Ursuppe leider völlig
    wirkungslos. Hilft aber beim Fortschritt." (price 2, MP 3, one card)"""
    assert progress_cards(m(["intelligence"])) == 1
    assert total_mp(m(["intelligence"])) == 3
    g = build_position(4, phase=6, amoebas=[(0, 1, "A2")],
                       genes=[["intelligence", "spores", "speed"], [], [], []], scores=[5, 1, 2, 3])
    assert g.score[0] == 6


@pytest.mark.parametrize(
    ("gene", "price", "mp", "c3", "c4"),
    [
        ("intelligence", 2, 3, 1, 2), ("movement_1", 3, 2, 2, 2), ("spores", 3, 3, 1, 1),
        ("speed", 4, 3, 1, 2), ("defense", 4, 4, 1, 1), ("escape", 4, 4, 1, 2),
        ("substitution", 4, 4, 1, 1), ("ray_protection", 5, -2, 1, 2),
        ("streamlining", 5, 4, 1, 1), ("tentacle", 5, 4, 1, 2), ("holding", 5, 4, 1, 1),
        ("life_expectancy", 5, 5, 1, 2), ("frugality", 6, 5, 0, 1),
        ("struggle_for_survival", 6, 4, 2, 2), ("parasitism", 6, 5, 0, 1),
        ("division_rate", 6, 5, 1, 2), ("persistence", 4, 4, 1, 1), ("movement_2", 5, 5, 1, 2),
        ("aggression", 5, 5, 1, 1), ("armor", 6, 6, 1, 1),
    ],
)  # fmt: skip
def test_gene_table_price_mp_and_cards_as_in_rulings(gene, price, mp, c3, c4):
    """RULINGS.md "Genes" table: price, MP, cards 3p / 4p."""
    row = next(g for g in GENES if g.id == gene)
    assert (row.price, row.mp, row.cards3, row.cards4) == (price, mp, c3, c4)


def test_progress_counts_advanced_genes_two_ray_protection_zero():
    """"Persistence, Movement II, Aggression and Armor count as two cards; Ray Protection counts
    as none.\""""
    for gene in ("persistence", "movement_2", "aggression", "armor"):
        assert progress_cards(m([gene])) == 2
    assert progress_cards(m(["ray_protection"])) == 0
    assert progress_cards(m(["speed", "defense"])) == 2


def test_advanced_genes_replace_their_lower_genes():
    """RULINGS.md "replaces" column: Persistence/speed, Movement II/Movement I, Aggression/
    Struggle for Survival, Armor/Defense or Escape."""
    replaces = {g.id: g.replaces for g in GENES if g.replaces}
    assert replaces == {"persistence": ("speed",), "movement_2": ("movement_1",),
                        "aggression": ("struggle_for_survival",),
                        "armor": ("defense", "escape")}  # fmt: skip


def test_events_name_fields_by_their_names():
    """Events are the API's vocabulary and name fields "B2", never by internal index (every
    other event does: amoeba_moved, amoeba_placed, cubes_carried ...)."""
    g = build_position(4, phase=5, amoebas=[(0, 1, "B2", 2)])
    died = of_type(g.setup_events, "amoeba_died")[0]
    placed = of_type(g.setup_events, "cubes_placed")[0]
    assert died["field"] == "B2" and placed["field"] == "B2"
