"""The look of one game video: its deck design and back, and each player's hand and sleeve."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vision.cardfaces import CardFace, design_names, load_design
from vision.synth_decks import DeckPool
from vision.synth_layout import finger_picture
from vision.synth_scene import SceneBuilder, card_quad

PROCEDURAL_SHARE = 0.3


@dataclass
class CardArt:
    """One deck for the whole video: an installed design holding every card of the game's deck,
    or a procedural one (fonts of the same split)."""

    pool: DeckPool
    faces: dict[str, CardFace] | None
    style: int
    russian: bool
    back: np.ndarray
    design: str

    @classmethod
    def choose(cls, rng: np.random.Generator, split: str, codes: list[str]) -> CardArt:
        names = list(design_names(split))
        rng.shuffle(names)
        style, russian = int(rng.integers(0, 10_000)), bool(rng.random() < 0.5)
        if rng.random() >= PROCEDURAL_SHARE:
            for name in names:
                design = load_design(name)
                if all(code in design.faces for code in codes):
                    pool = DeckPool([], font_split=split)
                    pool.designs = [design]
                    return cls(pool, design.faces, 0, False, pool.back_for(rng), name)
        pool = DeckPool([], font_split=split)
        return cls(pool, None, style, russian, pool.back_for(rng),
                   f"procedural/{style}{'/ru' if russian else ''}")

    def face(self, code: str) -> CardFace:
        face = self.pool.face(self.faces, self.style, self.russian, code)
        if face is None:  # never for a chosen installed design; procedural faces always exist
            raise KeyError(f"no face for {code} in {self.design}")
        return face


@dataclass
class HandArt:
    """A player's hand seen from above: four fingers, a palm and a sleeve reaching to his seat."""

    skin: np.ndarray      # a finger picture (BGRA), warped to each finger and the palm
    sleeve: np.ndarray

    @classmethod
    def make(cls, rng: np.random.Generator) -> HandArt:
        skin = finger_picture(rng, 64, 16)
        sleeve = skin.copy()
        sleeve[:, :, :3] = np.where(skin[:, :, 3:] > 0, rng.integers(20, 220, 3), 0)
        return cls(skin, sleeve)

    def paint(self, builder: SceneBuilder, tip: tuple[float, float], home: tuple[float, float],
              card_px: float) -> None:
        """Fingertips at `tip` (frame pixels), the arm going off towards `home`."""
        u = np.array(home, float) - tip
        reach = float(np.linalg.norm(u))
        if reach < 1e-3:
            return
        u /= reach
        v = np.array([-u[1], u[0]])
        angle = math.degrees(math.atan2(-u[0], u[1]))  # a picture's top towards the tip
        tip_point = np.array(tip, float)

        def part(picture: np.ndarray, start: float, length: float, width: float,
                 across: float = 0.0) -> None:
            centre = tip_point + u * (start + length / 2) + v * across
            builder.cover_in_image(picture, card_quad(tuple(centre), length, width / length,
                                                      angle))

        finger = card_px * 0.5
        palm = card_px * 0.75
        part(self.sleeve, finger * 0.8 + palm * 0.8, reach + card_px, card_px * 0.5)
        for across, lag in ((-0.21, 0.12), (-0.07, 0.0), (0.07, 0.02), (0.21, 0.14)):
            part(self.skin, lag * card_px, finger, card_px * 0.12, across * card_px)
        part(self.skin, finger * 0.75, palm, card_px * 0.6)
