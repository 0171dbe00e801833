"""Where the cards of a rendered game lie: bout places, round's ring, cross's piles, and where
cards go when they leave the table."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from vision.game_contents import TableContents
from vision.game_table import GameTable, Pose

PODKIDNOY = ("classic", "transfer", "dummy")


@dataclass
class CardPlaces:
    table: GameTable
    rng: np.random.Generator
    contents: TableContents
    slots: dict[str, int] = field(default_factory=dict)   # attack card -> bout place
    ring: dict[str, int] = field(default_factory=dict)    # round table card -> ring place
    # the ring before the event just laid out: its cards may still lie there while the event's
    # own card is laid (a draw laid beside that ends the opening before all are taken)
    ring_before: dict[str, int] = field(default_factory=dict)

    def reset(self) -> None:
        self.slots, self.ring, self.ring_before = {}, {}, {}

    def clear_bout(self) -> None:
        """The bout's cards left the table: its places are free again."""
        self.slots = {}

    def free_slot(self, taken: set[int]) -> int:
        return next(i for i in range(64) if i not in taken)

    def layout(self, after: dict, event: dict) -> dict[str, Pose]:
        """Face-up card -> where it lies, after the event; cards already lying stay put."""
        lying = self.contents.cards
        placed: dict[str, Pose] = {}

        def keep(card: str) -> Pose | None:
            item = lying.get(card)
            return item.pose if item is not None else None

        variant, phase, trump = after.get("variant"), after.get("phase"), after.get("trump")
        if trump and variant in PODKIDNOY and after["stock"] > 0 and phase == "play":
            placed[trump] = keep(trump) or self.table.trump.shifted(0, 0, float(
                self.rng.normal(0, 4)))
        if trump and variant == "round" and phase == "opening":
            placed[trump] = keep(trump) or self.table.centre
        ring = {card: self.ring[card] for card in after.get("open_table") or []
                if card in self.ring}
        for card in after.get("open_table") or []:
            if card not in ring:
                ring[card] = self.free_slot(set(ring.values()))
            placed[card] = keep(card) or self.table.ring_slot(ring[card])
        self.ring_before, self.ring = self.ring, ring
        if phase == "faceup":
            for owner, pile in (after.get("piles") or {}).items():
                for depth, card in enumerate(pile):
                    placed[card] = keep(card) or self.on_pile(owner, depth)
        slots = {pair["attack"]: self.slots[pair["attack"]] for pair in after.get("table") or []
                 if pair["attack"] in self.slots}
        for pair in after.get("table") or []:
            attack = pair["attack"]
            pose = keep(attack)
            if pose is None and event.get("type") == "pass_on":
                pose = self.covering(event)
            if attack not in slots:
                slots[attack] = self.free_slot(set(slots.values()))
            pose = pose or self.laid(self.table.bout_slot(slots[attack]))
            placed[attack] = pose
            if pair["defence"]:
                placed[pair["defence"]] = keep(pair["defence"]) or self.table.defence_on(
                    pose, self.rng)
        self.slots = slots
        return placed

    def laid(self, pose: Pose) -> Pose:
        """A card put down by hand: never exactly on the spot."""
        spread = self.table.card_width * 0.05
        return pose.shifted(*self.rng.normal(0, spread, 2), float(self.rng.normal(0, 4)))

    def on_pile(self, owner: str, depth: int) -> Pose:
        step = self.table.card_width * 0.07
        return self.table.pile(owner).shifted(step * (depth % 3), step * (depth % 2),
                                              float(self.rng.normal(0, 5)))

    def covering(self, event: dict) -> Pose | None:
        """Cross: a passed-on card lies on the card it could not beat."""
        for code, item in self.contents.cards.items():
            if code in self.slots and code != event.get("card"):
                return self.table.defence_on(item.pose, self.rng)
        return None

    def intended(self, event: dict, card: str) -> Pose:
        """Where a card of this event is laid when it does not stay: on its target, on a pile,
        beside the table cards, or in the next bout place."""
        kind = event.get("type")
        target = self.contents.cards.get(event.get("beats") or event.get("on") or "")
        if kind == "pass_on":
            target = next((self.contents.cards[c] for c in self.slots
                           if c in self.contents.cards), target)
        if target is not None:
            return self.table.defence_on(target.pose, self.rng)
        if kind == "trump":
            return self.table.trump
        if kind == "deal_card" and event.get("to") in self.table.seats.names:
            return self.on_pile(event["to"], 3)
        if kind == "open_draw":
            lying = {place for code, place in self.ring_before.items()
                     if code in self.contents.cards}
            return self.table.ring_slot(self.free_slot(set(self.ring.values()) | lying))
        return self.laid(self.table.bout_slot(self.free_slot(set(self.slots.values()))))

    def destination(self, card: str, after: dict, event: dict, dealer: str) -> tuple[Pose, bool]:
        """Where a leaving card goes, and whether it is turned face down on the way."""
        if card in (after.get("discard_cards") or []):
            return self.contents.discard_poses[0], True
        for seat, hand in (after.get("hands") or {}).items():
            if card in hand.get("known", []) and seat in self.table.seats.names:
                return self.table.home(seat), False
        if event.get("type") == "new_game":
            return self.table.home(dealer), False
        defender = after.get("defender")
        if event.get("type") in ("take", "attack", "draw") and defender in self.table.seats.names:
            return self.table.home(defender), False
        return self.table.stock, True  # out of play: set aside with the stock

    def beside_bout(self, already: int) -> Pose:
        """The next free bout place beside the bout, after `already` cards laid there (a refused
        attack or throw-in)."""
        taken = set(self.slots.values())
        for _ in range(already):
            taken.add(self.free_slot(taken))
        return self.laid(self.table.bout_slot(self.free_slot(taken)))
