from __future__ import annotations

import threading
from pathlib import Path

import cv2
import numpy as np

from vision.detections import Detections
from vision.pipeline import TablePipeline
from vision.sources import ImageFolderSource
from vision.table_events import TableEvent

SETUP = {"type": "setup", "variant": "classic", "deck": 36, "seats": ["Anna", "Boris"],
         "dealer": "Boris"}


class OneCardDetector:
    """Sees the turned trump in every frame, like a detector looking at a fresh deal."""

    def __init__(self) -> None:
        self.frames = 0

    def detect(self, frame: np.ndarray) -> Detections:
        self.frames += 1
        return Detections.from_cards([("6H", (100, 100, 160, 190), 0.9)])


def follow_twelve_frames(folder: Path, detector) -> tuple[TablePipeline, list]:
    """A folder of 12 blank frames followed through `detector` and a fresh pipeline."""
    for i in range(12):
        cv2.imwrite(str(folder / f"{i:02d}.png"), np.zeros((72, 128, 3), np.uint8))
    pipeline = TablePipeline(SETUP, frame_size=(128, 72))
    return pipeline, list(pipeline.follow(ImageFolderSource(folder, fps=10.0, lossless=True),
                                          detector))


def test_follow_runs_every_frame_of_a_folder_through_detector_and_pipeline(tmp_path: Path) -> None:
    detector = OneCardDetector()
    _, results = follow_twelve_frames(tmp_path, detector)
    assert [packet.number for packet, _, _ in results] == list(range(12))
    assert detector.frames == 12
    emitted = [e.event for _, _, out in results for e in out if isinstance(e, TableEvent)]
    assert emitted == [{"type": "deal"}, {"type": "trump", "card": "6H"}]


def test_follow_stops_when_asked(tmp_path: Path) -> None:
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"{i}.png"), np.zeros((8, 8, 3), np.uint8))
    stop = threading.Event()
    stop.set()
    pipeline = TablePipeline(SETUP)
    assert list(pipeline.follow(ImageFolderSource(tmp_path), OneCardDetector(), stop=stop)) == []


class DeckAwareDetector(OneCardDetector):
    """Also reads a 3 of spades, which a 36-card deck lacks, and remembers the deck it is told."""

    deck_size: int | None = None

    def limit_to_deck(self, size: int | None) -> None:
        self.deck_size = size

    def detect(self, frame: np.ndarray) -> Detections:
        self.frames += 1
        return Detections.from_cards([("3S", (10, 10, 60, 90), 0.95),
                                      ("6H", (100, 100, 160, 190), 0.9)])


def test_a_card_the_games_deck_lacks_is_a_misreading_and_never_an_event(tmp_path: Path) -> None:
    detector = DeckAwareDetector()
    pipeline, results = follow_twelve_frames(tmp_path, detector)
    assert detector.deck_size == 36
    assert "3S" not in pipeline.tracker.tracks
    emitted = [e.event for _, _, out in results for e in out if isinstance(e, TableEvent)]
    assert emitted == [{"type": "deal"}, {"type": "trump", "card": "6H"}]
