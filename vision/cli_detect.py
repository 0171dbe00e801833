"""`durak-table detect IMAGE... [--json] [--draw DIR]`: name every face-up card in images.

One JSON object per image per line with --json: {"image": PATH, "cards": [{"card": "QS",
"confidence": 0.93, "box": [x1, y1, x2, y2]}]}, boxes in the image's own pixels. An image that
cannot be read gets {"image": PATH, "error": "..."} (and a line on stderr), and the others go on.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2

from vision.detector import AUTO_SIZES
from vision.detector_options import add_detector_arguments, load_detector
from vision.drawing import draw_detections


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="durak-table detect", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("images", nargs="+", type=Path)
    parser.add_argument("--json", action="store_true", help="one JSON object per image")
    parser.add_argument("--draw", type=Path, metavar="DIR", help="save annotated images here")
    add_detector_arguments(parser)
    return parser.parse_args(argv)


def read_image(path: Path):
    """The image as BGR, or a message saying why it cannot be read."""
    if not path.exists():
        return None, f"{path}: no such file"
    if path.is_dir():
        return None, f"{path}: is a folder, not an image"
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        return None, f"{path}: not an image OpenCV can read (JPEG, PNG, WebP, BMP, TIFF)"
    return image, None


def format_table(path: Path, cards: list[dict]) -> str:
    lines = [f"{path}: {len(cards)} card{'s' if len(cards) != 1 else ''}"]
    lines += [f"  {c['card']:>4}  {c['confidence']:.2f}  box {c['box']}" for c in cards]
    return "\n".join(lines)


def detect_still(detector, image):
    """One image, sized on its own. With the auto size, an image with no card found at the
    size it starts at is looked at at the largest too (a video does so now and then: small
    cards on a busy cloth may be found only there); a still has only this one frame."""
    detections = detector.new_video().detect(image)
    if detections.cards or not detector.auto_size:
        return detections
    detector.imgsz = AUTO_SIZES[1]
    return detector.detect(image)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    detector = load_detector(args, "detect")
    if detector is None:
        return 2
    if args.draw:
        args.draw.mkdir(parents=True, exist_ok=True)
    failures = 0
    for path in args.images:
        image, problem = read_image(path)
        if image is None:
            failures += 1
            print(f"durak-table detect: {problem}", file=sys.stderr)
            if args.json:
                print(json.dumps({"image": str(path), "error": problem}), flush=True)
            continue
        detections = detect_still(detector, image)
        cards = detections.to_json()
        if args.json:
            print(json.dumps({"image": str(path), "cards": cards}), flush=True)
        else:
            print(format_table(path, cards), flush=True)
        if args.draw:
            cv2.imwrite(str(args.draw / f"{path.stem}.jpg"), draw_detections(image, detections))
    return 1 if failures else 0
