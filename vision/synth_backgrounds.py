"""Table surfaces for synthetic scenes: wood, cloth, felt, plastic, patterns and photos.

Photos come from Debian's gnome-backgrounds; the rest is drawn from noise so that no two tables
are alike.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

PHOTO_DIR = Path("/usr/share/backgrounds")


@lru_cache(maxsize=1)
def photo_paths() -> tuple[Path, ...]:
    return tuple(sorted(p for p in PHOTO_DIR.rglob("*") if p.suffix.lower() in
                        (".jpg", ".jpeg", ".png", ".webp")))


@lru_cache(maxsize=64)
def load_photo(path: Path) -> np.ndarray | None:
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        return None
    scale = 900 / max(image.shape[:2])
    return cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)


def smooth_noise(rng: np.random.Generator, height: int, width: int, cell: int) -> np.ndarray:
    """Value noise in [0, 1] with features about `cell` pixels wide."""
    small = rng.random((max(2, height // cell + 2), max(2, width // cell + 2))).astype(np.float32)
    return cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC).clip(0, 1)


def random_colour(rng: np.random.Generator, low: int = 20, high: int = 230) -> np.ndarray:
    return rng.integers(low, high, 3).astype(np.float32)


def wood(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    vertical = rng.random() < 0.5  # grain along either table edge
    h, w = (width, height) if vertical else (height, width)
    base = np.array([rng.uniform(20, 90), rng.uniform(50, 130), rng.uniform(90, 200)], np.float32)
    ys = np.arange(h, dtype=np.float32)[:, None]
    warp = smooth_noise(rng, h, w, int(rng.integers(40, 160))) * rng.uniform(10, 40)
    grain = np.sin((ys + warp) * rng.uniform(0.08, 0.35)) * 0.5 + 0.5
    shade = 0.75 + 0.2 * grain + 0.1 * smooth_noise(rng, h, w, 3)
    image = base[None, None, :] * shade[:, :, None]
    return image.transpose(1, 0, 2) if vertical else image


def cloth(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    base = random_colour(rng)
    weave = (rng.random((height, width)) * 0.2 + 0.9).astype(np.float32)
    weave = cv2.GaussianBlur(weave, (0, 0), rng.uniform(0.5, 1.5))
    folds = 0.85 + 0.3 * smooth_noise(rng, height, width, rng.integers(60, 200))
    return base[None, None, :] * (weave * folds)[:, :, None]


def plain(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    base = random_colour(rng, 0, 256)
    gradient = 0.85 + 0.3 * smooth_noise(rng, height, width, max(height, width) // 2)
    return base[None, None, :] * gradient[:, :, None]


def pattern(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    a, b = random_colour(rng), random_colour(rng)
    period = int(rng.integers(8, 60))
    ys, xs = np.mgrid[0:height, 0:width]
    kind = rng.integers(0, 3)
    if kind == 0:
        mask = ((ys // period + xs // period) % 2).astype(bool)
    elif kind == 1:
        mask = ((xs + ys) // period % 2).astype(bool)
    else:
        dots = (ys % period - period / 2) ** 2 + (xs % period - period / 2) ** 2
        mask = dots < (period / 3) ** 2
    return np.where(mask[:, :, None], a, b).astype(np.float32)


def photo(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    paths = photo_paths()
    image = load_photo(paths[rng.integers(len(paths))]) if paths else None
    if image is None:
        return cloth(rng, height, width)
    scale = max(height / image.shape[0], width / image.shape[1]) * rng.uniform(1.0, 2.0)
    image = cv2.resize(image, None, fx=scale, fy=scale)
    y = rng.integers(0, image.shape[0] - height + 1)
    x = rng.integers(0, image.shape[1] - width + 1)
    return image[y:y + height, x:x + width].astype(np.float32)


SURFACES = (wood, cloth, plain, pattern, photo)
SURFACE_WEIGHTS = np.array([0.25, 0.25, 0.15, 0.15, 0.2])


def make_table_surface(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """A BGR uint8 table surface of the given size."""
    surface = SURFACES[rng.choice(len(SURFACES), p=SURFACE_WEIGHTS)](rng, height, width)
    return np.clip(surface, 0, 255).astype(np.uint8)
