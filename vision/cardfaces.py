"""Card face images from the installed deck designs, each with the boxes of its corner indices.

Sources (all rendered with `resvg`, shipped by the pip package resvg-cli):
- aisleriot sheets (`gnome-cards-data`): 13 x 5 grid, rows clubs, diamonds, hearts, spades,
  backs; columns A, 2..10, J, Q, K;
- KDE decks (`kdegames-card-data-kf5`): one SVG whose elements are named `1_spade` .. `king_club`;
- the CC0 npm deck @heruka_urgyen/react-playing-cards: one SVG per card, `TS` for the ten.
Procedural faces (`vision.procedural_cards`) add fonts and both index alphabets.

A face is stored upright; its index boxes are found from the ink in the top-left corner
(`find_index_box`), and the bottom-right one is the same box turned 180 degrees, since printed
cards are point-symmetric.
"""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.cardclasses import CARD_CODES
from vision.dataset_recipes import recipes

AISLERIOT_DIR = Path("/usr/share/aisleriot/cards")
KDE_DIR = Path("/usr/share/carddecks")
NPM_DECK_DIR = Path(__file__).resolve().parent.parent / "datasets/cache/npm-react-playing-cards"
FACE_HEIGHT = 360  # pixels of a rendered face; scenes scale it down

# Designs reserved for judging the detector on art it never saw (datasets/recipes.toml).
HELD_OUT = recipes().held_out_designs
# Designs this loader cannot use: not French-suited (swiss-xvii, xskat-german), indices in the
# top-right corner (oxygen*), a single index (tango_nuevo), or element names it cannot map
# (future, nicu-white, tigullio-international, jolly-royal), or a suit printed too far below the
# rank for one index box (ancient-egyptians, nicu-ornamental).
UNUSABLE = frozenset({"aisleriot/swiss-xvii", "aisleriot/tango_nuevo", "kde/svg-oxygen",
                      "kde/svg-oxygen-air", "kde/svg-oxygen-white", "kde/svg-future",
                      "kde/svg-nicu-white", "kde/svg-tigullio-international",
                      "kde/svg-xskat-german", "kde/svg-jolly-royal",
                      "kde/svg-ancient-egyptians", "kde/svg-nicu-ornamental"})

AISLERIOT_SUIT_ROWS = ("C", "D", "H", "S")
AISLERIOT_RANK_COLUMNS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
KDE_RANK = {"A": "1", "J": "jack", "Q": "queen", "K": "king"}
KDE_SUIT = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


@dataclass(frozen=True)
class CardFace:
    """An upright card face (RGBA) and its two corner index boxes (x1, y1, x2, y2)."""

    design: str
    code: str
    image: np.ndarray
    index_boxes: tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True)
class Design:
    name: str
    faces: dict[str, CardFace]
    back: np.ndarray | None


def resvg_binary() -> str:
    candidates = [shutil.which("resvg"), str(Path(sys.executable).parent / "resvg")]
    for candidate in candidates:
        if candidate and Path(candidate).exists():
            return candidate
    raise FileNotFoundError("resvg not found: run scripts/setup (it installs resvg-cli)")


def render_svg(svg: Path, width: int) -> np.ndarray:
    """Render an SVG (or .svgz) to a BGRA array `width` pixels wide."""
    with tempfile.TemporaryDirectory() as tmp:
        source = svg
        if svg.suffix == ".svgz":
            source = Path(tmp) / "deck.svg"
            source.write_bytes(gzip.decompress(svg.read_bytes()))
        out = Path(tmp) / "out.png"
        subprocess.run([resvg_binary(), "-w", str(width), str(source), str(out)],
                       check=True, capture_output=True)
        image = cv2.imread(str(out), cv2.IMREAD_UNCHANGED)
    if image is None or image.ndim != 3 or image.shape[2] != 4:
        raise ValueError(f"resvg gave no RGBA image for {svg}")
    return image


def find_index_box(face: np.ndarray) -> tuple[int, int, int, int] | None:
    """The box of the top-left corner index (rank glyph and the suit under it), or None.

    Ink is what differs from the paper colour; the component nearest the corner seeds the box and
    nearby components (the suit pip, the second digit of a 10) join it while the box stays the
    size an index can have. A court picture touching the corner is too big to join.
    """
    height, width = face.shape[:2]
    region_w, region_h = int(width * 0.24), int(height * 0.36)
    margin_x, margin_y = max(2, int(width * 0.025)), max(2, int(height * 0.012))
    bgr = face[:, :, :3].astype(np.int16)
    paper = np.median(bgr[int(height * 0.4):int(height * 0.6), margin_x + 1:margin_x + 4]
                      .reshape(-1, 3), axis=0)
    region = bgr[margin_y:region_h, margin_x:region_w]
    opaque = face[margin_y:region_h, margin_x:region_w, 3] > 128
    ink = ((np.abs(region - paper).sum(axis=2) > 90) & opaque).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    min_area = max(4, int(width * height * 0.00004))
    parts = [(int(x), int(y), int(x + w), int(y + h)) for x, y, w, h, area in stats[1:count]
             if area >= min_area and w < region_w * 0.9 and h < region_h * 0.9]
    if not parts:
        return None
    parts.sort(key=lambda b: b[0] + b[1])
    box = grow_index_box(list(parts[0]), parts, width * 0.19, height * 0.3,
                         width * 0.03, height * 0.05)
    if not stacked_parts(box, parts):
        box = join_suit_below(box, parts, width, height)
    x1, y1, x2, y2 = box
    if (y2 - y1) < height * 0.05 or (x2 - x1) < width * 0.025:
        return None
    pad = max(1, int(height * 0.006))
    return (max(0, x1 + margin_x - pad), max(0, y1 + margin_y - pad),
            min(width, x2 + margin_x + pad), min(height, y2 + margin_y + pad))


