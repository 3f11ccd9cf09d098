"""Phase 2 gene defects and phase 3 the gene market (RULINGS.md, "Phase 2", "Phase 3",
"Genes")."""

from __future__ import annotations

from helpers_engine import build_position, first, of_type, play

from engine.genes import GENE_INDEX, GENES, cards_for

OZONE_6 = [{"drift": "W", "ozone": 6}] * 11
OZONE_0 = [{"drift": "W", "ozone": 0}] * 11
EXAMPLE = ["streamlining", "speed", "division_rate"]  # 4 + 3 + 5 = 12 MP


def defect(genes, bp, deck=OZONE_6, others=None):
    return build_position(4, round=2, phase=2, deck=deck, amoebas=[(0, 1, "B2")],
                          genes=[genes, *(others or [[], [], []])], bp=[bp, 0, 0, 0],
                          scores=[4, 3, 2, 1])  # fmt: skip


def held(g, seat=0):
    from engine.genes import genes_of

    return genes_of(g.genes[seat])


# --- gene defects: the rulebook's example ------------------------------------------------------------
def test_gene_defect_rulebook_example_12_mp_against_ozone_6_owes_6():
    """German "Gendefekt": "Stromlinienform, Geschwindigkeit und Teilungsrate ... Gesamt-
    empfindlichkeit von 12. Bei einer Ozonschicht von 6 muß er also 6 abbezahlen.\""""
    g = defect(EXAMPLE, bp=10)
    assert first(g.setup_events, "gene_defect")["difference"] == 6
    assert g.pending.kind == "pay_defect" and g.pending.seat == 0
    amounts = [a["amount"] for a in g.pending.actions if a["type"] == "pay_bp"]
    assert amounts == [6, 5, 4, 3, 2, 1]
    assert {a["gene"] for a in g.pending.actions if a["type"] == "give_up_gene"} == set(EXAMPLE)


def test_gene_defect_rulebook_example_pay_6_bp():
    """"indem er 6 BP abgibt" — the genes stay."""
    g = defect(EXAMPLE, bp=10)
    g.apply({"type": "pay_bp", "amount": 6}, 0)
    assert g.bp[0] == 4 and held(g) == ["speed", "streamlining", "division_rate"]


def test_gene_defect_rulebook_example_speed_and_3_bp():
    """"oder indem er die Geschwindigkeit und 3 BP abgibt".\""""
    g = defect(EXAMPLE, bp=10)
    g.apply({"type": "give_up_gene", "gene": "speed"}, 0)
    assert g.pending.context == {"remaining": 3}
    events = g.apply({"type": "pay_bp", "amount": 3}, 0)
    assert g.bp[0] == 7 and held(g) == ["streamlining", "division_rate"]
    assert not of_type(events, "overpayment_lost")


def test_gene_defect_rulebook_example_no_bp_two_cards_and_no_change():
    """"Besitzt er keine BP mehr, so ist er ... gezwungen, zwei Karten abzugeben. Das ist mehr als
    die geforderten 6 Differenz, er erhält aber keine Rückzahlung!" / "Overpayment is lost.\""""
    g = defect(EXAMPLE, bp=0)
    assert all(a["type"] == "give_up_gene" for a in g.pending.actions)
    g.apply({"type": "give_up_gene", "gene": "speed"}, 0)
    events = g.apply({"type": "give_up_gene", "gene": "division_rate"}, 0)
    assert first(events, "overpayment_lost")["amount"] == 2
    assert held(g) == ["streamlining"]
    assert not [e for e in events if e["type"] == "bp_paid" and e["reason"] == "gene_defect"]


def test_gene_defect_ray_protection_is_minus_2_mp():
    """"Ray Protection is -2" in the total of mutation points."""
    g = defect(["frugality", "parasitism", "ray_protection"], bp=5)  # 5 + 5 - 2 = 8
    assert first(g.setup_events, "gene_defect")["mp"] == 8
    assert g.pending.context == {"remaining": 2}


def test_gene_defect_ray_protection_counts_4_when_given_up():
    """"Ray Protection given up counts 4" — and the overpayment is lost."""
    g = defect(["frugality", "parasitism", "ray_protection"], bp=5)
    events = g.apply({"type": "give_up_gene", "gene": "ray_protection"}, 0)
    assert first(events, "overpayment_lost")["amount"] == 2
    assert held(g) == ["frugality", "parasitism"]


