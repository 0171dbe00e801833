"""The pool of deck designs a synthetic scene draws its cards from."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.cardclasses import CARD_CODES
from vision.cardfaces import FACE_HEIGHT, CardFace, Design, load_design
from vision.procedural_cards import draw_procedural_face

SHORT_DECK = tuple(code for code in CARD_CODES if code[:-1] not in ("2", "3", "4", "5"))


def procedural_back(rng: np.random.Generator) -> np.ndarray:
    """A face-down card: a coloured, patterned back with a white margin."""
    height, width = FACE_HEIGHT, int(FACE_HEIGHT * 0.69)
    back = np.full((height, width, 4), 255, np.uint8)
    colour = rng.integers(0, 200, 3)
    margin = int(width * rng.uniform(0.03, 0.08))
    inner = back[margin:height - margin, margin:width - margin, :3]
    inner[:] = colour
    period = int(rng.integers(6, 20))
    ys, xs = np.mgrid[0:inner.shape[0], 0:inner.shape[1]]
    lines = ((xs + ys) % period < 2) | ((xs - ys) % period < 2)
    inner[lines] = np.clip(colour + 80, 0, 255)
    return back


@dataclass
class DeckPool:
    """Installed designs (loaded once) and procedural designs (drawn on demand, cached)."""

    design_names: list[str]
    procedural_share: float = 0.35
    font_split: str = "train"
    designs: list[Design] = field(default_factory=list)
    procedural_cache: dict[tuple[int, bool, str], CardFace] = field(default_factory=dict)

    def load(self) -> DeckPool:
        designs = (load_design(name) for name in self.design_names)
        self.designs = [design for design in designs if len(design.faces) >= 13]
        return self

    def pick(self, rng: np.random.Generator) -> tuple[dict[str, CardFace] | None, int, bool]:
        """A design for one scene: (faces, procedural style, russian); faces None = procedural."""
        if not self.designs or rng.random() < self.procedural_share:
            return None, int(rng.integers(0, 10_000)), bool(rng.random() < 0.5)
        design = self.designs[rng.integers(len(self.designs))]
        return design.faces, 0, False

    def back_for(self, rng: np.random.Generator) -> np.ndarray:
        backs = [d.back for d in self.designs if d.back is not None]
        if backs and rng.random() < 0.7:
            back = backs[rng.integers(len(backs))]
            if back.shape[1] > back.shape[0]:
                back = cv2.rotate(back, cv2.ROTATE_90_CLOCKWISE)
            return back
        return procedural_back(rng)

    def face(self, faces: dict[str, CardFace] | None, style: int, russian: bool,
             code: str) -> CardFace | None:
        if faces is not None:
            return faces.get(code)
        key = (style, russian, code)
        if key not in self.procedural_cache:
            if len(self.procedural_cache) > 4000:
                self.procedural_cache.clear()
            self.procedural_cache[key] = draw_procedural_face(
                code, random.Random(style), russian, self.font_split)
        return self.procedural_cache[key]
