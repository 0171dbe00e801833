"""Cross durak's piles (C3): where a card drawn from the stock must be placed."""
from __future__ import annotations

from vision.table_reader import RANKS, rank_of

LOWEST_RANK = {36: "6", 52: "2"}


def pile_for(snapshot: dict, drawer: str, card: str) -> str:
    """C3: the nearest pile clockwise from the drawer's left whose top is one rank below the
    card, the drawer's own pile last; no such pile: his own."""
    seats = list(snapshot.get("seats") or ())
    piles = snapshot.get("piles") or {}
    if drawer not in seats:
        return drawer
    lowest = RANKS.index(LOWEST_RANK.get(int(snapshot.get("deck") or 36), "6"))
    for step in range(1, len(seats) + 1):
        other = seats[(seats.index(drawer) + step) % len(seats)]
        pile = piles.get(other) or []
        if pile:
            top = RANKS.index(rank_of(pile[-1]))
            above = lowest if top == len(RANKS) - 1 else top + 1
            if RANKS[above] == rank_of(card):
                return other
    return drawer


def goes_where_c3_sends(snapshot: dict, placing: dict) -> bool:
    """C3 sends `placing`'s card, drawn by its player, onto the pile it went to."""
    return pile_for(snapshot, placing["player"], placing["card"]) == placing.get("to")
