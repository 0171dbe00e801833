"""Reader training crops cut straight from card faces, as a webcam would see each index.

The same camera also makes the card reader's crops (`kind="card"`): each whole face, 36 to 220
pixels long, at any turn, seen from the axis-aligned box a detector would draw round it.

Scenes of a synth set show an index at one size and turn; these crops take every training design
and procedural typeface (both alphabets) and show each index at any turn (cards lie every way
round a table), 10 to 72 pixels tall, squeezed by perspective, sometimes partly covered by another
card or a finger, on any table, under the scenes' light and sensor effects. Places on a face
that are not an index (pips, pictures, borders) give the class `none`.

Crops are reproducible from (seed, face number), whatever the number of worker processes.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.cardclasses import CARD_CODES, CLASS_OF
from vision.cardfaces import CardFace, design_names
from vision.index_reader import CROP_SIZE, NOT_AN_INDEX, crop_index, training_crop
from vision.progress import ProgressBar
from vision.synth_backgrounds import make_table_surface
from vision.synth_camera import focus_blur, low_resolution, motion_blur, noise_and_jpeg
from vision.synth_decks import DeckPool
from vision.synth_scene import box_corners

INDEX_SIDE = (10.0, 72.0)        # the index's longer side in camera pixels (log-uniform)
INDEX_CROPS_PER_FACE = 3
NONE_CROP_CHANCE = 0.6          # per face: one crop of a place that is not an index
COVER_CHANCE = 0.3
COVER_SHARE = (0.05, 0.35)      # how much of the index a cover hides, at most
PROCEDURAL_SHARE = 0.5


def card_crop(patch: np.ndarray, seen: np.ndarray, rng: np.random.Generator,
              size: int) -> np.ndarray:
    """A square round a card's box, as loose and off-centre as a detector's card boxes."""
    return crop_index(patch, seen, margin=rng.uniform(1.0, 1.2),
                      shift=tuple(rng.normal(0, 0.03, 2)), size=size)


@dataclass(frozen=True)
class CropLook:
    """How a crop's thing is seen: its longer side in camera pixels (log-uniform within
    `sides`), the patch round it (`context` times that side), how much a cover may hide, how
    big the card's index is relative to that side (the blur a camera allows follows it), and
    how the crop is cut round the thing's box (`frame(patch, box, rng, size)`)."""

    sides: tuple[float, float]
    context: float
    cover_share: tuple[float, float]
    index_share: float
    frame: Callable[[np.ndarray, np.ndarray, np.random.Generator, int], np.ndarray]


INDEX_LOOK = CropLook(INDEX_SIDE, 3.2, COVER_SHARE, 1.0, training_crop)
# A whole card: a 720p game's card is 117 px long, a photo's several hundred; its index is about
# a sixth of its length. Covers hide a side of it (a card or a hand lying over it).
CARD_LOOK = CropLook((36.0, 220.0), 1.5, (0.05, 0.35), 0.17, card_crop)
CARD_CROPS_PER_FACE = 2
CARD_COVER_CHANCE = 0.2

_pool: DeckPool | None = None


def place_away_from_indices(face: CardFace, rng: np.random.Generator) -> tuple[float, ...]:
    """A box the size of an index somewhere on the face that holds no index."""
    height, width = face.image.shape[:2]
    x1, y1, x2, y2 = face.index_boxes[0]
    box_w, box_h = (x2 - x1) * rng.uniform(0.8, 1.3), (y2 - y1) * rng.uniform(0.8, 1.3)
    gap_w = gap_h = max(box_w, box_h)
    for _ in range(20):
        left, top = rng.uniform(0, width - box_w), rng.uniform(0, height - box_h)
        box = (left, top, left + box_w, top + box_h)
        # Kept an index's size away from each index: the crop's loose margin must not show one.
        if all(box[2] < b[0] - gap_w or box[0] > b[2] + gap_w or box[3] < b[1] - gap_h
               or box[1] > b[3] + gap_h for b in face.index_boxes):
            return box
    return (width / 2 - box_w / 2, height / 2 - box_h / 2, width / 2 + box_w / 2,
            height / 2 + box_h / 2)


