"""Where the live view's video and events come from: one small interface, three sources.

A `LiveSource` runs in the dashboard's ONE capture thread (`run(sink, stop)`) and pushes into the
sink: JPEG frames for the MJPEG view, notation events (EVENTS.md) for the referee, and questions
the players should confirm. Sources:

- `ReplaySource`: replays a stored event log at a readable pace and draws the table itself: the
  demo `durak-table serve` plays when no camera is given.
- `VideoSource`: frames from OpenCV (`--camera N`, `--video FILE`, `--stream URL`). Given a
  `FramePipeline` (the vision layer's detector -> tracker -> events, issue 4) it also sends events
  and questions; without one it shows the video and the players enter events by hand.
"""

from __future__ import annotations

import itertools
import json
import logging
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .event_text import describe_event
from .table_image import render_table, to_jpeg

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "examples"
_question_ids = itertools.count(1)


@dataclass
class Question:
    """Something the pipeline is unsure of: the players pick one of `choices` (events)."""

    text: str
    text_ru: str
    choices: list[tuple[str, dict[str, Any]]]      # (label, event to submit if chosen)
    id: int = field(default_factory=lambda: next(_question_ids))

    @classmethod
    def from_candidates(cls, text: str, text_ru: str, candidates: Iterable[dict[str, Any]]
                        ) -> Question:
        """From the vision layer's question (`text`, `text_ru`, `candidates`: events)."""
        return cls(text, text_ru, [(describe_event(event), dict(event)) for event in candidates])


class SourceSink(Protocol):
    """What a source may do to the dashboard."""

    def frame(self, jpeg: bytes) -> None: ...
    def event(self, event: dict[str, Any]) -> dict[str, Any] | None: ...
    def ask(self, question: Any) -> None: ...     # a Question, or anything with candidates
    def snapshot(self) -> dict[str, Any] | None: ...
    def caption(self) -> tuple[str, bool]: ...     # last verdict's message, and whether a foul
    @property
    def version(self) -> int: ...
    def may_play_demo(self, match_id: int | None) -> bool: ...
    def demo_progress(self) -> tuple[int, dict[str, Any], int] | None: ...
    def start_demo(self, setup: dict[str, Any]) -> int | None: ...


class LiveSource(Protocol):
    description: str

    def run(self, sink: SourceSink, stop: threading.Event) -> None: ...


class FramePipeline(Protocol):
    """The vision layer's side: one BGR frame in; the annotated frame (BGR), new events and
    questions out."""

    def process(self, frame: Any) -> tuple[Any, list[dict[str, Any]], list[Question]]: ...


def draw_sink_frame(sink: SourceSink) -> None:
    caption, foul = sink.caption()
    sink.frame(to_jpeg(render_table(sink.snapshot(), caption, foul)))


