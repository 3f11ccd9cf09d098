"""One email, in the recipient's language, as plain text and HTML: a single notice or a
digest of several, each with the RFC 8058 one-click unsubscribe headers.

Pure: the texts come from ``texts/<lang>.toml``, plural forms by CLDR's rules (Babel), the
HTML from a Jinja template with autoescaping (a game's label or a player's name is text,
never markup). Every name a person gave (the recipient's, a challenger's, a game's label, a
tournament's name) goes in through ``text_check.shown``: one stored before names were
checked may hold a line break, which the mail library refuses in a header for good.
Nothing here sends or logs.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from importlib import resources
from typing import Any, Final

from babel import Locale
from babel.dates import format_datetime as babel_datetime
from jinja2 import Environment

from service.plumbing.text_check import shown
from service.rules.notice_kinds import MODERATION, VERIFY

LANGUAGES: Final = ("en", "de", "nl", "es")


@functools.cache
def texts(lang: str) -> dict[str, Any]:
    """The email texts of ``lang`` (English for a language we do not write)."""
    lang = lang if lang in LANGUAGES else "en"
    return tomllib.loads(resources.files(__package__).joinpath(f"texts/{lang}.toml").read_text())


def plural(lang: str, forms: dict[str, str] | str, count: int) -> str:
    """The form of ``forms`` that CLDR's plural rule of ``lang`` picks for ``count``."""
    if isinstance(forms, str):
        return forms.format(count=count)
    category = Locale.parse(lang if lang in LANGUAGES else "en").plural_form(count)
    return (forms.get(category) or forms["other"]).format(count=count)


@dataclass(frozen=True)
class Recipient:
    name: str
    address: str
    lang: str
    unsubscribe_key: str


@dataclass(frozen=True)
class Item:
    """One notice to tell: its kind, its game (if any) and what the outbox wrote down."""

    kind: str
    game_id: str | None
    payload: dict[str, Any]


@dataclass(frozen=True)
class Lines:
    """One notice in words: what happened, an optional detail and a link to act on."""

    subject: str
    line: str
    detail: str | None
    link: str | None
    link_text: str | None


def describe(item: Item, lang: str, public_url: str) -> Lines:
    """The words of one notice in ``lang``."""
    w = texts(lang)
    p = item.payload
    game = shown(p.get("game") or (item.game_id or "")[:8])
    game_link = f"{public_url}/game/{item.game_id}" if item.game_id else None
    if item.kind == VERIFY:
        w_kind = w[VERIFY]
        link = f"{public_url}/email?verify={p['token']}"
        return Lines(w_kind["subject"], w_kind["intro"], w_kind["note"], link, w_kind["action"])
    if item.kind == "your_turn":
        deadline = None
        if p.get("deadline_at"):
            when = datetime.fromisoformat(p["deadline_at"])
            deadline = w["your_turn"]["deadline"].format(
                deadline=babel_datetime(when, "medium", tzinfo=when.tzinfo, locale=_locale(lang))
                + " UTC"
            )
        kind = w["your_turn"]
        return Lines(kind["subject"].format(game=game), kind["line"].format(game=game), deadline,
                     game_link, w["open_game"])  # fmt: skip
    if item.kind == "game_end":
        kind = w["game_end"]
        place = None
        if p.get("place"):
            place = kind["place"].format(place=p["place"], players=p.get("players", ""))
        return Lines(kind["subject"].format(game=game), kind["line"].format(game=game), place,
                     game_link, w["open_game"])  # fmt: skip
    # A page of the site other than the game's (``path``, e.g. the lobby's challenges).
    link = f"{public_url}{p['path']}" if p.get("path") else game_link
    if item.kind == "challenge":
        kind = w["challenge"]
        who = shown(p.get("who"))
        return Lines(kind["subject"], kind["line"].format(who=who), None, link, kind["action"])
    if item.kind == "tournament":
        kind = w["tournament"]
        label = shown(p.get("label"))
        detail = None
        if p.get("round"):
            detail = kind["round"].format(round=p["round"])
        elif p.get("arena"):
            detail = kind["arena"]
        return Lines(kind["subject"].format(label=label), kind["line"].format(label=label), detail,
                     link, w["open_game"] if item.game_id else kind["action"])  # fmt: skip
    if item.kind == MODERATION:
        return _moderation(w["moderation"], p, lang, f"{public_url}/account")
    raise ValueError(f"no texts for the notice kind {item.kind!r}")


