"""The web client's message catalogues (web/static/lang/*.ftl) as the tests read them: the
languages are the files there, so a language added with its file alone is tested too."""

from __future__ import annotations

import re

from harness.web_server import ROOT

LANG_DIR = ROOT / "web" / "static" / "lang"
LANGUAGES: tuple[str, ...] = tuple(
    ["en"] + sorted(p.stem for p in LANG_DIR.glob("*.ftl") if p.stem != "en")
)
_MESSAGE = re.compile(r"^([a-zA-Z][a-zA-Z0-9_-]*) =")


def messages(lang: str) -> dict[str, str]:
    """Each message of ``lang``'s file by its id, with its source text (its variants too):
    enough to compare catalogues; formatting is the browser's (Fluent's) business."""
    found: dict[str, str] = {}
    current = None
    for line in (LANG_DIR / f"{lang}.ftl").read_text("utf-8").splitlines():
        if m := _MESSAGE.match(line):
            current = m.group(1)
            found[current] = line[m.end() :].strip()
        elif current and line.startswith(" "):
            found[current] += "\n" + line.strip()
        else:
            current = None
    return found
