"""Reading the bout on the table: which card lies on which, from the boxes alone.

A defence card is laid over the attack card it beats, offset so the attack's corner stays
readable, so "lies over an unbeaten attack card placed before it" is the defence test; every other
new card is an attack (a lead, a throw-in or a transfer, which the game state decides). The reader
knows nothing of players or turns: `events_inference` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def rank_value(card: str) -> int:
    return RANKS.index(rank_of(card))


# 6<->9: an index read upside down; Q<->K: a face card's letter; 7<->8: one held-out design
# draws them alike, and the reader takes one for the other surely (dummy-2p-seed62)
RANK_LOOK_ALIKES = {"6": "9", "9": "6", "Q": "K", "K": "Q", "7": "8", "8": "7"}


def look_alikes(card: str) -> list[str]:
    """Cards a reading of this one may really have been: the same rank in another suit, and
    its rank's look-alike in the same suit (`RANK_LOOK_ALIKES`)."""
    rank, suit = rank_of(card), suit_of(card)
    same_rank = [rank + other for other in "CDHS" if other != suit]
    return same_rank + ([RANK_LOOK_ALIKES[rank] + suit] if rank in RANK_LOOK_ALIKES else [])


SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}  # the suit a misread suit most often is


def look_alikes_by_colour(card: str) -> list[str]:
    """`look_alikes(card)`, the other suit of its colour first (the likelier misreading)."""
    return sorted(look_alikes(card), key=lambda other: other[-1] != SAME_COLOUR[card[-1]])


def beats(card: str, target: str, trump_suit: str | None, *, cross: bool = False) -> bool:
    """G4 (C5 with `cross`): does `card` beat `target`?"""
    same_suit = suit_of(card) == suit_of(target)
    if same_suit:
        return rank_value(card) > rank_value(target)
    if cross:  # diamonds beat anything but clubs; clubs only by higher clubs
        return suit_of(card) == "D" and suit_of(target) != "C"
    return trump_suit is not None and suit_of(card) == trump_suit


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over the smaller box: 1.0 when one card lies fully on the other."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return float(width * height / max(smaller, 1e-6))


@dataclass
class TablePair:
    """An attack card and the defence laid on it (None while unbeaten)."""

    attack: str
    attack_box: np.ndarray
    defence: str | None = None
    defence_box: np.ndarray | None = None
    lead: bool = False  # part of the bout's lead (or a transfer): P3 throw-ins wait for these


@dataclass(frozen=True)
class Placement:
    """How a new card relates to the bout: kind "attack", "defence" (on `on[0]`) or "ambiguous"
    (it covers several unbeaten attack cards about equally: `on` lists them, best first)."""

    kind: str
    on: tuple[str, ...] = ()


@dataclass
class TableReader:
    """The bout's layout: its pairs in play order, plus cards lying there that are not part of it
    (`ignored`: a refused card still on the table, the trump under the stock)."""

    min_overlap: float = 0.15   # less than this is two cards side by side
    clear_margin: float = 1.5   # best cover must beat the runner-up by this factor to be sure
    pairs: list[TablePair] = field(default_factory=list)
    ignored: set[str] = field(default_factory=set)

    # -- what lies there -----------------------------------------------------------------------

    @property
    def cards(self) -> list[str]:
        out = []
        for pair in self.pairs:
            out.append(pair.attack)
            if pair.defence is not None:
                out.append(pair.defence)
        return out

    @property
    def boxes(self) -> list[np.ndarray]:
        """Where the bout's cards lie."""
        return [box for pair in self.pairs for box in (pair.attack_box, pair.defence_box)
                if box is not None]

    @property
    def attacks(self) -> list[str]:
        return [pair.attack for pair in self.pairs]

    @property
    def unbeaten(self) -> list[TablePair]:
        return [pair for pair in self.pairs if pair.defence is None]

    @property
    def all_beaten(self) -> bool:
        return bool(self.pairs) and not self.unbeaten

    @property
    def lead_unbeaten(self) -> bool:
        return any(pair.lead and pair.defence is None for pair in self.pairs)

    @property
    def any_defence(self) -> bool:
        return any(pair.defence is not None for pair in self.pairs)

    @property
    def ranks(self) -> set[str]:
        return {rank_of(card) for card in self.cards}

    def pair_of(self, card: str) -> TablePair | None:
        return next((p for p in self.pairs if card in (p.attack, p.defence)), None)

    # -- reading a new card ----------------------------------------------------------------------

    def classify(self, box: np.ndarray) -> Placement:
        covers = sorted(((overlap(box, pair.attack_box), pair.attack) for pair in self.unbeaten),
                        reverse=True)
        covers = [(amount, card) for amount, card in covers if amount >= self.min_overlap]
        if not covers:
            return Placement("attack")
        if len(covers) == 1 or covers[0][0] >= self.clear_margin * covers[1][0]:
            return Placement("defence", (covers[0][1],))
        return Placement("ambiguous", tuple(card for _, card in covers))

    # -- changing the layout ---------------------------------------------------------------------

    def add_attack(self, card: str, box: np.ndarray, *, lead: bool = False) -> None:
        self.pairs.append(TablePair(card, np.asarray(box, np.float32), lead=lead))

    def add_defence(self, card: str, box: np.ndarray, on: str) -> None:
        pair = self.pair_of(on)
        if pair is None or pair.defence is not None:
            raise ValueError(f"{on} is not an unbeaten attack card on the table")
        pair.defence, pair.defence_box = card, np.asarray(box, np.float32)

    def remove(self, card: str) -> None:
        """A card left the table (taken back, or the bout's cards went away one by one)."""
        self.ignored.discard(card)
        pair = self.pair_of(card)
        if pair is None:
            return
        if pair.defence == card:
            pair.defence, pair.defence_box = None, None
        else:
            self.pairs.remove(pair)

    def clear(self) -> None:
        self.pairs.clear()
