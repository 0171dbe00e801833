"""Cards and decks (G1), the beat relations of G4 and of cross durak (C5), card names.

Cards are interned: `Card.parse("10H")` always returns the same object, so the engine can use
cards as dictionary keys at the cost of an integer hash.
"""

from __future__ import annotations

SUITS = "SHDC"  # spades, hearts, diamonds, clubs
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES_EN = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
# Russian suit names in the genitive plural after "старшая/старший" would need declension;
# messages use the symbols instead, which every Russian player reads.
RANK_CODES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_BY_CODE = {code: rank for rank, code in RANK_CODES.items()}
RANK_RU = {11: "В", 12: "Д", 13: "К", 14: "Т"}
RANK_NAMES_EN = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
CROSS_TRUMP = "D"  # C5: diamonds are trump for good
CROSS_UNTOUCHABLE = "C"  # C5: clubs are beaten only by higher clubs


class CardCodeError(ValueError):
    """A card code that names no card, such as "1H" or "10X"."""


class Card:
    """A card, immutable and interned: `Card(10, "H") is Card.parse("10H")`.

    Interning lets equality and hashing be object identity, which Python does in C; the engine
    keys every dictionary by card, so this is on the hot path.
    """

    __slots__ = ("rank", "suit", "order")
    rank: int  # 2..14, ace high (G1)
    suit: str  # one of SUITS
    order: int  # rank-major index: sorting by it sorts by rank, then suit

    def __new__(cls, rank: int, suit: str) -> Card:
        card = _INTERNED.get((rank, suit))
        if card is None:
            if rank not in RANK_CODES or not isinstance(suit, str) or len(suit) != 1 \
                    or suit not in SUITS:
                raise CardCodeError(f"no such card: rank {rank!r}, suit {suit!r}")
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "order", rank * 4 + SUITS.index(suit))
            _INTERNED[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return Card.parse, (str(self),)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @staticmethod
    def parse(code: str) -> Card:
        """The card named by a code of RULES.md ("10H", "QS", "6C"); raises CardCodeError."""
        card = _BY_CODE.get(code) if isinstance(code, str) else None
        if card is None:
            raise CardCodeError(f"{code!r} is not a card code (rank 2..10, J, Q, K, A + S/H/D/C)")
        return card

    def __str__(self) -> str:
        return RANK_CODES[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.order < other.order

    @property
    def ru(self) -> str:
        """Russian display: "10♥", "Д♠", "Т♦"."""
        return RANK_RU.get(self.rank, RANK_CODES[self.rank]) + SUIT_SYMBOLS[self.suit]

    @property
    def name_en(self) -> str:
        """English name: "ten of hearts" is too long for messages, so "10 of hearts"."""
        rank = RANK_NAMES_EN.get(self.rank, RANK_CODES[self.rank])
        return f"{rank} of {SUIT_NAMES_EN[self.suit]}s"


_INTERNED: dict[tuple[int, str], Card] = {}
_BY_CODE: dict[str, Card] = {
    RANK_CODES[rank] + suit: Card(rank, suit) for rank in RANK_CODES for suit in SUITS
}
ALL_CARDS: tuple[Card, ...] = tuple(sorted(_BY_CODE.values()))
DECK_SIZES = (36, 52)


def deck(size: int) -> tuple[Card, ...]:
    """The cards of a 36-card (6..A) or 52-card (2..A) deck, lowest first (G1)."""
    low = 6 if size == 36 else 2
    return tuple(card for card in ALL_CARDS if card.rank >= low)


def lowest_rank(deck_size: int) -> int:
    return 6 if deck_size == 36 else 2


def next_rank(rank: int, deck_size: int) -> int:
    """The rank one above `rank`, an ace followed by the deck's lowest rank (C3)."""
    return lowest_rank(deck_size) if rank == 14 else rank + 1


def beats(attack: Card, defence: Card, trump_suit: str | None) -> bool:
    """G4: a higher card of the same suit; a trump on a non-trump."""
    if defence.suit == attack.suit:
        return defence.rank > attack.rank
    return defence.suit == trump_suit


def cross_beats(attack: Card, defence: Card, trump_suit: str | None = CROSS_TRUMP) -> bool:
    """C5: diamonds beat every suit but clubs; clubs and diamonds only by higher of their suit."""
    if defence.suit == attack.suit:
        return defence.rank > attack.rank
    return defence.suit == CROSS_TRUMP and attack.suit != CROSS_UNTOUCHABLE


def codes(cards: object) -> list[str]:
    """Card codes of an iterable of cards, for JSON."""
    return [str(card) for card in cards]  # type: ignore[attr-defined]


def ru_list(cards: object) -> str:
    return " ".join(card.ru for card in cards)  # type: ignore[attr-defined]


def en_list(cards: object) -> str:
    return " ".join(str(card) for card in cards)  # type: ignore[attr-defined]
