"""`Detections`: the one array-backed type every vision layer speaks.

Model output is converted to it at once; tracking, table reading and drawing take and return it.
Tests build it by hand (`Detections.from_cards(...)`), with no camera and no model.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Detections:
    """N detected face-up cards in one frame.

    xyxy: (N, 4) float32 boxes in the frame's own pixels; confidence: (N,) float32 in [0, 1];
    cards: N card codes as in RULES.md ("10H", "QS"); polygons: optional N (k, 2) outlines.
    """

    xyxy: np.ndarray
    confidence: np.ndarray
    cards: tuple[str, ...]
    polygons: tuple[np.ndarray | None, ...] = field(default=())

    def __post_init__(self) -> None:
        xyxy = np.asarray(self.xyxy, dtype=np.float32).reshape(-1, 4)
        confidence = np.asarray(self.confidence, dtype=np.float32).reshape(-1)
        cards = tuple(self.cards)
        polygons = tuple(self.polygons) or (None,) * len(cards)
        if not (len(xyxy) == len(confidence) == len(cards) == len(polygons)):
            raise ValueError(
                f"Detections: {len(xyxy)} boxes, {len(confidence)} confidences, "
                f"{len(cards)} cards and {len(polygons)} polygons do not match")
        object.__setattr__(self, "xyxy", xyxy)
        object.__setattr__(self, "confidence", confidence)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "polygons", polygons)

    @classmethod
    def empty(cls) -> Detections:
        return cls(np.zeros((0, 4)), np.zeros(0), ())

    @classmethod
    def from_cards(cls, items: Iterable[tuple[str, Iterable[float], float]]) -> Detections:
        """Build from (card, (x1, y1, x2, y2), confidence) triples: for tests and adapters."""
        items = list(items)
        if not items:
            return cls.empty()
        cards, boxes, confidences = zip(*items, strict=True)
        return cls(np.array([list(b) for b in boxes]), np.array(confidences), cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, index: np.ndarray | slice | int) -> Detections:
        """Select by boolean mask, index array or slice; returns a new Detections."""
        positions = np.arange(len(self))[index].reshape(-1)
        return Detections(self.xyxy[positions], self.confidence[positions],
                          tuple(self.cards[i] for i in positions),
                          tuple(self.polygons[i] for i in positions))

    def only(self, cards: Collection[str]) -> Detections:
        """The detections whose card is one of `cards` (itself when all are)."""
        keep = np.array([card in cards for card in self.cards], bool)
        return self if keep.all() else self[keep]

    @property
    def centers(self) -> np.ndarray:
        return np.stack([(self.xyxy[:, 0] + self.xyxy[:, 2]) / 2,
                         (self.xyxy[:, 1] + self.xyxy[:, 3]) / 2], axis=1)

    def to_json(self) -> list[dict]:
        """The `cards` list of `durak-table detect --json`."""
        return [{"card": card, "confidence": round(float(conf), 4),
                 "box": [round(float(v), 1) for v in box]}
                for card, conf, box in zip(self.cards, self.confidence, self.xyxy, strict=True)]
