"""Card codes as the dashboard shows and accepts them (notation of RULES.md)."""

from __future__ import annotations

import re

SUITS = ("S", "H", "D", "C")
RANKS_52 = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RUSSIAN_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
CARD_CODE = re.compile(r"^(10|[2-9JQKA])([SHDC])$")


def deck_codes(deck: int) -> list[str]:
    """Every card of a 36- or 52-card deck, grouped by suit, low to high."""
    ranks = RANKS_52[4:] if deck == 36 else RANKS_52
    return [rank + suit for suit in SUITS for rank in ranks]


def is_card_code(text: object, deck: int = 52) -> bool:
    if not isinstance(text, str):
        return False
    match = CARD_CODE.match(text)
    return bool(match) and (deck == 52 or match.group(1) in RANKS_52[4:])


def is_red(code: str) -> bool:
    return code[-1:] in ("H", "D")


def card_label(code: str, lang: str = "en") -> str:
    """'10H' -> '10♥'; in Russian 'QS' -> 'Д♠'."""
    if not isinstance(code, str) or not CARD_CODE.match(code):
        return str(code)
    rank, suit = code[:-1], code[-1]
    if lang == "ru":
        rank = RUSSIAN_RANKS.get(rank, rank)
    return rank + SUIT_SYMBOLS[suit]
