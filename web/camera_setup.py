"""What `serve --camera/--video/--stream` needs before it starts: the detector (loaded once) and,
optionally, the match the source starts by itself.

A setup file is a JSON setup event (EVENTS.md), optionally with `"calibration": {"seats":
{name: [x, y]}}` (as for `durak-table replay`), or a JSON Lines game log whose first setup event
is used. A video `game.mp4` with a log `game.jsonl` beside it (the bundled demo) needs none: the
log's setup is used, and the calibration in `game.truth.jsonl`'s first line if there is one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class CameraMatchPlan:
    """A match the source starts by itself (`serve --video game.mp4 --setup ...`): its setup and
    the seat calibration, if any (seat name -> [x, y] in frame pixels)."""

    setup: dict[str, Any]
    seats: dict[str, list[float]] | None = None


class CameraSetupError(ValueError):
    """A model, setup or video that cannot be used; the message says why."""


def load_detector(model: Path | None) -> Any:
    """The card detector, loaded once for the whole server."""
    try:
        from vision.detector import DEFAULT_MODEL, CardDetector
    except ImportError as error:
        raise CameraSetupError(f"the camera pipeline is not installed ({error})") from None
    path = model or DEFAULT_MODEL
    try:
        return CardDetector.load(path)
    except FileNotFoundError as error:  # no model, or no reader for a locating model
        raise CameraSetupError(str(error)) from None
    except (OSError, RuntimeError, ValueError, ImportError) as error:
        raise CameraSetupError(f"cannot load the detector {path}: {error}") from None


def read_plan(setup: Path | None, video: Path | None) -> CameraMatchPlan | None:
    """The match to start with the source, from `--setup` or the video's own log; None: the
    players set the match up on the setup page."""
    if setup is None and video is not None and video.with_suffix(".jsonl").is_file():
        setup = video.with_suffix(".jsonl")
    if setup is None:
        return None
    try:
        text = setup.read_text(encoding="utf-8")
    except OSError as error:
        raise CameraSetupError(f"cannot read the setup {setup}: {error.strerror}") from None
    event = _setup_event(text)
    if event is None:
        raise CameraSetupError(f"{setup}: holds no setup event")
    seats = _seats(event.pop("calibration", None))
    if seats is None and video is not None:
        seats = _truth_calibration(video.with_suffix(".truth.jsonl"))
    return CameraMatchPlan({"type": "setup", **{k: v for k, v in event.items() if k != "type"}},
                           seats)


def check_setup(setup: dict[str, Any]) -> None:
    """Refuses a setup the referee would not start a match with (G2, D1, FORMAT)."""
    from .match_table import default_referee, judge_safely

    verdict = judge_safely(default_referee(), setup)
    if verdict is None or not verdict["ok"]:
        message = verdict.get("message") if verdict else "the referee failed on it"
        raise CameraSetupError(f"the referee refuses this setup: {message}")


def _setup_event(text: str) -> dict[str, Any] | None:
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
    candidates = [whole] if isinstance(whole, dict) else [_loads(line) for line in
                                                          text.splitlines() if line.strip()]
    for event in candidates:
        if isinstance(event, dict) and isinstance(event.get("seats"), list) \
                and event.get("type", "setup") == "setup":
            return {k: v for k, v in event.items() if k != "foul"}
    return None


def _seats(calibration: Any) -> dict[str, list[float]] | None:
    seats = calibration.get("seats") if isinstance(calibration, dict) else None
    if not isinstance(seats, dict) or not seats:
        return None
    try:
        return {str(name): [float(v) for v in point][:2] for name, point in seats.items()}
    except (TypeError, ValueError):
        raise CameraSetupError(f"a seat calibration is not [x, y] points: {seats}") from None


def _truth_calibration(path: Path) -> dict[str, list[float]] | None:
    if not path.is_file():
        return None
    with path.open(encoding="utf-8") as lines:
        header = _loads(lines.readline())
    return _seats(header.get("calibration")) if isinstance(header, dict) else None


def _loads(line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError:
        return None
