"""Card faces drawn from fonts: many typefaces, English (A K Q J) and Russian (Т К Д В) indices.

The Debian decks hold one Russian design; drawing more is how the detector learns Cyrillic
indices in many shapes. Every face is a `CardFace` with exact index boxes, since we drew them.
"""

from __future__ import annotations

import random
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from vision.cardclasses import RED_SUITS, RUSSIAN_RANK
from vision.cardfaces import FACE_HEIGHT, CardFace
from vision.index_fonts import by_family, rank_fonts, suit_fonts, suit_glyphs


def pick_font(fonts: tuple[Path, ...], rng: random.Random) -> Path:
    """A family first, then one of its styles."""
    if not fonts:
        raise FileNotFoundError("no fonts that draw card indices: run scripts/setup")
    family = rng.choice(by_family(fonts))
    return rng.choice(family)


def index_text(code: str, russian: bool, suit_font: Path) -> tuple[str, str]:
    """The rank in the deck's alphabet, and the character that draws the suit in suit_font."""
    rank, suit = code[:-1], code[-1]
    return (RUSSIAN_RANK.get(rank, rank) if russian else rank), suit_glyphs(suit_font)[suit]


def draw_procedural_face(code: str, rng: random.Random, russian: bool,
                         split: str = "train") -> CardFace:
    """One face: paper, border, corner indices (rank over suit, both corners), central art."""
    height = FACE_HEIGHT
    width = round(height * rng.uniform(0.64, 0.72))
    rank_font_path = pick_font(rank_fonts(split), rng)
    suit_font_path = pick_font(suit_fonts(split), rng)
    paper = tuple(int(v) for v in rng.choice([(255, 255, 255), (250, 248, 240), (245, 245, 235),
                                              (255, 252, 245), (238, 240, 244)]))
    suit = code[-1]
    red = (rng.randint(170, 230), rng.randint(0, 40), rng.randint(0, 50))
    ink = red if suit in RED_SUITS else (rng.randint(0, 40),) * 3
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = round(width * rng.uniform(0.03, 0.08))
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius, fill=(*paper, 255),
                           outline=(120, 120, 120, 255), width=1)
    if rng.random() < 0.3:  # an inner frame, as on many printed decks
        inset = round(width * rng.uniform(0.16, 0.22))
        draw.rectangle((inset, inset, width - inset, height - inset), outline=(*ink, 255), width=1)

    rank_text, suit_text = index_text(code, russian, suit_font_path)
    rank_size = round(height * rng.uniform(0.085, 0.13))
    rank_font = ImageFont.truetype(str(rank_font_path), rank_size)
    suit_font = ImageFont.truetype(str(suit_font_path), round(rank_size * rng.uniform(0.7, 1.0)))
    left, top = round(width * rng.uniform(0.03, 0.07)), round(height * rng.uniform(0.02, 0.05))
    rank_box = draw.textbbox((left, top), rank_text, font=rank_font)
    rank_center = (rank_box[0] + rank_box[2]) / 2
    suit_top = rank_box[3] + round(height * rng.uniform(0.005, 0.02))
    suit_box = draw.textbbox((rank_center, suit_top), suit_text, font=suit_font, anchor="mt")
    draw.text((left, top), rank_text, font=rank_font, fill=(*ink, 255))
    draw.text((rank_center, suit_top), suit_text, font=suit_font, fill=(*ink, 255), anchor="mt")
    corner = (max(0, int(min(rank_box[0], suit_box[0])) - 2),
              max(0, int(min(rank_box[1], suit_box[1])) - 2),
              int(max(rank_box[2], suit_box[2])) + 2, int(max(rank_box[3], suit_box[3])) + 2)

    # Central art: pips on a grid, or a big letter for court cards; kept clear of the corners.
    art_font = ImageFont.truetype(str(suit_font_path), round(height * rng.uniform(0.12, 0.2)))
    if code[:-1] in ("J", "Q", "K"):
        letter_font = ImageFont.truetype(str(rank_font_path), round(height * 0.35))
        draw.text((width / 2, height / 2), rank_text, font=letter_font, fill=(*ink, 140),
                  anchor="mm")
    else:
        pips = {"A": 1, "10": 10}.get(code[:-1]) or int(code[:-1])
        columns = 1 if pips <= 3 else 2 if pips <= 8 else 3
        rows = -(-pips // columns)
        for i in range(pips):
            cx = width * (0.5 if columns == 1 else 0.3 + 0.4 * (i % columns) / (columns - 1))
            cy = height * (0.5 if rows == 1 else 0.25 + 0.5 * (i // columns) / (rows - 1))
            draw.text((cx, cy), suit_text, font=art_font, fill=(*ink, 255), anchor="mm")

    # The second index: the whole card turned 180 degrees carries it at the bottom right.
    turned = image.rotate(180)
    corner_patch = image.crop(corner)
    turned.paste(corner_patch, corner, corner_patch)
    bgra = cv2.cvtColor(np.array(turned), cv2.COLOR_RGBA2BGRA)
    x1, y1, x2, y2 = corner
    boxes = ((x1, y1, x2, y2), (width - x2, height - y2, width - x1, height - y1))
    return CardFace(f"procedural/{rank_font_path.stem}{'/ru' if russian else ''}", code,
                    bgra, boxes)
