"""Wires a live source to the match table: the sink it pushes into, the questions it asks, and
the one capture thread it runs in."""

from __future__ import annotations

import logging
import threading
from typing import Any

from .feed import VerdictFeed
from .frame_hub import FrameHub
from .live_source import LiveSource, Question
from .match_table import MatchTable
from .table_image import render_table, thumbnail, to_jpeg


class QuestionBoard:
    """Open questions from the pipeline; answering one submits the chosen event."""

    def __init__(self, feed: VerdictFeed) -> None:
        self._feed = feed
        self._lock = threading.Lock()
        self._open: dict[int, Question] = {}

    def ask(self, question: Question) -> None:
        with self._lock:
            self._open[question.id] = question
        self._feed.publish("question", {"id": question.id})

    def open_questions(self) -> list[Question]:
        with self._lock:
            return list(self._open.values())

    def get(self, question_id: int) -> Question | None:
        with self._lock:
            return self._open.get(question_id)

    def take(self, question_id: int) -> Question | None:
        with self._lock:
            question = self._open.pop(question_id, None)
        if question is not None:
            self._feed.publish("question", {"id": question_id, "closed": True})
        return question


class LiveTable:
    """The SourceSink the capture thread pushes into."""

    def __init__(self, table: MatchTable, frames: FrameHub, questions: QuestionBoard,
                 feed: VerdictFeed | None = None) -> None:
        self.table = table
        self.feed = feed
        self.frames = frames
        self.questions = questions
        self.demo_requested = False
        self.source: LiveSource | None = None
        self.source_state: dict[str, Any] | None = None     # the camera's live/reconnecting/...
        self.unfollowed: str | None = None   # why the camera tells nothing of the game now
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    # --- SourceSink ------------------------------------------------------------------------
    def frame(self, jpeg: bytes) -> None:
        self.frames.publish(jpeg)

    def event(self, event: dict[str, Any]) -> dict[str, Any] | None:
        origin = self._camera_origin()
        if origin is None:
            return None        # the players run this match by hand
        return self.table.submit(event, origin).verdict

    def undo_camera_event(self, event: dict[str, Any]) -> bool:
        """The camera takes back the last event it told, when that is still the last applied
        (it revises its reading); stored as an undo, like the players' own."""
        origin = self._camera_origin()
        return origin is not None and self.table.undo(origin, only=event)

    def referee_copy(self) -> Any:
        """The match's referee, copied, for the camera to try events on; None when the players
        run the match by hand."""
        return self.table.referee_copy() if self._camera_origin() is not None else None

    def _camera_origin(self) -> str | None:
        """What the camera's events are stored as ("live", "demo"); None when the players
        run the match by hand."""
        match = self.table.match
        if match is None or match.camera != "live":
            return None
        return "demo" if match.source == "demo" else "live"

    def ask(self, question: Any) -> None:
        if not isinstance(question, Question):     # e.g. vision.table_events.Question
            question = Question.from_candidates(question.text, question.text_ru,
                                                question.candidates)
        self.questions.ask(question)

    def snapshot(self) -> dict[str, Any] | None:
        return self.table.snapshot()

    def source_status(self, status: dict[str, Any]) -> None:
        """The camera's state changed (connecting, live, reconnecting, ended, stopped)."""
        changed = self.source_state is None or status["state"] != self.source_state["state"]
        self.source_state = status
        if changed and self.feed is not None:
            self.feed.publish("source", status)

    def camera_unfollowed(self, why: str | None) -> None:
        """The camera stopped following the game ("lost": cross's deal lost, "astray": out
        of step after hands it guessed) or follows it again (None); the live page says so."""
        if why != self.unfollowed:
            self.unfollowed = why
            if self.feed is not None:
                self.feed.publish("unfollowed", {"why": why or ""})

    def live_match(self, include_demo: bool = False) -> tuple[int, dict[str, Any]] | None:
        """(id, setup) of the running match when the camera feeds it; a demo match only with
        `include_demo` (the demo video's own)."""
        match = self.table.match
        if match is None or match.camera != "live" or not match.applied \
                or (match.source == "demo" and not include_demo):
            return None
        return match.id, match.applied[0][1]

    def start_live_match(self, setup: dict[str, Any]) -> None:
        self.table.start_match(setup, camera="live", source="camera")

    def seat_clicks(self, match_id: int) -> Any:
        """The players' seat calibration of a match (`SeatClicks`), or None."""
        return self.table.seat_clicks(match_id)

    @property
    def seats_version(self) -> int:
        return self.table.seats_version

    def close_questions(self, question_ids: list[int]) -> None:
        for question_id in question_ids:
            self.questions.take(question_id)

    def caption(self) -> tuple[str, bool]:
        verdict = self.table.last_verdict
        if not verdict:
            return "", False
        text = verdict.get("text", "")
        if verdict.get("ok"):
            return f"{text}  ✓", False
        return f"{text}  FOUL {verdict.get('rule')}: {verdict.get('message')}", True

    @property
    def version(self) -> int:
        return self.table.version

    def may_play_demo(self, match_id: int | None) -> bool:
        current = self.table.match
        if match_id is not None:
            return current is not None and current.id == match_id
        return current is None or current.source == "demo" or self.demo_requested

    def demo_progress(self) -> tuple[int, dict[str, Any], int] | None:
        match = self.table.match
        if match is None or match.source != "demo" or not match.applied:
            return None
        return match.id, match.applied[0][1], match.received

    def start_demo(self, setup: dict[str, Any]) -> int | None:
        self.demo_requested = False
        self.table.start_match(setup, camera="live", source="demo")
        return self.table.match.id if self.table.match else None

    # --- the capture thread ----------------------------------------------------------------
    def start(self, source: LiveSource) -> None:
        self.source = source
        self._thread = threading.Thread(target=self._run, name="capture", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        assert self.source is not None
        while not self._stop.is_set():
            try:
                self.source.run(self, self._stop)
                return
            except Exception:  # noqa: BLE001 - the video must come back after a bad frame
                logging.getLogger(__name__).exception("the live source failed; restarting it")
                self._stop.wait(1.0)

    def stop(self) -> None:
        self._stop.set()
        self.frames.close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    @property
    def draws_own_frames(self) -> bool:
        return self.source is None or getattr(self.source, "description", "") == "demo replay"

    def foul_picture(self, snapshot: dict[str, Any], verdict: dict[str, Any]
                     ) -> tuple[bytes, bytes] | None:
        """The picture kept with a foul: the camera's frame, or the drawn table."""
        _, jpeg = self.frames.latest()
        if self.draws_own_frames or jpeg is None:
            caption = f"FOUL {verdict.get('rule')}: {verdict.get('message')}"
            jpeg = to_jpeg(render_table(snapshot, caption, foul=True))
        return jpeg, thumbnail(jpeg)
