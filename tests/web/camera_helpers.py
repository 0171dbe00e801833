"""Helpers for the camera pipeline's tests: a scripted detector, a plain test video, playing it
through the pipeline, and the judged events read from the database."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from vision.detections import Detections  # noqa: E402
from web.camera_pipeline import CameraPipeline  # noqa: E402
from web.camera_setup import CameraMatchPlan  # noqa: E402
from web.live_source import VideoSource  # noqa: E402

SETUP = {"type": "setup", "variant": "classic", "deck": 36, "seats": ["Anna", "Boris"],
         "dealer": "Boris"}
TRUMP = ("6H", (520, 240, 560, 300))          # the turned trump, beside the stock
LEAD = ("9S", (290, 150, 330, 210))           # a card laid in the middle
FROM_ANNA = (290, 300, 330, 360)              # ... brought in from the bottom (the first seat)
PLAN = CameraMatchPlan(SETUP)                 # the match the video starts by itself


SLIDE = 0.4                                   # seconds a hand takes to bring a card in


class ScriptedDetector:
    """Reports a scripted card sequence by time since its first frame, whatever the frame: each
    card from its second on, sliding in from `start` (a seat's side) when given."""

    reads_frames = False   # its cards are not in the frame

    def __init__(self, script: list[tuple[Any, ...]]) -> None:
        self.script = script        # (from second, card, box, confidence[, start box])
        self.started: float | None = None

    def detect(self, frame: Any) -> Detections:
        now = time.monotonic()
        self.started = self.started if self.started is not None else now
        seen = []
        for since, card, box, confidence, *start in self.script:
            age = now - self.started - since
            if age >= 0:
                done = min(1.0, age / SLIDE) if start else 1.0
                where = [a + (b - a) * done for a, b in zip(start[0] if start else box, box,
                                                             strict=True)]
                seen.append((card, where, confidence))
        return Detections.from_cards(seen)


def write_video(path: Path, seconds: float = 2.6, fps: int = 15) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (640, 360))
    for number in range(int(seconds * fps)):
        frame = np.full((360, 640, 3), (40, 110, 40), np.uint8)
        cv2.putText(frame, str(number), (20, 40), cv2.FONT_HERSHEY_SIMPLEX, 1, (255, 255, 255))
        writer.write(frame)
    writer.release()
    return path


def play(app: Flask, video: Path, detector: ScriptedDetector,
         until: Callable[[], bool], plan: CameraMatchPlan | None = PLAN,
         timeout: float = 10) -> None:
    live = app.extensions["durak_live"]
    live.start(VideoSource(str(video), CameraPipeline(detector, plan), loop=False))
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the pipeline did not get there in time"
        time.sleep(0.05)


def judged(database: Path) -> list[tuple[dict[str, Any], bool, str]]:
    rows = sqlite3.connect(database).execute(
        "SELECT e.body, v.ok, e.origin FROM events e JOIN verdicts v ON v.event_id = e.id"
        " WHERE e.kind = 'event' ORDER BY e.id").fetchall()
    return [(json.loads(body), bool(ok), origin) for body, ok, origin in rows]
