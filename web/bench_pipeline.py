"""The camera pipeline's side of the viewer benchmark (`python -m web.bench_viewers --video`).

With a trained model the server runs `serve --video` as users do. Without one, this module
stands in for the model: `python -m web.bench_pipeline [serve args]` starts `durak-table
serve` with `PacedDetector`, which takes `--detect-ms` per frame (like the model on 2 cores) and
reports the cards a good detector would see in the video's game (`vision.scripted_game`: the
log acted out, hands covering cards, misses, jitter), by time since its first frame. Either way
`truth_times` says when each visible event's card came to rest, so verdict latency can be
measured from the table, not only from the referee.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from vision.detections import Detections
from vision.inference_eval import camera_view, canonical, load_log
from vision.scripted_game import ScriptConfig, ScriptedGame

TruthTimes = list[tuple[str, float]]      # (canonical event, seconds into the video)


class PacedDetector:
    """A stand-in for the model: `delay` seconds of work per frame, scripted cards out."""

    reads_frames = False   # its cards are not in the frame: no picture of the table to check

    def __init__(self, game: ScriptedGame, fps: float, delay: float) -> None:
        self.frames = [detections for _, _, detections in game.frames()]
        self.fps, self.delay = fps, delay
        self.started: float | None = None

    def detect(self, frame: np.ndarray) -> Detections:
        now = time.monotonic()
        self.started = self.started if self.started is not None else now
        index = int((now - self.started) * self.fps)
        time.sleep(self.delay)        # the model's time (onnxruntime lets other threads run)
        if index >= len(self.frames):
            return Detections.empty()
        return self.frames[index]


def scripted_game(log: Path, fps: float, size: tuple[int, int]) -> ScriptedGame:
    return ScriptedGame(camera_view(load_log(log)), ScriptConfig(fps=fps, frame_size=size), 0)


def scripted_truth(game: ScriptedGame, fps: float) -> TruthTimes:
    return [(canonical(t.event), t.frame / fps) for t in game.truth]


def video_truth(path: Path) -> TruthTimes:
    """`render-game`'s truth file: the visible events and when their cards came to rest."""
    lines = [json.loads(line) for line in path.read_text().splitlines()[1:] if line.strip()]
    return [(canonical(line["event"]), float(line["time"])) for line in lines
            if line.get("visible")]


def rest_latencies(verdicts: list[dict[str, Any]], truth: TruthTimes,
                   video_started: float) -> tuple[list[float], int]:
    """Seconds from a card coming to rest to its verdict, for the verdicts that match a true
    event (each true event once, in order); and how many camera events matched none."""
    waiting = list(truth)
    latencies, unmatched = [], 0
    for verdict in verdicts:
        if verdict.get("origin") != "live":
            continue                          # the setup the server started with
        key = canonical(verdict["event"])
        found = next((i for i, (event, _) in enumerate(waiting) if event == key), None)
        if found is None:
            unmatched += 1
        else:
            _, at = waiting.pop(found)
            latencies.append(float(verdict["at"]) - (video_started + at))
    return latencies, unmatched


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m web.bench_pipeline")
    parser.add_argument("--log", type=Path, default=Path("examples/demo.jsonl"))
    parser.add_argument("--fps", type=float, default=15.0)
    parser.add_argument("--size", default="1280x720", help="the video's frame size")
    parser.add_argument("--detect-ms", type=float, default=40.0)
    parser.add_argument("--truth-out", type=Path, help="write the scripted truth here (JSON)")
    args, serve_args = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    width, height = (int(v) for v in args.size.split("x"))
    game = scripted_game(args.log, args.fps, (width, height))
    detector = PacedDetector(game, args.fps, args.detect_ms / 1000)
    if args.truth_out:
        args.truth_out.write_text(json.dumps(scripted_truth(game, args.fps)))
    from .cli_serve import main as serve

    with tempfile.TemporaryDirectory() as folder:
        setup = Path(folder) / "setup.json"
        seats = {name: list(game.seats.point(name)) for name in game.seats.names}
        setup.write_text(json.dumps(game.setup | {"calibration": {"seats": seats}}))
        return serve([*serve_args, "--setup", str(setup)], detector=detector)


if __name__ == "__main__":
    sys.exit(main())
