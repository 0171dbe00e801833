"""`IndexReader`: the second stage that reads a card's identity from its corner index.

The detector finds where indices are in a downscaled frame; the reader looks at each one again
in the full-resolution frame, as a small square crop, and names the card (or says it is not an
index at all). Reading a 48-pixel crop is cheap, converges fast in training, and keeps the
small print that downscaling the whole frame loses.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

import cv2
import numpy as np

from vision.cardclasses import CARD_CODES
from vision.onnx_session import cpu_session

CROP_SIZE = 48
CROP_MARGIN = 1.25       # the square crop's side, relative to the index box's longer side
# An index the first view reads less surely than REREAD_BELOW is read again in more views (crop
# margin, quarter turns) and their log-probabilities averaged: a detector's box is loose or
# off-centre by a tenth, and an index upside down in a card's far corner reads differently.
# Measured on the held-out designs' index boxes, jittered like the detector's: one view names
# 0.725 of them right, the six 0.758 (>= 24 px: 0.854 -> 0.882); where the first view is surer
# than 0.9 (0.963 right there), the six agree with it, so only the others are read again.
# Four views do as well as six for half the rereads (session 13, the whole detector on the
# held-out set: F1 0.7732 with six, 0.7750 with these four, 0.7701 with the three upright ones;
# photos 0.9753 / 0.9772 recall with six / four): the two upside-down ones dropped were the
# margins the upright views already try
REREAD_BELOW = 0.9
READ_VIEWS = ((CROP_MARGIN, 0), (1.1, 0), (CROP_MARGIN, 2), (1.45, 0))
NOT_AN_INDEX = len(CARD_CODES)  # the reader's extra class
READER_CLASSES = (*CARD_CODES, "none")
MODELS = Path(__file__).resolve().parent.parent / "models"
TRAINED_READER = MODELS / "index-reader.onnx"      # what `train-reader` exports (float)
DEFAULT_READER = MODELS / "index-reader-int8.onnx"  # what the detector reads with: its int8 copy


def crop_index(frame: np.ndarray, box: np.ndarray, margin: float = CROP_MARGIN,
               shift: tuple[float, float] = (0.0, 0.0), size: int = CROP_SIZE) -> np.ndarray:
    """A `size` square around an index box (x1, y1, x2, y2), uint8 BGR; edges padded grey.

    `shift` moves the centre by a fraction of the side (training jitter)."""
    x1, y1, x2, y2 = (float(v) for v in box)
    side = max(x2 - x1, y2 - y1, 2.0) * margin
    cx = (x1 + x2) / 2 + shift[0] * side
    cy = (y1 + y2) / 2 + shift[1] * side
    scale = size / side
    warp = np.array([[scale, 0, size / 2 - cx * scale],
                     [0, scale, size / 2 - cy * scale]], np.float32)
    interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return cv2.warpAffine(frame, warp, (size, size), flags=interpolation,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=(114, 114, 114))


def training_crop(frame: np.ndarray, box: np.ndarray, rng: np.random.Generator,
                  size: int = CROP_SIZE) -> np.ndarray:
    """`crop_index` with training jitter: as loose and off-centre as the boxes the detector finds
    and the corner guesses of a card box (margin 1.05-1.7, shift sd 0.09 of the side)."""
    return crop_index(frame, box, margin=rng.uniform(1.05, 1.7),
                      shift=tuple(rng.normal(0, 0.09, 2)), size=size)


def crops_to_batch(crops: np.ndarray) -> np.ndarray:
    """(N, S, S, 3) uint8 BGR -> (N, 3, S, S) float32 RGB in [0, 1], the reader's input."""
    return np.ascontiguousarray(crops[..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255


class IndexReader:
    """Loads the reader's ONNX model once; `read(frame, boxes)` names each index."""

    def __init__(self, session, views: tuple[tuple[float, int], ...] = READ_VIEWS,
                 reread_below: float = REREAD_BELOW) -> None:
        self.session = session
        self.input_name = session.get_inputs()[0].name
        self.crop_size = crop_size_of(session)
        self.allowed: np.ndarray | None = None   # mask over READER_CLASSES; None: all
        self.views = views   # (crop margin, quarter turns); the first is read for every box
        self.reread_below = reread_below

    def limit_to(self, codes: Collection[str] | None) -> None:
        """Read only these cards (and `none`): a 36-card game holds no 2 to 5, so an index
        that looks most like a 3 is read as the likeliest card of the deck instead."""
        self.allowed = None if codes is None else \
            np.array([name in codes or name == "none" for name in READER_CLASSES])

    @classmethod
    def load(cls, path: Path | str = DEFAULT_READER, threads: int | None = None) -> IndexReader:
        return cls(cpu_session(path, threads))

    def read(self, frame: np.ndarray, boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per box: the reader's class (NOT_AN_INDEX for none) and its probability."""
        return best_reading(self.log_probabilities(frame, boxes))

    def log_probabilities(self, frame: np.ndarray, boxes: np.ndarray) -> np.ndarray:
        """Per box, the log-probability (boxes, READER_CLASSES) of each class."""
        if len(boxes) == 0:
            return np.zeros((0, len(READER_CLASSES)), np.float32)
        log_probabilities = self._read_views(frame, boxes, self.views[:1])[0]
        unsure = np.flatnonzero(log_probabilities.max(axis=1) < np.log(self.reread_below))
        if len(unsure) and len(self.views) > 1:
            more = self._read_views(frame, boxes[unsure], self.views[1:])
            # the views' mean log-probability, made a distribution again
            log_probabilities[unsure] = log_softmax(
                (log_probabilities[unsure] + more.sum(axis=0)) / len(self.views))
        return log_probabilities

    def _read_views(self, frame: np.ndarray, boxes: np.ndarray,
                    views: tuple[tuple[float, int], ...]) -> np.ndarray:
        """Log-probabilities (views, boxes, classes) of each box read in each view."""
        crops = np.stack([np.rot90(crop_index(frame, box, margin, size=self.crop_size), turns)
                          for margin, turns in views for box in boxes])
        logits = self.session.run(None, {self.input_name: crops_to_batch(crops)})[0]
        if self.allowed is not None:
            logits = np.where(self.allowed, logits, -np.inf)
        return log_softmax(logits).reshape(len(views), len(boxes), -1)


def crop_size_of(session) -> int:
    """The square crop side a reader model was exported for (its input's last dimension;
    CROP_SIZE where the model leaves it open)."""
    side = session.get_inputs()[0].shape[-1]
    return side if isinstance(side, int) and side > 0 else CROP_SIZE


def best_reading(log_probabilities: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of log-probabilities, the likeliest class and its probability."""
    classes = log_probabilities.argmax(axis=1).astype(int)
    return classes, np.exp(log_probabilities[np.arange(len(classes)), classes]).astype(np.float32)


def next_reading(log_probabilities: np.ndarray, classes: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Per row, the likeliest card after `classes` (never NOT_AN_INDEX) and its probability
    given that the row is not `classes`: what an index says once the deck rules out its first
    reading (that card lies elsewhere)."""
    probabilities = np.exp(np.asarray(log_probabilities, np.float64))
    rows = np.arange(len(classes))
    others = probabilities.copy()
    others[rows, classes] = 0.0
    others[:, NOT_AN_INDEX] = 0.0
    following = others.argmax(axis=1).astype(int)
    rest = np.maximum(1.0 - probabilities[rows, classes], 1e-9)
    return following, np.minimum(others[rows, following] / rest, 1.0).astype(np.float32)


def log_softmax(logits: np.ndarray) -> np.ndarray:
    """Row-wise log-probabilities; -inf (a class ruled out) stays -inf."""
    shifted = logits - logits.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))
