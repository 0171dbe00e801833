"""The five rule sets as data plus small hooks over one engine (RULES.md: G+P, P8, D, R, C).

A variant answers questions the engine asks where the rule books differ: how a card is beaten,
what an attack may look like, who leads after a bout, which rule id a foul of a kind falls under.
`find_variant(name)` looks one up, like python-chess's `find_variant`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, ClassVar

from .cards import Card, beats, cross_beats, en_list, ru_list
from .verdicts import Foul

if TYPE_CHECKING:
    from .rules import Rules


class Variant:
    name: ClassVar[str] = ""
    has_dummy: ClassVar[bool] = False
    allows_transfer: ClassVar[bool] = False
    podkidnoy: ClassVar[bool] = True  # stock deal, throw-ins, draw-up (P1, P3, P6)
    opening: ClassVar[str | None] = None  # "round" (R1-R4) or "cross" (C1-C3)
    fixed_trump_suit: ClassVar[str | None] = None
    # rule ids under which fouls of a kind are reported
    deal_rule: ClassVar[str] = "P1"
    first_attack_rule: ClassVar[str] = "G5"
    next_attack_rule: ClassVar[str] = "P7"
    beat_rule: ClassVar[str] = "G4"
    defence_rule: ClassVar[str] = "P2"  # only the attacked player defends
    close_rule: ClassVar[str] = "P5"  # how a bout ends
    no_throw_in_rule: ClassVar[str] = "P3"

    def cards_needed(self, seats: int) -> int:
        return 6 * seats

    def beats(self, attack: Card, defence: Card, trump_suit: str | None) -> bool:
        return beats(attack, defence, trump_suit)

    def check_attack_shape(self, rules: Rules, cards: tuple[Card, ...], defender_cards: int,
                           name: str) -> None:
        """P2: one card, or with `lead_group` several of one rank."""
        if len(cards) > 1 and not (rules.option("lead_group")
                                   and len({card.rank for card in cards}) == 1):
            raise Foul("P2", f"{name} leads {en_list(cards)}: a bout is led with one card"
                       + (" or several of one rank." if rules.option("lead_group") else "."),
                       f"{name} заходит с {ru_list(cards)}: заходят одной картой"
                       + (" или несколькими одного достоинства." if rules.option("lead_group")
                          else "."))

    def next_leader_from(self, defender: int, took: bool, seats: int) -> int:
        """P7: after a discard the defender leads, after a take his left neighbour."""
        return (defender + 1) % seats if took else defender

    def first_attack_rule_for(self, game: int, last_game_had_fool: bool) -> str:
        return "G5"


class Classic(Variant):
    name = "classic"


class TransferVariant(Classic):
    name = "transfer"
    allows_transfer = True


class DummyVariant(Classic):
    name = "dummy"
    has_dummy = True


class RoundVariant(Variant):
    name = "round"
    podkidnoy = False
    opening = "round"
    deal_rule = "R1"
    first_attack_rule = "R5"
    next_attack_rule = "R7"
    defence_rule = "R6"
    close_rule = "R6"
    no_throw_in_rule = "R6"

    def cards_needed(self, seats: int) -> int:
        return 9  # R1: eight face up and the centre trump

    def check_attack_shape(self, rules: Rules, cards: tuple[Card, ...], defender_cards: int,
                           name: str) -> None:
        """R5: 1 card, a pair + any (3), two pairs + any (5); never more than the defender holds."""
        pairs = sum(count // 2 for count in Counter(card.rank for card in cards).values())
        size = len(cards)
        if not (size == 1 or (size == 3 and pairs >= 1) or (size == 5 and pairs >= 2)):
            raise Foul("R5", f"{name} attacks with {en_list(cards)}: an attack is 1 card, "
                       "a pair and one card, or two pairs and one card.",
                       f"{name} ходит {ru_list(cards)}: ходят одной картой, парой с картой "
                       "или двумя парами с картой.")
        if size > defender_cards:
            raise Foul("R5", f"{name} attacks with {size} cards but the defender holds only "
                       f"{defender_cards}.",
                       f"{name} ходит {size} картами, а у отбивающегося только {defender_cards}.")

    def next_leader_from(self, defender: int, took: bool, seats: int) -> int:
        return defender  # R7: the defender leads the next attack, beaten or not

    def first_attack_rule_for(self, game: int, last_game_had_fool: bool) -> str:
        return "R5"  # every game (R5)


class CrossVariant(Variant):
    name = "cross"
    podkidnoy = False
    opening = "cross"
    fixed_trump_suit = "D"
    deal_rule = "C1"
    first_attack_rule = "C4"
    next_attack_rule = "C6"
    beat_rule = "C5"
    defence_rule = "C6"
    close_rule = "C6"
    no_throw_in_rule = "C6"

    def cards_needed(self, seats: int) -> int:
        return seats  # C1: one face-up card each

    def beats(self, attack: Card, defence: Card, trump_suit: str | None) -> bool:
        return cross_beats(attack, defence)

    def check_attack_shape(self, rules: Rules, cards: tuple[Card, ...], defender_cards: int,
                           name: str) -> None:
        if len(cards) != 1:
            raise Foul("C6", f"{name} attacks with {en_list(cards)}: in cross durak an attack "
                       "is one card.",
                       f"{name} ходит {ru_list(cards)}: в крестовом дураке ходят одной картой.")

    def next_leader_from(self, defender: int, took: bool, seats: int) -> int:
        return defender  # C6/C7: whoever beat the card leads next

    def first_attack_rule_for(self, game: int, last_game_had_fool: bool) -> str:
        # C4: the lowest diamond in the first game (and after a game without a fool), else G5
        return "G5" if game > 1 and last_game_had_fool else "C4"


VARIANTS: dict[str, Variant] = {
    cls.name: cls() for cls in (Classic, TransferVariant, DummyVariant, RoundVariant,
                                CrossVariant)
}


def find_variant(name: str) -> Variant | None:
    return VARIANTS.get(name)