def test_gene_defect_who_cannot_cover_it_gives_up_everything_and_keeps_going():
    """"A player who cannot cover the difference gives up everything that can be given and
    keeps going.\""""
    g = defect(["speed", "defense"], bp=0, deck=OZONE_0)  # owes 7, can give 7: all
    assert held(g) == []
    assert not of_type(g.setup_events, "bp_paid")  # no BP to pay; phase 4 later gives 10
    assert len(of_type(g.setup_events, "gene_returned")) == 2
    assert g.amoeba_count(0) == 1


def test_gene_defect_returned_genes_go_back_to_the_supply_at_once():
    """"Returned genes go back to the supply at once and may be bought by anyone" (FAQ 4)."""
    g = defect(["frugality", "parasitism"], bp=0, others=[["intelligence"], [], []])
    before = g.gene_supply[GENE_INDEX["frugality"]]
    assert before == 0  # the single Frugality card is held
    g.apply({"type": "give_up_gene", "gene": "frugality"}, 0)
    assert g.gene_supply[GENE_INDEX["frugality"]] == 1
    # phase 3, descending: seat 1 (score 3) ... give seat 1 the BP to buy it now
    g2 = build_position(4, round=2, phase=2, deck=OZONE_6, amoebas=[(0, 1, "B2")],
                        genes=[["frugality", "parasitism"], [], [], []], bp=[0, 6, 0, 0],
                        scores=[4, 3, 2, 1])  # fmt: skip
    g2.apply({"type": "give_up_gene", "gene": "frugality"}, 0)
    assert g2.pending.kind == "buy_genes" and g2.pending.seat == 1
    assert {"type": "buy", "gene": "frugality"} in g2.pending.actions


# --- the market --------------------------------------------------------------------------------------
def market(genes=None, new_genes=None, bp=(20, 0, 0, 0), players=4, scores=None):
    return build_position(players, phase=3, amoebas=[(0, 1, "B2")], genes=genes,
                          new_genes=new_genes, bp=list(bp), scores=scores)  # fmt: skip


def buys(g):
    return [(a["gene"], a.get("give_up")) for a in g.pending.actions if a["type"] == "buy"]


def test_market_card_counts_by_player_count():
    """"Card counts depend on the player count (table below)" — 30 cards with 4 players."""
    four, three = cards_for(4), cards_for(3)
    assert sum(four) == 30 and sum(three) == 20
    table = {g.id: (g.cards3, g.cards4) for g in GENES}
    assert table["intelligence"] == (1, 2) and table["movement_1"] == (2, 2)
    assert table["frugality"] == (0, 1) and table["parasitism"] == (0, 1)
    assert table["struggle_for_survival"] == (2, 2)
    g = market(players=3, bp=(20, 0, 0))
    offered = {gene for gene, _ in buys(g)}
    assert "frugality" not in offered and "parasitism" not in offered


def test_market_descending_order_one_turn_each_closed_by_done():
    """"Phase 3 — new genes (descending; each player one turn, buying any number)".\""""
    g = market(bp=(10, 10, 10, 10), scores=[2, 4, 1, 3])
    order = []
    while g.phase == 3:
        order.append(g.pending.seat)
        assert g.pending.actions[0] == {"type": "done"}
        g.apply({"type": "done"}, g.pending.seat)
    assert order == [1, 3, 0, 2]


def test_market_buying_several_genes_in_one_turn():
    """"buying any number": each purchase returns to the same player until "done".\""""
    g = market(bp=(20, 0, 0, 0))
    events = play(g, {"type": "buy", "gene": "intelligence"}, {"type": "buy", "gene": "spores"})
    assert [e["gene"] for e in of_type(events, "gene_bought")] == ["intelligence", "spores"]
    assert g.pending.seat == 0 and g.pending.kind == "buy_genes"
    assert g.bp[0] == 15 and held(g) == ["intelligence", "spores"]
    assert g.gene_supply[GENE_INDEX["spores"]] == 0
    g.apply({"type": "done"}, 0)
    assert g.phase == 4 or g.pending.kind != "buy_genes"


def test_market_only_genes_the_player_can_pay_for():
    """German E.3: "kauft die Karte/Karten, die er haben will und bezahlen kann".\""""
    g = market(bp=(3, 0, 0, 0))
    assert {gene for gene, _ in buys(g)} == {"intelligence", "movement_1", "spores"}


