"""`durak-table evaluate`: the detector's figures for the model card.

1. Held-out designs: a synthetic set drawn only from designs and fonts never used in training
   (`durak-table synth --split heldout`): identity precision, recall and F1 per card, for all
   cards, for Russian-index cards and for covered cards.
2. Real photos (`--real`, e.g. ../shared/realdev, skipped when absent): recall, precision and
   rank accuracy against rank-only whole-card labels.
3. Speed: milliseconds per 1280x720 frame on this machine, JPEG decode to detections.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

from vision.detector import CardDetector
from vision.detector_options import add_detector_arguments, load_detector
from vision.drawing import draw_detections
from vision.evaluation import (
    INDEX_SIZE_BUCKETS,
    MISS_CAUSES,
    REALDEV_RANKS,
    RealScore,
    SyntheticTruth,
    Tally,
    found_codes,
    index_size_bucket,
    match_real,
    miss_cause,
    recall_by_index_size,
    score_identities,
    synthetic_truth,
)
from vision.index_reader import READER_CLASSES

REPO = Path(__file__).resolve().parent.parent
DEFAULT_REAL = REPO.parent / "shared" / "realdev"
HELDOUT_RECIPE = "heldout-640"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="durak-table evaluate", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_detector_arguments(parser)
    parser.add_argument("--heldout", type=Path,
                        help="a set from `synth --split heldout` (default: render the "
                             f"recipe {HELDOUT_RECIPE} of datasets/recipes.toml in a "
                             "temporary folder)")
    parser.add_argument("--heldout-images", type=int, default=300,
                        help="images to render when --heldout is not given (default 300)")
    parser.add_argument("--real", type=Path, default=DEFAULT_REAL,
                        help="folder with images/ and rank-only labels/ (default "
                             "../shared/realdev; skipped when absent)")
    parser.add_argument("--speed-frames", type=int, default=30)
    parser.add_argument("--skip", nargs="*", default=[], choices=("heldout", "real", "speed"))
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    parser.add_argument("--draw", type=Path, metavar="DIR",
                        help="save annotated images of the failures here")
    return parser.parse_args(argv)


def render_heldout_set(count: int, folder: Path) -> Path:
    """The recipe `heldout-640` of datasets/recipes.toml, `count` images of it, in `folder`."""
    from vision import cli_synth

    code = cli_synth.main(["--recipe", HELDOUT_RECIPE, "--out", str(folder),
                           "--images", str(count)])
    if code != 0:
        raise RuntimeError("could not render the held-out set")
    return folder


def evaluate_heldout(detector: CardDetector, folder: Path, draw: Path | None) -> dict:
    meta = [json.loads(line) for line in (folder / "meta.jsonl").read_text().splitlines()]
    groups = {"all": Tally(), "russian": Tally(), "covered": Tally()}
    per_card: dict[str, Tally] = {}
    by_size: dict[str, Tally] = {}
    causes: dict[str, dict[str, int]] = {}
    drawn = 0
    for item in meta:
        image = cv2.imread(str(folder / item["image"]))
        label_file = folder / item["image"].replace("images/", "labels/").replace(".jpg", ".txt")
        lines = [line for line in label_file.read_text().splitlines() if line.strip()]
        truth = synthetic_truth(lines, item["covered"], item.get("partly_visible", []),
                                image.shape[1], image.shape[0])
        detections = detector.new_video().detect(image)   # each image sized on its own
        predicted = list(zip(detections.cards, detections.xyxy, strict=True))
        tallies = score_identities(predicted, truth, per_card)
        recall_by_index_size(predicted, truth, by_size)
        if detector.reader is not None:
            tally_miss_causes(detector, image, truth, found_codes(predicted, truth), causes)
        groups["all"].add(tallies["all"])
        groups["covered"].add(tallies["covered"])
        if item["russian"]:
            groups["russian"].add(tallies["all"])
        wrong = tallies["all"].false_positive + tallies["all"].false_negative
        if draw and wrong and drawn < 30:
            drawn += 1
            cv2.imwrite(str(draw / f"heldout-{Path(item['image']).stem}.jpg"),
                        draw_detections(image, detections))
    worst = sorted(per_card.items(), key=lambda kv: kv[1].f1)[:8]
    return {"images": len(meta), **{k: v.as_dict() for k, v in groups.items()},
            "russian_covered_note": "covered = cards less than 90% visible",
            "worst_cards": {code: tally.as_dict() for code, tally in worst},
            "recall_by_index_size": {name: {"recall": round(by_size[name].recall, 4),
                                            "cards": by_size[name].true_positive
                                            + by_size[name].false_negative}
                                     for _, _, name in INDEX_SIZE_BUCKETS if name in by_size},
            **({"missed_by_cause": {name: causes[name] for _, _, name in INDEX_SIZE_BUCKETS
                                    if name in causes}} if causes else {})}


def tally_miss_causes(detector: CardDetector, image: np.ndarray, truth: SyntheticTruth,
                      found: set[str], causes: dict[str, dict[str, int]]) -> None:
    """Adds the cause (`evaluation.MISS_CAUSES`) of each card of the image the detector missed
    to `causes`, by the size of its index: the network's index boxes are looked at again, and
    the reader reads the card's true index boxes."""
    missed = [code for code in truth.index_boxes if code not in found]
    if not missed:
        return
    located = detector.locate(image)[1].xyxy
    for code in missed:
        boxes = truth.index_boxes[code]
        classes, probabilities = detector.reader.read(image, np.array(boxes, np.float32))
        readings = [(READER_CLASSES[cls], float(probability))
                    for cls, probability in zip(classes, probabilities, strict=True)]
        cause = miss_cause(code, boxes, located, readings, detector.confidence)
        bucket = causes.setdefault(index_size_bucket(boxes), dict.fromkeys(MISS_CAUSES, 0))
        bucket[cause] += 1


