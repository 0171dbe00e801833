"""`durak-table replay VIDEO --setup SETUP.json`: a recorded game through the whole pipeline.

Every frame goes detector -> tracker -> table reading -> referee. Prints one JSON line per judged
event (with the frame and time it happened at) and per question, then a summary line; writes an
HTML report with a thumbnail of every foul, the fouled card outlined. Exit code 0 when every
event was legal, 1 when there were fouls, 2 when the video, setup or model cannot be used.

SETUP.json holds the match's `setup` event (EVENTS.md); it may add `"seats": {name: [x, y]}`,
the seat calibration in the video's pixels (the dashboard writes it when the players click
their seats). Without it the seats are spread round the frame's edge in setup order.
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import sys
from pathlib import Path
from typing import Any, TextIO

import cv2
import numpy as np

from vision.detections import Detections
from vision.pipeline import Detector, TablePipeline, limit_to_setup_deck
from vision.seats import SeatMap
from vision.sources import FramePacket, VideoFileSource
from vision.table_events import Question, Verdicted, cards_text

THUMBNAIL_WIDTH = 360


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="durak-table replay", description=__doc__.split("\n")[0])
    parser.add_argument("video", type=Path, help="a video file of a game")
    parser.add_argument("--setup", type=Path, required=True,
                        help="JSON file with the setup event (and optional seat clicks)")
    parser.add_argument("--model", type=Path, default=None,
                        help="the detector model (default: the bundled one)")
    parser.add_argument("--report", type=Path, default=None,
                        help="HTML report to write (default: VIDEO with .report.html)")
    parser.add_argument("--realtime", action="store_true",
                        help="play at the video's speed and drop frames the pipeline cannot "
                             "keep up with, as with a camera (default: every frame)")
    return parser.parse_args(argv)


def load_setup(path: Path) -> tuple[dict, dict[str, list[float]] | None]:
    data = json.loads(path.read_text())
    if not isinstance(data, dict) or "seats" not in data:
        raise ValueError(f"{path}: not a setup event")
    clicks = data.pop("seat_points", None)
    if isinstance(data.get("calibration"), dict):
        clicks = data.pop("calibration").get("seats", clicks)
    return {"type": "setup", **{k: v for k, v in data.items() if k != "type"}}, clicks


def load_detector(model: Path | None) -> Detector:
    from vision.detector import CardDetector  # loads onnxruntime: only when really replaying

    return CardDetector.load(model) if model is not None else CardDetector.load()


def thumbnail(frame: np.ndarray, detections: Detections, cards: set[str]) -> str:
    """A small JPEG (data URI) of the frame with the fouled cards outlined in red."""
    image = frame.copy()
    for card, box in zip(detections.cards, detections.xyxy, strict=True):
        if card in cards:
            x1, y1, x2, y2 = (int(v) for v in box)
            cv2.rectangle(image, (x1, y1), (x2, y2), (0, 0, 255), max(2, image.shape[1] // 300))
    scale = THUMBNAIL_WIDTH / image.shape[1]
    image = cv2.resize(image, (THUMBNAIL_WIDTH, max(1, int(image.shape[0] * scale))))
    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])
    return "data:image/jpeg;base64," + base64.b64encode(jpeg.tobytes()).decode() if ok else ""


def event_cards(event: dict) -> set[str]:
    return set(event.get("cards") or ()) | {event[k] for k in ("card", "on") if k in event}


def write_report(path: Path, video: Path, fouls: list[tuple[Verdicted, str]],
                 summary: dict) -> None:
    rows = []
    for verdicted, image in fouls:
        verdict = verdicted.to_dict()["verdict"]
        event = verdicted.event.event
        cards = cards_text(sorted(event_cards(event)))
        rows.append(
            "<tr>"
            f"<td>{verdicted.event.frame}<br>{verdicted.event.time:.2f} s</td>"
            f"<td><code>{html.escape(json.dumps(event, ensure_ascii=False))}</code>"
            f"<br>{html.escape(cards)}</td>"
            f"<td><b>{html.escape(str(verdict.get('rule')))}</b> "
            f"{html.escape(str(verdict.get('message', '')))}"
            f"<br><i>{html.escape(str(verdict.get('message_ru', '')))}</i></td>"
            f"<td><img src=\"{image}\" alt=\"frame {verdicted.event.frame}\"></td>"
            "</tr>")
    body = "\n".join(rows) or "<tr><td colspan=4>No fouls: every event was legal.</td></tr>"
    path.write_text(f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Replay of {html.escape(video.name)}</title>
<style>body{{font-family:sans-serif;margin:2em}}td{{vertical-align:top;padding:.4em;
border-bottom:1px solid #ccc}}code{{font-size:.85em}}</style></head><body>
<h1>Replay of {html.escape(video.name)}</h1>
<p>{summary['frames']} frames, {summary['events']} events, {summary['fouls']} fouls,
{summary['questions']} questions.</p>
<table><tr><th>Frame</th><th>Event</th><th>Verdict</th><th>Frame image</th></tr>
{body}
</table></body></html>
""", encoding="utf-8")


