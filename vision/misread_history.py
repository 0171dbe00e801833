"""A card the camera misread long ago, found when the players confirm a reading the referee
refuses (G8: the card cannot be where the camera saw it, the referee knows it elsewhere).

When the players say "yes, Anna beat it with the J♦" and the referee answers that Anna's hand
is known and holds no J♦, the referee's knowledge came from the camera, so the camera misread a
card before: the Q♦ it saw her take was the J♦. Or the A♠ the referee puts in Vera's hand was
another card, a look-alike nobody has accounted for. Each such look-alike is tried in turn: the
referee's past is replayed from the first event that named the misread card, with the card
renamed, all or nothing (`TablePipeline.rename_in_history`), and the confirmed event must then
be accepted.
"""

from __future__ import annotations

from typing import Any

from vision.swept_bout import unaccounted
from vision.table_events import played_cards
from vision.table_reader import look_alikes, suit_of


def renamed(value: Any, old: str, new: str) -> Any:
    """An event (or any part of it) with every mention of card `old` as `new`; names of players
    (dict keys) are left alone."""
    if value == old:
        return new
    if isinstance(value, list):
        return [renamed(item, old, new) for item in value]
    if isinstance(value, dict):
        return {key: renamed(item, old, new) for key, item in value.items()}
    return value


def mentions(value: Any, card: str) -> bool:
    if value == card:
        return True
    if isinstance(value, list):
        return any(mentions(item, card) for item in value)
    if isinstance(value, dict):
        return any(mentions(item, card) for item in value.values())
    return False


def misread_before(snapshot: dict, event: dict) -> list[tuple[str, str]]:
    """(old, new) renamings of the referee's past that would let `event` be true, likeliest
    first: a card known in the player's hand was the card he plays (old: that card; its
    look-alikes first, then cards of its suit, then the rest: the reader confuses J and Q of
    one suit too); or the card, known elsewhere, was a look-alike nobody has accounted for
    (old: the card)."""
    player = event.get("player")
    hands = snapshot.get("hands") or {}
    own = list((hands.get(player) or {}).get("known") or ())
    free = set(unaccounted(snapshot))
    out: list[tuple[str, str]] = []
    for card in played_cards(event):
        if card not in own:
            alikes = look_alikes(card)
            ranked = sorted(own, key=lambda held: (held not in alikes,
                                                   suit_of(held) != suit_of(card)))
            out += [(held, card) for held in ranked]
        if card not in free:
            out += [(card, alike) for alike in look_alikes(card) if alike in free]
    return out
