from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.detections import Detections
from vision.pipeline import TablePipeline
from vision.sources import ImageFolderSource
from vision.table_backdrop import LEARN_FRAMES, TableBackdrop
from vision.table_events import TableEvent

SETUP = {"type": "setup", "variant": "classic", "deck": 36, "seats": ["Anna", "Boris"],
         "dealer": "Boris"}
PICTURE = (100, 50, 160, 140)   # where a picture is printed on the tablecloth


def table(*, card: bool = False) -> np.ndarray:
    """A plain grey table with a picture printed on it; `card`: a card lies on the picture."""
    image = np.full((200, 320, 3), 70, np.uint8)
    x0, y0, x1, y1 = PICTURE
    pattern = np.random.default_rng(3).integers(0, 255, (y1 - y0, x1 - x0, 1), np.uint8)
    image[y0:y1, x0:x1] = cv2.GaussianBlur(np.repeat(pattern, 3, 2), (5, 5), 0)
    if card:
        image[y0:y1, x0:x1] = 235
        cv2.putText(image, "7", (x0 + 5, y0 + 25), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (30, 30, 200), 2)
        cv2.circle(image, ((x0 + x1) // 2, (y0 + y1) // 2), 12, (30, 30, 200), -1)
    return image


def reading(card: str, box=PICTURE) -> Detections:
    return Detections.from_cards([(card, box, 0.9)])


def learnt(first: np.ndarray | None, first_readings: Detections | None = None
           ) -> TableBackdrop:
    backdrop = TableBackdrop()
    for _ in range(LEARN_FRAMES):
        backdrop.seen(first_readings or Detections.empty(), first)
    return backdrop


def test_a_picture_on_the_table_read_as_a_card_is_dropped_even_in_other_light() -> None:
    backdrop = learnt(table())
    darker = (table() * 0.7 + 20).astype(np.uint8)   # the camera's exposure drifted
    assert len(backdrop.seen(reading("AD"), darker)) == 0
    # the place stays known: read again, it is dropped without the pixels
    assert len(backdrop.seen(reading("AD"), None)) == 0


def test_a_card_laid_on_the_picture_is_kept() -> None:
    backdrop = learnt(table())
    kept = backdrop.seen(reading("7H"), table(card=True))
    assert kept.cards == ("7H",)


def test_a_card_lying_there_when_the_camera_started_is_never_taken_for_the_table() -> None:
    backdrop = learnt(table(card=True), reading("7H"))
    assert backdrop.seen(reading("7H"), table(card=True)).cards == ("7H",)


def test_without_pixels_or_after_the_camera_moved_nothing_is_dropped() -> None:
    assert TableBackdrop().seen(reading("AD"), None).cards == ("AD",)
    blind = learnt(None)
    assert blind.seen(reading("AD"), table()).cards == ("AD",)
    moved = learnt(table())
    shifted = np.roll(table(), 25, axis=1)
    assert moved.seen(reading("AD"), shifted).cards == ("AD",)


class PictureReader:
    """Reads nothing while the camera starts, then the picture on the table as the trump."""

    def __init__(self) -> None:
        self.frames = 0

    def detect(self, frame: np.ndarray) -> Detections:
        self.frames += 1
        return reading("6H") if self.frames > LEARN_FRAMES else Detections.empty()


class StandIn(PictureReader):
    """The same readings from a stand-in whose cards are not in the frame."""

    reads_frames = False


def events_followed(folder: Path, frames: list[np.ndarray], reader: type = PictureReader
                    ) -> list[dict]:
    for i, image in enumerate(frames):
        cv2.imwrite(str(folder / f"{i:02d}.png"), image)
    pipeline = TablePipeline(SETUP, frame_size=(320, 200))
    followed = pipeline.follow(ImageFolderSource(folder, fps=10.0, lossless=True),
                               reader())
    return [e.event for _, _, out in followed for e in out if isinstance(e, TableEvent)]


def test_the_pipeline_never_takes_a_picture_on_the_table_for_a_card(tmp_path: Path) -> None:
    assert events_followed(tmp_path, [table()] * 16) == []


def test_the_pipeline_follows_a_card_laid_where_the_picture_is(tmp_path: Path) -> None:
    frames = [table()] * LEARN_FRAMES + [table(card=True)] * 11
    assert events_followed(tmp_path, frames) == [{"type": "deal"},
                                                 {"type": "trump", "card": "6H"}]


def test_a_stand_in_detectors_cards_are_not_checked_against_the_frame(tmp_path: Path) -> None:
    assert events_followed(tmp_path, [table()] * 16, StandIn) == [{"type": "deal"},
                                                                  {"type": "trump", "card": "6H"}]
