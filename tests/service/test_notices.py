"""Email notices on the service with a real SMTP server on loopback (``aiosmtpd``): the
verification mail and its link, a correspondence game's turn mails, a turn played before
its mail leaves (dropped), the one-click unsubscribe, digests, the rate limit, and the
texts of the four languages."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest

from harness.mail_sink import MailSink, html_of, text_of
from service.game_service import GameService
from service.models import NoticeRow
from service.plumbing.config import MailSettings
from service.plumbing.errors import Conflict, NotFound, Unprocessable
from service.plumbing.mail import compose
from service.rules.notice_kinds import NoticeKind, next_digest, rate_limited

CORRESPONDENCE = {"type": "correspondence", "days": 3}
BOT = {"kind": "bot", "level": "random"}


@pytest.fixture
def sink():
    with MailSink() as running:
        yield running


def mailing(service: GameService, sink: MailSink, **mail: object) -> None:
    service.settings = replace(
        service.settings,
        mail=MailSettings(
            smtp_host="127.0.0.1",
            smtp_port=sink.port,
            smtp_tls="none",
            sender="Ursuppe <noreply@ursuppe.test>",
            public_url="https://ursuppe.test",
            **mail,
        ),  # fmt: skip
    )


def send_all(service: GameService, scheduler) -> list[str]:
    """Deliver every notice the scheduler was handed, as the workers would; outcomes."""
    ids = scheduler.notice_ids()
    scheduler.clear()
    return [service.notices.deliver(i) for i in ids]


def verified_player(service: GameService, scheduler, sink: MailSink, lang: str = "en") -> str:
    player = service.accounts.create("Ann").player.id
    service.notices.set_email(player, "ann@example.org", lang)
    assert send_all(service, scheduler) == ["sent"]
    mail = sink.wait(1)[0]
    token = re.search(r"verify=([\w-]+)", text_of(mail)).group(1)
    service.notices.verify(token)
    return player


def to_my_turn(service: GameService, game_id: str, seat: int = 0) -> int:
    """Let the bots play until ``seat`` must decide; its seq."""
    for _ in range(200):
        view = service.games.get(game_id)
        if view.status != "active" or view.pending_seat == seat:
            return view.seq
        service.turns.play_bot_run(game_id, view.seq)
    raise AssertionError("the bots never handed over")


def correspondence_game(service: GameService, player: str) -> str:
    game = service.creation.create_game(
        players=3, seats=[{"kind": "human"}, BOT, BOT], time_control=CORRESPONDENCE
    ).game.id
    service.seating.join(game, "Ann", player=player)
    return game


def play(service: GameService, game_id: str, seat: int = 0) -> None:
    """``seat`` plays its turn: every decision until another seat must decide."""
    view = service.games.get(game_id)
    assert view.pending_seat == seat
    while view.status == "active" and view.pending_seat == seat:
        action = view.pending["actions"][0]
        service.moves.apply_action(game_id, seat, action, expected_seq=view.seq)
        view = service.games.get(game_id)


def test_verify_then_turn_mails_until_one_click_unsubscribe(service, scheduler, sink) -> None:
    mailing(service, sink)
    player = service.accounts.create("Ann").player.id
    choices = service.notices.set_email(player, "ann@example.org", "de")
    assert choices.email == "ann@example.org" and not choices.email_verified
    assert send_all(service, scheduler) == ["sent"]
    verify = sink.wait(1)[0]
    assert sink.messages[0][0] == ["ann@example.org"]
    assert verify["Subject"] == "Bestätige deine E-Mail-Adresse für Ursuppe"
    assert "List-Unsubscribe" not in verify  # nothing to unsubscribe from yet
    link = re.search(r"https://ursuppe.test/email\?verify=([\w-]+)", text_of(verify))
    assert link and link.group(0) in html_of(verify)

    # Nothing is mailed to an unverified address.
    game = correspondence_game(service, player)
    to_my_turn(service, game)
    assert scheduler.notice_ids() == []

    service.notices.verify(link.group(1))
    with pytest.raises(NotFound):
        service.notices.verify(link.group(1))  # once only
    assert service.notices.choices(player).email_verified
    play(service, game)
    to_my_turn(service, game)
    assert send_all(service, scheduler) == ["sent"]
    turn = sink.wait(2)[1]
    assert turn["Subject"].startswith("Du bist dran in ")
    assert f"https://ursuppe.test/game/{game}" in text_of(turn)
    assert f'href="https://ursuppe.test/game/{game}"' in html_of(turn)
    assert turn["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    one_click = turn["List-Unsubscribe"].strip("<>")
    assert one_click.startswith("https://ursuppe.test/api/v1/notices/unsubscribe?key=")

    # A turn played before its mail leaves is not mailed.
    play(service, game)
    to_my_turn(service, game)
    play(service, game)
    assert send_all(service, scheduler) == ["dropped"]
    assert sink.count() == 2

    service.notices.unsubscribe(parse_qs(urlsplit(one_click).query)["key"][0])
    assert service.notices.choices(player).unsubscribed
    to_my_turn(service, game)
    assert scheduler.notice_ids() == []  # not even written
    assert sink.count() == 2


def test_the_game_end_mail_tells_the_place(service, scheduler, sink, clock) -> None:
    mailing(service, sink)
    player = verified_player(service, scheduler, sink, "es")
    service.notices.choose(player, kinds=[NoticeKind.GAME_END])
    game = service.creation.create_game(
        players=3, seats=[{"kind": "human"}, BOT, BOT], time_limit=0
    ).game.id
    service.seating.join(game, "Ann", player=player)
    while service.games.get(game).status == "active":
        to_my_turn(service, game)
        if service.games.get(game).status == "active":
            play(service, game)
    outcomes = send_all(service, scheduler)
    assert outcomes == ["sent"]
    end = sink.wait(2)[1]
    assert end["Subject"].endswith("ha terminado")
    assert re.search(r"Quedaste en el puesto \d de 3\.", text_of(end))


def test_a_digest_waits_for_its_period_and_tells_all_in_one_mail(
    service, scheduler, sink, clock
) -> None:
    mailing(service, sink)
    player = verified_player(service, scheduler, sink)
    service.notices.choose(player, cadence="digest")
    games = [correspondence_game(service, player) for _ in range(2)]
    for game in games:
        to_my_turn(service, game)
    ids = scheduler.notice_ids()
    assert len(ids) == 2
    assert send_all(service, scheduler) == ["deferred", "deferred"]
    clock.advance(24 * 3600)
    outcomes = sorted(service.notices.deliver(i) for i in ids)
    assert outcomes == ["sent", "skipped"]  # the first took both
    digest = sink.wait(2)[1]
    assert digest["Subject"] == "2 notices from Ursuppe"
    assert all(g in text_of(digest) for g in games)


def test_the_rate_limit_holds_mails_back_instead_of_losing_them(
    service, scheduler, sink, clock
) -> None:
    mailing(service, sink, per_hour=2)
    player = verified_player(service, scheduler, sink)  # one mail so far
    games = [correspondence_game(service, player) for _ in range(2)]
    for game in games:
        to_my_turn(service, game)
    assert send_all(service, scheduler) == ["sent", "deferred"]
    with service.store.sessions() as session:
        held = session.query(NoticeRow).filter_by(status="pending").one()
    assert held.next_attempt_at > clock.now
    assert service.notices.due(clock.now) == []
    clock.advance(3600)
    assert service.notices.due(clock.now) == [held.id]
    assert service.notices.deliver(held.id) == "sent"
    assert sink.count() == 3


def test_a_temporary_smtp_failure_is_retried(service, scheduler, sink, clock) -> None:
    mailing(service, sink)
    player = service.accounts.create("Ann").player.id
    service.settings = replace(
        service.settings, mail=replace(service.settings.mail, smtp_port=1)
    )  # nothing listens there
    service.notices.set_email(player, "ann@example.org")
    assert send_all(service, scheduler) == ["retry"]
    mailing(service, sink)
    (notice,) = service.notices.due(clock.now + timedelta(seconds=61))
    clock.advance(61)
    assert service.notices.deliver(notice) == "sent"
    assert sink.wait(1)


def test_a_challenge_mails_the_invited_player_who_chose_challenges(
    service, scheduler, sink
) -> None:
    mailing(service, sink)
    player = verified_player(service, scheduler, sink, "nl")
    challenger = service.accounts.create("Bo").player.id
    service.challenges.create(challenger, [player], players=3)
    assert scheduler.notice_ids() == []  # not chosen: the defaults are turns and game ends
    service.notices.choose(player, kinds=[NoticeKind.CHALLENGE])
    service.challenges.create(challenger, [player], players=3)
    assert send_all(service, scheduler) == ["sent"]
    mail = sink.wait(2)[1]
    assert mail["Subject"] == "Een uitdaging op Ursuppe"
    assert "Bo daagt je uit voor een spel." in text_of(mail)
    assert 'href="https://ursuppe.test/lobby">Naar de uitdaging</a>' in html_of(mail)
    # The challenger of the opposite direction is told too; nobody else is.
    service.challenges.create(player, [challenger], players=3)
    assert scheduler.notice_ids() == []


def test_a_moderators_action_is_mailed_whatever_kinds_were_chosen(service, scheduler, sink) -> None:
    """The notice of a moderator's action is no choice: a player who chose no kind at all
    is mailed it, in the player's language, with the moderator's reason."""
    mailing(service, sink)
    player = verified_player(service, scheduler, sink, "es")
    service.notices.choose(player, kinds=[])
    moderator = service.accounts.create("Mo").player.id
    service.moderation.grant(moderator)
    service.moderation.act(moderator, "mute", "insultos en el chat", player_id=player, hours=3)
    assert send_all(service, scheduler) == ["sent"]
    mail = sink.wait(2)[1]
    assert mail["Subject"] == "Un moderador de Ursuppe ha tomado una medida sobre tu cuenta"
    assert "no puedes escribir en ningún chat hasta" in text_of(mail)
    assert "Motivo del moderador: insultos en el chat" in text_of(mail)
    assert scheduler.notice_ids() == []  # one notice, once


def test_a_tournament_round_mails_each_entrant_their_table(service, scheduler, sink, clock) -> None:
    mailing(service, sink)
    player = verified_player(service, scheduler, sink, "de")
    service.notices.choose(player, kinds=[NoticeKind.TOURNAMENT])
    organiser, *others = (service.accounts.create(n).player.id for n in ("Org", "Bo", "Cy"))
    cup = service.tournaments.create(
        organiser, name="Herbstpokal", format="swiss", rounds=2, players=3, rated=False,
        time_control={"type": "none"}, starts_at=clock() + timedelta(minutes=5),
    )  # fmt: skip
    for entrant in (player, *others):
        service.tournaments.enter(cup.id, entrant)
    assert scheduler.notice_ids() == []
    clock.advance(300)
    (game,) = service.tournaments.sweep()[cup.id].games
    assert send_all(service, scheduler) == ["sent"]  # the others asked for no notices
    mail = sink.wait(2)[1]
    assert mail["Subject"] == "Neues vom Turnier Herbstpokal"
    assert "Runde 1 hat begonnen, dein Tisch ist bereit." in text_of(mail)
    assert f'href="https://ursuppe.test/game/{game}">Zur Partie</a>' in html_of(mail)
    service.tournaments.step(cup.id)  # a repeated step makes no table and tells nobody again
    assert scheduler.notice_ids() == []


def test_choices_are_checked_and_email_needs_a_transport(service) -> None:
    player = service.accounts.create("Ann").player.id
    with pytest.raises(Conflict):
        service.notices.set_email(player, "ann@example.org")
    service.settings = replace(service.settings, mail=MailSettings(file="/dev/null"))
    with pytest.raises(Unprocessable):
        service.notices.set_email(player, "not an address")
    with pytest.raises(Unprocessable):
        service.notices.choose(player, kinds=["gossip"])
    chosen = service.notices.choose(player, kinds=["challenge"], cadence="digest", lang="nl")
    assert (chosen.kinds, chosen.cadence, chosen.lang) == (["challenge"], "digest", "nl")
    assert set(chosen.kinds_available) == {k.value for k in NoticeKind}
    with pytest.raises(NotFound):
        service.notices.unsubscribe("no-such-key")


def test_every_language_has_every_text_and_its_plural_forms() -> None:
    def keys(tree: dict, prefix: str = "") -> set[str]:
        out = set()
        for k, v in tree.items():
            if isinstance(v, dict) and not {"one", "other"} >= set(v):
                out |= keys(v, f"{prefix}{k}.")
            else:
                out.add(prefix + k)
        return out

    english = keys(compose.texts("en"))
    for lang in compose.LANGUAGES:
        assert keys(compose.texts(lang)) == english, lang
    assert compose.plural("en", compose.texts("en")["digest"]["subject"], 1) == (
        "1 notice from Ursuppe"
    )
    assert compose.plural("de", compose.texts("de")["digest"]["subject"], 3) == (
        "3 Benachrichtigungen von Ursuppe"
    )
    for kind in NoticeKind:
        lines = compose.describe(
            compose.Item(kind, "g1", {"who": "Bo", "label": "cup"}), "nl", "https://x"
        )
        assert lines.subject and lines.line
    for lang in compose.LANGUAGES:
        w = compose.texts(lang)
        challenge = compose.describe(
            compose.Item("challenge", None, {"who": "Bo", "path": "/lobby"}), lang, "https://x"
        )
        assert "Bo" in challenge.line and challenge.link == "https://x/lobby"
        assert challenge.link_text == w["challenge"]["action"]
        round_3 = compose.describe(
            compose.Item("tournament", "g1", {"label": "cup", "round": 3}), lang, "https://x"
        )
        assert "cup" in round_3.subject and "3" in round_3.detail
        assert round_3.link == "https://x/game/g1"
        arena = compose.describe(
            compose.Item("tournament", "g1", {"label": "cup", "arena": True}), lang, "https://x"
        )
        assert arena.detail == w["tournament"]["arena"]
        assert len({challenge.link_text, w["open_game"], w["tournament"]["action"]}) == 3


def test_the_pure_rules_of_digests_and_the_rate_limit(clock) -> None:
    now = clock.now
    end = next_digest(now, timedelta(hours=24))
    assert end > now and end.hour == 0 and end - now <= timedelta(hours=24)
    assert rate_limited([], now, 1) is None
    sent = [now - timedelta(minutes=50), now - timedelta(minutes=10)]
    assert rate_limited(sent, now, 3) is None
    assert rate_limited(sent, now, 2) == sent[0] + timedelta(hours=1)