def replay(args: argparse.Namespace, detector: Detector, out: TextIO) -> int:
    setup, clicks = load_setup(args.setup)
    source = VideoFileSource(args.video, realtime=args.realtime, lossless=not args.realtime,
                             max_attempts=1)
    first = source.start().next_packet(timeout=10.0)
    if first is None:
        print(f"durak-table replay: no frames could be read from {args.video} "
              f"({source.status().message})", file=sys.stderr)
        source.stop()
        return 2
    height, width = first.frame.shape[:2]
    seats = SeatMap.from_clicks(clicks) if clicks else None
    pipeline = TablePipeline.with_referee(setup, seats=seats, frame_size=(width, height))
    limit_to_setup_deck(detector, setup)
    print_line(out, pipeline.verdicts[0].to_dict())
    fouls: list[tuple[Verdicted, str]] = []
    printed = {id(pipeline.verdicts[0].event): pipeline.verdicts[0].event}

    def report(packet: FramePacket, detections: Detections, emitted: list) -> None:
        # each event once, when judged; one told in another's place (a round lead that grew,
        # a take that was a defence) comes out then too, the line before it stays
        for verdicted in pipeline.verdicts:
            if id(verdicted.event) in printed:
                continue
            printed[id(verdicted.event)] = verdicted.event
            print_line(out, verdicted.to_dict())
            if not verdicted.to_dict()["verdict"]["ok"]:
                cards = event_cards(verdicted.event.event)
                fouls.append((verdicted, thumbnail(packet.frame, detections, cards)))
        for item in emitted:
            if isinstance(item, Question):
                print_line(out, item.to_dict())

    detections = detector.detect(first.frame)
    report(first, detections, pipeline.update(first.number, first.time, detections,
                                              first.frame))
    frames = 1
    for packet, detections, emitted in pipeline.follow(source, detector, after=first.number):
        frames += 1
        report(packet, detections, emitted)
    # the log as it stands: a foul told again in another event's place is no longer one
    standing = {id(v.event) for v in pipeline.verdicts[1:] if not v.to_dict()["verdict"]["ok"]}
    fouls = [(verdicted, image) for verdicted, image in fouls if id(verdicted.event) in standing]
    summary = {"summary": True, "frames": frames, "events": len(pipeline.verdicts) - 1,
               "fouls": len(fouls), "questions": len(pipeline.questions),
               "games": pipeline.referee.outcomes()}
    print_line(out, summary)
    report = args.report or args.video.with_suffix(".report.html")
    write_report(report, args.video, fouls, summary)
    return 1 if fouls else 0


def print_line(out: TextIO, data: dict[str, Any]) -> None:
    out.write(json.dumps(data, ensure_ascii=False) + "\n")
    out.flush()


def main(argv: list[str] | None = None, *, detector: Detector | None = None,
         out: TextIO | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if not args.video.is_file():
        print(f"durak-table replay: no such video: {args.video}", file=sys.stderr)
        return 2
    try:
        load_setup(args.setup)
    except (OSError, ValueError) as error:
        print(f"durak-table replay: cannot read the setup: {error}", file=sys.stderr)
        return 2
    if detector is None:
        try:
            detector = load_detector(args.model)
        except (OSError, RuntimeError, ValueError, ImportError) as error:
            print(f"durak-table replay: cannot load the detector: {error}", file=sys.stderr)
            return 2
    try:
        return replay(args, detector, out or sys.stdout)
    except ValueError as error:  # a setup the referee refuses (G2, D1)
        print(f"durak-table replay: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
