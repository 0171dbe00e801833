"""Drawing recognised cards onto a frame (for `detect --draw`, reports and the live view)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.cardclasses import RED_SUITS
from vision.detections import Detections


def draw_detections(frame: np.ndarray, detections: Detections) -> np.ndarray:
    """A copy of the frame with each card's box, code and confidence."""
    canvas = frame.copy()
    thickness = max(1, round(max(frame.shape[:2]) / 500))
    scale = max(0.4, max(frame.shape[:2]) / 1400)
    for card, confidence, box in zip(detections.cards, detections.confidence,
                                     detections.xyxy, strict=True):
        x1, y1, x2, y2 = (int(round(v)) for v in box)
        colour = (40, 40, 230) if card[-1] in RED_SUITS else (230, 160, 30)
        cv2.rectangle(canvas, (x1, y1), (x2, y2), colour, thickness)
        text = f"{card} {confidence:.2f}"
        (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
        top = max(0, y1 - th - base - 2)
        cv2.rectangle(canvas, (x1, top), (x1 + tw + 4, top + th + base + 2), colour, -1)
        cv2.putText(canvas, text, (x1 + 2, top + th + 1), cv2.FONT_HERSHEY_SIMPLEX, scale,
                    (255, 255, 255), thickness, cv2.LINE_AA)
    return canvas