def cover_part(patch: np.ndarray, quad: np.ndarray, rng: np.random.Generator,
               share: tuple[float, float] = COVER_SHARE) -> None:
    """Hide up to `share` of the quad (an index) behind a straight edge: another card or a
    finger."""
    angle = rng.uniform(0, 2 * math.pi)
    direction = np.array([math.cos(angle), math.sin(angle)], np.float32)
    reach = quad @ direction
    edge = reach.max() - rng.uniform(*share) * (reach.max() - reach.min())
    ys, xs = np.mgrid[0:patch.shape[0], 0:patch.shape[1]].astype(np.float32)
    depth = xs * direction[0] + ys * direction[1] - edge
    covered = depth > 0
    if rng.random() < 0.5:   # a card: paper with a dark edge line
        colour = rng.uniform(215, 255) - rng.uniform(0, 20, 3)
        patch[covered] = colour.astype(np.uint8)
        patch[(depth > 0) & (depth < 1.2)] = rng.integers(60, 140)
    else:                    # a finger: skin tones, softly shaded
        skin = np.array([rng.uniform(90, 170), rng.uniform(120, 190), rng.uniform(170, 235)])
        shade = np.clip(1 - depth / max(6.0, float(patch.shape[0]) / 3), 0.55, 1.0)
        patch[covered] = (skin * shade[covered, None]).clip(0, 255).astype(np.uint8)
    shadow = (depth > -4) & (depth <= 0)
    patch[shadow] = (patch[shadow] * rng.uniform(0.6, 0.9)).astype(np.uint8)


def camera_look(patch: np.ndarray, index_side: float, rng: np.random.Generator) -> np.ndarray:
    """Light (a gradient, a tint) and sensor effects no stronger than a small index survives."""
    height, width = patch.shape[:2]
    ramp = np.linspace(-1, 1, width, dtype=np.float32)[None, :] * rng.uniform(-0.25, 0.25)
    gain = rng.uniform(0.55, 1.25) * (1 + ramp) * np.ones((height, 1), np.float32)
    tint = rng.uniform(0.85, 1.15, 3).astype(np.float32)
    patch = np.clip(patch * gain[:, :, None] * tint, 0, 255).astype(np.uint8)
    sharpest = min(1.3, index_side / 18)      # a 9-pixel index takes half a pixel of blur
    if rng.random() < 0.35:
        patch = focus_blur(patch, rng.uniform(0.3, max(0.31, sharpest)))
    if rng.random() < 0.1 and index_side > 24:
        patch = motion_blur(patch, int(rng.integers(3, 6)), rng.uniform(0, 180))
    if rng.random() < 0.2 and index_side > 16:
        patch = low_resolution(patch, rng.uniform(max(0.5, 12 / index_side), 0.9))
    return noise_and_jpeg(rng, patch, jpeg_chance=0.6, worst_quality=40)


