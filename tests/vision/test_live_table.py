from __future__ import annotations

import numpy as np

from vision.detections import Detections
from vision.live_table import CameraTable, SinkReferee

SETUP = {"type": "setup", "variant": "classic", "deck": 36, "seats": ["Anna", "Boris"],
         "dealer": "Boris"}


class FakeSink:
    """The dashboard's side: keeps what it got, finds it all legal."""

    def __init__(self) -> None:
        self.events: list[dict] = []

    def event(self, event: dict) -> dict:
        self.events.append(event)
        return {"ok": True, "rule": None}

    def snapshot(self) -> dict:
        return {"phase": "play"}


class FrameClock:
    """30 frames a second, whatever the machine's speed."""

    def __init__(self) -> None:
        self.ticks = -1

    def __call__(self) -> float:
        self.ticks += 1
        return self.ticks / 30


class TrumpDetector:
    def detect(self, frame: np.ndarray) -> Detections:
        return Detections.from_cards([("6H", (1000, 550, 1060, 640), 0.9)])


def test_camera_table_submits_through_the_sink_and_returns_questions_only() -> None:
    sink = FakeSink()
    table = CameraTable(TrumpDetector(), SETUP, referee=SinkReferee(sink), clock=FrameClock())
    frame = np.zeros((720, 1280, 3), np.uint8)
    results = [table.process(frame) for _ in range(12)]
    assert all(events == [] and questions == [] for _, events, questions in results)
    assert sink.events == [{"type": "deal"}, {"type": "trump", "card": "6H"}]  # no setup resent
    assert results[-1][0].shape == frame.shape


def test_camera_table_without_a_referee_returns_the_events() -> None:
    table = CameraTable(TrumpDetector(), SETUP, clock=FrameClock())
    frame = np.zeros((72, 128, 3), np.uint8)
    events = [e for _ in range(12) for e in table.process(frame)[1]]
    assert events == [{"type": "deal"}, {"type": "trump", "card": "6H"}]
