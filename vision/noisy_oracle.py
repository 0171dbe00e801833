"""The truth's per-frame cards with detector-like errors, reproducible from a seed.

`evaluate-games --noisy-oracle` measures how the pipeline copes with an imperfect detector
without running the slow real one: the oracle's cards (`OracleFeed`: each card whose index
shows, with its rendered box) go through `OracleNoise` first. Per card and frame a reading is
dropped (`drop`), its box jittered (`jitter`, a share of the card's size), its confidence drawn
in `confidence`; a card flickers to a look-alike (`look_alike`: same rank other suit, 6<->9,
Q<->K) for a few frames (`flicker` per card and frame starts one of `flicker_frames`, read at
`flicker_confidence`); and a few cards (`misread` of the codes, chosen once per game) are read
as a look-alike all the time, at `misread_confidence`: a steady misreading that only a low
confidence gives away. Not modelled: cards never found at all, boxes of merged cards, a
misreading as sure as a good reading; so these figures are a floor for the real detector's
troubles, not a forecast of them.

The noise of a game depends only on the seed, the game's name and its frames, not on which
frames a live run gets to: it is drawn for every frame in order when the feed is made.
"""

from __future__ import annotations

import zlib
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from vision.detections import Detections
from vision.game_video import read_log
from vision.table_reader import look_alikes, rank_of, suit_of


@dataclass(frozen=True)
class OracleNoise:
    drop: float = 0.1                      # a reading missed in a frame
    jitter: float = 0.02                   # box noise, share of the card's size (sd)
    confidence: tuple[float, float] = (0.7, 0.98)          # a good reading's confidence
    flicker: float = 0.01                  # per card and frame: a look-alike flicker starts
    flicker_frames: tuple[int, int] = (2, 6)               # ... and lasts this many frames
    flicker_confidence: tuple[float, float] = (0.3, 0.7)
    misread: float = 0.03                  # share of the codes read as a look-alike throughout
    misread_confidence: tuple[float, float] = (0.35, 0.6)

    def to_dict(self) -> dict:
        return asdict(self)


# The ranks the noise takes for each other: fixed, so that the same seed draws the same noise
# when the pipeline learns of another look-alike (7<->8 in session 35 is not drawn here).
NOISE_RANK_LOOK_ALIKES = {"6": "9", "9": "6", "Q": "K", "K": "Q"}


def look_alike(card: str, rng: np.random.Generator) -> str:
    """A card a detector may take this one for: the same rank in another suit, or 6<->9 and
    Q<->K in the same suit."""
    others = look_alikes(card)[:3]
    if rank_of(card) in NOISE_RANK_LOOK_ALIKES and rng.random() < 0.5:
        return NOISE_RANK_LOOK_ALIKES[rank_of(card)] + suit_of(card)
    return str(rng.choice(others))


def game_rng(seed: int, name: str) -> np.random.Generator:
    return np.random.default_rng([seed, zlib.crc32(name.encode())])


def noisy_frames(lines: list[dict], noise: OracleNoise,
                 rng: np.random.Generator) -> list[list[tuple[str, tuple[float, ...], float]]]:
    """Each frame's readings (card, box, confidence) as a noisy detector would give them."""
    codes = sorted({c["card"] for line in lines for c in line.get("cards", [])})
    misread = {code: look_alike(code, rng) for code in codes if rng.random() < noise.misread}
    flickering: dict[str, tuple[str, int]] = {}  # card: (read as, frames left)
    frames = []
    for line in lines:
        readings = []
        for card in line.get("cards", []):
            code = card["card"]
            if not card.get("indices"):
                continue
            read, low, high = code, *noise.confidence
            if code in misread:
                read, (low, high) = misread[code], noise.misread_confidence
            elif code in flickering:
                read, left = flickering[code]
                flickering[code] = (read, left - 1)
                if left <= 1:
                    del flickering[code]
                low, high = noise.flicker_confidence
            elif rng.random() < noise.flicker:
                first, last = noise.flicker_frames
                read, length = look_alike(code, rng), int(rng.integers(first, last + 1))
                if length > 1:
                    flickering[code] = (read, length - 1)
                low, high = noise.flicker_confidence
            if rng.random() < noise.drop:
                continue
            box = np.asarray(card["box"], float)
            size = max(box[2] - box[0], box[3] - box[1], 1.0)
            box = box + rng.normal(0.0, noise.jitter * size, 4)
            readings.append((read, tuple(float(v) for v in box), float(rng.uniform(low, high))))
        frames.append(readings)
    return frames


class NoisyOracleFeed:
    """`OracleFeed` with `OracleNoise`, reproducible from (seed, game name)."""

    def __init__(self, path: Path, noise: OracleNoise, seed: int) -> None:
        name = path.name.removesuffix(".cards.jsonl")
        self.frames = noisy_frames(read_log(path), noise, game_rng(seed, name))

    def frame(self, number: int) -> int:
        return number

    def detect(self, frame: int) -> Detections:
        return Detections.from_cards(self.frames[frame] if frame < len(self.frames) else [])

    def close(self) -> None:
        pass
