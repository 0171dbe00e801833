"""The card reader: a second opinion on a card the detector sees whole.

A webcam sees far more of a card than its corner index: a 720p game's card is about 117 pixels
long and its index 16-22. The card reader names a card from a crop of its whole box (the same
CNN as the index reader, on 64-pixel crops of whole faces: `train-reader --whole-cards`): number
cards by their pips' suit, count and layout, court cards by their picture. The detector weighs it
against what the card's indices say (`vision/detector.py`).
"""

from __future__ import annotations

from pathlib import Path

from vision.index_reader import MODELS, IndexReader
from vision.onnx_session import cpu_session

CARD_CROP_SIZE = 64
CARD_MARGIN = 1.1        # the square crop's side, relative to the card box's longer side
DEFAULT_CARD_READER = MODELS / "card-reader.onnx"   # what train-reader --whole-cards writes
CARD_VIEWS = ((CARD_MARGIN, 0),)


def load_card_reader(path: Path | str = DEFAULT_CARD_READER,
                     threads: int | None = None) -> IndexReader:
    """The card reader's model behind the index reader's interface (one view a card)."""
    return IndexReader(cpu_session(path, threads), views=CARD_VIEWS)
