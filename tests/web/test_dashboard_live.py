from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dashboard_helpers import make_app, play_foul_bout, post, start_match
from flask import Flask
from flask.testing import FlaskClient

from web.live_source import Question, SourceSink
from web.table_image import render_table, to_jpeg


class ScriptedSource:
    """A live source for tests: one frame, then whatever the test asks it to do."""

    description = "scripted camera"

    def __init__(self) -> None:
        self.sink: SourceSink | None = None
        self.ready = threading.Event()

    def run(self, sink: SourceSink, stop: threading.Event) -> None:
        self.sink = sink
        sink.frame(to_jpeg(render_table(None)))
        self.ready.set()
        stop.wait()


@pytest.fixture
def source(database: Path) -> Iterator[tuple[Flask, ScriptedSource]]:
    scripted = ScriptedSource()
    app = make_app(database, LIVE_SOURCE=scripted)
    assert scripted.ready.wait(5)
    yield app, scripted
    app.extensions["durak_live"].stop()


def read_sse(chunks: Iterator[bytes], kind: str, timeout: float = 5) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        chunk = next(chunks).decode()
        if chunk.startswith(f"event: {kind}\n"):
            return json.loads(chunk.split("data: ", 1)[1])
    raise AssertionError(f"no {kind} message")


def test_verdicts_stream_as_server_sent_events(client: FlaskClient) -> None:
    start_match(client)
    response = client.get("/live/events", buffered=False)
    assert response.mimetype == "text/event-stream"
    chunks = iter(response.response)
    assert next(chunks).startswith(b"retry:")
    play_foul_bout(client)
    messages = [read_sse(chunks, "verdict") for _ in range(4)]
    foul = messages[-1]
    assert foul["verdict"]["ok"] is False and foul["verdict"]["rule"] == "G4"
    assert foul["text"] == "Oleg beats 7♠ on 9♠" and foul["text_ru"] == "Oleg бьёт 7♠ на 9♠"
    response.close()


def test_the_live_page_shows_the_feed_and_the_state(client: FlaskClient) -> None:
    start_match(client)
    play_foul_bout(client)
    page = client.get("/live").get_data(as_text=True)
    assert 'data-rule="G4"' in page and "9♠" in page
    assert "No camera" in page            # no source: no video element
    state = client.get("/live/state").get_data(as_text=True)
    assert 'data-card="9S"' in state


def test_mjpeg_serves_frames_of_the_one_capture_thread(source: tuple[Flask, ScriptedSource]
                                                       ) -> None:
    app, _ = source
    client = app.test_client()
    assert 'id="video"' in client.get("/live").get_data(as_text=True)
    response = client.get("/live/video.mjpeg", buffered=False)
    assert response.mimetype == "multipart/x-mixed-replace"
    parts = iter(response.response)
    assert next(parts) == b"--frame\r\n"
    part = next(parts)
    assert part.startswith(b"Content-Type: image/jpeg") and b"\xff\xd8" in part
    assert part.endswith(b"\r\n--frame\r\n")          # the boundary comes with the frame
    response.close()
    assert client.get("/live/frame.jpg").data[:2] == b"\xff\xd8"


def test_the_frame_is_404_before_any_video(client: FlaskClient) -> None:
    assert client.get("/live/frame.jpg").status_code == 404


def test_events_from_the_source_reach_a_live_match_only(source: tuple[Flask, ScriptedSource]
                                                        ) -> None:
    app, scripted = source
    client = app.test_client()
    assert scripted.sink is not None
    start_match(client)                                   # camera: manual
    assert scripted.sink.event({"type": "deal"}) is None
    start_match(client, camera="live")
    assert scripted.sink.event({"type": "deal"}) == {"ok": True, "rule": None, "message": "",
                                                     "message_ru": "", "judged": True,
                                                     "applied": True}
    assert client.get("/live/state.json").json["snapshot"]["phase"] == "play"


