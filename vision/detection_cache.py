"""Detections of a game video kept on disk, so the pipeline can be run again without the models.

With a fixed step time (`evaluate-games --step-ms`) the frames a live run takes depend only on
the schedule, so the detector's answer for each of them is the same on every run with the same
models and options (since session 15 each video is sized afresh, `CardDetector.new_video`;
before, a video's first frames were read at the size the video before it ended with, and its
detections depended on the game evaluated before it). `CachedFeed` asks the detector only for
frames it has not seen, and appends each new answer to a JSON Lines file (evaluate-games keeps
it in its --out folder), named by a key of the model files and options. A pipeline change is
then measured on a game in seconds instead of minutes. Boxes are kept to 0.1 px and
confidences to 4 decimals (as `detect --json` writes them), and a frame detected afresh is
answered so too: the first run feeds the pipeline what later runs read from the file (before
session 62 it got the unrounded numbers, and the bundled demo's first run told one lead two
steps later than every run after it: latency p95 0.513 s against 0.397 s).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from vision.detections import Detections
from vision.game_video import LogError


def cache_key(*parts: object) -> str:
    """A short key of the model files' contents and the options (anything else: its repr)."""
    digest = hashlib.sha1()
    for part in parts:
        if isinstance(part, Path) and part.is_file():
            digest.update(hashlib.sha1(part.read_bytes()).digest())
        else:
            digest.update(repr(part).encode())
    return digest.hexdigest()[:12]


class CachedFeed:
    """A `FrameFeed` that remembers the detections of each frame number in `path`.

    `source`: what the frames come from (a key of the video's contents). A file written for
    another source (the video rendered again since) is set aside as `*.stale.jsonl` and the
    frames are detected afresh; a file without its source (written before sources were kept)
    is trusted."""

    def __init__(self, inner: Any, path: Path, source: str | None = None) -> None:
        self.inner, self.path, self.source = inner, path, source
        self.known: dict[int, Detections] = {}
        lines = path.read_text().splitlines() if path.exists() else []
        written_for = _source_of(lines[0]) if lines else None
        if source is not None and written_for not in (None, source):
            path.rename(path.with_suffix(".stale.jsonl"))
            lines = []
        for line in lines:
            try:
                item = json.loads(line)
                self.known[int(item["frame"])] = _detections(item["cards"])
            except (ValueError, KeyError, TypeError):
                continue   # the source line, or a line cut short by a crash: detected again
        self.writer = None
        self.new_file = not lines

    def frame(self, number: int) -> Any:
        if number in self.known:
            return number
        return _Pending(number, self.inner.frame(number))

    def detect(self, frame: Any) -> Detections:
        if not isinstance(frame, _Pending):
            return self.known[frame]
        detections = _detections(self.inner.detect(frame.image).to_json())   # as kept
        self.known[frame.number] = detections
        if self.writer is None:
            self.writer = self.path.open("a")
            if self.new_file and self.source is not None:
                self.writer.write(json.dumps({"source": self.source}) + "\n")
        self.writer.write(json.dumps({"frame": frame.number, "cards": detections.to_json()})
                          + "\n")
        return detections

    def image(self, frame: Any) -> Any:
        """The frame's pixels, decoded now for a frame whose detections were kept (frames are
        asked in order; None for one the video has already passed or cannot give)."""
        if isinstance(frame, _Pending):
            return frame.image
        if getattr(self.inner, "position", frame) >= frame:
            return None
        try:
            return self.inner.frame(frame)
        except LogError:
            return None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        self.inner.close()


class _Pending:
    """A frame the detector has not answered yet: its number and image."""

    def __init__(self, number: int, image: Any) -> None:
        self.number, self.image = number, image


def _detections(cards: list[dict]) -> Detections:
    return Detections.from_cards((card["card"], card["box"], card["confidence"])
                                 for card in cards)


def _source_of(line: str) -> str | None:
    try:
        item = json.loads(line)
    except ValueError:
        return None
    return item.get("source") if isinstance(item, dict) else None
