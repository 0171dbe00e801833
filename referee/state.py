"""The table as the referee knows it: hand sizes exactly, each card's whereabouts when known.

Seats are indices into the setup's seat list. A card's place is a seat index (in that hand) or
one of the negative pile codes below; a card absent from `where` has not been seen (it is in
some hand or in the stock). `clone()` is the undo snapshot, taken once per event, so it copies
only the small mutable containers and shares everything immutable.
"""

from __future__ import annotations

from typing import Any

from .cards import Card

STOCK = -1  # known in the stock: the trump under it (P1)
TABLE = -2  # on the table in the current bout, or face up in the round opening (R1)
DISCARD = -3  # the discard pile (бито)
OUT_OF_PLAY = -4  # round: stock left after the opening, an untaken centre trump (R4)
CENTRE = -5  # round: the centre trump before anyone takes it (R1, R3)
PILE = -10  # cross: PILE - seat is the face-up pile of that seat (C1, C3)

PHASES = ("setup", "deal", "opening", "faceup", "play", "finished")


class TableState:
    """Everything that changes during a match; the rules it is judged by live in `Rules`."""

    __slots__ = (
        "rules", "game", "dealer", "phase", "trump", "trump_suit", "counts", "known", "where",
        "stock", "out_of_play", "discard", "table", "leader", "defender", "original_leader",
        "defender_start", "took", "passed", "bout_no", "next_leader", "draw_queue",
        "declared", "controller", "open_table", "ninth", "turn", "piles", "games",
        "last_fool", "transferred", "lead_count",
    )

    def __init__(self, rules: Any = None) -> None:
        self.rules = rules  # the Rules of the match (immutable), None before a setup
        self.game = 0  # 1-based number of the game in progress
        self.dealer = 0
        self.phase = "setup"
        self.trump: Card | None = None
        self.trump_suit: str | None = None
        self.counts: list[int] = []  # hand size of every seat
        self.known: list[int] = []  # how many cards of each hand are known (in `where`)
        self.where: dict[Card, int] = {}
        self.stock = 0  # cards left in the stock
        self.out_of_play = 0  # cards set aside for this game (round), known or not
        self.discard: list[Card] = []  # replaced on change, never mutated (cheap clone)
        self.table: list[tuple[Card, Card | None]] = []  # (attack, defence) in play order
        self.leader: int | None = None  # the bout's attacker
        self.defender: int | None = None
        self.original_leader: int | None = None  # keeps P3 priority and P6 place after P8
        self.defender_start = 0  # defender's hand size when he became defender (P4)
        self.took = False
        self.passed: frozenset[int] = frozenset()  # seats that passed since the last card (P3)
        self.bout_no = 0  # bouts begun in this game
        self.next_leader: int | None = None  # who must lead the next bout; None: G5/R5/C4
        self.draw_queue: tuple[int, ...] = ()  # seats still to draw up, in P6 order
        self.declared: dict[int, Card | None] = {}  # G5 claims: lowest trump, None = no trump
        self.controller: int | None = None  # who handles the dummy's cards (D2, D4)
        self.open_table: tuple[Card, ...] = ()  # round opening: face-up table cards
        self.ninth: Card | None = None  # round opening: the ninth card (R3)
        self.turn = 0  # round opening / cross face-up phase: whose turn
        self.piles: tuple[tuple[Card, ...], ...] = ()  # cross: each seat's pile, bottom..top
        self.games: list[dict[str, Any]] = []  # outcomes of the match's games, finished or not
        self.last_fool: int | None = None  # fool of the previous game (G3, G5)
        self.transferred = False  # the bout was transferred at least once (P8)
        self.lead_count = 0  # table entries that are the lead (P3: beaten before throw-ins)

    def clone(self) -> TableState:
        """The undo snapshot: mutable containers copied, everything else shared."""
        # spelled out attribute by attribute: this runs once per event and a loop over
        # __slots__ with getattr/setattr cost a third of the judging time
        other = _new(TableState)
        other.rules = self.rules
        other.game = self.game
        other.dealer = self.dealer
        other.phase = self.phase
        other.trump = self.trump
        other.trump_suit = self.trump_suit
        other.counts = self.counts.copy()
        other.known = self.known.copy()
        other.where = self.where.copy()
        other.stock = self.stock
        other.out_of_play = self.out_of_play
        other.discard = self.discard  # replaced, never changed in place
        other.table = self.table.copy()
        other.leader = self.leader
        other.defender = self.defender
        other.original_leader = self.original_leader
        other.defender_start = self.defender_start
        other.took = self.took
        other.passed = self.passed
        other.bout_no = self.bout_no
        other.next_leader = self.next_leader
        other.draw_queue = self.draw_queue
        other.declared = self.declared.copy()
        other.controller = self.controller
        other.open_table = self.open_table
        other.ninth = self.ninth
        other.turn = self.turn
        other.piles = self.piles
        other.games = self.games  # replaced, never changed in place
        other.last_fool = self.last_fool
        other.transferred = self.transferred
        other.lead_count = self.lead_count
        return other

    # --- card movements: every change of a card's place goes through these -------------

    def place(self, card: Card, where: int) -> None:
        """Record that `card` is now at `where` (a seat or a pile code); hand knowledge follows."""
        before = self.where.get(card)
        if before is not None and before >= 0:
            self.known[before] -= 1
        self.where[card] = where
        if where >= 0:
            self.known[where] += 1

    def forget(self, card: Card) -> None:
        before = self.where.pop(card, None)
        if before is not None and before >= 0:
            self.known[before] -= 1

    def to_hand(self, seat: int, cards: Any) -> None:
        for card in cards:
            self.place(card, seat)
        self.counts[seat] += len(cards)

    def from_hand(self, seat: int, cards: Any, to: int = TABLE) -> None:
        for card in cards:
            self.place(card, to)
        self.counts[seat] -= len(cards)

    def hand_known(self, seat: int) -> bool:
        """True when every card of the hand is known (dealt face up, watched, or counted out)."""
        return self.known[seat] == self.counts[seat]

    def known_cards(self, seat: int) -> list[Card]:
        return sorted(card for card, place in self.where.items() if place == seat)

    def table_cards(self) -> list[Card]:
        cards = [attack for attack, _ in self.table]
        cards += [defence for _, defence in self.table if defence is not None]
        return cards

    def unbeaten(self) -> list[Card]:
        return [attack for attack, defence in self.table if defence is None]

    def is_out(self, seat: int) -> bool:
        """G9: once no card can be drawn, a seat without cards is out."""
        return self.stock == 0 and self.counts[seat] == 0 and self.phase == "play"

    def total_cards(self) -> int:
        """Conservation (G8): every card of the deck is counted exactly once somewhere."""
        return (sum(self.counts) + self.stock + self.out_of_play + len(self.discard)
                + len(self.table_cards()) + len(self.open_table) + sum(map(len, self.piles))
                + (1 if CENTRE in self.where.values() else 0))


_new = object.__new__
