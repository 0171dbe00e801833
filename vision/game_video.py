"""A game log rendered into a video file, with its ground truth written beside it.

Files: the video (mp4v), `*.truth.jsonl` (a header line, then one line per event of the log:
the frame and time it becomes visible or complete, the event, the referee's verdict) and, if
asked, `*.cards.jsonl` (per frame, the face-up cards that show and their boxes).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.game_art import CardArt
from vision.game_renderer import GameRenderer
from vision.game_script import GameScript, Pace, UnplayableLog, deck_codes
from vision.game_table import GameTable


class LogError(ValueError):
    """A log file that cannot be read as JSON Lines of events."""


@dataclass(frozen=True)
class RenderedGame:
    frames: int
    fps: float
    design: str
    seconds_taken: float

    @property
    def frames_per_second(self) -> float:
        return self.frames / self.seconds_taken if self.seconds_taken > 0 else 0.0


def read_log(path: Path) -> list[dict]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise LogError(f"cannot read {path}: {error}") from None
    events = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError as error:
            raise LogError(f"{path} line {number} is not valid JSON: {error}") from None
        if not isinstance(event, dict):
            raise LogError(f"{path} line {number} is not an event (a JSON object)")
        events.append(event)
    if not events:
        raise LogError(f"{path} holds no events")
    return events


def truth_paths(video: Path) -> tuple[Path, Path]:
    """game.mp4 -> game.truth.jsonl, game.cards.jsonl"""
    stem = video.with_suffix("")
    return stem.with_name(stem.name + ".truth.jsonl"), stem.with_name(stem.name + ".cards.jsonl")


def render_game(events: list[dict], video: Path, seed: int = 0, split: str = "heldout",
                fps: float = 30.0, size: tuple[int, int] = (1280, 720),
                truth: Path | None = None, cards: Path | None = None, compact: bool = False,
                zoom: float = 1.0, progress: Callable[[int, int], None] | None = None
                ) -> RenderedGame:
    """Renders the log; raises UnplayableLog, OSError (the video cannot be written).
    `compact`: no sensor noise that changes from frame to frame, so a still table gives
    identical frames and the file is several times smaller (the bundled demo). `zoom`: the
    camera closer, cards that many times bigger (`GameTable.build`)."""
    started = time.monotonic()
    width, height = size
    rng = np.random.default_rng(seed)
    setup = events[0]
    seats = setup.get("seats") if isinstance(setup.get("seats"), list) else []
    if setup.get("type") != "setup" or not seats:
        raise UnplayableLog("line 1: a log starts with a setup event that names the seats")
    table = GameTable.build(rng, width, height, [str(s) for s in seats], zoom)
    script = GameScript(events, table, rng, Pace(fps=fps)).run()
    art = CardArt.choose(rng, split, deck_codes(setup))
    renderer = GameRenderer(table, art, rng, fps, temporal_noise=not compact)
    total = sum(shot.frames for shot in script.shots)
    video.parent.mkdir(parents=True, exist_ok=True)
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"mp4v"), fps, (width, height))
    if not writer.isOpened():
        raise OSError(f"cannot write a video to {video}")
    truth = truth or truth_paths(video)[0]
    header = {"video": video.name, "fps": fps, "frames": total, "size": [width, height],
              "seed": seed, "design": art.design, "designs": split, "compact": compact,
              "zoom": zoom,
              "calibration": table.seats.to_dict()}
    cards_file = cards.open("w", encoding="utf-8") if cards else None
    try:
        for frame in renderer.frames(script.shots, with_cards=cards_file is not None):
            writer.write(frame.image)
            if cards_file is not None:
                cards_file.write(json.dumps({"frame": frame.number,
                                             "time": round(frame.number / fps, 3),
                                             "cards": frame.cards}) + "\n")
            if progress is not None:
                progress(frame.number + 1, total)
    finally:
        writer.release()
        if cards_file is not None:
            cards_file.close()
    with truth.open("w", encoding="utf-8") as out:
        out.write(json.dumps(header, ensure_ascii=False) + "\n")
        for entry in script.truth:
            out.write(json.dumps(entry, ensure_ascii=False) + "\n")
    return RenderedGame(total, fps, art.design, time.monotonic() - started)
