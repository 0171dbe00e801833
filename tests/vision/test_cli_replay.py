"""`durak-table replay` on a small generated video, with a fake detector that reports what a
scripted game shows frame by frame (the real detector is tested elsewhere)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.cli_replay import main
from vision.detections import Detections
from vision.inference_eval import camera_view, load_log
from vision.scripted_game import ScriptedGame

pytest.importorskip("referee")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCALE = 0.25  # the video is 320x180; the script acts on 1280x720


class ScriptedDetector:
    """Returns the scripted game's detections in order, one per frame asked."""

    def __init__(self, frames: list[Detections]) -> None:
        self.frames = frames
        self.calls = 0

    def detect(self, frame: np.ndarray) -> Detections:
        detections = self.frames[min(self.calls, len(self.frames) - 1)]
        self.calls += 1
        return Detections(detections.xyxy * SCALE, detections.confidence, detections.cards)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, ScriptedDetector]:
    folder = tmp_path_factory.mktemp("replay")
    log = camera_view(load_log(EXAMPLES / "classic.jsonl"))
    script = ScriptedGame(log, seed=2)
    frames = [detections for _, _, detections in script.frames()]
    video = folder / "game.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 30.0, (320, 180))
    for _ in frames:
        writer.write(np.full((180, 320, 3), 90, np.uint8))
    writer.release()
    clicks = {name: [x * SCALE, y * SCALE] for name, (x, y) in
              zip(script.seats.names, script.seats.points, strict=True)}
    setup = folder / "setup.json"
    setup.write_text(json.dumps({**log[0], "calibration": {"seats": clicks}}))
    return video, setup, ScriptedDetector(frames)


def test_replay_prints_every_verdict_with_its_frame_and_reports_the_foul(game) -> None:
    video, setup, detector = game
    out = io.StringIO()
    code = main([str(video), "--setup", str(setup)], detector=detector, out=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    judged = [line for line in lines if "verdict" in line]
    assert code == 1  # the example game has one foul
    assert judged[0]["event"]["type"] == "setup"
    assert [j["event"]["type"] for j in judged[1:4]] == ["deal", "trump", "attack"]
    fouls = [j for j in judged if not j["verdict"]["ok"]]
    assert [(f["event"]["card"], f["verdict"]["rule"]) for f in fouls] == [("9S", "G4")]
    assert all(j["frame"] >= 0 and "time" in j for j in judged)
    assert lines[-1]["summary"] and lines[-1]["fouls"] == 1 and lines[-1]["events"] == 16
    report = video.with_suffix(".report.html").read_text()
    assert "G4" in report and "data:image/jpeg;base64," in report and "9♠" in report


def test_replay_refuses_a_missing_video_or_setup(tmp_path: Path, game) -> None:
    video, setup, detector = game
    assert main([str(tmp_path / "none.avi"), "--setup", str(setup)], detector=detector) == 2
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    assert main([str(video), "--setup", str(bad)], detector=detector) == 2