def grow_index_box(box: list[int], parts: list[tuple[int, int, int, int]], max_w: float,
                   max_h: float, gap_x: float, gap_y: float) -> list[int]:
    """The box joined with every part near it, for as long as it stays within max_w x max_h."""
    grown = True
    while grown:
        grown = False
        for part in parts:
            if inside(part, box):
                continue
            near = (part[0] <= box[2] + gap_x and part[2] >= box[0] - gap_x
                    and part[1] <= box[3] + gap_y and part[3] >= box[1] - gap_y)
            merged = [min(box[0], part[0]), min(box[1], part[1]),
                      max(box[2], part[2]), max(box[3], part[3])]
            if near and merged[2] - merged[0] <= max_w and merged[3] - merged[1] <= max_h:
                box, grown = merged, True
    return box


def inside(part: tuple[int, int, int, int], box: list[int]) -> bool:
    return part[0] >= box[0] and part[1] >= box[1] and part[2] <= box[2] and part[3] <= box[3]


def stacked_parts(box: list[int], parts: list[tuple[int, int, int, int]]) -> bool:
    """Whether the box holds one part above another (a rank over its suit), not only a rank."""
    held = [part for part in parts if inside(part, box)]
    return any(upper[3] <= lower[1] for upper in held for lower in held)


def join_suit_below(box: list[int], parts: list[tuple[int, int, int, int]], width: int,
                    height: int) -> list[int]:
    """A rank printed big, its suit under it and further off (ornamental, the npm "bf" decks,
    konqi-modern): the nearest part starting just below the rank, centred under it, joins the
    box, so that a crop of the index shows the suit it is labelled with."""
    rank_w = box[2] - box[0]
    below = [part for part in parts
             if box[3] <= part[1] <= box[3] + height * 0.08
             and box[0] - rank_w * 0.5 <= (part[0] + part[2]) / 2 <= box[2] + rank_w * 0.5]
    for part in sorted(below, key=lambda part: part[1]):
        merged = [min(box[0], part[0]), box[1], max(box[2], part[2]), part[3]]
        if merged[2] - merged[0] <= width * 0.24 and merged[3] - merged[1] <= height * 0.45:
            return grow_index_box(merged, parts, width * 0.24, height * 0.45, 0, 0)
    return box


def make_face(design: str, code: str, image: np.ndarray) -> CardFace | None:
    """Scale to FACE_HEIGHT and find both index boxes; None when no index is found."""
    if not 0.55 <= image.shape[1] / max(1, image.shape[0]) <= 0.85:
        return None  # not one upright card: a misnamed element or a crop of several
    scale = FACE_HEIGHT / image.shape[0]
    image = cv2.resize(image, (round(image.shape[1] * scale), FACE_HEIGHT),
                       interpolation=cv2.INTER_AREA)
    box = find_index_box(image)
    if box is None:
        return None
    boxes = [box]
    turned = find_index_box(cv2.rotate(image, cv2.ROTATE_180))
    if turned is not None and similar_size(box, turned):
        height, width = image.shape[:2]
        x1, y1, x2, y2 = turned
        boxes.append((width - x2, height - y2, width - x1, height - y1))
    return CardFace(design, code, image, tuple(boxes))


def similar_size(a: tuple[int, ...], b: tuple[int, ...], tolerance: float = 0.35) -> bool:
    """Whether two index boxes could be the same index printed twice (some designs have one)."""
    return all(abs((a[i + 2] - a[i]) - (b[i + 2] - b[i])) <= tolerance * (a[i + 2] - a[i])
               for i in (0, 1))


