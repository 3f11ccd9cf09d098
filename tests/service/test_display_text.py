"""Names reach the service by more paths than the API's schemas (Python calling the
service, scripts, benches): every service function that takes a name, a label or a
message checks it with the one rule (``service.plumbing.text_check.display_text``), and a
name stored before the rule held is shown safely where it would do harm (a mail). Both
databases; mail through a real SMTP server on loopback."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from harness.databases import FakeClock
from harness.mail_sink import MailSink, html_of, text_of
from service.game_service import GameService
from service.models import OAuthClientRow, PlayerRow, PlayerTokenRow, TournamentRow
from service.parts.base import Part
from service.plumbing.errors import Unprocessable
from service.plumbing.mail import compose
from service.plumbing.text_check import display_text, shown
from service.rules.notice_kinds import NoticeKind
from tests.service.test_notices import mailing, send_all, verified_player

#: Parameters of service functions whose names say a person may have written them.
WATCHED = {"name", "label", "text", "message", "title", "description", "comment", "note",
           "reason", "seats", "specs"}  # fmt: skip

#: Those that are no display text, and why (each is checked by its own rule).
NOT_DISPLAY_TEXT = {
    "Labels.claim.label": "a label of a fixed alphabet (invalid_label)",
    "Labels.enter.label": "a label",
    "Labels.entries.label": "a label",
    "Labels.get.label": "a label",
    "Labels.standings.label": "a label",
    "Labels.withdraw.label": "a label",
    "Creation.create_game.label": "a label",
    "Webhooks.create.label": "a label of a fixed alphabet",
    "Challenges.decline.reason": "one of DECLINE_REASONS",
    "TournamentTables.make_game.seats": "the entrants' player ids; their names as shown",
    "Moderation.report.reason": "one of REPORT_REASONS",
}

#: Steps of a function in CALLS, reached only through it.
STEPS = {"Creation.build_one.seats": "Creation.create_game.seats"}

BAD = ["Cup\r\nBcc: x@example.org", "\u202egpj.exe", "\u200b\u200b", "esc\x1b[2J", " ", ""]


def _player(service: GameService, name: str = "ann") -> str:
    return service.accounts.create(name).player.id


def _moderator(service: GameService) -> str:
    player_id = _player(service, "mo")
    assert service.moderation.grant(player_id)
    return player_id


def _bot_seats(text: str) -> list[dict[str, Any]]:
    return [{"kind": "bot", "level": "random", "name": text}, {"kind": "human"}, {"kind": "human"}]


def _chat(service: GameService) -> Callable[[str], Any]:
    game = service.creation.create_game(players=3).game.id
    token = service.seating.join(game, "ann").token
    for name in ("bob", "cy"):
        service.seating.join(game, name)
    return lambda text: service.chat.post(game, token, text)


def _tournament(service: GameService, clock: FakeClock) -> Callable[[str], Any]:
    organiser = _player(service)
    return lambda text: service.tournaments.create(
        organiser, name=text, format="swiss", rounds=1, players=3, rated=False,
        time_control={"type": "none"}, starts_at=clock() + timedelta(minutes=5),
    )  # fmt: skip


#: Every service function that takes display text: a call with the text, and its code.
CALLS: dict[str, tuple[Callable[[GameService, FakeClock], Callable[[str], Any]], str]] = {
    "Accounts.create.name": (lambda s, c: s.accounts.create, "invalid_name"),
    "Accounts.rename.name": (
        lambda s, c: (lambda p: lambda text: s.accounts.rename(p, text))(_player(s)),
        "invalid_name",
    ),
    "Seating.join.name": (
        lambda s, c: (lambda g: lambda text: s.seating.join(g, text))(
            s.creation.create_game(players=3).game.id
        ),
        "invalid_name",
    ),
    "Creation.create_game.seats": (
        lambda s, c: lambda text: s.creation.create_game(players=3, seats=_bot_seats(text)),
        "invalid_name",
    ),
    "Creation.create_games.specs": (
        lambda s, c: (
            lambda p: (
                lambda text: s.creation.create_games(
                    [{"players": 3, "seats": _bot_seats(text)}], player=p
                )
            )
        )(_player(s)),
        "invalid_name",
    ),
    "Tournaments.create.name": (_tournament, "invalid_name"),
    "Grants.create_personal.label": (
        lambda s, c: (lambda p: lambda text: s.grants.create_personal(p, text, ["game:play"]))(
            _player(s)
        ),
        "invalid_name",
    ),
    "Grants.register_client.name": (
        lambda s, c: (
            lambda p: lambda text: s.grants.register_client(p, text, ["https://cup.example/cb"])
        )(_player(s)),
        "invalid_name",
    ),
    "Chat.post.text": (lambda s, c: _chat(s), "invalid_chat_text"),
    "Moderation.report.comment": (
        lambda s, c: (
            lambda p, q: lambda text: s.moderation.report(p, "other", player_id=q, comment=text)
        )(_player(s), _player(s, "bob")),
        "invalid_report",
    ),
    "Moderation.act.reason": (
        lambda s, c: (lambda m, q: lambda text: s.moderation.act(m, "warn", text, player_id=q))(
            _moderator(s), _player(s, "bob")
        ),
        "invalid_moderation",
    ),
}


def _parts() -> Iterator[type[Part]]:
    todo = list(Part.__subclasses__())
    while todo:
        part = todo.pop()
        todo += part.__subclasses__()
        yield part


def test_every_service_function_that_takes_a_name_is_listed() -> None:
    """A new service function with a parameter a person writes fails here until it calls
    ``display_text`` (and is added to CALLS) or is listed as taking something else."""
    found = {
        f"{part.__name__}.{name}.{parameter}"
        for part in _parts()
        for name, function in inspect.getmembers(part, inspect.isfunction)
        if not name.startswith("_")
        for parameter in inspect.signature(function).parameters
        if parameter in WATCHED
    }
    listed = set(CALLS) | set(NOT_DISPLAY_TEXT) | set(STEPS)
    assert found == listed, (sorted(found - listed), sorted(listed - found))


def _stored(service: GameService) -> dict[str, int]:
    with service.store.sessions() as session:
        return {
            model.__name__: session.scalar(select(func.count()).select_from(model)) or 0
            for model in (PlayerRow, TournamentRow, PlayerTokenRow, OAuthClientRow)
        }


@pytest.mark.parametrize("entry", sorted(CALLS))
def test_each_one_refuses_what_is_not_display_text(
    service: GameService, clock: FakeClock, entry: str
) -> None:
    make, code = CALLS[entry]
    call = make(service, clock)
    before = _stored(service)
    for text in BAD:
        with pytest.raises(Unprocessable) as refused:
            call(text)
        assert refused.value.code == code, (entry, text)
    assert _stored(service) == before
    call("  Zoe\u0301  ")  # a good name passes (stored trimmed and NFC)


def test_display_text_is_nfc_trimmed_and_bounded() -> None:
    assert display_text(" Zoe\u0301 ") == "Zo\u00e9"
    assert display_text("x" * 64) == "x" * 64
    with pytest.raises(Unprocessable):
        display_text("x" * 65)
    assert display_text("x" * 100, max_length=100) == "x" * 100
    assert display_text("\u05e9\u05dc\u05d5\u05dd\u200f!") == "\u05e9\u05dc\u05d5\u05dd\u200f!"
    with pytest.raises(Unprocessable) as refused:
        display_text("a\nb", what="a message", code="invalid_chat_text")
    assert refused.value.code == "invalid_chat_text" and "a message" in refused.value.message


def test_shown_replaces_only_what_the_rule_refuses() -> None:
    assert shown("Zo\u00e9 \U0001f9a0") == "Zo\u00e9 \U0001f9a0"
    assert shown("Cup\r\nBcc: x") == "Cup\ufffd\ufffdBcc: x"
    assert shown("\u202egpj.exe") == "\ufffdgpj.exe"
    assert shown("\u200b\u200b") == "?" and shown("") == "?" and shown(None) == "?"


# ----------------------------------------------------------------------------- mail


@pytest.fixture
def sink() -> Iterator[MailSink]:
    with MailSink() as running:
        yield running


def test_a_mail_about_names_stored_before_the_rule_is_sent_with_them_made_safe(
    service: GameService, scheduler: Any, sink: MailSink, clock: FakeClock
) -> None:
    """A tournament's name and the recipient's with line breaks (stored before names were
    checked): the mail library refuses such a header for good; the mail goes out."""
    mailing(service, sink)
    player = verified_player(service, scheduler, sink)
    service.notices.choose(player, kinds=[NoticeKind.TOURNAMENT])
    organiser, *others = (_player(service, n) for n in ("Org", "Bo", "Cy"))
    cup = service.tournaments.create(
        organiser, name="Cup", format="swiss", rounds=1, players=3, rated=False,
        time_control={"type": "none"}, starts_at=clock() + timedelta(minutes=5),
    )  # fmt: skip
    for entrant in (player, *others):
        service.tournaments.enter(cup.id, entrant)
    with service.store.writing() as session:
        session.get(TournamentRow, cup.id).name = "Cup\r\nBcc: x@example.org"
        session.get(PlayerRow, player).name = "Ann\n\u202eevil"
    clock.advance(300)
    service.tournaments.sweep()
    assert send_all(service, scheduler) == ["sent"]
    mail = sink.wait(2)[1]
    assert mail["Subject"] == "News from the tournament Cup\ufffd\ufffdBcc: x@example.org"
    assert mail["Bcc"] is None
    assert "Ann\ufffd\ufffdevil" in text_of(mail) and "Ann\ufffd\ufffdevil" in html_of(mail)


def test_compose_shows_every_name_safely() -> None:
    """Without ``shown`` the subject below would be a header the mail library refuses."""
    recipient = compose.Recipient("Ann\r\n", "ann@example.org", "en", "key")
    items = [compose.Item("challenge", None, {"who": "Bo\n\u202e", "path": "/lobby"}),
             compose.Item("your_turn", "g1", {"game": "a\nb"})]  # fmt: skip
    for chosen in (items[:1], items[1:], items):
        message = compose.message(
            recipient, chosen, sender="noreply@ursuppe.test", public_url="https://x"
        )
        raw = message.as_bytes()  # every header folds: none holds a line break
        assert b"Bo\n" not in raw and b"Ann\r\n," not in raw