def crop_of(face: CardFace, box: tuple[float, ...], rng: np.random.Generator,
            cover: bool, size: int = CROP_SIZE, look: CropLook = INDEX_LOOK) -> np.ndarray:
    """One reader crop of `box` on the face, through a random camera."""
    x1, y1, x2, y2 = box
    scale = math.exp(rng.uniform(*np.log(look.sides))) / max(x2 - x1, y2 - y1)
    small = cv2.resize(face.image, None, fx=scale, fy=scale,
                       interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    side = int(math.ceil(max(x2 - x1, y2 - y1) * scale * look.context)) + 8
    squeeze = np.diag([1.0, rng.uniform(0.75, 1.0)])     # foreshortening along one axis
    turn = rng.uniform(0, 360)
    rotation = cv2.getRotationMatrix2D((0, 0), turn, 1.0)[:, :2]
    linear = rotation @ squeeze @ cv2.getRotationMatrix2D((0, 0), -turn + rng.uniform(-90, 90),
                                                          1.0)[:, :2]
    centre = np.array([(x1 + x2) / 2, (y1 + y2) / 2]) * scale
    warp = np.hstack([linear, (side / 2 - linear @ centre)[:, None]]).astype(np.float32)
    picture = cv2.warpAffine(small, warp, (side, side), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    alpha = picture[:, :, 3:].astype(np.float32) / 255
    table = make_table_surface(rng, side, side).astype(np.float32)
    patch = (picture[:, :, :3] * alpha + table * (1 - alpha)).astype(np.uint8)
    quad = cv2.transform(box_corners(box)[None] * scale, warp)[0]
    if cover:
        cover_part(patch, quad, rng, look.cover_share)
    patch = camera_look(patch, max(x2 - x1, y2 - y1) * scale * look.index_share, rng)
    seen = np.concatenate([quad.min(axis=0), quad.max(axis=0)])
    return look.frame(patch, seen, rng, size)


def random_face(rng: np.random.Generator) -> CardFace:
    """A card of a training design or a procedural face (half with Russian indices)."""
    assert _pool is not None
    code = CARD_CODES[rng.integers(len(CARD_CODES))]
    if _pool.designs and rng.random() >= PROCEDURAL_SHARE:
        faces = _pool.designs[rng.integers(len(_pool.designs))].faces
        return faces.get(code) or next(iter(faces.values()))
    return _pool.face(None, int(rng.integers(0, 100_000)), bool(rng.random() < 0.5), code)


def crops_of_face(seed: int, number: int,
                  size: int = CROP_SIZE) -> tuple[list[np.ndarray], list[int]]:
    """The crops of face `number`: indices (named by the card) and maybe one `none`."""
    rng = np.random.default_rng([seed, number])
    face = random_face(rng)
    crops, classes = [], []
    for _ in range(INDEX_CROPS_PER_FACE):
        box = face.index_boxes[rng.integers(len(face.index_boxes))]
        crops.append(crop_of(face, box, rng, cover=rng.random() < COVER_CHANCE, size=size))
        classes.append(CLASS_OF[face.code])
    if rng.random() < NONE_CROP_CHANCE:
        crops.append(crop_of(face, place_away_from_indices(face, rng), rng, cover=False,
                             size=size))
        classes.append(NOT_AN_INDEX)
    return crops, classes


def crops_of_whole_face(seed: int, number: int,
                        size: int = CROP_SIZE) -> tuple[list[np.ndarray], list[int]]:
    """The card reader's crops of face `number`: the whole card, named by it."""
    rng = np.random.default_rng([seed, number])
    face = random_face(rng)
    height, width = face.image.shape[:2]
    crops = [crop_of(face, (0.0, 0.0, float(width), float(height)), rng,
                     cover=rng.random() < CARD_COVER_CHANCE, size=size, look=CARD_LOOK)
             for _ in range(CARD_CROPS_PER_FACE)]
    return crops, [CLASS_OF[face.code]] * len(crops)


# What a face gives, by kind of reader: its crops and how many crops a face gives on average
CROPPERS = {"index": (crops_of_face, INDEX_CROPS_PER_FACE + NONE_CROP_CHANCE),
            "card": (crops_of_whole_face, CARD_CROPS_PER_FACE)}


def init_worker(split: str) -> None:
    global _pool
    cv2.setNumThreads(1)
    _pool = DeckPool(design_names(split), font_split=split).load()


def work(job: tuple[str, int, int, int]) -> tuple[list[np.ndarray], list[int]]:
    kind, *arguments = job
    return CROPPERS[kind][0](*arguments)


def face_crops(count: int, seed: int, split: str = "train", workers: int | None = None,
               size: int = CROP_SIZE, kind: str = "index") -> tuple[np.ndarray, np.ndarray]:
    """About `count` crops (and their classes), `size` px square, from faces of the split's
    designs and fonts: of indices (`kind` "index") or of whole cards ("card")."""
    faces = max(1, round(count / CROPPERS[kind][1]))
    workers = workers or os.cpu_count() or 1
    jobs = [(kind, seed, number, size) for number in range(faces)]
    crops: list[np.ndarray] = []
    classes: list[int] = []
    progress = ProgressBar(faces, f"face crops ({split})")
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers, initializer=init_worker, initargs=(split,)) as pool:
        for face_crops_, face_classes in pool.imap(work, jobs, chunksize=64):
            crops += face_crops_
            classes += face_classes
            progress.advance()
    progress.close()
    if not crops:
        return np.zeros((0, size, size, 3), np.uint8), np.zeros(0, np.int64)
    return np.stack(crops), np.array(classes, np.int64)


CACHE_DIR = Path(__file__).resolve().parent.parent / "datasets" / "cache" / "reader-face-crops"
GENERATOR_VERSION = 2   # part of the cache's file names: raise it when the crops change


def cached_face_crops(count: int, seed: int, split: str = "train", cache_dir: Path = CACHE_DIR,
                      size: int = CROP_SIZE, kind: str = "index") -> tuple[np.ndarray, np.ndarray]:
    """`face_crops`, kept in the cache folder (a few minutes to make, 3 bytes a pixel: ~7 kB
    a 48 px crop)."""
    prefix = "" if kind == "index" else f"{kind}-"
    path = cache_dir / f"{prefix}{split}-v{GENERATOR_VERSION}-seed{seed}-{count}-{size}px.npz"
    if path.exists():
        try:
            with np.load(path) as stored:
                return stored["crops"], stored["classes"]
        except (OSError, ValueError, KeyError):
            print(f"{path} is damaged: making it again", file=sys.stderr)
    crops, classes = face_crops(count, seed, split, size=size, kind=kind)
    cache_dir.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial.npz")
    np.savez(partial, crops=crops, classes=classes)
    partial.replace(path)
    return crops, classes