def trim_transparent(image: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(image[:, :, 3] > 16)
    if len(xs) == 0:
        return image
    return image[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def load_aisleriot(path: Path) -> Design:
    sheet = render_svg(path, width=13 * 260)
    cell_w, cell_h = sheet.shape[1] / 13, sheet.shape[0] / 5
    name = f"aisleriot/{path.name.removesuffix('.svgz')}"

    def cell(row: int, column: int) -> np.ndarray:
        return trim_transparent(sheet[round(row * cell_h):round((row + 1) * cell_h),
                                      round(column * cell_w):round((column + 1) * cell_w)])

    faces = {}
    for row, suit in enumerate(AISLERIOT_SUIT_ROWS):
        for column, rank in enumerate(AISLERIOT_RANK_COLUMNS):
            face = make_face(name, f"{rank}{suit}", cell(row, column))
            if face is not None:
                faces[face.code] = face
    return Design(name, faces, cell(4, 2))


def query_element_boxes(svg: Path) -> dict[str, tuple[float, float, float, float]]:
    result = subprocess.run([resvg_binary(), "--query-all", str(svg)],
                            check=True, capture_output=True, text=True)
    boxes = {}
    for line in result.stdout.splitlines():
        parts = line.split(",")
        if len(parts) == 5:
            boxes[parts[0]] = tuple(float(v) for v in parts[1:])
    return boxes


PIXELS_PER_UNIT = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4,
                   "cm": 96 / 2.54, "in": 96.0}


def svg_width_in_pixels(svg_text: bytes) -> float:
    """The width resvg gives the canvas by default, in which `--query-all` reports boxes."""
    root = re.search(rb"<svg\b[^>]*>", svg_text)
    tag = root.group(0) if root else b""
    width = re.search(rb'\swidth="([\d.]+)\s*([a-z]*)"', tag)
    if width and width.group(2).decode() in PIXELS_PER_UNIT:
        return float(width.group(1)) * PIXELS_PER_UNIT[width.group(2).decode()]
    view_box = re.search(rb'viewBox="[\d.\-]+[ ,]+[\d.\-]+[ ,]+([\d.]+)', tag)
    if view_box:
        return float(view_box.group(1))
    raise ValueError("the SVG states neither a width nor a viewBox")


def load_kde(folder: Path) -> Design:
    name = f"kde/{folder.name}"
    svgz = next(folder.glob("*.svgz"))
    with tempfile.TemporaryDirectory() as tmp:
        svg = Path(tmp) / "deck.svg"
        svg.write_bytes(gzip.decompress(svgz.read_bytes()))
        boxes = query_element_boxes(svg)
        svg_width = svg_width_in_pixels(svg.read_bytes())
        card_box = boxes.get("1_spade")
        if card_box is None:
            return Design(name, {}, None)
        scale = FACE_HEIGHT * 1.3 / card_box[3]
        sheet = render_svg(svg, width=round(svg_width * scale))
    scale = sheet.shape[1] / svg_width

    def crop(element: str) -> np.ndarray | None:
        if element not in boxes:
            return None
        x, y, w, h = (v * scale for v in boxes[element])
        piece = sheet[max(0, round(y)):round(y + h), max(0, round(x)):round(x + w)]
        return piece if piece.size and piece[:, :, 3].max() > 0 else None

    faces = {}
    for code in CARD_CODES:
        rank, suit = code[:-1], code[-1]
        piece = crop(f"{KDE_RANK.get(rank, rank)}_{KDE_SUIT[suit]}")
        face = make_face(name, code, piece) if piece is not None else None
        if face is not None:
            faces[code] = face
    return Design(name, faces, crop("back"))


def load_npm(folder: Path) -> Design:
    name = f"npm/{folder.name}"
    faces = {}
    for code in CARD_CODES:
        rank, suit = code[:-1], code[-1]
        svg = folder / f"{'T' if rank == '10' else rank}{suit}.svg"
        if svg.exists():
            face = make_face(name, code, trim_transparent(render_svg(svg, width=300)))
            if face is not None:
                faces[code] = face
    back_svg = folder.parent / "back.svg"
    back = trim_transparent(render_svg(back_svg, width=300)) if back_svg.exists() else None
    return Design(name, faces, back)


def available_designs() -> dict[str, tuple]:
    """Every installed design: name -> (loader, path)."""
    found: dict[str, tuple] = {}
    for path in sorted(AISLERIOT_DIR.glob("*.svgz")):
        found[f"aisleriot/{path.name.removesuffix('.svgz')}"] = (load_aisleriot, path)
    for folder in sorted(KDE_DIR.glob("svg-*")):
        if any(folder.glob("*.svgz")):
            found[f"kde/{folder.name}"] = (load_kde, folder)
    for folder in sorted((NPM_DECK_DIR / "package/src/images").glob("*color*")):
        found[f"npm/{folder.name}"] = (load_npm, folder)
    return {name: source for name, source in found.items() if name not in UNUSABLE}


def design_names(split: str) -> list[str]:
    """`train`: every usable design but the held-out ones; `heldout`: only those."""
    names = available_designs()
    if split == "heldout":
        return [n for n in names if n in HELD_OUT]
    if split == "train":
        return [n for n in names if n not in HELD_OUT]
    raise ValueError(f"unknown split {split!r}: use 'train' or 'heldout'")


def load_design(name: str) -> Design:
    designs = available_designs()
    if name not in designs:
        raise KeyError(f"card design {name!r} is not installed (run scripts/setup)")
    loader, path = designs[name]
    return loader(path)

