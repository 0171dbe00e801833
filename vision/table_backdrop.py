"""`TableBackdrop`: the table as it looked before play, so a picture on it is never a card.

A tablecloth pattern, a sticker or a printed icon can look enough like a card for the detector to
read it (on the game videos a calendar icon with one red diamond was read as A♦ at 0.90, again
and again for the whole game once the cards lying on it were swept). A card read where the
table looks exactly as it did when the camera started, before any card lay there, is the
table itself: the card is dropped before tracking.

The backdrop is the first frame handed in; the places where a card was read in the first
`LEARN_FRAMES` frames are not backdrop (a card already lying there when the camera started is
never taken for the table). A reading is the backdrop when its box lies on backdrop and its
picture matches it (normalized correlation of the grey crops, which ignores the camera's
brightness and contrast drift): on the 60 game videos of seeds 95-112, readings of real cards
matched the empty table's picture at their place at 0.70 at most, the pictures read as cards
at 0.95-1.00. A camera moved since the start matches nowhere, so nothing is dropped.

Images may be handed in as a function that decodes the frame only when a check needs it.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from vision.detections import Detections
from vision.evaluation import iou

LEARN_FRAMES = 5          # frames whose readings mark places that are not backdrop
LIKENESS = 0.85           # correlation with the backdrop above which a reading is the table
ON_BACKDROP = 0.9         # share of a box that must lie on learnt backdrop to be checked
MIN_TEXTURE = 4.0         # grey std below which a place is plain table: nothing to match
CROP_SIDE = 48            # crops are compared at this size
SAME_SPOT = 0.8           # IoU of two readings of one code that are one place

Image = np.ndarray | Callable[[], np.ndarray | None] | None


class TableBackdrop:
    """Drops the readings of pictures on the table (`seen`); learns from the first frames."""

    def __init__(self, likeness: float = LIKENESS) -> None:
        self.likeness = likeness
        self.grey: np.ndarray | None = None   # the backdrop
        self.known: np.ndarray | None = None  # True where the backdrop is the bare table
        self.frames = 0
        self.spots: list[tuple[str, np.ndarray]] = []   # pictures read as cards
        self.cards: dict[str, np.ndarray] = {}   # each code's place last found not backdrop

    def seen(self, detections: Detections, image: Image) -> Detections:
        """`detections` without the readings of the backdrop. `image`: the frame (or a function
        returning it, or None where there are no pixels: then nothing is dropped)."""
        self.frames += 1
        if self.grey is None:
            if self.frames > LEARN_FRAMES:
                return detections
            frame = _image_of(image)
            if frame is None:
                return detections
            self.grey = _grey(frame)
            self.known = np.ones(self.grey.shape, bool)
        if self.frames <= LEARN_FRAMES:
            self._not_backdrop(detections)
            return detections
        frame_grey: list[np.ndarray | None] = []   # decoded once, only when a check needs it
        keep = [not self._is_backdrop(card, box, image, frame_grey)
                for card, box in zip(detections.cards, detections.xyxy, strict=True)]
        return detections if all(keep) else detections[np.array(keep, bool)]

    def _not_backdrop(self, detections: Detections) -> None:
        for box in detections.xyxy:
            x0, y0, x1, y1 = self._clipped(box)
            self.known[y0:y1, x0:x1] = False

    def _is_backdrop(self, card: str, box: np.ndarray, image: Image,
                     frame_grey: list[np.ndarray | None]) -> bool:
        if any(code == card and iou(box, spot) >= SAME_SPOT for code, spot in self.spots):
            return True
        if card in self.cards and iou(box, self.cards[card]) >= SAME_SPOT:
            return False   # a card lying where it was found to be a card
        x0, y0, x1, y1 = self._clipped(box)
        if x1 - x0 < 8 or y1 - y0 < 8 or self.known[y0:y1, x0:x1].mean() < ON_BACKDROP:
            return False
        backdrop = self.grey[y0:y1, x0:x1]
        if backdrop.std() < MIN_TEXTURE:
            return False
        if not frame_grey:
            frame = _image_of(image)
            frame_grey.append(None if frame is None or frame.shape[:2] != self.grey.shape
                              else _grey(frame))
        if frame_grey[0] is None:
            return False
        if _likeness(frame_grey[0][y0:y1, x0:x1], backdrop) < self.likeness:
            self.cards[card] = np.array(box, np.float32)
            return False
        self.spots.append((card, np.array(box, np.float32)))
        return True

    def _clipped(self, box: np.ndarray) -> tuple[int, int, int, int]:
        height, width = self.grey.shape
        x0, y0, x1, y1 = (int(round(float(v))) for v in box)
        return max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)


def _image_of(image: Image) -> np.ndarray | None:
    return image() if callable(image) else image


def _grey(frame: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame


def _likeness(crop: np.ndarray, backdrop: np.ndarray) -> float:
    """Normalized correlation of two grey crops of one place (1.0: the same picture)."""
    a = cv2.resize(crop, (CROP_SIDE, CROP_SIDE)).astype(np.float32)
    b = cv2.resize(backdrop, (CROP_SIDE, CROP_SIDE)).astype(np.float32)
    a -= a.mean()
    b -= b.mean()
    norm = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum()) / norm if norm > 0 else 0.0