def _moderation(kind: dict[str, str], p: dict[str, Any], lang: str, link: str) -> Lines:
    """A moderator's action in words: what it is, until when, and the moderator's reason."""
    action = p.get("action", "warn")
    key = "bar_rated_open" if action == "bar_rated" and not p.get("until") else action
    until = ""
    if p.get("until"):
        when = datetime.fromisoformat(p["until"])
        until = babel_datetime(when, "medium", tzinfo=when.tzinfo, locale=_locale(lang)) + " UTC"
    line = kind.get(key, kind["warn"]).format(until=until)
    detail = kind["reason"].format(reason=shown(p.get("reason"))) if p.get("reason") else None
    return Lines(kind["subject"], line, detail, link, kind["action"])


def _locale(lang: str) -> Locale:
    return Locale.parse(lang if lang in LANGUAGES else "en")


_HTML = Environment(autoescape=True).from_string(
    """<!doctype html>
<html lang="{{ lang }}"><head><meta charset="utf-8"><title>{{ subject }}</title></head>
<body style="font-family:sans-serif;max-width:36em;margin:auto;color:#1a1a1a">
<p>{{ hello }}</p>
{% if intro %}<p>{{ intro }}</p>{% endif %}
{% for item in items %}
<p>{{ item.line }}{% if item.detail %}<br>{{ item.detail }}{% endif %}
{% if item.link %}<br><a href="{{ item.link }}">{{ item.link_text }}</a>{% endif %}</p>
{% endfor %}
<hr>
<p style="font-size:small;color:#555">{{ w.footer_why }}
{% if not verify %}<br>{{ w.footer_change }} <a href="{{ account }}">{{ account }}</a>
<br>{{ w.footer_unsubscribe }} <a href="{{ unsubscribe_page }}">{{ w.unsubscribe }}</a>{% endif %}</p>
</body></html>
"""
)


def message(
    recipient: Recipient, items: list[Item], *, sender: str, public_url: str
) -> EmailMessage:
    """The email telling ``items`` (one: that notice alone; several: a digest)."""
    lang, w = recipient.lang, texts(recipient.lang)
    described = [describe(i, lang, public_url) for i in items]
    verify = len(items) == 1 and items[0].kind == VERIFY
    if len(described) == 1:
        subject, intro = described[0].subject, None
    else:
        subject = plural(lang, w["digest"]["subject"], len(described))
        intro = plural(lang, w["digest"]["intro"], len(described))
    hello = w["hello"].format(name=shown(recipient.name))
    account = f"{public_url}/account"
    unsubscribe_page = f"{public_url}/email?unsubscribe={recipient.unsubscribe_key}"
    one_click = f"{public_url}/api/v1/notices/unsubscribe?key={recipient.unsubscribe_key}"

    plain = [hello, ""]
    if intro:
        plain += [intro, ""]
    for d in described:
        plain.append(d.line)
        if d.detail:
            plain.append(d.detail)
        if d.link:
            plain.append(f"{d.link_text}: {d.link}")
        plain.append("")
    plain += ["-- ", w["footer_why"]]
    if not verify:
        plain += [
            f"{w['footer_change']} {account}",
            f"{w['footer_unsubscribe']} {unsubscribe_page}",
        ]

    msg = EmailMessage()
    msg["Subject"] = subject
    msg["From"] = sender
    msg["To"] = recipient.address
    msg["Date"] = format_datetime(datetime.now().astimezone())
    msg["Message-ID"] = make_msgid(domain=_domain(sender))
    msg["Auto-Submitted"] = "auto-generated"
    if not verify:
        # RFC 8058: a mail client unsubscribes with one POST, no page to click through.
        msg["List-Unsubscribe"] = f"<{one_click}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg.set_content("\n".join(plain) + "\n")
    msg.add_alternative(
        _HTML.render(
            lang=lang,
            subject=subject,
            hello=hello,
            intro=intro,
            items=described,
            w=w,
            verify=verify,
            account=account,
            unsubscribe_page=unsubscribe_page,
        ),  # fmt: skip
        subtype="html",
    )
    return msg


def _domain(sender: str) -> str:
    address = sender.rsplit("<", 1)[-1].rstrip(">")
    return address.rsplit("@", 1)[-1] if "@" in address else "localhost"
