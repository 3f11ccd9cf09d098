"""What a person's text may hold, one rule for every name, label and message shown to
others (docs/api.md, "Limits"): one line of visible text, NFC, of a bounded length.

``display_text`` is the one check. The API's ``DisplayText`` field (``api.display_text``)
calls it for every such field of a request, and every service function that takes a name
calls it too, so a name that arrives by another path than a schema (Python calling the
service, a script) meets the same rule with the same code.

Refused: control characters and unpaired surrogates (NUL cannot be stored, a tab or a line
break has no place in a name, and a line break in a mail's subject makes the mail
unsendable), the line and paragraph separators (U+2028, U+2029: a second line by another
name), the explicit bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069: they
reorder what follows, so ``gpj.exe`` can show as ``exe.jpg``), and text with nothing
visible at all (zero-width spaces, joiners, Hangul fillers, a blank braille pattern,
combining marks without a base, whitespace). Bidi *marks* (U+200E, U+200F, U+061C) stay:
they reorder nothing and right-to-left writing needs them; invisible characters inside
visible text stay too (an emoji sequence joins with U+200D).

Text stored before this rule held may break it. ``shown`` renders any stored text safely
for a place that cannot take it raw (a mail header, a log line), replacing what the rule
refuses, rather than letting one old name make a mail unsendable.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from service.plumbing.errors import Unprocessable

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Letters and symbols that draw nothing: Hangul fillers and the blank braille pattern.
BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_INVISIBLE_CATEGORIES = frozenset({"Zs", "Cf", "Mn", "Me"})

#: The longest name of a player, a seat or a bot.
NAME_MAX: Final = 64
#: The longest name of a tournament, a token's label or an OAuth client's name.
TITLE_MAX: Final = 100
#: The code of a refused name (and of any display text without a code of its own).
INVALID_NAME: Final = "invalid_name"
#: What ``shown`` puts for a character the rule refuses, and for text with nothing visible.
REPLACEMENT: Final = "\ufffd"


def _invisible(ch: str) -> bool:
    return ch.isspace() or ch in BLANK_GLYPHS or unicodedata.category(ch) in _INVISIBLE_CATEGORIES


def _refused(ch: str) -> str | None:
    """Why the character ``ch`` has no place in display text, or None."""
    category = unicodedata.category(ch)
    if category in ("Cc", "Cs"):
        return f"contains a control character or an unpaired surrogate (U+{ord(ch):04X})"
    if category in ("Zl", "Zp"):
        return f"contains a line or paragraph separator (U+{ord(ch):04X})"
    if ch in BIDI_CONTROLS:
        return f"contains a bidi embedding, override or isolate (U+{ord(ch):04X})"
    return None


def text_problem(text: str) -> str | None:
    """Why ``text`` is not one line of visible text, or None when it is."""
    for ch in text:
        problem = _refused(ch)
        if problem is not None:
            return problem
    if all(_invisible(ch) for ch in text):
        return "has nothing visible"
    return None


def display_text(
    text: str, *, max_length: int = NAME_MAX, what: str = "a name", code: str = INVALID_NAME
) -> str:
    """``text`` as it is stored and shown: NFC, trimmed, 1 to ``max_length`` characters of
    one line of visible text; otherwise 422 ``code`` (``Unprocessable``), saying why.

    NFC first, so that the same name typed on two keyboards is one string and its length
    is counted in characters a person sees; checked before it is trimmed, so that a line
    break at the end is refused like one inside; trimmed, so that a name is not padded."""
    text = unicodedata.normalize("NFC", text)
    problem = text_problem(text) if text else None
    if problem is not None:
        raise Unprocessable(code, f"{what} is one line of visible text: it {problem}")
    text = text.strip()
    if not 1 <= len(text) <= max_length:
        raise Unprocessable(code, f"{what} is 1-{max_length} characters")
    return text


def shown(text: str | None, *, fallback: str = "?") -> str:
    """Stored text as it may be shown where raw text could do harm (a mail's subject and
    body, a push notice, a log line): every character ``display_text`` refuses replaced by
    U+FFFD, ``fallback`` for text with nothing visible. Text that passes the rule is
    returned unchanged."""
    if not text:
        return fallback
    safe = "".join(REPLACEMENT if _refused(ch) else ch for ch in text)
    return fallback if all(_invisible(ch) for ch in safe) else safe
