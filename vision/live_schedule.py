"""Which frames of a video a live pipeline gets to, on a clock that runs as fast as it works.

A camera delivers frame i at i / fps and keeps only the newest one. A pipeline that took d
seconds on a frame next gets the newest frame there is when it finishes (or waits for the next
one if none came yet); the frames in between are dropped. `run_live` plays that schedule over a
video, calling `step(frame)` for each frame the pipeline gets and taking the seconds it returns
as the time that frame took: the measured time of the real work, or a fixed cost for a
reproducible run. Nothing sleeps: the clock is the video's own, so a run is deterministic given
the step times.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class LiveStep:
    """One frame the pipeline processed: its number, when it started and when its result came
    out, in seconds of the video (frame i is captured at i / fps)."""

    frame: int
    started: float
    finished: float


def next_frame(frame: int, finished: float, fps: float) -> int:
    """The frame a pipeline gets after finishing `frame` at `finished`: the newest one captured
    by then, or the next one to come."""
    newest = math.floor(finished * fps + 1e-9)
    return max(frame + 1, newest)


def run_live(frames: int, fps: float, step: Callable[[int], float]) -> list[LiveStep]:
    """Plays `frames` frames at `fps` through `step` (frame number -> seconds it took)."""
    steps: list[LiveStep] = []
    frame, started = 0, 0.0
    while frame < frames:
        took = max(0.0, float(step(frame)))
        steps.append(LiveStep(frame, started, started + took))
        frame = next_frame(frame, started + took, fps)
        started = max(started + took, frame / fps)
    return steps