def test_questions_from_the_source_are_answered_on_the_live_page(
        source: tuple[Flask, ScriptedSource]) -> None:
    app, scripted = source
    client = app.test_client()
    start_match(client, camera="live")
    assert scripted.sink is not None
    question = Question("Is the trump 6D or 8D?", "Козырь 6♦ или 8♦?",
                        [("6♦", {"type": "trump", "card": "6D"}),
                         ("8♦", {"type": "trump", "card": "8D"})])
    scripted.sink.ask(question)
    page = client.get("/live").get_data(as_text=True)
    assert "Is the trump 6D or 8D?" in page
    for form, status in (({"question": str(question.id), "choice": "5"}, 400),
                         ({"question": "x", "choice": "1"}, 400)):
        assert post(client, "/live/answer", form).status_code == status
    assert post(client, "/live/answer", {"question": str(question.id),
                                         "choice": "1"}).status_code == 302
    assert client.get("/live/state.json").json["snapshot"]["trump"] == "8D"
    assert post(client, "/live/answer", {"question": str(question.id),
                                         "choice": "1"}).status_code == 404


def test_a_question_in_the_vision_layers_shape_is_accepted(
        source: tuple[Flask, ScriptedSource]) -> None:
    app, scripted = source
    client = app.test_client()
    start_match(client, camera="live")

    class VisionQuestion:       # text, text_ru, candidates: what vision.table_events offers
        text = "Which card did Vera lead?"
        text_ru = "Какой картой пошла Vera?"
        candidates = ({"type": "attack", "player": "Vera", "cards": ["6S"]},
                      {"type": "attack", "player": "Vera", "cards": ["8S"]},
                      {"type": "attack", "player": "Vera", "cards": ["7S"], "beaten_by": "9S"},
                      {"type": "attack", "player": "Vera", "cards": ["7C"], "taken_by": "Anna"})

    assert scripted.sink is not None
    scripted.sink.ask(VisionQuestion())
    client.set_cookie("lang", "ru")
    page = client.get("/live/questions").get_data(as_text=True)
    assert "Какой картой пошла Vera?" in page and "Vera ходит 8♠" in page
    assert "Vera ходит 7♠ побито и бито картой 9♠" in page   # a whole bout the camera missed
    assert "Vera ходит 7♣ взял Anna" in page


def test_a_video_file_is_shown_by_the_one_capture_thread(database: Path, tmp_path: Path) -> None:
    cv2 = pytest.importorskip("cv2")
    import numpy as np

    from web.live_source import VideoSource

    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (160, 120))
    for shade in range(0, 250, 25):
        writer.write(np.full((120, 160, 3), shade, dtype=np.uint8))
    writer.release()

    class OneEventPipeline:        # what the vision layer plugs in: frame -> frame, events
        def __init__(self) -> None:
            self.sent = False

        def process(self, frame: Any) -> tuple[Any, list[dict[str, Any]], list[Question]]:
            events = [] if self.sent else [{"type": "deal"}]
            self.sent = True
            return frame, events, []

    app = make_app(database)
    client = app.test_client()
    start_match(client, camera="live")
    live = app.extensions["durak_live"]
    live.start(VideoSource(str(path), OneEventPipeline(), fps=50))
    try:
        deadline = time.monotonic() + 10
        while live.frames.latest()[0] < 15:               # the file loops
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert client.get("/live/frame.jpg").data[:2] == b"\xff\xd8"
        assert client.get("/live/state.json").json["snapshot"]["phase"] == "play"
    finally:
        live.stop()


def test_the_live_page_says_when_the_camera_stops_following_the_game(
        source: tuple[Flask, ScriptedSource]) -> None:
    """The camera's pipeline lost cross's deal, then is out of step after guessed hands: the
    live page says so in the player's language, and the feed tells the page once per change;
    following again, the page says nothing."""
    app, scripted = source
    client = app.test_client()
    start_match(client, camera="live")
    live = app.extensions["durak_live"]
    published = []
    live.feed.publish = lambda kind, data: published.append((kind, data))
    assert scripted.sink is live

    def notice() -> str:
        page = client.get("/live").get_data(as_text=True)
        return re.search(r'<p id="camera-unfollowed"[^>]*>([^<]*)</p>', page).group(1)

    assert notice() == ""
    live.camera_unfollowed("lost")
    live.camera_unfollowed("lost")
    assert notice().startswith("The camera lost the deal: this game is not judged")
    client.set_cookie("lang", "ru")
    live.camera_unfollowed("astray")
    assert notice().startswith("Камера сбилась с хода игры")
    live.camera_unfollowed(None)
    assert notice() == ""
    assert published == [("unfollowed", {"why": "lost"}), ("unfollowed", {"why": "astray"}),
                         ("unfollowed", {"why": ""})]
