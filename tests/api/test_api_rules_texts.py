"""GET /rules explains the game in English, German, Dutch, Spanish and French."""

from __future__ import annotations

import pytest
from api_helpers import API, assert_problem

from ai import BOT_LEVELS
from api.texts import LANGUAGES, PHASES, words
from engine.counts import VARIANTS
from engine.decision import DECISION_KINDS
from engine.genes import GENES


def _filled(value: object) -> bool:
    return isinstance(value, str) and len(value.strip()) > 10


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_gene_phase_decision_level_and_variant_has_a_text(lang: str) -> None:
    """A gene, decision kind, bot level or variant added to the engine without a text in
    every language fails here."""
    w = words(lang)
    for g in GENES:
        assert w["genes"][g.id]["name"].strip(), (lang, g.id)
        assert _filled(w["genes"][g.id]["does"]), (lang, g.id)
    assert set(w["genes"]) == {g.id for g in GENES}
    for p in PHASES:
        assert w["phases"][p]["name"].strip() and _filled(w["phases"][p]["purpose"]), (lang, p)
    assert set(w["decisions"]) == set(DECISION_KINDS)
    for kind in DECISION_KINDS:
        assert w["decisions"][kind]["title"].strip(), (lang, kind)
        assert _filled(w["decisions"][kind]["purpose"]), (lang, kind)
    assert set(w["bot_levels"]) == set(BOT_LEVELS)
    assert all(_filled(t) for t in w["bot_levels"].values())
    assert set(w["variants"]) == set(VARIANTS)
    assert all(_filled(t) for t in w["variants"].values())
    assert all(_filled(t) for t in w["end_reasons"].values())
    # Every language has exactly the topics English has.
    assert set(w["topics"]) == set(words("en")["topics"])
    assert all(_filled(t) for t in w["topics"].values())


def test_the_german_gene_names_are_the_engines() -> None:
    names = {g: t["name"] for g, t in words("de")["genes"].items()}
    assert names == {g.id: g.german for g in GENES}


def test_texts_are_in_the_language_asked_for(client) -> None:
    bodies = {}
    for lang in LANGUAGES:
        r = client.get(f"{API}/rules?lang={lang}")
        assert r.status_code == 200
        assert r.headers["Content-Language"] == lang
        assert "Accept-Language" in r.headers["Vary"]
        assert r.json["language"] == lang
        texts = r.json["texts"]
        assert [g["id"] for g in texts["genes"]] == [g.id for g in GENES]
        assert [g["price"] for g in texts["genes"]] == [g.price for g in GENES]
        assert [g["mp"] for g in texts["genes"]] == [g.mp for g in GENES]
        assert texts["genes"][0]["does"] == words(lang)["genes"][GENES[0].id]["does"]
        assert set(texts["decisions"]) == set(r.json["rules"]["decision_kinds"])
        bodies[lang] = r
    # A different document per language, each with its own ETag.
    assert len({r.headers["ETag"] for r in bodies.values()}) == len(LANGUAGES)
    assert len({r.json["texts"]["topics"]["ozone"] for r in bodies.values()}) == len(LANGUAGES)


def test_accept_language_chooses_and_english_is_the_default(client) -> None:
    assert client.get(f"{API}/rules").headers["Content-Language"] == "en"
    # As a browser sends it: the first language we have wins over English further down.
    pick = client.get(
        f"{API}/rules", headers={"Accept-Language": "ja-JP, ja;q=0.9, nl;q=0.8, en;q=0.5"}
    )
    assert pick.headers["Content-Language"] == "nl"
    french = client.get(f"{API}/rules", headers={"Accept-Language": "fr-BE, fr;q=0.9, en;q=0.5"})
    assert french.headers["Content-Language"] == "fr"
    regional = client.get(f"{API}/rules", headers={"Accept-Language": "de-AT"})
    assert regional.headers["Content-Language"] == "de"
    assert pick.json["texts"]["phases"][1]["name"] == words("nl")["phases"]["1"]["name"]
    assert client.get(f"{API}/rules", headers={"Accept-Language": "ja"}).json["language"] == "en"
    # ?lang= wins over the header.
    both = client.get(f"{API}/rules?lang=es", headers={"Accept-Language": "de"})
    assert both.headers["Content-Language"] == "es"


def test_a_cached_language_revalidates_and_another_does_not(client) -> None:
    de = client.get(f"{API}/rules?lang=de")
    same = client.get(f"{API}/rules?lang=de", headers={"If-None-Match": de.headers["ETag"]})
    assert same.status_code == 304
    assert "Accept-Language" in same.headers["Vary"]
    other = client.get(f"{API}/rules?lang=es", headers={"If-None-Match": de.headers["ETag"]})
    assert other.status_code == 200


def test_an_unknown_language_is_a_problem_not_a_500(client) -> None:
    assert_problem(client.get(f"{API}/rules?lang=ja"), 422, "validation_error")
    assert_problem(client.get(f"{API}/rules?lang="), 422, "validation_error")
