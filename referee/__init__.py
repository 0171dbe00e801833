"""The referee engine: judges Durak games written in the game notation (docs/referee-api.md).

Standard library only; imports nothing from vision/ or web/.
"""

from __future__ import annotations

from .cards import Card, CardCodeError, beats, cross_beats, deck
from .engine import Referee
from .events import Event, EventFormatError, parse_event
from .variants import VARIANTS, Variant, find_variant
from .verdicts import Verdict

__all__ = [
    "Card", "CardCodeError", "Event", "EventFormatError", "Referee", "VARIANTS", "Variant",
    "Verdict", "beats", "cross_beats", "deck", "find_variant", "parse_event",
]
