"""A hand-made table for tests: cards put down, slid in, covered and swept, frame by frame.

It feeds `Detections.from_cards` to anything with `update(frame, time, detections)` (a
`CardTracker` or a `TablePipeline`) at 30 fps and keeps every result, so tests read like a game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from vision.detections import Detections

FPS = 30.0
CARD_W, CARD_H = 60.0, 90.0


INDEX_W, INDEX_H = 14.0, 22.0   # a card read only from its corner index


def box_at(center: tuple[float, float], size: tuple[float, float] = (CARD_W, CARD_H)
           ) -> tuple[float, float, float, float]:
    (x, y), (width, height) = center, size
    return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)


class Scene:
    def __init__(self, target: Any, *, jitter: float = 0.0, seed: int = 0) -> None:
        self.target = target
        self.jitter = jitter
        self.cards: dict[str, tuple[float, float]] = {}
        self.confidence: dict[str, float] = {}
        self.hidden: set[str] = set()
        self.index_only: set[str] = set()  # read from an index box (at the card's place given)
        self.sizes: dict[str, tuple[float, float]] = {}  # a box of another size read for a card
        self.frame = 0
        self.results: list[Any] = []
        self.rng = np.random.default_rng(seed)

    @property
    def time(self) -> float:
        return self.frame / FPS

    def step(self, extra: Iterable[tuple[str, tuple[float, float], float]] = ()) -> Any:
        items = []
        for card, center in self.cards.items():
            if card in self.hidden:
                continue
            noisy = np.asarray(center) + self.rng.normal(0, self.jitter, 2) if self.jitter \
                else center
            size = (INDEX_W, INDEX_H) if card in self.index_only \
                else self.sizes.get(card, (CARD_W, CARD_H))
            items.append((card, box_at(tuple(noisy), size), self.confidence.get(card, 0.9)))
        items += [(card, box_at(center), conf) for card, center, conf in extra]
        result = self.target.update(self.frame, self.time, Detections.from_cards(items))
        self.results.append(result)
        self.frame += 1
        return result

    def wait(self, seconds: float, **step: Any) -> None:
        for _ in range(round(seconds * FPS)):
            self.step(**step)

    def put(self, card: str, at: tuple[float, float], *, confidence: float = 0.9) -> None:
        self.cards[card] = at
        self.confidence[card] = confidence

    def slide(self, card: str, start: tuple[float, float], end: tuple[float, float],
              seconds: float = 0.3, *, confidence: float = 0.9) -> None:
        """Move a card in a straight line (a hand bringing it in), then leave it at `end`."""
        self.slide_many({card: (start, end)}, seconds, confidence=confidence)

    def slide_many(self, paths: dict[str, tuple[tuple[float, float], tuple[float, float]]],
                   seconds: float = 0.3, *, confidence: float = 0.9) -> None:
        """Move several cards at once, each from its start to its end."""
        frames = max(1, round(seconds * FPS))
        for i in range(frames + 1):
            f = i / frames
            for card, (start, end) in paths.items():
                self.put(card, (start[0] + f * (end[0] - start[0]),
                                start[1] + f * (end[1] - start[1])), confidence=confidence)
            if i < frames:
                self.step()

    def remove(self, *cards: str) -> None:
        for card in cards:
            self.cards.pop(card, None)

    def emitted(self) -> list[Any]:
        """Everything a pipeline returned, flattened, in order."""
        return [item for result in self.results for item in (result or [])]
