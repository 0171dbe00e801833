"""`durak-table train-reader`: train the index reader (second stage) on a synth set's crops.

Every labelled corner index of the set gives jittered square crops named by its card; crops of
places that are not indices (table, pips, pictures, card backs) are the class `none`, so the
reader can also reject what the detector mistook for an index. A small CNN, trained with
PyTorch (it comes with ultralytics) and exported to ONNX for `durak-table detect`.

With --whole-cards it trains the card reader instead: the same CNN on 64-pixel crops of whole
cards cut from the training designs' faces, the detector's second opinion on a card it sees
whole (`vision/card_reader.py`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from vision.card_opinion import near_a_corner
from vision.card_reader import CARD_CROP_SIZE, DEFAULT_CARD_READER
from vision.cardclasses import WHOLE_CARD_CLASS
from vision.index_reader import (
    CROP_SIZE,
    MODELS,
    NOT_AN_INDEX,
    TRAINED_READER,
    crop_index,
    crops_to_batch,
    training_crop,
)
from vision.progress import ProgressBar
from vision.quantize import CALIBRATION_CROPS, int8_path, quantize_reader
from vision.reader_face_crops import cached_face_crops, card_crop
from vision.reader_network import DEFAULT_WIDTHS, build_network, widened, widths_of


def read_labels(path: Path, width: int, height: int) -> list[tuple[int, np.ndarray]]:
    labels = []
    for line in path.read_text().splitlines() if path.exists() else []:
        class_id, cx, cy, w, h = line.split()
        cx, cy, w, h = float(cx) * width, float(cy) * height, float(w) * width, float(h) * height
        labels.append((int(class_id), np.array([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2])))
    return labels


def far_from(box: np.ndarray, others: list[np.ndarray]) -> bool:
    centre = (box[:2] + box[2:]) / 2
    return all(not (np.all(centre >= o[:2] - 2) and np.all(centre <= o[2:] + 2)) for o in others)


def crops_of_image(image: np.ndarray, labels: list[tuple[int, np.ndarray]],
                   rng: np.random.Generator, per_index: int,
                   size: int = CROP_SIZE, covered: list[bool] | None = None) -> tuple[list, list]:
    """Jittered crops of every index, and about as many crops of things that are not one."""
    crops, classes = [], []
    indices = [box for cls, box in labels if cls != WHOLE_CARD_CLASS]
    for cls, box in labels:
        if cls == WHOLE_CARD_CLASS:
            continue
        for _ in range(per_index):
            crops.append(training_crop(image, box, rng, size))
            classes.append(cls)
    sides = [max(b[2] - b[0], b[3] - b[1]) for b in indices] or [24.0]
    height, width = image.shape[:2]
    cards = [box for cls, box in labels if cls == WHOLE_CARD_CLASS]
    wanted = max(2, len(indices) * per_index // 2)
    for attempt in range(wanted * 4):
        if len(crops) >= len(indices) * per_index + wanted:
            break
        side = float(rng.choice(sides)) * rng.uniform(0.8, 1.3)
        if cards and attempt % 2 == 0:   # inside a card, away from its indices: pips, faces
            card = cards[rng.integers(len(cards))]
            cx, cy = rng.uniform(card[0], card[2]), rng.uniform(card[1], card[3])
        else:
            cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        box = np.array([cx - side / 3, cy - side / 2, cx + side / 3, cy + side / 2])
        if far_from(box, indices):
            crops.append(crop_index(image, box, margin=rng.uniform(1.1, 1.5), size=size))
            classes.append(NOT_AN_INDEX)
    return crops, classes


def card_crops_of_image(image: np.ndarray, labels: list[tuple[int, np.ndarray]],
                        rng: np.random.Generator, per_card: int,
                        size: int = CROP_SIZE, covered: list[bool] | None = None
                        ) -> tuple[list, list]:
    """Jittered crops of every labelled card box but those `covered` (per label line: less
    than 90% of the card visible, so its crop would show the cards over it). A synth set
    labels each card's visible indices just before its card box; the card is named when they
    name one card and lie in the box's corners (else a card without a box of its own, whose
    indices came just before, would lend it its name)."""
    crops, classes = [], []
    pending: list[int] = []
    for line, (cls, box) in enumerate(labels):
        if cls != WHOLE_CARD_CLASS:
            pending.append(line)
            continue
        mine, pending = pending, []
        names = {labels[n][0] for n in mine}
        if not mine or len(names) != 1 or (covered and covered[line]):
            continue
        index_boxes = np.array([labels[n][1] for n in mine])
        if not near_a_corner(index_boxes, box[None], np.zeros(len(mine), int)).all():
            continue
        crops += [card_crop(image, box, rng, size) for _ in range(per_card)]
        classes += list(names) * per_card
    return crops, classes


def collect_crops(folder: Path, part: str, per_index: int, limit: int | None,
                  seed: int, size: int = CROP_SIZE,
                  cropper=crops_of_image) -> tuple[np.ndarray, np.ndarray]:
    """The crops `cropper` cuts from each image of the set's `part` (per_index of each
    labelled thing)."""
    images = sorted((folder / "images" / part).glob("*.jpg"))[:limit]
    covered = covered_flags(folder)
    rng = np.random.default_rng(seed)
    all_crops, all_classes = [], []
    progress = ProgressBar(len(images), f"crops ({part})")
    for path in images:
        image = cv2.imread(str(path))
        if image is not None:
            labels = read_labels(folder / "labels" / part / f"{path.stem}.txt", image.shape[1],
                                 image.shape[0])
            crops, classes = cropper(image, labels, rng, per_index, size,
                                     covered.get(f"images/{part}/{path.name}"))
            all_crops += crops
            all_classes += classes
        progress.advance()
    progress.close()
    return (np.stack(all_crops) if all_crops else np.zeros((0, size, size, 3), np.uint8),
            np.array(all_classes, np.int64))


def covered_flags(folder: Path) -> dict[str, list[bool]]:
    """Per image (its path in the set), whether each label line's thing is covered, from the
    set's meta.jsonl (empty where the set has none)."""
    flags = {}
    meta = folder / "meta.jsonl"
    for line in meta.read_text().splitlines() if meta.exists() else []:
        try:
            item = json.loads(line)
            flags[item["image"]] = [bool(flag) for flag in item["covered"]]
        except (ValueError, KeyError, TypeError):
            continue
    return flags


