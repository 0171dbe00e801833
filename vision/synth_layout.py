"""What lies on a Durak table, placed on the table plane: bouts, trump and stock, discard, hands."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.cardclasses import CARD_CODES
from vision.synth_backgrounds import make_table_surface
from vision.synth_camera import apply_camera_effects, camera_homography
from vision.synth_decks import SHORT_DECK, DeckPool
from vision.synth_scene import Canvas, Label, SceneBuilder, card_quad


def finger_picture(rng: np.random.Generator, length: int, thickness: int) -> np.ndarray:
    """A finger seen from above: a skin-coloured capsule with a little shading (BGRA)."""
    skin = np.array([rng.uniform(60, 170), rng.uniform(90, 190), rng.uniform(140, 240)])
    picture = np.zeros((length, thickness, 4), np.uint8)
    radius = thickness // 2
    cv2.rectangle(picture, (0, radius), (thickness - 1, length - 1), (*skin, 255), -1)
    cv2.circle(picture, (radius, radius), radius, (*skin, 255), -1)
    shade = np.linspace(0.75, 1.1, thickness)[None, :, None]
    picture[:, :, :3] = np.clip(picture[:, :, :3] * shade, 0, 255).astype(np.uint8)
    return picture


# Installed designs whose indices are Russian (Т К Д В).
RUSSIAN_INDEX_DESIGNS = frozenset({"aisleriot/Атласные", "aisleriot/slavic_costumes"})


class TableLayout:
    """Chooses and paints one table: cards are dealt from one shuffled deck, so none repeats."""

    def __init__(self, rng: np.random.Generator, pool: DeckPool, builder: SceneBuilder,
                 card_height: float) -> None:
        self.rng, self.pool, self.builder = rng, pool, builder
        self.card_height = card_height
        self.faces, self.style, self.russian = pool.pick(rng)
        if self.faces is None:
            self.design_name = f"procedural/{self.style}"
        else:
            self.design_name = next(iter(self.faces.values())).design
            self.russian = self.design_name in RUSSIAN_INDEX_DESIGNS
        deck = SHORT_DECK if rng.random() < 0.6 else CARD_CODES
        self.codes = list(rng.permutation(deck))
        self.back = pool.back_for(rng)
        self.base_angle = rng.normal(0, 12)

    @property
    def card_width(self) -> float:
        return self.card_height * 0.7

    def jitter(self, spread: float) -> float:
        return float(self.rng.normal(0, spread))

    def face_up(self, center: tuple[float, float], angle: float) -> None:
        while self.codes:
            face = self.pool.face(self.faces, self.style, self.russian, self.codes.pop())
            if face is not None:
                self.builder.face_up(face, center, self.card_height, angle)
                return

    def face_down(self, center: tuple[float, float], angle: float) -> None:
        aspect = self.back.shape[1] / self.back.shape[0]
        self.builder.cover(self.back, card_quad(center, self.card_height, aspect, angle))

    def bout(self, center: tuple[float, float]) -> None:
        """An attack card, often beaten: the beating card at an offset, or crosswise."""
        angle = self.base_angle + self.jitter(6)
        self.face_up(center, angle)
        if self.rng.random() < 0.35:
            return
        if self.rng.random() < 0.7:
            dx = self.rng.uniform(0.1, 0.45) * self.card_width * self.rng.choice([-1, 1])
            dy = self.rng.uniform(0.1, 0.4) * self.card_height * self.rng.choice([-1, 1])
            self.face_up((center[0] + dx, center[1] + dy), angle + self.jitter(8))
        else:
            self.face_up((center[0] + self.jitter(8), center[1] + self.jitter(8)),
                         angle + 90 + self.jitter(10))

    def trump_and_stock(self, center: tuple[float, float]) -> None:
        """The trump sideways, half under the face-down stock, its index end sticking out."""
        angle = self.base_angle + 90 + self.jitter(6)
        self.face_up(center, angle)
        along = math.radians(angle + 90)
        shift = self.card_height * self.rng.uniform(0.2, 0.4)
        stock = (center[0] + shift * math.cos(along), center[1] + shift * math.sin(along))
        for _ in range(int(self.rng.integers(1, 4))):
            self.face_down((stock[0] + self.jitter(1.5), stock[1] + self.jitter(1.5)),
                           self.base_angle + self.jitter(4))

    def discard_pile(self, center: tuple[float, float]) -> None:
        for _ in range(int(self.rng.integers(2, 7))):
            self.face_down((center[0] + self.jitter(6), center[1] + self.jitter(6)),
                           self.rng.uniform(0, 360))

    def fan(self, pivot: tuple[float, float], facing: float) -> None:
        """A hand held low or laid down: cards spread around a pivot, indices on the left."""
        count = int(self.rng.integers(3, 9))
        step = self.rng.uniform(7, 16)
        reach = self.card_height * self.rng.uniform(0.3, 0.5)
        for i in range(count):
            angle = facing + (i - (count - 1) / 2) * step
            a = math.radians(angle - 90)
            self.face_up((pivot[0] + reach * math.cos(a), pivot[1] + reach * math.sin(a)),
                         angle)

    def fingers(self, width: int, height: int) -> None:
        for _ in range(int(self.rng.integers(1, 5))):
            thickness = max(6, int(self.card_width * self.rng.uniform(0.16, 0.28)))
            length = int(self.card_height * self.rng.uniform(0.5, 1.3))
            picture = finger_picture(self.rng, length, thickness)
            x, y = self.rng.uniform(0, width), self.rng.uniform(0, height)
            quad = card_quad((x, y), length, thickness / length, self.rng.uniform(0, 360))
            self.builder.cover_in_image(picture, quad)


def render_table(rng: np.random.Generator, pool: DeckPool, width: int,
                 height: int) -> tuple[np.ndarray, list[Label], dict]:
    """One finished synthetic webcam image, its labels, and what it shows (design, alphabet)."""
    homography, squash = camera_homography(rng, width, height)
    card_height = float(np.exp(rng.uniform(np.log(55), np.log(330)))) / squash ** 0.5
    canvas = Canvas(make_table_surface(rng, height, width))
    builder = SceneBuilder(canvas, homography)
    table = TableLayout(rng, pool, builder, card_height)
    # Table-plane spots on a loose grid around the centre, so bouts rarely pile up.
    cell_w, cell_h = table.card_width * 1.5, card_height * 1.45
    columns = max(1, int(width * 1.3 / cell_w))
    rows = max(1, int(height * 1.3 / cell_h))
    cells = list(rng.permutation(columns * rows))
    origin = (width / 2 - (columns - 1) * cell_w / 2, height / 2 - (rows - 1) * cell_h / 2)

    def spot() -> tuple[float, float] | None:
        if not cells:
            return None
        cell = int(cells.pop())
        return (origin[0] + (cell % columns) * cell_w + table.jitter(cell_w * 0.08),
                origin[1] + (cell // columns) * cell_h + table.jitter(cell_h * 0.08))

    plan = []
    if rng.random() < 0.35:
        plan.append(table.discard_pile)
    if rng.random() < 0.5:
        plan.append(table.trump_and_stock)
    plan += [table.bout] * int(rng.integers(1, 7))
    for step in plan:
        place = spot()
        if place is not None:
            step(place)
    for _ in range(int(rng.integers(0, 3))):
        place = spot()
        if place is not None and rng.random() < 0.6:
            table.face_up(place, rng.uniform(0, 360))
    if rng.random() < 0.45:
        edge_angle = rng.uniform(0, 360)
        a = np.radians(edge_angle)
        pivot = (width / 2 + 0.55 * width * np.sin(a), height / 2 - 0.55 * height * np.cos(a))
        table.fan(pivot, edge_angle + 180)
    if rng.random() < 0.35:
        table.fingers(width, height)
    image = apply_camera_effects(rng, canvas.image)
    labels = builder.labels()
    return image, labels, {"design": table.design_name, "russian": table.russian,
                           "partly_visible": builder.partly_visible}

