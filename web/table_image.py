"""Draws the table as the referee sees it: a stand-in video frame when there is no camera, and
the picture kept with each foul."""

from __future__ import annotations

import io
import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from .cards import card_label, is_red

WIDTH, HEIGHT = 640, 400
CARD_W, CARD_H = 46, 66
FELT = (22, 96, 52)
FONT_PATHS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
              "/usr/share/fonts/truetype/freefont/FreeSans.ttf")


@lru_cache(maxsize=8)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in FONT_PATHS:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def printable(text: str, limit: int = 90) -> str:
    """What the font can lay out: control characters and unpaired surrogates removed."""
    return "".join(ch for ch in text if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF
                   )[:limit]


def draw_card(draw: ImageDraw.ImageDraw, x: float, y: float, code: str | None,
              outline: tuple[int, int, int] = (40, 40, 40)) -> None:
    box = (x, y, x + CARD_W, y + CARD_H)
    if code is None:      # a face-down card
        draw.rounded_rectangle(box, 5, fill=(150, 40, 40), outline=(250, 250, 250), width=2)
        return
    draw.rounded_rectangle(box, 5, fill=(250, 250, 246), outline=outline, width=2)
    colour = (200, 20, 30) if is_red(code) else (15, 15, 15)
    draw.text((x + CARD_W / 2, y + CARD_H / 2), card_label(code), fill=colour,
              font=font(17), anchor="mm")


def render_table(snapshot: dict[str, Any] | None, caption: str = "",
                 foul: bool = False) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(image)
    if not snapshot or not snapshot.get("seats"):
        draw.text((WIDTH / 2, HEIGHT / 2), "durak-table: waiting for a match", fill="white",
                  font=font(22), anchor="mm")
        return image
    header = printable(f"game {snapshot.get('game') or 1}   stock {snapshot.get('stock', 0)}"
              f"   discard {snapshot.get('discard', 0)}   {snapshot.get('variant', '')}")
    draw.text((10, 8), header, fill="white", font=font(15))
    if snapshot.get("trump"):
        draw.text((10, 272), "trump", fill="white", font=font(13))
        draw_card(draw, 10, 290, snapshot["trump"], outline=(230, 190, 0))
    _draw_seats(draw, snapshot)
    _draw_pairs(draw, snapshot.get("table") or [])
    open_cards = snapshot.get("open_table") or []
    for index, code in enumerate(open_cards[:10]):
        draw_card(draw, 80 + index * (CARD_W + 6), 150, code)
    if caption:
        colour = (190, 20, 20) if foul else (20, 20, 20)
        draw.rectangle((0, HEIGHT - 30, WIDTH, HEIGHT), fill=colour)
        draw.text((10, HEIGHT - 15), printable(caption), fill="white", font=font(14),
                  anchor="lm")
    return image


def _draw_seats(draw: ImageDraw.ImageDraw, snapshot: dict[str, Any]) -> None:
    seats: list[str] = list(snapshot.get("seats") or [])
    hands: dict[str, Any] = snapshot.get("hands") or {}
    piles: dict[str, list[str]] = snapshot.get("piles") or {}
    for index, name in enumerate(seats):
        angle = math.pi / 2 + 2 * math.pi * index / max(len(seats), 1)
        x = WIDTH / 2 + 250 * math.cos(angle)
        y = HEIGHT / 2 - 18 + 140 * math.sin(angle)
        count = (hands.get(name) or {}).get("count", 0)
        colour = "white"
        if name == snapshot.get("attacker"):
            colour = (255, 180, 60)
        elif name == snapshot.get("defender"):
            colour = (120, 200, 255)
        label = printable(f"{name} ({count})", 30)
        draw.text((x, y), label, fill=colour, font=font(16), anchor="mm")
        if piles.get(name):
            draw_card(draw, x - CARD_W / 2, y + 12, piles[name][-1])


def _draw_pairs(draw: ImageDraw.ImageDraw, table: list[dict[str, Any]]) -> None:
    step = CARD_W + 30
    left = WIDTH / 2 - len(table[:6]) * step / 2
    for index, pair in enumerate(table[:6]):
        x = left + index * step
        draw_card(draw, x, 118, pair.get("attack"))
        if pair.get("defence"):     # the beating card lies across, leaving the rank visible
            draw_card(draw, x + 22, 150, pair["defence"], outline=(40, 110, 200))


def to_jpeg(image: Image.Image, quality: int = 80) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=quality)
    return buffer.getvalue()


def thumbnail(jpeg: bytes, width: int = 200) -> bytes:
    image = Image.open(io.BytesIO(jpeg))
    image.thumbnail((width, width))
    return to_jpeg(image.convert("RGB"), quality=70)