HUE_TURN_CHANCE = 0.25


def hue_turns(angles: np.ndarray) -> np.ndarray:
    """(N, 3, 3) matrices that turn RGB colours by `angles` (radians) about the grey axis:
    red ink becomes green or blue, grey stays grey."""
    axis = np.full(3, 1 / np.sqrt(3))
    cross = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    cos, sin = np.cos(angles)[:, None, None], np.sin(angles)[:, None, None]
    return (cos * np.eye(3) + sin * cross + (1 - cos) * np.outer(axis, axis)).astype(np.float32)


def augment(batch: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Brightness, contrast and noise per crop (geometry jitter is in the crops already); a
    quarter of the crops get their colours turned, so that a suit is read by its shape too
    (four-colour decks print clubs green and diamonds blue)."""
    turned = np.flatnonzero(rng.random(len(batch)) < HUE_TURN_CHANCE)
    if len(turned):
        batch = batch.copy()
        turns = hue_turns(rng.uniform(0.5, 2 * np.pi - 0.5, len(turned)))
        batch[turned] = np.einsum("nij,njhw->nihw", turns, batch[turned])
    gain = rng.uniform(0.6, 1.4, (len(batch), 1, 1, 1)).astype(np.float32)
    offset = rng.uniform(-0.15, 0.15, (len(batch), 1, 1, 1)).astype(np.float32)
    noise = rng.normal(0, 0.03, batch.shape).astype(np.float32)
    return np.clip(batch * gain + offset + noise, 0, 1)


def accuracy(network, crops: np.ndarray, classes: np.ndarray) -> float:
    import torch

    network.eval()
    right = 0
    with torch.no_grad():
        for start in range(0, len(crops), 1024):
            batch = torch.from_numpy(crops_to_batch(crops[start:start + 1024]))
            right += int((network(batch).argmax(1).numpy() == classes[start:start + 1024]).sum())
    network.train()
    return right / max(1, len(crops))


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="durak-table train-reader", description=__doc__)
    parser.add_argument("--data", type=Path,
                        help="a set from `durak-table synth` (images/, labels/); needed but "
                             "with --whole-cards, which crops its card boxes named by their "
                             "corner indices when given")
    parser.add_argument("--whole-cards", action="store_true",
                        help="train the card reader: whole cards from the training designs' "
                             f"faces only (crops {CARD_CROP_SIZE} px unless --crop-size; "
                             f"default --out {DEFAULT_CARD_READER.relative_to(MODELS.parent)})")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--minutes", type=float,
                        help="stop after the epoch that passes this long (the learning rate "
                             "is planned for --epochs: stopping early leaves it high, so "
                             "choose --epochs that fit)")
    parser.add_argument("--per-index", type=int, default=1, help="crops per labelled index")
    parser.add_argument("--limit", type=int, help="use only the first N training images")
    parser.add_argument("--face-crops", type=int, default=150_000, metavar="N",
                        help="also train on about N crops cut straight from the training "
                             "designs' faces and typefaces (any turn and size; cached in "
                             "datasets/cache); 0 for the set's scenes only")
    parser.add_argument("--crop-size", type=int, metavar="PX",
                        help="the square crop side the reader sees (default "
                             f"{CROP_SIZE}; 24-128); the exported model keeps it, and "
                             "the runtime cuts its crops to match")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--max-lr", type=float, default=3e-3,
                        help="the one-cycle schedule's peak learning rate (default 3e-3; "
                             "lower, e.g. 1e-3, to go on from trained --init weights without "
                             "first undoing part of what they learnt)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, metavar="N",
                        help="CPU threads for PyTorch (default: its own choice, one a core); "
                             "1 lets two trainings share a 2-core machine side by side")
    parser.add_argument("--init", type=Path, metavar="READER_PT",
                        help="continue from these weights (the .pt saved beside an export)")
    parser.add_argument("--widths", type=_widths, default=None, metavar="W,W,W,W,W,W",
                        help="the six conv layers' widths; with --init of a narrower reader, "
                             "it is widened first, computing what it computed (default: "
                             "--init's, else " + ",".join(map(str, DEFAULT_WIDTHS)) + ")")
    parser.add_argument("--out", type=Path,
                        help="ONNX model to write; its PyTorch weights go beside it (.pt), "
                             "and its int8 copy, the one the detector reads with (-int8.onnx)")
    args = parser.parse_args(argv)
    args.crop_size = args.crop_size or (CARD_CROP_SIZE if args.whole_cards else CROP_SIZE)
    args.out = args.out or (DEFAULT_CARD_READER if args.whole_cards else TRAINED_READER)
    return args


def _widths(text: str) -> tuple[int, ...]:
    try:
        widths = tuple(int(part) for part in text.split(","))
    except ValueError:
        widths = ()
    if len(widths) != len(DEFAULT_WIDTHS) or min(widths) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give {len(DEFAULT_WIDTHS)} positive "
                                         "integers separated by commas, e.g. "
                                         + ",".join(map(str, DEFAULT_WIDTHS)))
    return widths


def starting_network(args: argparse.Namespace):
    """A fresh network of --widths, or --init's weights (widened to --widths if narrower)."""
    import torch

    if not args.init:
        return build_network(args.widths or DEFAULT_WIDTHS)
    state = torch.load(args.init, map_location="cpu")
    network = build_network(widths_of(state))
    network.load_state_dict(state)
    if args.widths and widths_of(state) != args.widths:
        network = widened(network, args.widths, seed=args.seed)
    return network


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if not 24 <= args.crop_size <= 128:
        print(f"durak-table train-reader: --crop-size {args.crop_size} is outside 24-128 px",
              file=sys.stderr)
        return 2
    if args.threads is not None and args.threads < 1:
        print(f"durak-table train-reader: --threads {args.threads} must be 1 or more",
              file=sys.stderr)
        return 2
    if (args.data or not args.whole_cards) and not (
            args.data and (args.data / "images" / "train").is_dir()):
        print(f"durak-table train-reader: {args.data or '--data'} holds no images/train (make "
              "one with `durak-table synth`)", file=sys.stderr)
        return 2
    import torch

    if args.threads:
        torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    kind, cropper = (("card", card_crops_of_image) if args.whole_cards
                     else ("index", crops_of_image))
    if args.data is None:
        train_crops, train_classes = np.zeros((0, args.crop_size, args.crop_size, 3),
                                              np.uint8), np.zeros(0, np.int64)
        checks = {}
    else:
        train_crops, train_classes = collect_crops(args.data, "train", args.per_index,
                                                   args.limit, args.seed, args.crop_size,
                                                   cropper)
        checks = {"scenes": collect_crops(args.data, "val", 1, None, args.seed + 1,
                                          args.crop_size, cropper)}
    if args.face_crops > 0:
        faces, face_classes = cached_face_crops(args.face_crops, args.seed,
                                                size=args.crop_size, kind=kind)
        train_crops = np.concatenate([train_crops, faces])
        train_classes = np.concatenate([train_classes, face_classes])
        checks["faces"] = cached_face_crops(max(1000, args.face_crops // 30), args.seed + 1,
                                            size=args.crop_size, kind=kind)
    if len(train_crops) == 0:
        print("durak-table train-reader: no training crops (no labelled "
              + ("cards seen whole and named by their indices" if args.whole_cards
                 else "indices") + ", and --face-crops 0)", file=sys.stderr)
        return 2
    print(f"{len(train_crops)} training crops; validation: "
          + ", ".join(f"{len(crops)} of {name}" for name, (crops, _) in checks.items()),
          file=sys.stderr)
    try:
        network = starting_network(args)
    except (OSError, RuntimeError, ValueError) as error:
        print(f"durak-table train-reader: cannot start from {args.init}: {error}", file=sys.stderr)
        return 2
    # channels-last convolutions train about a third faster on CPU (120 -> 161 crops/s at
    # 48 px on this machine's two cores); the weights and the export are the same
    network = network.to(memory_format=torch.channels_last)
    optimiser = torch.optim.AdamW(network.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = args.epochs * (len(train_crops) // args.batch + 1)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=args.max_lr,
                                                   total_steps=steps)
    loss_of = torch.nn.CrossEntropyLoss(label_smoothing=0.05)
    start, best = time.monotonic(), -1.0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for epoch in range(args.epochs):
        order = rng.permutation(len(train_crops))
        progress = ProgressBar(len(order) // args.batch + 1, f"reader epoch {epoch + 1}")
        for first in range(0, len(order), args.batch):
            chosen = order[first:first + args.batch]
            batch = torch.from_numpy(augment(crops_to_batch(train_crops[chosen]), rng)).to(
                memory_format=torch.channels_last)
            loss = loss_of(network(batch), torch.from_numpy(train_classes[chosen]))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            progress.advance()
        progress.close()
        scores = {name: accuracy(network, *check) for name, check in checks.items()
                  if len(check[0])}
        score = float(np.mean(list(scores.values()))) if scores else 0.0
        print(f"epoch {epoch + 1}: loss {loss.item():.3f}, validation accuracy {score:.4f} ("
              + ", ".join(f"{name} {value:.4f}" for name, value in scores.items()) + ")",
              file=sys.stderr)
        if score >= best:
            best = score
            export_reader(network, args.out, args.crop_size)
        if args.minutes and time.monotonic() - start > args.minutes * 60:
            break
    print(f"exported {args.out} (validation accuracy {best:.4f})")
    # the int8 copy's ranges, measured on crops the reader did not train on where there are any
    calibration = np.concatenate([crops for crops, _ in checks.values()])
    if len(calibration) == 0:
        calibration = train_crops
    quantize_reader(args.out, int8_path(args.out),
                    calibration[rng.permutation(len(calibration))[:CALIBRATION_CROPS]])
    print(f"and its int8 copy {int8_path(args.out)}")
    return 0


def export_reader(network, target: Path, crop_size: int = CROP_SIZE) -> None:
    """ONNX for the runtime, and the PyTorch weights beside it to continue training later."""
    import torch

    torch.save(network.state_dict(), target.with_suffix(".pt"))
    network.eval()
    example = torch.zeros(1, 3, crop_size, crop_size)
    torch.onnx.export(network, example, str(target), input_names=["crops"],
                      output_names=["logits"], dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}},
                      opset_version=17, dynamo=False)
    network.train()
