"""G8: every card exists once. Checks that a card is where an event says it comes from."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .cards import Card
from .seating import place_names
from .state import TableState
from .verdicts import Foul


def check_in_deck(state: TableState, cards: Sequence[Card]) -> None:
    rules = state.rules
    if len(cards) == 1 and cards[0] in rules.card_set:  # the common case, without a set
        return
    seen: set[Card] = set()
    for card in cards:
        if card not in rules.card_set:
            raise Foul("G8", f"{card} is not in a {rules.deck_size}-card deck.",
                       f"Карты {card.ru} нет в колоде из {rules.deck_size} карт.")
        if card in seen:
            raise Foul("G8", f"{card} appears twice; every card exists once.",
                       f"{card.ru} встречается дважды, а каждая карта есть в колоде один раз.")
        seen.add(card)


def check_in_hand(state: TableState, seat: int, cards: Iterable[Card]) -> None:
    """The cards can be in `seat`'s hand: not known elsewhere, and room among its unseen cards."""
    cards = tuple(cards)
    check_in_deck(state, cards)
    name = state.rules.seats[seat]
    unseen = 0
    for card in cards:
        place = state.where.get(card)
        if place is None:
            unseen += 1
        elif place != seat:
            where_en, where_ru = place_names(state, place)
            raise Foul("G8", f"{name} cannot have {card}: it is {where_en}.",
                       f"У {name} не может быть {card.ru}: эта карта {where_ru}.")
    if unseen > state.counts[seat] - state.known[seat]:
        if state.hand_known(seat):
            raise Foul("G8", f"{name}'s hand is known and does not hold "
                       f"{' '.join(str(c) for c in cards if c not in state.where)}.",
                       f"Рука {name} известна, и в ней нет "
                       f"{' '.join(c.ru for c in cards if c not in state.where)}.")
        raise Foul("G8", f"{name} holds {state.counts[seat]} cards and cannot play these "
                   f"{len(cards)}.",
                   f"У {name} {state.counts[seat]} карт, он не может сыграть эти {len(cards)}.")


def check_unseen(state: TableState, cards: Iterable[Card]) -> None:
    """Cards coming out of the stock or into a dealt hand must not have been seen elsewhere."""
    cards = tuple(cards)
    check_in_deck(state, cards)
    for card in cards:
        place = state.where.get(card)
        if place is not None:
            where_en, where_ru = place_names(state, place)
            raise Foul("G8", f"{card} is already {where_en}; it cannot come from the stock "
                       "or the deal.",
                       f"{card.ru} уже {where_ru}; она не может прийти из колоды или сдачи.")


CONFIRMABLE = ("attack", "throw_in", "defend", "transfer", "pass_on")  # plays from a hand


def give_up_hand_for_confirmed(state: TableState, event: Any) -> str | None:
    """An event the players confirmed (`"confirmed": true`: on the dashboard, against what
    the referee knew) that plays a card nobody saw from a hand the referee knows whole (the
    cards seen going into it, counted from what it was told): the players' word goes. That
    hand's known cards are forgotten, its count stays, so the play is judged as from an
    unknown hand. The player's name when so, else None (nothing changes)."""
    if (getattr(event, "extra", None) or {}).get("confirmed") is not True \
            or event.type not in CONFIRMABLE or state.rules is None:
        return None
    seat = state.rules.seat_index.get(event.player)
    cards = getattr(event, "cards", None) or (getattr(event, "card", None),)
    if seat is None or not state.hand_known(seat) \
            or all(card is None or card in state.where for card in cards):
        return None
    for card in state.known_cards(seat):
        state.forget(card)
    return event.player
