"""What a person's text may hold, one rule for every name and message shown to others
(docs/api.md, "Limits"): one line of visible text.

Refused: control characters and unpaired surrogates (NUL cannot be stored, a tab or a line
break has no place in a name), the line and paragraph separators (U+2028, U+2029: a second
line by another name), the explicit bidi embeddings, overrides and isolates (U+202A-202E,
U+2066-2069: they reorder what follows, so ``gpj.exe`` can show as ``exe.jpg``), and text
with nothing visible at all (zero-width spaces, joiners, Hangul fillers, a blank braille
pattern, combining marks without a base). Bidi *marks* (U+200E, U+200F, U+061C) stay: they
reorder nothing and right-to-left writing needs them; invisible characters inside visible
text stay too (an emoji sequence joins with U+200D).
"""

from __future__ import annotations

import unicodedata

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Letters and symbols that draw nothing: Hangul fillers and the blank braille pattern.
BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_INVISIBLE_CATEGORIES = frozenset({"Zs", "Cf", "Mn", "Me"})


def _invisible(ch: str) -> bool:
    return ch.isspace() or ch in BLANK_GLYPHS or unicodedata.category(ch) in _INVISIBLE_CATEGORIES


def text_problem(text: str) -> str | None:
    """Why ``text`` is not one line of visible text, or None when it is."""
    for ch in text:
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs"):
            return f"contains a control character or an unpaired surrogate (U+{ord(ch):04X})"
        if category in ("Zl", "Zp"):
            return f"contains a line or paragraph separator (U+{ord(ch):04X})"
        if ch in BIDI_CONTROLS:
            return f"contains a bidi embedding, override or isolate (U+{ord(ch):04X})"
    if all(_invisible(ch) for ch in text):
        return "has nothing visible"
    return None
