"""Explanations of the rules for players, in the four languages of the rule texts and French.

Why here and not in the engine: the engine decides, it does not teach; these texts are what
``GET /rules`` hands every client so that no client has to know a rule to explain one. One
TOML file per language holds the words (written for this project, gene names as each
language's rule text prints them); this module holds what is the same in every language
(in which phases a gene acts, which genes it works with) and joins the two with the engine's
own tables, so prices and MP are never written twice.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Any, Final

LANGUAGES: Final = ("en", "de", "nl", "es", "fr")
DEFAULT_LANGUAGE: Final = "en"
PHASES: Final = ("setup", "1", "2", "3", "4", "5", "6")

# gene -> (phases in which its ability acts, genes it works with or against).
GENE_FACTS: Final[dict[str, tuple[tuple[int, ...], tuple[str, ...]]]] = {
    "intelligence": ((6,), ()),
    "movement_1": ((1, 5), ("movement_2", "speed", "escape")),
    "spores": ((4,), ("division_rate",)),
    "speed": ((1,), ("persistence", "movement_1", "movement_2", "streamlining")),
    "defense": ((1, 5), ("escape", "persistence", "armor", "struggle_for_survival", "aggression")),
    "escape": ((1, 5), ("defense", "streamlining", "tentacle", "holding", "armor")),
    "substitution": ((1,), ("frugality", "parasitism")),
    "ray_protection": ((2,), ()),
    "streamlining": ((1, 5), ("escape", "speed")),
    "tentacle": ((1, 5), ("holding", "escape")),
    "holding": ((1, 5), ("tentacle", "escape")),
    "life_expectancy": ((5,), ("armor",)),
    "frugality": ((1,), ("substitution", "parasitism")),
    "struggle_for_survival": ((1,), ("aggression", "defense", "escape", "armor", "persistence")),
    "parasitism": ((1,), ("substitution", "frugality")),
    "division_rate": ((4,), ("spores",)),
    "persistence": ((1, 5), ("speed", "defense", "struggle_for_survival", "aggression")),
    "movement_2": ((1, 5), ("movement_1", "speed", "escape")),
    "aggression": ((5,), ("struggle_for_survival", "armor", "defense", "escape", "persistence")),
    "armor": ((1, 5), ("defense", "escape", "aggression", "life_expectancy")),
}


@functools.cache
def words(lang: str) -> dict[str, Any]:
    """The raw texts of one language, read once per process."""
    return tomllib.loads(resources.files(__package__).joinpath(f"{lang}.toml").read_text("utf-8"))


@functools.cache
def explanations(lang: str) -> dict[str, Any]:
    """Everything a table needs to explain the game in ``lang``, joined with the engine's
    gene table (price, MP, what an advanced gene hands in)."""
    from engine.genes import GENES

    w = words(lang)
    genes = []
    for g in GENES:
        phases, interacts = GENE_FACTS[g.id]
        text = w["genes"][g.id]
        genes.append(
            {
                "id": g.id,
                "name": text["name"],
                "does": text["does"],
                "phases": list(phases),
                "price": g.price,
                "mp": g.mp,
                "replaces": list(g.replaces),
                "interacts": list(interacts),
            }
        )
    return {
        "genes": genes,
        "phases": [{"id": p, **w["phases"][p]} for p in PHASES],
        "decisions": w["decisions"],
        "topics": w["topics"],
        "end_reasons": w["end_reasons"],
        "bot_levels": w["bot_levels"],
        "variants": w["variants"],
    }
