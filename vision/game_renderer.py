"""Paints the shots of a game script into webcam frames, with the face-up cards each shows.

What lies still in a shot is painted once onto the table surface and kept (cards, piles and
their label maps); each frame copies it and paints only the moving cards and the hands, then the
webcam's light, shake and sensor (`vision.webcam_look`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from vision.cardclasses import CLASS_NAMES
from vision.game_art import CardArt, HandArt
from vision.game_shots import Item, Shot, ease
from vision.game_table import GameTable
from vision.synth_backgrounds import make_table_surface
from vision.synth_scene import (
    CARD_VISIBLE_MIN,
    Canvas,
    PaintedCard,
    SceneBuilder,
    card_quad,
    visible_share,
)
from vision.webcam_look import WebcamLook, shake_box


@dataclass(frozen=True)
class Painted:
    """A clean (not yet webcam-treated) picture with its label maps and painted cards."""

    image: np.ndarray
    card_owner: np.ndarray
    index_owner: np.ndarray
    cards: tuple[PaintedCard, ...]


@dataclass(frozen=True)
class RenderedFrame:
    number: int
    image: np.ndarray
    cards: list[dict]   # visible face-up cards: code, box, visible share, index boxes


class GameRenderer:
    def __init__(self, table: GameTable, art: CardArt, rng: np.random.Generator,
                 fps: float, temporal_noise: bool = True) -> None:
        self.table, self.art, self.rng = table, art, rng
        self.surface = make_table_surface(rng, table.height, table.width)
        self.look = WebcamLook(rng, table.width, table.height, fps,
                               temporal_noise=temporal_noise)
        self.hands = {seat: HandArt.make(rng) for seat in table.seats.names}
        centre = table.to_table((table.width / 2, table.height / 2))
        self.card_px = table.card_height * table.image_scale(centre)
        self._background: tuple[tuple[Item, ...], Painted] | None = None

    def frames(self, shots: list[Shot], with_cards: bool = True) -> Iterator[RenderedFrame]:
        number = 0
        for shot in shots:
            background = self.background(shot.resting)
            still = None if (shot.moves or shot.hands) else background
            for i in range(shot.frames):
                painted = still or self.compose(background, shot, ease((i + 1) / shot.frames))
                image, affine = self.look.apply(painted.image, number)
                cards = self.visible_cards(painted, affine) if with_cards else []
                yield RenderedFrame(number, image, cards)
                number += 1

    def background(self, resting: tuple[Item, ...]) -> Painted:
        if self._background is None or self._background[0] != resting:
            builder = SceneBuilder(Canvas(self.surface.copy()), self.table.homography)
            for item in resting:
                self.paint_item(builder, item)
            canvas = builder.canvas
            self._background = (resting, Painted(canvas.image, canvas.card_owner,
                                                 canvas.index_owner, tuple(builder.painted)))
        return self._background[1]

    def compose(self, background: Painted, shot: Shot, t: float) -> Painted:
        canvas = Canvas(background.image.copy())
        canvas.card_owner = background.card_owner.copy()
        canvas.index_owner = background.index_owner.copy()
        builder = SceneBuilder(canvas, self.table.homography)
        builder.painted = list(background.cards)
        for move in shot.moves:
            self.paint_item(builder, move.at(t))
        for hand in shot.hands:
            tip = hand.tip(t)
            self.hands[hand.seat].paint(builder, self.table.to_image((tip.x, tip.y)),
                                        self.table.to_image((hand.home.x, hand.home.y)),
                                        self.card_px)
        return Painted(canvas.image, canvas.card_owner, canvas.index_owner,
                       tuple(builder.painted))

    def paint_item(self, builder: SceneBuilder, item: Item) -> None:
        centre = (item.pose.x, item.pose.y)
        if item.face_up:
            builder.face_up(self.art.face(item.code), centre, self.table.card_height,
                            item.pose.angle)
        else:
            back = self.art.back
            builder.cover(back, card_quad(centre, self.table.card_height,
                                          back.shape[1] / back.shape[0], item.pose.angle))

    def visible_cards(self, painted: Painted, affine: np.ndarray) -> list[dict]:
        """Each face-up card enough of which shows: its box and visible share, and the boxes of
        its readable corner indices (the detector's labels), moved with the shake."""
        width, height = self.table.width, self.table.height
        builder = SceneBuilder(Canvas(painted.image), self.table.homography)
        builder.canvas.card_owner, builder.canvas.index_owner = (painted.card_owner,
                                                                 painted.index_owner)
        builder.painted = list(painted.cards)
        indices: dict[str, list[list[float]]] = {}
        for label in builder.labels():
            code = CLASS_NAMES[label.class_id]
            if code != "card":
                indices.setdefault(code, []).append(shake_box(label.box, affine, width, height))
        cards = []
        for card in painted.cards:
            share = visible_share(painted.card_owner, card.owner_id, card.quad)
            code = card.face.code
            if share < CARD_VISIBLE_MIN and code not in indices:
                continue
            (x1, y1), (x2, y2) = card.quad.min(axis=0), card.quad.max(axis=0)
            box = shake_box((x1, y1, x2, y2), affine, width, height)
            if box[2] - box[0] > 2 and box[3] - box[1] > 2:
                cards.append({"card": code, "box": box, "visible": round(min(share, 1.0), 3),
                              "indices": indices.get(code, [])})
        return cards
