"""The detector's classes: 52 card identities (whatever alphabet the index uses) and `card`.

An identity class is labelled on a card's printed corner index (rank over suit); the `card` class
is labelled on the whole face-up card. Russian indices (Т К Д В) map onto the same identities as
A K Q J: the class is the card, not the glyph.
"""

from __future__ import annotations

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
CARD_CODES: tuple[str, ...] = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS)
WHOLE_CARD = "card"
CLASS_NAMES: tuple[str, ...] = (*CARD_CODES, WHOLE_CARD)
WHOLE_CARD_CLASS = len(CARD_CODES)
CLASS_OF: dict[str, int] = {name: i for i, name in enumerate(CLASS_NAMES)}

RUSSIAN_RANK = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")


def deck_codes(size: int) -> frozenset[str]:
    """The cards of a 36-card deck (6 to ace) or of a 52-card one (any other size)."""
    ranks = RANKS[RANKS.index("6"):] if size == 36 else RANKS
    return frozenset(f"{rank}{suit}" for suit in SUITS for rank in ranks)


def rank_of(code: str) -> str:
    return code[:-1]


def suit_of(code: str) -> str:
    return code[-1]
