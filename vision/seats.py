"""Seat calibration: where each player sits, in frame pixels.

The user clicks each seat once on a frame (the dashboard stores the points); without a
calibration the seats are spread evenly around the frame's edge in the setup's clockwise order,
starting at the bottom centre (the side nearest a camera on a stand in front of the table).
Cards are given to seats by where they lie (round opening, cross piles) and by the direction they
came in from (who threw in).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class SeatMap:
    """Seat names (clockwise, as in the setup) and one point per seat."""

    names: tuple[str, ...]
    points: tuple[tuple[float, float], ...]

    def __post_init__(self) -> None:
        if len(self.names) != len(self.points):
            raise ValueError(f"SeatMap: {len(self.names)} seats but {len(self.points)} points")

    @classmethod
    def around_frame(cls, names: Sequence[str], width: float, height: float) -> SeatMap:
        """The default: seats evenly spaced on an ellipse touching the frame's edges, the first
        at the bottom centre, going clockwise as seen in the image."""
        points = []
        for i in range(len(names)):
            # with y pointing down, a growing angle turns clockwise on screen; pi/2 is straight down
            angle = math.pi / 2 + 2 * math.pi * i / len(names)
            points.append((width / 2 * (1 + 0.95 * math.cos(angle)),
                           height / 2 * (1 + 0.95 * math.sin(angle))))
        return cls(tuple(names), tuple((round(x, 1), round(y, 1)) for x, y in points))

    @classmethod
    def from_clicks(cls, clicks: dict[str, Iterable[float]]) -> SeatMap:
        names = tuple(clicks)
        return cls(names, tuple(tuple(map(float, clicks[n]))[:2] for n in names))

    @classmethod
    def load(cls, path: str | Path) -> SeatMap:
        return cls.from_clicks(json.loads(Path(path).read_text())["seats"])

    def to_dict(self) -> dict:
        return {"seats": {name: list(point) for name, point in zip(self.names, self.points,
                                                                   strict=True)}}

    def point(self, name: str) -> np.ndarray:
        return np.array(self.points[self.names.index(name)])

    def nearest(self, where: Sequence[float], among: Iterable[str] | None = None) -> str:
        """The seat closest to a point (a pile in front of a player)."""
        candidates = [n for n in (among if among is not None else self.names) if n in self.names]
        return min(candidates, key=lambda n: float(np.linalg.norm(self.point(n) - where)))

    def by_direction(self, start: Sequence[float], end: Sequence[float],
                     among: Iterable[str] | None = None) -> list[tuple[str, float]]:
        """Seats ranked by how well they explain a card travelling from `start` to `end`: the
        cosine between the seat's direction from the resting point and the way the card came
        from. Best first; an empty list when the card did not travel."""
        start, end = np.asarray(start, float), np.asarray(end, float)
        came_from = start - end
        if np.linalg.norm(came_from) < 1e-6:
            return []
        came_from /= np.linalg.norm(came_from)
        ranked = []
        for name in (among if among is not None else self.names):
            if name not in self.names:
                continue
            towards = self.point(name) - end
            norm = np.linalg.norm(towards)
            ranked.append((name, float(towards @ came_from / norm) if norm > 1e-6 else 0.0))
        return sorted(ranked, key=lambda item: -item[1])
