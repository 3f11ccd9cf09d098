"""Texts with a count take the plural form their language's CLDR rules give that count
(Fluent's select expressions in web/static/lang/*.ftl, resolved by the browser's
``Intl.PluralRules``): "1 card left", "2 cards left", in each language, in the real browser
that shows them."""

from __future__ import annotations

from typing import Any

import pytest

from harness.browser import chromium, console_errors
from harness.web_server import LiveServer
from tests.web.catalogue import LANGUAGES, messages

ENVIRONMENT = {"dir": "", "drift": "W", "ozone": 8}
#: (language, key, variables, the text the page shows).
EXPECTED = [
    ("en", "environment", {**ENVIRONMENT, "left": 1}, "(1 card left)"),
    ("en", "environment", {**ENVIRONMENT, "left": 2}, "(2 cards left)"),
    ("en", "environment", {**ENVIRONMENT, "left": 0}, "(0 cards left)"),
    ("de", "environment", {**ENVIRONMENT, "left": 1}, "(noch 1 Karte)"),
    ("de", "environment", {**ENVIRONMENT, "left": 2}, "(noch 2 Karten)"),
    ("de", "environment", {**ENVIRONMENT, "left": 0}, "(noch 0 Karten)"),
    ("nl", "environment", {**ENVIRONMENT, "left": 1}, "(nog 1 kaart)"),
    ("nl", "environment", {**ENVIRONMENT, "left": 2}, "(nog 2 kaarten)"),
    ("es", "environment", {**ENVIRONMENT, "left": 1}, "(queda 1 carta)"),
    ("es", "environment", {**ENVIRONMENT, "left": 2}, "(quedan 2 cartas)"),
    ("es", "environment", {**ENVIRONMENT, "left": 0}, "(quedan 0 cartas)"),
    ("en", "qp_days", {"n": 1}, "1 day per move"),
    ("en", "qp_days", {"n": 3}, "3 days per move"),
    ("de", "qp_days", {"n": 1}, "1 Tag pro Zug"),
    ("de", "qp_days", {"n": 3}, "3 Tage pro Zug"),
    ("nl", "qp_days", {"n": 1}, "1 dag per zet"),
    ("nl", "qp_days", {"n": 3}, "3 dagen per zet"),
    ("es", "qp_days", {"n": 1}, "1 día por jugada"),
    ("es", "qp_days", {"n": 3}, "3 días por jugada"),
    ("en", "buy_intro", {"bp": 4, "mp": 1, "ozone": 9}, "and 1 mutation point;"),
    ("nl", "buy_intro", {"bp": 4, "mp": 5, "ozone": 9}, "en 5 mutatiepunten;"),
    ("es", "tentacle_take", {"from": "A", "to": "B", "limit": 1}, "hasta 1 cubo."),
    ("de", "profile_chart_label", {"lo": 1, "hi": 2, "n": 1}, "über 1 Partie"),
]


def _in_page(server: LiveServer, script: str, *args: Any) -> Any:
    with chromium() as driver:
        driver.get(server.base_url + "/lobby")
        result = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import('/web/static/i18n.js').then(i18n => ("
            + script
            + ")(i18n, ...arguments)).then(done)"
            ".catch(e => done({error: String(e)}));",
            *args,
        )
        assert console_errors(driver) == []
    assert not (isinstance(result, dict) and "error" in result), result
    return result


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_count_takes_its_languages_plural_form(server: LiveServer, lang: str) -> None:
    cases = [case for case in EXPECTED if case[0] == lang]
    texts = _in_page(
        server,
        "(i18n, cases) => Promise.all(cases.map(([l]) => i18n.loadLanguage(l)))"
        ".then(() => cases.map(([l, k, v]) => i18n.translate(l, k, v)))",
        cases,
    )
    for (_, key, variables, expected), text in zip(cases, texts, strict=True):
        assert expected in text, (key, variables, text)


def test_every_plural_entry_has_the_forms_its_language_uses(server: LiveServer) -> None:
    """Each language's messages with a count select ``one`` and, as the default, ``other``
    (the forms CLDR gives whole counts in every language here; a rarer one such as Spanish
    ``many`` falls back to ``other``), and the browser's plural rules know no other form
    for whole counts in these languages."""
    categories = _in_page(
        server,
        "(i18n, langs) => langs.map(l => [...new Set([0, 1, 2, 3, 5, 11, 21, 100]"
        ".map(n => new Intl.PluralRules(l).select(n)))])",
        list(LANGUAGES),
    )
    for lang, found in zip(LANGUAGES, categories, strict=True):
        assert set(found) == {"one", "other"}, (lang, found)
        counted = {k: v for k, v in messages(lang).items() if "[one]" in v}
        assert len(counted) >= 10, (lang, sorted(counted))
        for key, text in counted.items():
            assert "*[other]" in text, (lang, key)
