"""Marks the bout on a camera frame: each attack card and the defence laid on it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cv2
import numpy as np

ATTACK = (40, 200, 255)     # BGR: amber
DEFENCE = (90, 220, 90)     # green


def draw_pairs(frame: np.ndarray, pairs: Sequence[Any]) -> np.ndarray:
    """The frame with every pair of the bout marked: "A1" on the first attack card, "D1" on the
    card that beat it, a line between them; an unbeaten attack card is outlined."""
    if not pairs:
        return frame
    canvas = frame if frame.flags.writeable else frame.copy()
    thickness = max(2, round(max(frame.shape[:2]) / 400))
    scale = max(0.5, max(frame.shape[:2]) / 1200)
    for number, pair in enumerate(pairs, start=1):
        attack = _centre(pair.attack_box)
        if pair.defence is None or pair.defence_box is None:
            x1, y1, x2, y2 = (int(round(v)) for v in pair.attack_box)
            cv2.rectangle(canvas, (x1 - 4, y1 - 4), (x2 + 4, y2 + 4), ATTACK, thickness)
        else:
            defence = _centre(pair.defence_box)
            cv2.line(canvas, attack, defence, DEFENCE, thickness, cv2.LINE_AA)
            _tag(canvas, f"D{number}", defence, DEFENCE, scale, thickness)
        _tag(canvas, f"A{number}", attack, ATTACK, scale, thickness)
    return canvas


def _centre(box: np.ndarray) -> tuple[int, int]:
    return int(round((box[0] + box[2]) / 2)), int(round((box[1] + box[3]) / 2))


def _tag(canvas: np.ndarray, text: str, at: tuple[int, int], colour: tuple[int, int, int],
         scale: float, thickness: int) -> None:
    (width, height), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
    x, y = at[0] - width // 2, at[1] + height // 2
    cv2.rectangle(canvas, (x - 3, y - height - 3), (x + width + 3, y + base), colour, -1)
    cv2.putText(canvas, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), thickness,
                cv2.LINE_AA)
