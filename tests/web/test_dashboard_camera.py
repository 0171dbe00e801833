"""`serve --video/--camera/--stream`: frames through a (fake) detector, the tracker and event
inference into the dashboard's own referee; the MJPEG view, questions, the source's state."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from dashboard_helpers import post
from flask import Flask
from serve_process import REPO, Browser, ServeProcess

cv2 = pytest.importorskip("cv2")
referee = pytest.importorskip("referee")
np = pytest.importorskip("numpy")

from camera_helpers import (  # noqa: E402
    FROM_ANNA,
    LEAD,
    PLAN,
    SETUP,
    TRUMP,
    ScriptedDetector,
    judged,
    play,
    write_video,
)

from web.camera_pipeline import CameraPipeline  # noqa: E402


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


def test_each_pass_of_a_source_sizes_the_detector_afresh(camera_app: Flask) -> None:
    """The card detector keeps a video's network size from frame to frame: a new pass of the
    source (a camera back, the video from its start) is a new video for it."""
    class SizedDetector(ScriptedDetector):
        new_videos = 0

        def new_video(self) -> SizedDetector:
            self.new_videos += 1
            return self

    live = camera_app.extensions["durak_live"]
    detector = SizedDetector([])
    pipeline = CameraPipeline(detector, PLAN)
    pipeline.begin(live, fresh=False)
    pipeline.begin(live, fresh=True)
    assert detector.new_videos == 2


def test_a_question_the_camera_settled_without_the_players_leaves_the_dashboard() -> None:
    from types import SimpleNamespace

    from vision.table_events import Question as VisionQuestion

    closed: list[list[int]] = []
    pipeline = CameraPipeline(ScriptedDetector([]))
    pipeline.sink = SimpleNamespace(close_questions=closed.append)
    follower = SimpleNamespace(withdrawn=[])
    table = SimpleNamespace(pipeline=SimpleNamespace(follower=follower))
    settled, open_one = (VisionQuestion(text, text, ({"type": "take", "player": "Boris"},), 1, 0.1)
                         for text in ("settled?", "still open?"))
    first, second = pipeline._asked_on(table, settled), pipeline._asked_on(table, open_one)
    pipeline._close_withdrawn(table)
    assert closed == []                      # nothing settled yet
    follower.withdrawn.append(settled)
    pipeline._close_withdrawn(table)
    pipeline._close_withdrawn(table)         # once only
    assert closed == [[first.id]] and second.id != first.id


def test_the_camera_tells_the_dashboard_why_it_stopped_following_and_a_new_match_clears_it(
) -> None:
    from types import SimpleNamespace

    reported: list[str | None] = []
    pipeline = CameraPipeline(ScriptedDetector([]))
    pipeline.sink = SimpleNamespace(camera_unfollowed=reported.append)
    pipeline.table = SimpleNamespace()       # the running match's table
    pipeline._report_unfollowed("astray")
    pipeline._retire()                       # the match changed
    assert reported == ["astray", None] and pipeline.table is None
    pipeline._retire()                       # no table: nothing to clear
    assert reported == ["astray", None]


def test_the_camera_revises_its_own_last_events_but_never_the_players(
        camera_app: Flask, database: Path) -> None:
    from vision.live_table import SinkReferee
    from vision.pipeline import TablePipeline
    from vision.table_events import TableEvent

    live = camera_app.extensions["durak_live"]
    live.start_live_match(SETUP)
    pipeline = TablePipeline(SETUP, referee=SinkReferee(live), judge_setup=False)
    take = {"type": "take", "player": "Boris"}
    for event in ({"type": "deal"}, {"type": "trump", "card": "6H"},
                  {"type": "attack", "player": "Anna", "cards": ["7S"]}, take,
                  {"type": "throw_in", "player": "Anna", "cards": ["7D"]}):
        assert pipeline._judge(TableEvent(event, 1, 0.1))
    defence = TableEvent({"type": "defend", "player": "Boris", "card": "9S", "on": "7S"}, 2, 0.2)
    assert pipeline.revise(take, defence)
    assert live.snapshot()["table"] == [{"attack": "7S", "defence": "9S"},
                                        {"attack": "7D", "defence": None}]
    kinds = sqlite3.connect(database).execute(
        "SELECT kind, origin FROM events ORDER BY id").fetchall()
    assert kinds[-4:] == [("undo", "live"), ("undo", "live"), ("event", "live"),
                          ("event", "live")]   # stored, nothing lost
    live.table.submit({"type": "throw_in", "player": "Anna", "cards": ["9D"]}, "manual")
    later = TableEvent({"type": "defend", "player": "Boris", "card": "8D", "on": "7D"}, 3, 0.3)
    assert not pipeline.revise({"type": "throw_in", "player": "Anna", "cards": ["7D"]}, later)
    assert [entry["attack"] for entry in live.snapshot()["table"]] == ["7S", "7D", "9D"]


def test_the_camera_tries_events_on_a_copy_of_the_dashboard_referee(
        camera_app: Flask, database: Path) -> None:
    from vision.live_table import SinkReferee

    live = camera_app.extensions["durak_live"]
    live.start_live_match(SETUP)
    sink = SinkReferee(live)
    for event in ({"type": "deal"}, {"type": "trump", "card": "6H"}):
        assert sink.apply(event)["ok"]
    rows = sqlite3.connect(database).execute("SELECT COUNT(*) FROM events").fetchone()
    trial = sink.trial_copy()
    assert trial.apply({"type": "attack", "player": "Anna", "cards": ["7S"]}).ok
    assert trial.snapshot()["table"] == [{"attack": "7S", "defence": None}]
    assert live.snapshot()["table"] == []     # the match itself is untouched
    assert sqlite3.connect(database).execute("SELECT COUNT(*) FROM events").fetchone() == rows
