"""Labels as tournaments: who owns one, who entered it, and so who may be seated in whose
name (docs/api.md, "Who may do what").

A seat taken for a player at creation (``POST /games/bulk``) is the one way a player can
be seated, played and rated without joining by itself. So it is allowed only with the
player's consent, given with the player's own token:

- a creator may always seat itself;
- the owner of a label may seat the players who entered that label
  (``POST /labels/{label}/entries``), in games created under it;
- the seat token goes to the player (``POST /games/{id}/seats/{seat}/token``), and to the
  label's owner only when the player's entry says ``share_seat_tokens``;
- a bot level's rating identity (``bot-<level>``) is never a human seat.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from service.models import LabelEntryRow
from service.parts.base import Part
from service.plumbing.errors import Forbidden, NotFound, Unprocessable
from service.rules.new_game import label_key
from service.rules.rating_model import BOT_PREFIX
from service.rules.standings import MAX_POINTS, Standing, table
from service.store import accounts, transactions
from service.store import labels as queries


@dataclass(frozen=True)
class LabelView:
    label: str
    owner: str
    created_at: datetime


@dataclass(frozen=True)
class EntryView:
    label: str
    player_id: str
    name: str
    share_seat_tokens: bool
    entered_at: datetime


@dataclass(frozen=True)
class Grants:
    """What a creator may do with the players it seats: ``entries`` maps (label, player)
    to the entry's ``share_seat_tokens`` for the labels the creator owns."""

    creator: str | None
    entries: dict[tuple[str, str], bool]

    def token_shown(self, label: str | None, player_id: str) -> bool:
        """Check the creator may seat ``player_id`` in a game under ``label``; whether the
        creator may then be given the seat token (403 ``reservation_forbidden`` when the
        player did not consent)."""
        if self.creator is None:
            raise Forbidden(
                "reservation_forbidden",
                "seating a player needs your player token: seat yourself, or the players "
                "who entered your label",
            )
        if player_id == self.creator:
            return True
        if label is not None and (label, player_id) in self.entries:
            return self.entries[(label, player_id)]
        raise Forbidden(
            "reservation_forbidden",
            f"player {player_id} has not entered "
            + (f"the label {label!r} you own" if label else "a label of yours")
            + ": only its entrants can be seated by its owner",
        )


def check_reservable(player_id: str, known: Container[str]) -> None:
    """A seat may be reserved for ``player_id`` only when it is a person's player (422
    ``invalid_seats``): bots are rated under ``bot-<level>`` and never hold a human seat."""
    if player_id.startswith(BOT_PREFIX):
        raise Unprocessable(
            "invalid_seats", f"{player_id} is a bot level's rating identity, not a person"
        )
    if player_id not in known:
        raise Unprocessable("invalid_seats", f"no player {player_id}")


@dataclass(eq=False)
class Labels(Part):
    """Owning labels and entering them: a part (``service.parts.base``)."""

    def claim(self, label: str, player_id: str) -> tuple[LabelView, bool]:
        """Own ``label`` before any game uses it (so players can enter it first); True when
        claimed now. Owning it already is fine; another owner is 403 ``label_owned``. The
        claim is the one creating a game makes (``GameStore.claim_label``)."""
        label = label_key(label)
        with self.store.sessions() as session:
            existed = queries.label(session, label) is not None
        if self.store.people.claim_label(label, player_id, self.clock()) != player_id:
            raise Forbidden("label_owned", f"the label {label!r} belongs to another player")
        return self.get(label), not existed

    def get(self, label: str) -> LabelView:
        """The label and its owner (404 ``label_not_found``)."""
        label = label_key(label)
        with self.store.sessions() as session:
            row = queries.label(session, label)
            if row is None:
                raise NotFound("label_not_found", f"nobody owns the label {label!r}")
            return LabelView(row.label, row.player_id, row.created_at)

    def enter(self, label: str, player_id: str, share_seat_tokens: bool) -> EntryView:
        """Enter ``label`` as ``player_id`` (again: change ``share_seat_tokens``)."""
        label = self.get(label).label
        with self.store.writing() as session:
            row = queries.entry(session, label, player_id)
            if row is None:
                row = LabelEntryRow(label=label, player_id=player_id, created_at=self.clock())
                transactions.add(session, row)
            row.share_seat_tokens = share_seat_tokens
            player = accounts.player(session, player_id)
            assert player is not None  # the caller's own player
            return _entry(row, player.name)

    def withdraw(self, label: str, player_id: str, requester: str) -> None:
        """End an entry: the player itself or the label's owner may (403 ``not_entrant``
        otherwise; 404 ``entry_not_found`` when there is none). Seats already given stay."""
        found = self.get(label)
        label = found.label
        if requester != player_id and found.owner != requester:
            raise Forbidden("not_entrant", "only the player or the label's owner ends an entry")
        with self.store.writing() as session:
            gone = queries.withdraw(session, label, player_id)
        if not gone:
            raise NotFound("entry_not_found", f"{player_id} has not entered {label!r}")

    def entries(self, label: str) -> list[EntryView]:
        """The label's entrants, the first to enter first."""
        label = self.get(label).label
        with self.store.sessions() as session:
            rows = queries.entries(session, label)
        return [_entry(row, name) for row, name in rows]

    def grants(self, creator: str | None, labels: Iterable[str], players: Iterable[str]) -> Grants:
        """The entries of ``players`` in those of ``labels`` that ``creator`` owns."""
        labels, players = sorted(set(labels)), sorted(set(players))
        if creator is None or not labels or not players:
            return Grants(creator, {})
        with self.store.sessions() as session:
            rows = queries.grants(session, creator, labels, players)
        return Grants(creator, {(label, player): share for label, player, share in rows})

    def standings(self, label: str, points: Sequence[int] | None = None) -> list[Standing]:
        """The table of ``label``'s finished games (``service.rules.standings``): ``points`` per
        place (1st first), else one point per seat finished ahead of."""
        label = label_key(label)
        if points is not None and (
            not 1 <= len(points) <= 6 or any(not 0 <= p <= MAX_POINTS for p in points)
        ):
            raise Unprocessable(
                "invalid_points", f"points: 1-6 whole numbers from 0 to {MAX_POINTS}"
            )
        games = self.store.people.finished_under_label(label)
        ids = {s.player_id for _, seats in games for s in seats if s.player_id is not None}
        return table(games, points, self.store.people.player_names(sorted(ids)))


def _entry(row: LabelEntryRow, name: str) -> EntryView:
    return EntryView(row.label, row.player_id, name, row.share_seat_tokens, row.created_at)
