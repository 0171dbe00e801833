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
from collections.abc import Callable, Iterable
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
    # how the players' choice (a candidate's index, None: none of them) is carried out; None:
    # the chosen event is submitted as it is
    answer: Callable[[int | None], None] | None = field(default=None, repr=False, compare=False)

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
    """A camera, video file or network stream (`vision.sources`: its own capture thread keeps
    only the newest frame) run through a `FramePipeline` in the dashboard's capture thread.

    The pipeline works on the newest frame whenever it is free, so a slow detector drops frames,
    never events: the tracker sees the cards over many frames. A file plays at its own speed
    and, with `loop`, starts over (a pipeline with `begin(sink, fresh)` is told each pass); a
    camera or stream that drops out is retried with backoff. Every change of the source's state
    (live, reconnecting, ended) goes to `sink.source_status` when the sink has one.
    """

    def __init__(self, target: int | str, pipeline: FramePipeline | None = None,
                 fps: float = 10.0, loop: bool = True) -> None:
        self.target = target
        self.pipeline = pipeline
        self.fps = fps          # without a pipeline: the most frames a second sent to viewers
        self.loop = loop
        kind = "camera" if isinstance(target, int) else "video"
        self.description = f"{kind} {target}"
        self.stats = VideoStats()

    def run(self, sink: SourceSink, stop: threading.Event) -> None:
        from vision.sources import open_source  # opencv: only when a camera is used

        report = getattr(sink, "source_status", None)
        while not stop.is_set():
            source = open_source(self.target, realtime=True, on_status=(
                None if report is None else lambda status: report(status.to_dict())))
            begin = getattr(self.pipeline, "begin", None)
            if begin is not None:
                begin(sink, source.finite)     # a file starts from its beginning: a new match
            try:
                self._follow(source.start(), sink, stop)
            finally:
                source.stop()
            if not (self.loop and source.finite):
                stop.wait()                      # ended: the last frame stays on the page
                return

    def _follow(self, source: Any, sink: SourceSink, stop: threading.Event) -> None:
        import cv2

        number = -1
        while not stop.is_set():
            packet = source.next_packet(number, timeout=0.5)
            if packet is None:
                if source.running:
                    continue                     # nothing new yet, or reconnecting
                return
            started = time.monotonic()
            if number < 0:
                self.stats.video_started = time.time() - packet.time
            self.stats.seen(packet.number - number - 1 if number >= 0 else packet.number)
            number = packet.number
            frame = packet.frame
            if self.pipeline is not None:
                try:
                    frame, events, questions = self.pipeline.process(frame)
                except Exception:  # noqa: BLE001 - one bad frame must not end the match
                    logging.getLogger(__name__).exception("the pipeline failed on a frame")
                    events, questions = [], []
                for event in events:
                    sink.event(event)
                for question in questions:
                    sink.ask(question)
            ok, encoded = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 75])
            if ok:
                sink.frame(encoded.tobytes())
            self.stats.busy += time.monotonic() - started
            if self.pipeline is None:
                stop.wait(max(0.0, 1.0 / self.fps - (time.monotonic() - started)))


@dataclass
class VideoStats:
    """Frames the pipeline handled and those it had to skip (the detector was busy)."""

    processed: int = 0
    dropped: int = 0
    busy: float = 0.0                  # seconds spent on frames
    started: float = field(default_factory=time.time)
    video_started: float = 0.0         # wall time of this pass's media time 0 (files)

    def seen(self, skipped: int) -> None:
        self.processed += 1
        self.dropped += max(0, skipped)

    def to_dict(self) -> dict[str, Any]:
        wall = max(1e-6, time.time() - self.started)
        return {"processed": self.processed, "dropped": self.dropped,
                "fps": round(self.processed / wall, 2),
                "ms_per_frame": round(1000 * self.busy / max(1, self.processed), 1),
                "video_started": round(self.video_started, 3)}


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
