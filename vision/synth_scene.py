"""One synthetic webcam view of a Durak table, with its YOLO labels.

The layout is built on the table plane (attack cards with their beating cards over them at an
offset or crosswise, the trump sideways under a face-down stock, a face-down discard pile, fanned
hands at the edges, loose cards), then seen through a camera 30-90 degrees above the table. Every
card is warped straight into the image, and two label maps follow the painting order: which card
owns each pixel, and which corner index. So an index covered by a later card, a finger or the
frame edge loses exactly the pixels it lost, and is labelled only while most of it is visible.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.cardclasses import CLASS_OF, WHOLE_CARD_CLASS
from vision.cardfaces import CardFace

INDEX_VISIBLE_MIN = 0.6   # an index counts when this share of it is visible
CARD_VISIBLE_MIN = 0.35   # a whole card counts when this share of it is visible
INDEX_PARTLY_VISIBLE = 0.15  # below the bar but readable to a keen eye: not judged either way
COVERED_BELOW = 0.9       # a card with less than this share visible is reported as covered


@dataclass
class Label:
    class_id: int
    box: tuple[float, float, float, float]  # x1, y1, x2, y2 in image pixels
    covered: bool = False  # part of the card is hidden (by a card, a hand or the frame edge)


@dataclass
class Canvas:
    """The image being painted and its two ownership maps."""

    image: np.ndarray
    card_owner: np.ndarray = field(init=False)
    index_owner: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.card_owner = np.zeros(self.image.shape[:2], np.int32)
        self.index_owner = np.zeros(self.image.shape[:2], np.int32)


@dataclass
class PaintedCard:
    face: CardFace
    owner_id: int
    quad: np.ndarray                      # 4 x 2 image corners of the card (TL, TR, BR, BL)
    index_quads: list[np.ndarray]
    index_ids: list[int]


def card_quad(center: tuple[float, float], height: float, aspect: float,
              angle_degrees: float) -> np.ndarray:
    """Corners (TL, TR, BR, BL) of an upright card turned by angle, on the table plane."""
    w, h = height * aspect / 2, height / 2
    corners = np.array([[-w, -h], [w, -h], [w, h], [-w, h]], np.float32)
    a = math.radians(angle_degrees)
    rotation = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]], np.float32)
    return corners @ rotation.T + np.array(center, np.float32)


def box_corners(box: tuple[float, ...]) -> np.ndarray:
    """The four corners (4, 2) of a box (x1, y1, x2, y2), clockwise from the top left."""
    x1, y1, x2, y2 = box
    return np.array([[x1, y1], [x2, y1], [x2, y2], [x1, y2]], np.float32)


def to_image(points: np.ndarray, homography: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float32),
                                    homography).reshape(-1, 2)


def paste(canvas: Canvas, picture: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """Warp an upright BGRA picture onto quad; returns the painted mask (full size) or None."""
    height, width = canvas.image.shape[:2]
    x1, y1 = np.floor(quad.min(axis=0)).astype(int)
    x2, y2 = np.ceil(quad.max(axis=0)).astype(int)
    x1, y1, x2, y2 = max(x1, 0), max(y1, 0), min(x2, width), min(y2, height)
    if x2 - x1 < 2 or y2 - y1 < 2:
        return None
    ph, pw = picture.shape[:2]
    source = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
    warp = cv2.getPerspectiveTransform(source, (quad - [x1, y1]).astype(np.float32))
    patch = cv2.warpPerspective(picture, warp, (x2 - x1, y2 - y1), flags=cv2.INTER_AREA
                                if cv2.contourArea(quad) < pw * ph / 4 else cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    alpha = patch[:, :, 3:4].astype(np.float32) / 255
    region = canvas.image[y1:y2, x1:x2]
    region[:] = (region * (1 - alpha) + patch[:, :, :3] * alpha).astype(np.uint8)
    mask = np.zeros((height, width), bool)
    mask[y1:y2, x1:x2] = alpha[:, :, 0] > 0.5
    return mask


class SceneBuilder:
    """Paints cards and occluders in order and keeps what is needed for the labels."""

    def __init__(self, canvas: Canvas, homography: np.ndarray) -> None:
        self.canvas = canvas
        self.homography = homography
        self.painted: list[PaintedCard] = []
        self.partly_visible: list[str] = []  # cards whose best index is only partly visible

    def face_up(self, face: CardFace, center: tuple[float, float], height: float,
                angle: float) -> None:
        aspect = face.image.shape[1] / face.image.shape[0]
        quad = to_image(card_quad(center, height, aspect, angle), self.homography)
        mask = paste(self.canvas, face.image, quad)
        if mask is None:
            return
        owner_id = len(self.painted) + 1
        self.canvas.card_owner[mask] = owner_id
        self.canvas.index_owner[mask] = 0
        # Face pixels -> image: the same warp as the picture, applied to the index boxes.
        ph, pw = face.image.shape[:2]
        source = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
        warp = cv2.getPerspectiveTransform(source, quad.astype(np.float32))
        index_quads, index_ids = [], []
        for number, box in enumerate(face.index_boxes):
            index_quad = to_image(box_corners(box), warp)
            index_id = owner_id * 4 + number
            cv2.fillConvexPoly(self.canvas.index_owner, np.round(index_quad).astype(np.int32),
                               index_id)
            index_quads.append(index_quad)
            index_ids.append(index_id)
        self.painted.append(PaintedCard(face, owner_id, quad, index_quads, index_ids))

    def cover(self, picture: np.ndarray, quad_on_table: np.ndarray) -> None:
        """Paint something that hides cards (a face-down card, a finger)."""
        self.cover_in_image(picture, to_image(quad_on_table, self.homography))

    def cover_in_image(self, picture: np.ndarray, quad: np.ndarray) -> None:
        mask = paste(self.canvas, picture, quad)
        if mask is not None:
            self.canvas.card_owner[mask] = 0
            self.canvas.index_owner[mask] = 0

    def labels(self) -> list[Label]:
        height, width = self.canvas.image.shape[:2]
        labels = []
        self.partly_visible = []
        for card in self.painted:
            share = visible_share(self.canvas.card_owner, card.owner_id, card.quad)
            covered = share < COVERED_BELOW
            best_share = 0.0
            for index_quad, index_id in zip(card.index_quads, card.index_ids, strict=True):
                box, index_share = visible_box(self.canvas.index_owner, index_id, index_quad)
                best_share = max(best_share, index_share)
                if box is not None and index_share >= INDEX_VISIBLE_MIN:
                    labels.append(Label(CLASS_OF[card.face.code], box, covered))
            if INDEX_PARTLY_VISIBLE <= best_share < INDEX_VISIBLE_MIN:
                self.partly_visible.append(card.face.code)
            if share >= CARD_VISIBLE_MIN:
                x1, y1 = card.quad.min(axis=0)
                x2, y2 = card.quad.max(axis=0)
                box = (max(0.0, x1), max(0.0, y1), min(width, x2), min(height, y2))
                if box[2] - box[0] > 4 and box[3] - box[1] > 4:
                    labels.append(Label(WHOLE_CARD_CLASS, box, covered))
        return labels


def visible_share(owner: np.ndarray, owner_id: int, quad: np.ndarray) -> float:
    area = cv2.contourArea(quad.astype(np.float32))
    return 0.0 if area < 1 else float(np.count_nonzero(owner == owner_id)) / area


def visible_box(owner: np.ndarray, owner_id: int,
                quad: np.ndarray) -> tuple[tuple[float, float, float, float] | None, float]:
    """The box of the visible pixels of one index and the share of it that is visible."""
    x1, y1 = np.floor(quad.min(axis=0)).astype(int)
    x2, y2 = np.ceil(quad.max(axis=0)).astype(int) + 1
    x1, y1 = max(x1, 0), max(y1, 0)
    window = owner[y1:max(y1, y2), x1:max(x1, x2)]
    area = cv2.contourArea(quad.astype(np.float32))
    if window.size == 0 or area < 6:
        return None, 0.0
    ys, xs = np.nonzero(window == owner_id)
    share = len(xs) / area
    if len(xs) == 0 or xs.max() - xs.min() < 2 or ys.max() - ys.min() < 3:
        return None, share
    return (float(x1 + xs.min()), float(y1 + ys.min()),
            float(x1 + xs.max() + 1), float(y1 + ys.max() + 1)), share
