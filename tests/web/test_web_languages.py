"""The table in each language without a word of English and without glued names.

A person creates a game with two bots in the lobby and plays it to the end by clicking, in
each language of the client (web/static/lang/*.ftl); after every decision the test gathers
what the page shows and says: its visible text, the log and the board in words (folded away
or not), every title, aria label, placeholder and SVG title, the options of every <select>
(the lobby's 2-player variants with their tooltips included). It fails on an English word
in a page of another language, on brackets doubled or glued together ("((", ") ("), on an
English possessive glued to a name ("'s amoeba"), and on "nowhere" as a drift's direction:
names, colours and counts are composed
by the messages (docs/web.md, "Words in five languages"), never by the code.
"""

from __future__ import annotations

import random
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors, remember
from harness.web_play import play_turns, wait_for
from harness.web_server import LiveServer
from tests.web.catalogue import LANGUAGES

pytestmark = pytest.mark.integration


# Words that are English and no word of the page's language. Level ids (random, greedy,
# mcts…) are the bots' names in every language, and so are player names: neither is here.
ENGLISH = (
    "the", "and", "with", "your", "you", "which", "whether", "of", "to", "is", "it", "moved",
    "drift", "drifted", "nowhere", "damage", "amoeba", "amoebas", "phases", "scores", "scored",
    "seat", "player", "players", "option", "move", "round", "turn", "click", "waiting",
    "cards", "gene", "genes", "defect", "division", "left", "game", "open", "scoring",
    "ladder", "market", "resign", "watching", "join", "create", "food", "current", "stay",
    "ozone", "environment", "attack", "escape", "eat", "nothing", "decides", "replay",
)  # fmt: skip
# The same letters are a word of these languages too.
ALSO_THEIRS = {
    "de": {"gene", "option"},
    "nl": {"of", "is", "open", "scores", "game"},
    "es": {"genes"},
    "fr": {"division", "option", "phases", "scores", "ozone"},
}
GLUE = re.compile(r"\(\(|\)\)|\)\s*\(|'s\s+(amoeba|amöbe|amoebe|ameba|amibe)", re.IGNORECASE)
# A direction word put where "none" does not fit: the drift of a card without a current.
BROKEN = re.compile(
    r"nach nirgendwohin|al ninguna parte|naar het nergens|drift nowhere", re.IGNORECASE
)

# Everything the page says, seen or not: a folded <details>, a closed <select>, a tooltip;
# not the people's names.
SAID_JS = """
const out = [document.title, document.body.innerText];
for (const el of document.querySelectorAll('#log, details, option, svg title')) out.push(el.textContent);
for (const el of document.querySelectorAll('input:not([type=hidden])')) out.push(el.value);
for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]'))
  for (const a of ['title', 'aria-label', 'placeholder', 'alt'])
    if (el.hasAttribute(a)) out.push(el.getAttribute(a));
// People's names (<bdi class="name">: the lobby's lists show every player's) are theirs,
// in whatever language they chose: left out.
const names = [...document.querySelectorAll('bdi.name')].map((el) => el.textContent).filter(Boolean);
return out.map((text) => names.reduce((t, n) => t.split(n).join(''), text || ''));
"""


def _said(driver) -> list[str]:  # noqa: ANN001 - a WebDriver
    return driver.execute_script(SAID_JS)


def _faults(lang: str, texts: list[str]) -> set[str]:
    """Each English word and each piece of glue in ``texts``, with its surroundings."""
    words = [w for w in ENGLISH if w not in ALSO_THEIRS.get(lang, set())] if lang != "en" else []
    english = (
        re.compile(r"(?<!\w)(" + "|".join(words) + r")(?!\w)", re.IGNORECASE) if words else None
    )
    found = set()
    for text in texts:
        for pattern in (english, GLUE, BROKEN):
            for m in pattern.finditer(text) if pattern else ():
                around = text[max(0, m.start() - 40) : m.end() + 40].replace("\n", " ")
                found.add(f"{m.group(0)!r} in …{around}…")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_game_in_each_language_has_no_english_and_no_glued_names(
    server: LiveServer, lang: str
) -> None:
    rng = random.Random(64)
    said: list[str] = []
    with chromium() as driver:
        remember(driver, server.base_url, {"ursuppe.lang": lang})
        driver.get(server.base_url + "/lobby")
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        assert driver.execute_script("return document.documentElement.lang") == lang
        players = Select(driver.find_element(By.ID, "players"))
        for value in [
            o.get_attribute("value")
            for o in players.options
            if ":" in (o.get_attribute("value") or "")
        ]:
            players.select_by_value(value)  # each 2-player variant: its explanation shows
            said += _said(driver)
        players.select_by_value("3")
        said += _said(driver)
        driver.find_element(By.ID, "your-name").clear()
        driver.find_element(By.ID, "your-name").send_keys("Ada")
        for seat in (1, 2):
            Select(driver.find_element(By.ID, f"seat-{seat}-kind")).select_by_value("bot")
            Select(driver.find_element(By.ID, f"seat-{seat}-level")).select_by_value("greedy")
        time_limit = driver.find_element(By.ID, "time-limit")
        time_limit.clear()
        time_limit.send_keys("0")
        driver.find_element(By.ID, "create-button").click()
        WebDriverWait(driver, 30).until(lambda d: "/game/" in d.current_url)
        wait_for(driver, lambda s: s["ready"], 30, "the game page")
        while play_turns(driver, rng, max_turns=1):
            said += _said(driver)
        wait_for(driver, lambda s: s["status"] == "finished", 60, "the end")
        said += _said(driver)
        driver.find_element(By.ID, "replay-open").click()
        said += _said(driver)
        assert console_errors(driver) == []
    assert len(said) > 100
    faults = _faults(lang, said)
    assert not faults, "\n".join(sorted(faults))
