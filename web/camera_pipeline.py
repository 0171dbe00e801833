"""The dashboard's camera pipeline: one detector for the whole server, one `CameraTable` per match.

`VideoSource` calls `begin(sink, fresh)` when a pass of its source starts and `process(frame)` for
every frame it gets to. While a match with camera "live" runs, the frame goes detector -> tracker
-> event inference, and each event is submitted to the dashboard's own referee the moment it is
read (`SinkReferee`): it is stored before its verdict is shown, like every other event. Questions
come back as the dashboard's `Question`s whose answer goes through the `CameraTable`, so the
camera's model of the table learns the players' choice. With no camera match running (manual
entry, nothing set up) the recognised cards are still drawn.

The bundled demo (`demo=True`: `serve` with no source) starts its match as a demo match, and only
while the players have not taken the table (like the replay demo); it follows that match too.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import numpy as np

from vision.live_table import CameraTable, SinkReferee, annotate
from vision.pipeline import Detector
from vision.seats import SeatMap
from vision.table_events import Question as VisionQuestion

from .camera_drawing import draw_pairs
from .camera_setup import CameraMatchPlan
from .live_source import Question, SourceSink


class CameraPipeline:
    """The `FramePipeline` of a real (or fake) detector for `web.live_source.VideoSource`."""

    def __init__(self, detector: Detector, plan: CameraMatchPlan | None = None,
                 demo: bool = False) -> None:
        self.detector = detector
        self.plan = plan
        self.demo = demo
        self.sink: SourceSink | None = None
        self.table: CameraTable | None = None
        self._match_id: int | None = None
        self._asked: list[int] = []            # dashboard question ids of the current table
        self._asked_for: list[tuple[VisionQuestion, int]] = []  # ... and the camera's question
        self._seats_version = 0                # the sink's calibration the table has
        self._lock = threading.Lock()          # process() runs in the capture thread, answers
                                               # come from request threads

    # --- VideoSource's side -------------------------------------------------------------------
    def begin(self, sink: SourceSink, fresh: bool) -> None:
        """A pass of the source starts. `fresh`: the video starts from its beginning (a file), so
        the planned match starts anew; otherwise (a camera) a running camera match goes on.
        The detector sizes its network afresh for it (a camera may have moved meanwhile)."""
        self.sink = sink
        new_video = getattr(self.detector, "new_video", None)   # a stand-in has none
        if new_video is not None:
            new_video()
        if self.plan is None:
            return
        if self.demo:
            if sink.may_play_demo(None):           # not while the players hold the table
                sink.start_demo(self.plan.setup)
        elif fresh or self._live_match() is None:
            sink.start_live_match(self.plan.setup)     # type: ignore[attr-defined]

    def process(self, frame: np.ndarray) -> tuple[np.ndarray, list[dict[str, Any]],
                                                  list[Question]]:
        with self._lock:
            table = self._table_for(frame)
            if table is None:
                return annotate(frame, self.detector.detect(frame)), [], []
            annotated, events, questions = table.process(frame)
            self._close_withdrawn(table)
            self._report_unfollowed(table.pipeline.unfollowed)
            pairs = table.pipeline.follower.view.reader.pairs
            return draw_pairs(annotated, pairs), events, [self._asked_on(table, q)
                                                           for q in questions]

    # --- answers from the live page ----------------------------------------------------------
    def answer(self, table: CameraTable, question: VisionQuestion, choice: int | None) -> None:
        with self._lock:
            if table is not self.table:
                return              # a question of a match that is over
            table.pipeline.answer(question, choice)

    # --- internals ----------------------------------------------------------------------------
    def _table_for(self, frame: np.ndarray) -> CameraTable | None:
        """The `CameraTable` of the running camera match, built when the match changes; its
        seats follow the players' calibration as soon as they store or reset it."""
        sink = self.sink
        current = self._live_match()
        if current is None:
            self._retire()
            return None
        match_id, setup = current
        height, width = frame.shape[:2]
        seats_version = getattr(sink, "seats_version", 0)
        if match_id != self._match_id or self.table is None:
            self._retire()
            self.table = CameraTable(self.detector, setup, referee=SinkReferee(sink),
                                     seats=self._seats(match_id, setup, (width, height)),
                                     frame_size=(width, height))
            self._match_id = match_id
            logging.getLogger(__name__).info("camera follows match %s", match_id)
        elif seats_version != self._seats_version:
            self.table.use_seats(self._seats(match_id, setup, (width, height)))
        self._seats_version = seats_version
        return self.table

    def _live_match(self) -> tuple[int, dict[str, Any]] | None:
        """(id, setup) of the match the camera feeds: players' camera matches, and in the
        bundled demo the demo's own match too."""
        live_match = getattr(self.sink, "live_match", None)
        return None if live_match is None else live_match(include_demo=self.demo)

    def _seats(self, match_id: int, setup: dict[str, Any], size: tuple[int, int]) -> SeatMap:
        """The players' clicks; else the plan's calibration for its own table; else the
        default round the frame edge."""
        clicks = getattr(self.sink, "seat_clicks", lambda _match: None)(match_id)
        if clicks is not None and list(clicks.seats) == list(setup.get("seats") or []):
            return SeatMap.from_clicks(clicks.scaled(*size))
        if self.plan is not None and self.plan.seats and \
                self.plan.setup.get("seats") == setup.get("seats"):
            return SeatMap.from_clicks(self.plan.seats)
        return SeatMap.around_frame(list(setup.get("seats") or []), *size)

    def _asked_on(self, table: CameraTable, question: VisionQuestion) -> Question:
        asked = Question.from_candidates(question.text, question.text_ru, question.candidates)
        asked.answer = lambda choice: self.answer(table, question, choice)
        self._asked.append(asked.id)
        self._asked_for.append((question, asked.id))
        return asked

    def _report_unfollowed(self, why: str | None) -> None:
        """Whether the camera follows the game (None) or why not ("lost", "astray") goes to
        the dashboard when the sink takes it."""
        report = getattr(self.sink, "camera_unfollowed", None)
        if report is not None:
            report(why)

    def _close_withdrawn(self, table: CameraTable) -> None:
        """Questions the camera's pipeline settled without the players (the game went on) leave
        the dashboard: an answer would change nothing now."""
        withdrawn = table.pipeline.follower.withdrawn
        gone = [asked_id for question, asked_id in self._asked_for
                if any(question is settled for settled in withdrawn)]
        if not gone:
            return
        self._asked_for = [(q, i) for q, i in self._asked_for if i not in gone]
        close = getattr(self.sink, "close_questions", None)
        if close is not None:
            close(gone)

    def _retire(self) -> None:
        """The match changed: its open questions are closed, its table forgotten."""
        if self.sink is not None and self._asked:
            close = getattr(self.sink, "close_questions", None)
            if close is not None:
                close(self._asked)
        self._asked, self._asked_for = [], []
        if self.table is not None:
            self._report_unfollowed(None)   # a new match: followed from its start
        self.table, self._match_id = None, None
