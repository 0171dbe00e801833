"""What lies on the table of a rendered game right now, in the order it is painted."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from vision.game_shots import BACK, Item
from vision.game_table import GameTable, Pose

STOCK_LAYERS = 4     # a pile is drawn as a few backs: enough to look thick
DISCARD_LAYERS = 9


@dataclass
class TableContents:
    """Face-up cards by code (painted in insertion order, so a later card lies on an earlier
    one), the face-down stock and discard pile by count, and the trump lying under the stock."""

    table: GameTable
    rng: np.random.Generator
    cards: dict[str, Item] = field(default_factory=dict)
    trump: str | None = None     # the card in `cards` that lies under the stock
    stock: int = 0               # face-down cards in the stock (the trump not counted)
    discard: int = 0
    discard_poses: list[Pose] = field(default_factory=list)

    def __post_init__(self) -> None:
        spot = self.table.discard
        spread = self.table.card_width * 0.12
        self.discard_poses = [spot.shifted(*self.rng.normal(0, spread, 2),
                                            float(self.rng.uniform(-70, 70)))
                               for _ in range(DISCARD_LAYERS)]

    def stock_items(self, count: int | None = None) -> list[Item]:
        count = self.stock if count is None else count
        if count <= 0:
            return []
        layers = min(STOCK_LAYERS, 1 + count // 8)
        step = self.table.card_height * 0.008
        return [Item(BACK, self.table.stock.shifted(-step * i, -step * i, 1.5 * (i % 2)), False)
                for i in range(layers)]

    def discard_items(self, count: int | None = None) -> list[Item]:
        count = self.discard if count is None else count
        layers = min(DISCARD_LAYERS, (count + 1) // 2)
        return [Item(BACK, pose, False) for pose in self.discard_poses[:layers]]

    def resting(self, moving: frozenset[str] = frozenset()) -> tuple[Item, ...]:
        """Everything that lies still, bottom first; cards being moved are left out."""
        under = [self.cards[self.trump]] if self.trump in self.cards else []
        over = [item for code, item in self.cards.items() if code != self.trump]
        items = [*under, *self.stock_items(), *self.discard_items(), *over]
        return tuple(item for item in items if item.code not in moving)
