"""Round's leads judged at once (part of `GameFollower`).

A round attack is 1, 3 or 5 cards (R5), so a lead of one card may still grow: waiting
`round_group_window` for more cards delayed every round verdict by a second, and most attacks
are one card. Instead a lead of a legal shape goes to the referee as soon as it lies still, and
stays open for that window: a card laid beside it in time opens it again, and the lead it grows
into takes its place in the referee's past (`revise`), as a foul where it is one (two cards).
A lead in doubt, refused, or laid while a question waits is not told early: it waits the window
and is judged as before. Only with a referee that can take events back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from vision.game_view import Emitted
from vision.table_events import TableEvent
from vision.tracking import CardTrack
from vision.trump_check import TrumpCheck


@dataclass
class OpenLead:
    """A lead the referee has, still open for more cards, and the view before it."""

    tracks: list[CardTrack]
    event: TableEvent
    leader: str | None
    defender: str | None

    @property
    def laid_at(self) -> float:
        return max(track.placed_at or 0.0 for track in self.tracks)


class OpenLeads(TrumpCheck):
    """Telling a round lead early, opening it again, and closing it."""

    def _lead_may_open(self) -> bool:
        view = self.view
        lead = view.lead_buffer
        return self.variant == "round" and self.revise is not None and self.judge is not None \
            and len(lead) in (1, 3, 5) and view.open_tried != _laid(lead) \
            and not view.doubtful and self._missed is None and self._missed_turn is None \
            and not self._lead_companion_arriving()

    def _open_lead(self, out: list[Emitted]) -> None:
        """The lead still forming goes to the referee now (the first time) or in place of the
        open lead it grew from; it stays open (`OpenLead`)."""
        view = self.view
        view.open_tried = _laid(view.lead_buffer)
        tracks = view.lead_buffer
        event, commit, doubt, _, others = self._lead_event(tracks)
        if doubt is not None or others:
            return
        told = TableEvent(event, self._frame, self._time)
        opened = view.open_lead
        if opened is None:
            if not self.judge(told, record_refusal=False):
                return
            out.append(told)
        elif not self.revise(opened.event.event, told):
            return
        view.open_lead = OpenLead(list(tracks), told, view.leader, view.defender)
        view.lead_buffer = []
        commit()

    def _reopen_lead(self, track: CardTrack) -> bool:
        """A card laid beside the open lead in time joins it: the lead forms again (the
        referee keeps the open one until the grown lead takes its place)."""
        view = self.view
        opened = view.open_lead
        if opened is None or view.lead_buffer \
                or self._lead_closed(opened, track.placed_at or self._time):
            return False   # (opened again already: the card joins the lead forming)
        cards = {t.card for t in opened.tracks}
        view.reader.pairs = [pair for pair in view.reader.pairs if pair.attack not in cards]
        view.leader, view.defender = opened.leader, opened.defender
        view.lead_buffer = [*opened.tracks, track]
        return True

    def _lead_closed(self, opened: OpenLead, at: float) -> bool:
        """The window for more cards has passed, or the bout went on past the lead."""
        return at - opened.laid_at >= self.config.round_group_window \
            or self.view.reader.any_defence

    def _expire_open_lead(self) -> None:
        opened = self.view.open_lead
        if opened is not None and not self.view.lead_buffer \
                and self._lead_closed(opened, self._time):
            self.view.open_lead = None

    def _close_grown_lead(self, told: TableEvent, commit: Callable[[], None]) -> bool:
        """The lead that grew from the open one takes its place in the referee's past, a foul
        where the referee refuses it (its cards then wait to be taken back: False). False too
        when the referee could not take the open lead back: the model follows its bout."""
        view = self.view
        opened, view.open_lead = view.open_lead, None
        if opened is None or not self.revise(opened.event.event, told, may_refuse=True):
            self.resync()
            return False
        table = self._snapshot().get("table") or []
        if any(entry.get("attack") == told.event["cards"][0] for entry in table):
            commit()
            return True
        view.reader.ignored.update(told.event["cards"])
        return False


def _laid(lead: list[CardTrack]) -> list[tuple[str, float | None]]:
    """A lead as laid: its cards and when each came to rest (the same card led again, after a
    take, is another lead)."""
    return [(track.card, track.placed_at) for track in lead]