class ReplaySource:
    """Plays event logs one after another as if a camera were watching, each as a match, and
    starts over after the last. While the players run a match of their own it only draws
    their table."""

    description = "demo replay"

    def __init__(self, logs: list[list[dict[str, Any]]], pace: float = 1.5,
                 loop: bool = True, fps: float = 0.0) -> None:
        logs = [log for log in logs if log and log[0].get("type") == "setup"]
        if not logs:
            raise ValueError("a replayed log must start with a setup event")
        # "foul" marks an injected foul in simulated logs: not part of what a camera sees
        self.logs = [[{k: v for k, v in e.items() if k != "foul"} for e in log] for log in logs]
        self.pace = pace
        self.loop = loop
        self.fps = fps       # > 0: redraw at this rate like a camera, not only on a change

    def resume_point(self, sink: SourceSink) -> tuple[int | None, int, int]:
        """(match, log, position) to go on from: a demo match the server was running when it
        stopped carries on where it was, so a restart does not replace it."""
        progress = sink.demo_progress()
        if progress is not None:
            match_id, setup, received = progress
            for log_number, events in enumerate(self.logs):
                if events[0] == setup and received <= len(events):
                    return match_id, log_number, received
        return None, 0, 0

    def run(self, sink: SourceSink, stop: threading.Event) -> None:
        match_id, log_number, position = self.resume_point(sink)
        drawn, drawn_at = -1, 0.0
        next_at = time.monotonic() + self.pace
        while not stop.is_set():
            camera_due = self.fps > 0 and time.monotonic() - drawn_at >= 1 / self.fps
            if sink.version != drawn or camera_due:
                drawn, drawn_at = sink.version, time.monotonic()
                draw_sink_frame(sink)
            if time.monotonic() >= next_at:
                # keep the pace on average: the next event is due one pace after this one was
                next_at = max(next_at + self.pace, time.monotonic())
                events = self.logs[log_number]
                if not sink.may_play_demo(match_id):
                    match_id, position = None, 0          # the players took the table
                elif position == 0:
                    match_id = sink.start_demo(events[0])
                    position = 1
                elif position < len(events):
                    sink.event(events[position])
                    position += 1
                elif self.loop or log_number + 1 < len(self.logs):
                    log_number = (log_number + 1) % len(self.logs)
                    match_id, position = None, 0
                    next_at = time.monotonic() + 3 * self.pace
            stop.wait(min(0.1, 1 / self.fps) if self.fps > 0 else 0.1)


class VideoSource:
    """A camera, video file or network stream through OpenCV: the one capture thread."""

    def __init__(self, target: int | str, pipeline: FramePipeline | None = None,
                 fps: float = 10.0) -> None:
        self.target = target
        self.pipeline = pipeline
        self.fps = fps
        kind = "camera" if isinstance(target, int) else "video"
        self.description = f"{kind} {target}"

    def run(self, sink: SourceSink, stop: threading.Event) -> None:
        import cv2  # only here: the dashboard runs without opencv when no camera is used

        capture = cv2.VideoCapture(self.target)
        try:
            while not stop.is_set():
                ok, frame = capture.read()
                if not ok:
                    if isinstance(self.target, str) and Path(self.target).is_file():
                        capture.set(cv2.CAP_PROP_POS_FRAMES, 0)   # a video file loops
                        continue
                    draw_sink_frame(sink)
                    stop.wait(1.0)
                    capture.release()
                    capture = cv2.VideoCapture(self.target)
                    continue
                if self.pipeline is not None:
                    frame, events, questions = self.pipeline.process(frame)
                    for event in events:
                        sink.event(event)
                    for question in questions:
                        sink.ask(question)
                ok, encoded = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 75])
                if ok:
                    sink.frame(encoded.tobytes())
                stop.wait(1.0 / self.fps)
        finally:
            capture.release()


def read_event_log(lines: Iterable[str]) -> list[dict[str, Any]]:
    events = []
    for line in lines:
        line = line.strip()
        if not line:
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(event, dict) and isinstance(event.get("type"), str):
            events.append(event)
    return events


def read_log_file(path: Path) -> list[list[dict[str, Any]]]:
    """The matches of a log file: each starts at a setup event."""
    matches: list[list[dict[str, Any]]] = []
    for event in read_event_log(path.read_text(encoding="utf-8").splitlines()):
        if event["type"] == "setup" or not matches:
            matches.append([])
        matches[-1].append(event)
    return matches


def demo_logs(log: Path | None = None, seed: int = 7) -> list[list[dict[str, Any]]]:
    """The bundled demo: the given log; else a simulated three-game match (scores change, a
    few fouls) followed by the example logs of every variant."""
    if log is not None:
        return read_log_file(log)
    logs = []
    try:
        from referee.simulate import simulate_match

        logs.append(simulate_match("classic", 3, 36, games=3, seed=seed, fouls=0.04))
    except Exception:      # noqa: BLE001 - the demo must start even if the simulator fails
        logging.getLogger(__name__).warning("no simulated demo match", exc_info=True)
    for path in sorted(EXAMPLES_DIR.glob("*.jsonl")):
        logs += read_log_file(path)
    return logs
