"""`serve --video/--camera/--stream`: frames through a (fake) detector, the tracker and event
inference into the dashboard's own referee; the MJPEG view, questions, the source's state."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from dashboard_helpers import make_app, post
from flask import Flask
from serve_process import REPO, Browser, ServeProcess

cv2 = pytest.importorskip("cv2")
referee = pytest.importorskip("referee")
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


@pytest.fixture
def camera_app(database: Path) -> Iterator[Flask]:
    app = make_app(database, REFEREE_FACTORY=referee.Referee)
    yield app
    app.extensions["durak_live"].stop()


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


def test_a_video_through_the_pipeline_is_judged_by_the_dashboard(
        camera_app: Flask, database: Path, tmp_path: Path) -> None:
    detector = ScriptedDetector([(0.2, *TRUMP, 0.95), (0.8, *LEAD, 0.95, FROM_ANNA)])
    play(camera_app, write_video(tmp_path / "game.avi"), detector,
         lambda: len(judged(database)) >= 4)
    events = judged(database)
    assert [(e, ok) for e, ok, _ in events] == [
        (SETUP, True), ({"type": "deal"}, True), ({"type": "trump", "card": "6H"}, True),
        ({"type": "attack", "player": "Anna", "cards": ["9S"]}, True)]
    assert {origin for _, _, origin in events[1:]} == {"live"}
    client = camera_app.test_client()
    state = client.get("/live/state.json").json
    assert state["snapshot"]["trump"] == "6H" and state["snapshot"]["table"]
    assert state["pipeline"]["processed"] >= 10
    assert state["source"]["state"] in ("live", "ended")
    page = client.get("/live").get_data(as_text=True)
    assert 'id="source-status"' in page and "9♠" in page


def test_the_mjpeg_view_shows_the_pipelines_frames(camera_app: Flask, tmp_path: Path) -> None:
    detector = ScriptedDetector([(0.0, *TRUMP, 0.95)])
    live = camera_app.extensions["durak_live"]
    play(camera_app, write_video(tmp_path / "game.avi"), detector,
         lambda: live.frames.latest()[0] >= 3)
    response = camera_app.test_client().get("/live/video.mjpeg", buffered=False)
    parts = iter(response.response)
    assert next(parts) == b"--frame\r\n"
    part = next(parts)
    jpeg = part[part.index(b"\r\n\r\n") + 4:part.rindex(b"\r\n--frame")]
    response.close()
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (360, 640, 3)
    # the recognised card is drawn: its box edge is no longer the plain table colour
    x1, y1, x2, _ = TRUMP[1]
    assert abs(int(image[y1, (x1 + x2) // 2].astype(int).sum()) - (40 + 110 + 40)) > 60


def test_a_question_is_answered_through_the_camera_table(
        camera_app: Flask, database: Path, tmp_path: Path) -> None:
    live = camera_app.extensions["durak_live"]
    # a card that appears from nowhere at a game's start: who led it is not clear
    detector = ScriptedDetector([(0.2, *TRUMP, 0.95), (0.8, *LEAD, 0.95)])
    play(camera_app, write_video(tmp_path / "game.avi"), detector,
         lambda: bool(live.questions.open_questions()))
    question = live.questions.open_questions()[0]
    client = camera_app.test_client()
    assert question.text in client.get("/live").get_data(as_text=True)
    choice = next(i for i, (_, e) in enumerate(question.choices) if e.get("player") == "Boris")
    assert post(client, "/live/answer", {"question": str(question.id),
                                         "choice": str(choice)}).status_code == 302
    assert judged(database)[-1][:2] == (question.choices[choice][1], True)
    assert not live.questions.open_questions()


def test_players_set_up_the_match_the_camera_follows(
        camera_app: Flask, database: Path, tmp_path: Path) -> None:
    client = camera_app.test_client()
    form = {"seat1": "Anna", "seat2": "Boris", "variant": "classic", "deck": "36",
            "dealer": "2", "first_move": "under", "camera": "live"}
    assert post(client, "/setup", form).status_code == 302
    detector = ScriptedDetector([(0.2, *TRUMP, 0.95)])
    play(camera_app, write_video(tmp_path / "game.avi"), detector,
         lambda: len(judged(database)) >= 3, plan=None)
    assert [e["type"] for e, _, _ in judged(database)] == ["setup", "deal", "trump"]


@pytest.mark.parametrize(("extra", "message"), [
    (["--model", "nothing.onnx"], "no detector model at"),
    (["--setup", "bad.json"], "the referee refuses this setup"),
    (["--video", "missing.mp4"], "no such video"),
])
def test_what_cannot_be_used_is_refused_with_exit_code_2(tmp_path: Path, extra: list[str],
                                                         message: str) -> None:
    video = write_video(tmp_path / "game.avi", seconds=0.2)
    (tmp_path / "bad.json").write_text(json.dumps(SETUP | {"seats": ["Anna"]}))
    result = subprocess.run(
        [sys.executable, "-m", "web.cli_serve", "--video", str(video), "--db",
         str(tmp_path / "db.sqlite"), "--model", str(tmp_path / "nothing.onnx"),
         *[str(tmp_path / arg) if "." in arg else arg for arg in extra]],
        cwd=REPO, capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_kill_9_while_the_camera_feeds_the_match_then_restart_brings_it_back(
        tmp_path: Path) -> None:
    database = tmp_path / "durak.sqlite"
    # the demo video through the real pipeline; the stand-in detector reports its game's cards
    server = ServeProcess(database, "--video", str(REPO / "examples" / "demo.mp4"),
                          "--detect-ms", "10", module="web.bench_pipeline")
    try:
        tab = Browser(server.url)
        deadline = time.monotonic() + 15
        while tab.state()["snapshot"] is None or not tab.state()["snapshot"]["trump"]:
            assert time.monotonic() < deadline, "no trump from the camera"
            time.sleep(0.05)
        before = tab.state()
        server.kill()
    finally:
        server.stop()
    assert before["snapshot"]["trump"] == "KD" and before["source"]["state"] == "live"
    restarted = ServeProcess(database, "--no-demo")
    try:
        after = Browser(restarted.url).state()
    finally:
        restarted.stop()
    assert after["match"] == before["match"]
    assert after["snapshot"]["trump"] == "KD"
    rows = sqlite3.connect(database).execute(
        "SELECT COUNT(*), COUNT(v.event_id) FROM events e LEFT JOIN verdicts v"
        " ON v.event_id = e.id").fetchone()
    assert rows[0] == rows[1] >= 3              # setup, deal, trump: each with its verdict


def test_a_camera_goes_on_with_the_running_match_a_video_starts_its_own(
        camera_app: Flask) -> None:
    live = camera_app.extensions["durak_live"]
    pipeline = CameraPipeline(ScriptedDetector([]), PLAN)
    pipeline.begin(live, fresh=False)                 # a camera, nothing running: starts one
    first = live.table.match.id
    pipeline.begin(live, fresh=False)                 # a camera after a restart: goes on
    assert live.table.match.id == first
    pipeline.begin(live, fresh=True)                  # a video from its beginning: a new match
    assert live.table.match.id != first and live.live_match()[1] == SETUP
