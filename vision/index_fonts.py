"""Which installed fonts can draw card indices: rank fonts and suit fonts, train or held out.

A rank font must draw both index alphabets (A K Q J 10 and Т К Д В); a suit font must draw
♠ ♥ ♦ ♣. Fonts come from Debian packages that `scripts/setup` installs (DejaVu and FreeFont for
the suits; ParaType, Liberation, Old Standard, CMU, EB Garamond, Libertine and others for the
ranks). Whether a font has a glyph is tested by drawing it: a missing glyph draws the same
"tofu" box as a private-use character that no font has.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np
from PIL import ImageFont

from vision.cardclasses import SUIT_SYMBOL
from vision.dataset_recipes import recipes

FONT_ROOT = Path("/usr/share/fonts")
RANK_GLYPHS = "AKQJ1234567890ТКДВ"
SUIT_GLYPHS = "♠♥♦♣"
# Styles too unlike printed indices: hairlines, slanted, math and symbol faces.
EXCLUDED_STYLE_WORDS = ("ExtraLight", "Thin", "Hairline", "Math", "Italic", "Oblique", "Slanted",
                        "Symbol", "Emoji")
# Typefaces never drawn into training data: procedural held-out faces (the Russian-index part of
# the held-out test set) use only these.
HELD_OUT_FONTS = recipes().held_out_fonts   # datasets/recipes.toml
NO_SUCH_GLYPH = "\U000f0000"
# The font whose suit symbols every other font's are compared with (fonts-dejavu-core).
REFERENCE_SUIT_FONT = "DejaVuSans.ttf"
# Suits of one colour, the only ones a font's symbols can be mistaken for each other: the
# colour comes from the card's code, not from the glyph.
SAME_COLOUR_SUITS = (("S", "C"), ("H", "D"))


def drawn(font: ImageFont.FreeTypeFont, glyph: str) -> bytes:
    mask = font.getmask(glyph)
    return bytes(mask) + bytes(str(mask.size), "ascii")


def draws_all(path: Path, glyphs: str) -> bool:
    try:
        font = ImageFont.truetype(str(path), 48)
        tofu = drawn(font, NO_SUCH_GLYPH)
        return all(drawn(font, glyph) != tofu for glyph in glyphs)
    except OSError:
        return False


@cache
def installed_fonts(root: Path = FONT_ROOT) -> tuple[Path, ...]:
    found = sorted({*root.rglob("*.ttf"), *root.rglob("*.otf")}, key=lambda p: p.name)
    return tuple(p for p in found if not any(word in p.name for word in EXCLUDED_STYLE_WORDS))


def for_split(paths: list[Path], split: str) -> list[Path]:
    held_out = [p for p in paths if p.name.startswith(HELD_OUT_FONTS)]
    return held_out if split == "heldout" else [p for p in paths if p not in held_out]


def family_of(path: Path) -> str:
    """The family's first word ("CMU", "PT", "Liberation"): a foundry's many families count once."""
    try:
        return (ImageFont.truetype(str(path), 12).getname()[0] or path.stem).split()[0]
    except OSError:
        return path.stem


@cache
def by_family(paths: tuple[Path, ...]) -> tuple[tuple[Path, ...], ...]:
    """The fonts grouped by family, so that a family of 40 styles is not drawn 40 times as often."""
    families: dict[str, list[Path]] = {}
    for path in paths:
        families.setdefault(family_of(path), []).append(path)
    return tuple(tuple(members) for _, members in sorted(families.items()))


@cache
def rank_fonts(split: str = "train", root: Path = FONT_ROOT) -> tuple[Path, ...]:
    """Fonts that draw every rank of both alphabets."""
    return tuple(for_split([p for p in installed_fonts(root) if draws_all(p, RANK_GLYPHS)], split))


@cache
def suit_fonts(split: str = "train", root: Path = FONT_ROOT) -> tuple[Path, ...]:
    """Fonts that draw the four suit symbols."""
    return tuple(for_split([p for p in installed_fonts(root) if draws_all(p, SUIT_GLYPHS)], split))


def glyph_shape(path: Path, glyph: str, size: int = 16) -> np.ndarray:
    """The glyph's ink cut to its bounds, scaled to size x size and blurred: a shape to compare."""
    mask = ImageFont.truetype(str(path), 64).getmask(glyph)
    ink = np.array(mask, np.uint8).reshape(mask.size[1], mask.size[0])
    ys, xs = np.nonzero(ink > 127)
    ink = ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    small = cv2.resize(ink, (size, size), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    return cv2.GaussianBlur(small, (3, 3), 0)


def shape_overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Shared ink over all ink of two glyph shapes (1: the same shape)."""
    return float(np.minimum(a, b).sum() / np.maximum(a, b).sum())


@cache
def suit_glyphs(path: Path, root: Path = FONT_ROOT) -> dict[str, str]:
    """Which character draws each suit in this font: {"S": "♠", ...}.

    Not always the suit's own code point: FreeSerifBold draws a club at U+2660 (BLACK SPADE
    SUIT) and a spade at U+2663, so a face drawn from the code points would be labelled with the
    wrong suit. Each pair of same-coloured symbols is matched to the reference font's by shape.
    """
    references = [p for p in installed_fonts(root) if p.name == REFERENCE_SUIT_FONT]
    glyphs = dict(SUIT_SYMBOL)
    if not references or path == references[0]:
        return glyphs
    for first, second in SAME_COLOUR_SUITS:
        drawn = [glyph_shape(path, SUIT_SYMBOL[suit]) for suit in (first, second)]
        meant = [glyph_shape(references[0], SUIT_SYMBOL[suit]) for suit in (first, second)]
        if (shape_overlap(drawn[0], meant[1]) + shape_overlap(drawn[1], meant[0])
                > shape_overlap(drawn[0], meant[0]) + shape_overlap(drawn[1], meant[1])):
            glyphs[first], glyphs[second] = SUIT_SYMBOL[second], SUIT_SYMBOL[first]
    return glyphs
