"""The pages' source keeps to what the Content-Security-Policy allows and never turns text
into markup (docs/web.md, "Text is never markup"): no module of ``web/static`` writes HTML
from a string (dom.js builds elements and text nodes instead), and no page carries an inline
script, an inline style or an event handler attribute, which the policy would refuse."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "web" / "static"

#: Every way a script turns a string into markup or code.
MARKUP_SINKS = re.compile(
    r"\.(innerHTML|outerHTML)\s*\+?=|insertAdjacentHTML|document\.write|"
    r"createContextualFragment|DOMParser|\beval\s*\(|new Function\s*\(|setHTMLUnsafe"
)


def test_no_module_writes_markup_from_a_string() -> None:
    modules = sorted(STATIC.rglob("*.js"))
    assert len(modules) > 15, modules  # the scan sees the client
    found = [
        f"{path.relative_to(STATIC)}:{n}: {line.strip()}"
        for path in modules
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if MARKUP_SINKS.search(line)
    ]
    assert found == []


class _Inline(HTMLParser):
    """What a page holds that a policy without 'unsafe-inline' refuses."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "script" and "src" not in names:
            self.found.append("inline <script>")
        if tag == "style":
            self.found.append("<style> element")
        for name, value in attrs:
            if name.startswith("on") or name == "style":
                self.found.append(f"<{tag} {name}=…>")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.found.append(f"<{tag} {name}=javascript:…>")


def test_no_page_holds_inline_script_style_or_handlers() -> None:
    pages = sorted(STATIC.glob("*.html"))
    assert {p.name for p in pages} >= {"index.html", "lobby.html", "game.html"}
    for page in pages:
        parser = _Inline()
        parser.feed(page.read_text())
        assert parser.found == [], page.name