def test_market_never_two_copies_of_a_gene():
    """"A player never holds two copies of a gene".\""""
    g = market(genes=[["intelligence"], [], [], []])
    assert "intelligence" not in {gene for gene, _ in buys(g)}
    assert g.gene_supply[GENE_INDEX["intelligence"]] == 1


def test_market_sold_out_genes_are_not_offered():
    """"sold-out genes wait until a card returns.\""""
    g = market(genes=[[], ["spores"], [], []])
    assert "spores" not in {gene for gene, _ in buys(g)}


def test_market_advanced_gene_gives_up_its_lower_gene_acquired_in_an_earlier_round():
    """"An advanced gene needs its lower gene given up, and that lower gene must have been
    acquired in an earlier round.\""""
    g = market(genes=[["speed"], [], [], []])
    assert ("persistence", "speed") in buys(g)
    events = g.apply({"type": "buy", "gene": "persistence", "give_up": "speed"}, 0)
    assert first(events, "gene_returned") == {"type": "gene_returned", "seat": 0,
                                              "gene": "speed", "reason": "upgraded"}  # fmt: skip
    assert held(g) == ["persistence"]
    assert g.gene_supply[GENE_INDEX["speed"]] == 2


def test_market_advanced_gene_not_with_a_lower_gene_bought_this_round():
    """"must have been acquired in an earlier round" (German: "mindestens eine Runde zuvor")."""
    g = market(genes=[["speed"], [], [], []], new_genes=[["speed"], [], [], []])
    assert "persistence" not in {gene for gene, _ in buys(g)}
    g = market()
    g.apply({"type": "buy", "gene": "movement_1"}, 0)
    assert "movement_2" not in {gene for gene, _ in buys(g)}


def test_market_advanced_gene_needs_its_lower_gene():
    """An advanced gene is only bought by giving up its lower gene."""
    g = market()
    offered = {gene for gene, _ in buys(g)}
    assert not offered & {"persistence", "movement_2", "aggression", "armor"}


def test_market_armor_gives_up_defense_or_escape():
    """"Armor ... replaces defense or escape" — the buyer's choice of which one pays."""
    g = market(genes=[["defense"], [], [], []], bp=(10, 0, 0, 0))
    assert ("armor", "defense") in buys(g)
    g.apply({"type": "buy", "gene": "armor", "give_up": "defense"}, 0)
    assert held(g) == ["armor"]


def test_market_armor_never_held_together_with_defense_or_escape():
    """RULINGS.md: "A player never holds ... a gene together with its lower gene" (German text:
    "Man darf nicht zugleich ein Gen und seine Vorgängergene besitzen"): a holder of both
    Defense and Escape names the one that pays for Armor; the other goes back too."""
    g = market(genes=[["defense", "escape"], [], [], []])
    assert ("armor", "defense") in buys(g) and ("armor", "escape") in buys(g)
    events = g.apply({"type": "buy", "gene": "armor", "give_up": "escape"}, 0)
    assert held(g) == ["armor"]
    returned = [(e["gene"], e["reason"]) for e in events if e["type"] == "gene_returned"]
    assert returned == [("escape", "upgraded"), ("defense", "lower_gene_of_advanced")]
    assert g.gene_supply[GENE_INDEX["defense"]] == 1 and g.gene_supply[GENE_INDEX["escape"]] == 2


def test_market_no_lower_gene_while_its_advanced_gene_is_held():
    """"While holding an advanced gene a player may not buy its lower gene.\""""
    g = market(genes=[["persistence", "movement_2", "aggression", "armor"], [], [], []],
               bp=(40, 0, 0, 0))  # fmt: skip
    offered = {gene for gene, _ in buys(g)}
    assert not offered & {"speed", "movement_1", "struggle_for_survival", "defense", "escape"}


def test_market_price_and_supply_change_on_purchase():
    """A purchase costs the gene's price and takes a card from the supply."""
    g = market(bp=(10, 0, 0, 0))
    events = g.apply({"type": "buy", "gene": "tentacle"}, 0)
    assert first(events, "gene_bought") == {"type": "gene_bought", "seat": 0,
                                            "gene": "tentacle", "price": 5}  # fmt: skip
    assert g.bp[0] == 5 and g.gene_supply[GENE_INDEX["tentacle"]] == 1
    assert g.new_genes[0] != 0
