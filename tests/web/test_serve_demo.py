"""`durak-table serve` with no source: the demo video through the camera pipeline when the model
and the video are there, else the replay demo with a message saying why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

pytest.importorskip("cv2")
pytest.importorskip("referee")

from camera_helpers import PLAN, ScriptedDetector  # noqa: E402
from dashboard_helpers import post  # noqa: E402

from web import cli_serve  # noqa: E402
from web.camera_pipeline import CameraPipeline  # noqa: E402
from web.live_source import ReplaySource, VideoSource  # noqa: E402

EXAMPLES = Path(cli_serve.__file__).resolve().parent.parent / "examples"


@pytest.fixture
def model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A model file that loads as a stand-in detector."""
    import vision.detector

    path = tmp_path / "card-detector.onnx"
    path.write_bytes(b"stand-in")
    monkeypatch.setattr(vision.detector.CardDetector, "load",
                        classmethod(lambda cls, *args, **kwargs: ScriptedDetector([])))
    return path


def choose(*argv: str) -> tuple[Any, list[str]]:
    said: list[str] = []
    return cli_serve.choose_source(cli_serve.parse_args(list(argv)), notify=said.append), said


def test_no_source_plays_the_demo_video_through_the_camera_pipeline(model: Path) -> None:
    source, said = choose("--model", str(model))
    assert isinstance(source, VideoSource) and said == []
    assert source.target == str(EXAMPLES / "demo.mp4") and source.loop
    assert source.description == "demo video demo.mp4"
    pipeline = source.pipeline
    assert isinstance(pipeline, CameraPipeline) and pipeline.demo
    assert isinstance(pipeline.detector, ScriptedDetector)
    log_setup = json.loads((EXAMPLES / "demo.jsonl").read_text().splitlines()[0])
    truth = json.loads((EXAMPLES / "demo.truth.jsonl").read_text().splitlines()[0])
    assert pipeline.plan is not None and pipeline.plan.setup == log_setup
    assert pipeline.plan.seats == truth["calibration"]["seats"]


def test_without_a_model_the_replay_demo_plays_and_says_why(tmp_path: Path) -> None:
    source, said = choose("--model", str(tmp_path / "missing.onnx"))
    assert isinstance(source, ReplaySource)
    assert len(said) == 1 and "no detector model at" in said[0] and "replay" in said[0]


def test_without_the_video_the_replay_demo_plays_and_says_why(
        model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_serve, "DEMO_VIDEO", tmp_path / "demo.mp4")
    source, said = choose("--model", str(model))
    assert isinstance(source, ReplaySource)
    assert len(said) == 1 and "no demo video at" in said[0] and "replay" in said[0]


@pytest.mark.parametrize("argv", [["--replay-demo"], ["--demo-log", "examples/classic.jsonl"]])
def test_the_replay_demo_is_still_there_on_request(model: Path, argv: list[str]) -> None:
    source, said = choose("--model", str(model), *argv)
    assert isinstance(source, ReplaySource) and said == []


def test_the_message_reaches_stderr_and_the_server_still_starts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = cli_serve.choose_source(cli_serve.parse_args(
        ["--model", str(tmp_path / "missing.onnx")]))
    assert isinstance(source, ReplaySource)
    assert "the demo plays as a replay of event logs" in capsys.readouterr().err


def test_the_demo_video_starts_its_match_only_while_the_players_let_it(
        camera_app: Flask) -> None:
    live = camera_app.extensions["durak_live"]
    pipeline = CameraPipeline(ScriptedDetector([]), PLAN, demo=True)
    pipeline.begin(live, fresh=True)                  # nothing running: the demo's match
    first = live.table.match
    assert first.source == "demo" and live.live_match(include_demo=True)[0] == first.id
    assert live.live_match() is None                 # a plain camera does not follow it
    pipeline.begin(live, fresh=True)                  # the next pass: a new demo match
    assert live.table.match.id != first.id and live.table.match.source == "demo"
    players = dict(PLAN.setup, seats=["Vera", "Oleg"], dealer="Vera")
    live.table.start_match(players, camera="manual", source="setup")
    pipeline.begin(live, fresh=True)                  # the players hold the table
    assert live.table.match.source == "setup"
    client = camera_app.test_client()
    assert 'id="play-demo"' not in client.get("/setup").get_data(as_text=True)
    live.source = VideoSource("demo.mp4", pipeline)
    live.source.description = "demo video demo.mp4"
    assert 'id="play-demo"' in client.get("/setup").get_data(as_text=True)
    assert post(client, "/setup/demo").status_code == 302    # "Play the demo"
    pipeline.begin(live, fresh=True)                  # the next pass plays it again
    assert live.table.match.source == "demo" and not live.demo_requested