def read_real_labels(path: Path, width: int, height: int) -> list[tuple[str, np.ndarray]]:
    labels = []
    for line in path.read_text().splitlines() if path.exists() else []:
        parts = line.split()
        if len(parts) != 5 or not parts[0].isdigit() or int(parts[0]) >= len(REALDEV_RANKS):
            continue
        cx, cy, w, h = (float(v) for v in parts[1:])
        labels.append((REALDEV_RANKS[int(parts[0])],
                       np.array([(cx - w / 2) * width, (cy - h / 2) * height,
                                 (cx + w / 2) * width, (cy + h / 2) * height])))
    return labels


def evaluate_real(detector: CardDetector, folder: Path, draw: Path | None) -> dict:
    score = RealScore()
    drawn = 0
    images = sorted(p for p in (folder / "images").iterdir()
                    if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    for path in images:
        image = cv2.imread(str(path))
        if image is None:
            continue
        labels = read_real_labels(folder / "labels" / f"{path.stem}.txt", image.shape[1],
                                  image.shape[0])
        detections = detector.new_video().detect(image)   # each image sized on its own
        predicted = list(zip(detections.cards, detections.confidence, detections.xyxy,
                             strict=True))
        before = (score.matched, score.rank_right)
        found = match_real(predicted, labels, score)
        missed_or_wrong = (not all(found) or len(predicted) > sum(found)
                           or score.matched - before[0] != score.rank_right - before[1])
        if draw and missed_or_wrong and drawn < 40:
            drawn += 1
            canvas = draw_detections(image, detections)
            for rank, box in labels:
                x1, y1, x2, y2 = (int(v) for v in box)
                cv2.rectangle(canvas, (x1, y1), (x2, y2), (0, 220, 0), 1)
                cv2.putText(canvas, rank, (x1, y2 - 3), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
                            (0, 220, 0), 1)
            cv2.imwrite(str(draw / f"real-{path.stem}.jpg"), canvas)
    return {"images": len(images), **score.as_dict()}


def measure_speed(detector: CardDetector, frames: int) -> dict:
    """Decode + detect on 1280x720 JPEG frames of a held-out scene."""
    from vision.cardfaces import design_names
    from vision.synth_decks import DeckPool
    from vision.synth_layout import render_table

    pool = DeckPool(design_names("heldout"), font_split="heldout").load()
    image, _, _ = render_table(np.random.default_rng(7), pool, 1280, 720)
    encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1]
    for _ in range(3):
        detector.detect(cv2.imdecode(encoded, cv2.IMREAD_COLOR))
    timings = []
    for _ in range(frames):
        start = time.perf_counter()
        detector.detect(cv2.imdecode(encoded, cv2.IMREAD_COLOR))
        timings.append((time.perf_counter() - start) * 1000)
    return {"frames": frames, "mean_ms": round(float(np.mean(timings)), 1),
            "p90_ms": round(float(np.percentile(timings, 90)), 1),
            "imgsz": detector.imgsz}


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    detector = load_detector(args, "evaluate")
    if detector is None:
        return 2
    if args.draw:
        args.draw.mkdir(parents=True, exist_ok=True)
    figures: dict = {"model": str(args.model), "imgsz": args.imgsz or "auto", "conf": args.conf,
                     "reader": str(args.reader) if detector.reader else None,
                     "card_reader": str(args.card_reader) if detector.card_reader else None}
    if "heldout" not in args.skip:
        with tempfile.TemporaryDirectory() as tmp:
            folder = args.heldout or render_heldout_set(args.heldout_images, Path(tmp) / "set")
            figures["heldout"] = evaluate_heldout(detector, folder, args.draw)
    if "real" not in args.skip:
        if (args.real / "images").is_dir():
            figures["real"] = evaluate_real(detector, args.real, args.draw)
        else:
            print(f"durak-table evaluate: no real photos at {args.real}; skipped",
                  file=sys.stderr)
    if "speed" not in args.skip:
        figures["speed_1280x720"] = measure_speed(detector, args.speed_frames)
    text = json.dumps(figures, indent=2, ensure_ascii=False)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")
    return 0
