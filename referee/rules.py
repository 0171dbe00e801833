"""The rules of one match: variant, deck, seats, options; checked once at the setup (G1, G2, D1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import DECK_SIZES, Card, deck
from .events import Setup
from .variants import VARIANTS, Variant, find_variant
from .verdicts import Foul

DUMMY = "dummy"  # the dummy's reserved seat name (EVENTS.md)
BOOL_OPTIONS = ("no_trump_lowest_card", "lead_group", "early_throw_in", "first_bout_5",
                "defender_last", "active_dummy", "bout_leader", "ninth_card_centre",
                "play_for_winner", "place_continues")
FIRST_MOVES = ("under", "from_under")


@dataclass(frozen=True, slots=True)
class Rules:
    variant: Variant
    deck_size: int
    cards: tuple[Card, ...]  # the deck, lowest first
    card_set: frozenset[Card]
    seats: tuple[str, ...]
    seat_index: dict[str, int]
    dummy: int | None  # the dummy's seat, dummy variant only
    persons: tuple[int, ...]  # seats with a person
    options: dict[str, Any]  # every option, defaults filled in
    first_dealer: int

    def option(self, name: str) -> Any:
        return self.options[name]

    def name(self, seat: int) -> str:
        return self.seats[seat]


def refuse(rule: str, message: str, message_ru: str) -> Foul:
    return Foul(rule, message, message_ru)


def rules_from_setup(setup: Setup) -> Rules:
    """The match's Rules, or a Foul (G1, G2, D1) when the setup cannot be played."""
    variant = find_variant(setup.variant)
    if variant is None:
        known = ", ".join(VARIANTS)
        raise refuse("G2", f"Unknown variant {setup.variant!r}; choose one of {known}.",
                     f"Неизвестный вариант {setup.variant!r}; возможны: {known}.")
    if setup.deck not in DECK_SIZES:
        raise refuse("G1", f"A deck has 36 or 52 cards, not {setup.deck}.",
                     f"В колоде 36 или 52 карты, а не {setup.deck}.")
    seats = setup.seats
    if len(set(seats)) != len(seats):
        raise refuse("G2", "Two seats have the same name; every seat needs its own name.",
                     "У двух мест одинаковое имя; у каждого места должно быть своё имя.")
    dummies = seats.count(DUMMY)
    if variant.has_dummy and dummies != 1:
        what, what_ru = (("is missing", "отсутствует") if dummies == 0
                         else ("is doubled", "повторяется"))
        raise refuse("G2", f"The dummy's seat {what}: list \"dummy\" once among the seats.",
                     f"Место болвана {what_ru}: укажите \"dummy\" среди мест ровно один раз.")
    if not variant.has_dummy and dummies:
        raise refuse("G2", f"\"dummy\" is the dummy's seat and only plays in the dummy variant, "
                     f"not in {variant.name}.",
                     "\"dummy\" — место болвана, оно бывает только в варианте dummy.")
    persons = tuple(i for i, name in enumerate(seats) if name != DUMMY)
    if not 2 <= len(persons) <= 6:
        raise refuse("G2", f"Durak needs 2 to 6 players, this setup has {len(persons)}.",
                     f"В дурака играют от 2 до 6 человек, а здесь {len(persons)}.")
    if setup.dealer not in seats:
        raise refuse("G2", f"The dealer {setup.dealer!r} is not among the seats.",
                     f"Сдающий {setup.dealer!r} не сидит за столом.")
    if setup.dealer == DUMMY:
        raise refuse("G2", "The dummy cannot deal: name a person as dealer.",
                     "Болван не может сдавать: сдающим должен быть человек.")
    hands_needed = variant.cards_needed(len(seats))
    if hands_needed > setup.deck:
        rule = "D1" if variant.has_dummy else "G2"
        raise refuse(rule, f"{len(seats)} hands of 6 need {hands_needed} cards, more than the "
                     f"{setup.deck}-card deck holds.",
                     f"На {len(seats)} рук по 6 карт нужно {hands_needed} карт, а в колоде "
                     f"{setup.deck}.")
    options = _options(setup.options or {})
    cards = deck(setup.deck)
    return Rules(variant, setup.deck, cards, frozenset(cards), seats,
                 {name: i for i, name in enumerate(seats)},
                 seats.index(DUMMY) if dummies else None, persons, options,
                 seats.index(setup.dealer))


def _options(given: dict[str, Any]) -> dict[str, Any]:
    options: dict[str, Any] = dict.fromkeys(BOOL_OPTIONS, False)
    options["first_move"] = "under"
    for name, value in given.items():
        if name == "first_move":
            if value not in FIRST_MOVES:
                raise refuse("G2", f"first_move is \"under\" or \"from_under\", not {value!r}.",
                             f"first_move бывает \"under\" или \"from_under\", а не {value!r}.")
        elif name not in BOOL_OPTIONS:
            raise refuse("G2", f"Unknown option {name!r}.", f"Неизвестная опция {name!r}.")
        elif not isinstance(value, bool):
            raise refuse("G2", f"Option {name} is true or false, not {value!r}.",
                         f"Опция {name} принимает true или false, а не {value!r}.")
        options[name] = value
    return options
