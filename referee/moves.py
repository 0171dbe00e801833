"""Move generation for computer players, from the engine's own rules: candidates are built from
the state and kept only if the referee accepts them, so the simulator and the referee share one
rule implementation. Used by `referee.simulate`.
"""

from __future__ import annotations

from .bout_end import settled
from .cards import Card
from .engine import Referee
from .events import Event
from .seating import can_lead_or_defend, expected_leaders
from .state import TableState


def is_legal(referee: Referee, event: Event) -> bool:
    """Whether the referee accepts `event` now (judged on a clone; nothing is applied)."""
    verdict = referee.apply(event)
    if verdict.ok:
        referee.undo()
    return verdict.ok


def first_legal(referee: Referee, candidates: list[Event]) -> Event | None:
    for event in candidates:
        if is_legal(referee, event):
            return event
    return None


def leaders_now(state: TableState) -> list[int]:
    """Who may lead the next bout (everybody who can, when lots decide)."""
    clone = settled(state)
    if clone.phase != "play":
        return []
    lead = expected_leaders(clone)
    if lead.seats is not None:
        return sorted(lead.seats)
    return [seat for seat in range(len(clone.counts))
            if can_lead_or_defend(clone, seat) and seat not in lead.wrong]


def hand(state: TableState, seat: int) -> list[Card]:
    """A hand in full-information play (the simulator deals face up, draws with cards)."""
    return state.known_cards(seat)


def beating_cards(state: TableState, attack: Card, cards: list[Card]) -> list[Card]:
    """The cards that beat `attack`, cheapest first (non-trumps before trumps)."""
    variant = state.rules.variant
    found = [card for card in cards if variant.beats(attack, card, state.trump_suit)]
    return sorted(found, key=lambda card: (card.suit == state.trump_suit, card.rank))
