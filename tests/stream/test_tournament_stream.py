"""A tournament's stream (api/stream/tournament.py): the three documents first, then only
what changed, and the messages' data as the spec describes them."""

from __future__ import annotations

from datetime import timedelta

import api.app  # noqa: F401 - the app first: the stream modules and the resources import each other
from api.stream.tournament import TournamentStreamSession, documents
from tests.api.spec_check import committed_spec


def test_the_stream_sends_everything_first_then_what_changed(service, clock) -> None:
    organiser, a, b, c = (service.accounts.create(n).player.id for n in ("o", "a", "b", "c"))
    t = service.tournaments.create(
        organiser, name="Cup", format="swiss", rounds=1, players=3, rated=False,
        time_control={"type": "none"}, starts_at=clock() + timedelta(minutes=1),
    )  # fmt: skip
    session = TournamentStreamSession()
    first = session.advance(documents(service, t.id, None))
    assert [kind for kind, _, _ in first] == ["tournament", "standings", "rounds"]
    assert session.advance(documents(service, t.id, None)) == []  # nothing changed
    for player in (a, b, c):
        service.tournaments.enter(t.id, player)
    changed = session.advance(documents(service, t.id, None))
    assert [kind for kind, _, _ in changed] == ["tournament", "standings"]
    clock.advance(60)
    service.tournaments.sweep()
    changed = session.advance(documents(service, t.id, None))
    assert [kind for kind, _, _ in changed] == ["tournament", "standings", "rounds"]
    spec = committed_spec()
    schemas = spec.document["components"]["schemas"]
    message = schemas["TournamentStreamMessage"]
    validator = spec.validator(message)
    for kind, data, _ in first + changed:
        assert list(validator.iter_errors({"type": kind, "data": data})) == []
