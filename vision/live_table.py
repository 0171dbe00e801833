"""The dashboard's camera pipeline: a frame in; the annotated frame, events and questions out.

`CameraTable.process(frame)` is the `FramePipeline` that `web.live_source.VideoSource` calls from
its one capture thread. The dashboard's own referee judges the events: pass `SinkReferee(sink)`
so each event is submitted (and judged) the moment it is read and a refused one is not applied
to the camera's model either; `process` then returns no events (they are in already), only the
questions. Without a referee the events come back for the caller to submit.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from vision.detections import Detections
from vision.events_inference import InferenceConfig
from vision.pipeline import Detector, TablePipeline, frame_pixels, limit_to_setup_deck
from vision.seats import SeatMap
from vision.table_events import Question, TableEvent


class SinkReferee:
    """The dashboard's sink seen as a referee: `apply` submits an event there and returns its
    verdict dict; `snapshot` reads the dashboard's game."""

    def __init__(self, sink: Any) -> None:
        self.sink = sink

    def apply(self, event: dict) -> dict:
        verdict = self.sink.event(event)
        # None: the players run this match by hand; the camera's reading is then no foul
        return verdict if isinstance(verdict, dict) else {"ok": True, "rule": None}

    def snapshot(self) -> dict:
        return self.sink.snapshot() or {}

    def trial_copy(self) -> Any:
        """A private copy of the dashboard's referee to try events on, or None."""
        copy = getattr(self.sink, "referee_copy", None)
        return copy() if copy is not None else None

    def undo_last(self, event: dict) -> bool:
        """Takes back the dashboard's last event if it is `event` (the camera revising what it
        told; an event the players entered since is never taken back)."""
        undo = getattr(self.sink, "undo_camera_event", None)
        return bool(undo(event)) if undo is not None else False


class CameraTable:
    """Detector + `TablePipeline` behind the dashboard's `process(frame)` interface."""

    def __init__(self, detector: Detector, setup: dict, *, referee: Any = None,
                 seats: SeatMap | None = None, frame_size: tuple[int, int] = (1280, 720),
                 inference_config: InferenceConfig | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.detector = detector
        limit_to_setup_deck(detector, setup)
        self.pipeline = TablePipeline(setup, referee=referee, seats=seats, frame_size=frame_size,
                                      inference_config=inference_config, judge_setup=False)
        self.frames = 0
        self.clock = clock
        self._started = clock()

    def use_seats(self, seats: SeatMap) -> None:
        """A new seat calibration, from the next card on (cards already read keep theirs)."""
        self.pipeline.follower.seats = seats

    def process(self, frame: np.ndarray) -> tuple[np.ndarray, list[dict], list[Question]]:
        detections = self.detector.detect(frame)
        emitted = self.pipeline.update(self.frames, self.clock() - self._started, detections,
                                       frame_pixels(self.detector, frame))
        self.frames += 1
        judged = self.pipeline.referee is not None
        events = [] if judged else [e.event for e in emitted if isinstance(e, TableEvent)]
        questions = [q for q in emitted if isinstance(q, Question)]
        return annotate(frame, detections), events, questions


def annotate(frame: np.ndarray, detections: Detections) -> np.ndarray:
    """The frame with the recognised cards drawn (the detector's drawing when it is there)."""
    try:
        from vision.drawing import draw_detections
    except ImportError:  # drawing comes with the detector; the table works without it
        return frame
    return draw_detections(frame, detections)
