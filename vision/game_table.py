"""Where things lie on the table of a rendered game, on the table plane of a fixed camera.

Places are chosen in frame fractions (so every camera shows the same tidy layout: bouts in the
middle, the stock with the trump on the left, the discard pile at the bottom right) and carried
to the table plane through the camera's homography. Seats follow `vision.seats.SeatMap`'s
default (the first at the bottom centre, clockwise on screen), so the pipeline reads a card that
comes in from a seat's side as that seat's. A player's hands come from beyond the frame edge on
his side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.seats import SeatMap
from vision.synth_camera import camera_homography

CARD_SHARE_OF_HEIGHT = 0.15   # a card is this share of the frame height near the centre
BOUT_COLUMNS = (2, 3, 1, 4, 0, 5)  # a bout fills its row from the middle out


@dataclass(frozen=True)
class Pose:
    """A card's centre and turn on the table plane."""

    x: float
    y: float
    angle: float

    def shifted(self, dx: float, dy: float, turn: float = 0.0) -> Pose:
        return Pose(self.x + dx, self.y + dy, self.angle + turn)

    def towards(self, other: Pose, t: float) -> Pose:
        return Pose(self.x + t * (other.x - self.x), self.y + t * (other.y - self.y),
                    self.angle + t * (other.angle - self.angle))


@dataclass(frozen=True)
class GameTable:
    width: int
    height: int
    homography: np.ndarray     # table plane -> frame
    card_height: float         # on the table plane
    seats: SeatMap             # in frame pixels, as the pipeline's default calibration
    yaw: float                 # degrees the camera is turned: cards lie square to the table
    zoom: float = 1.0          # the camera closer to the table: cards and bouts this much bigger

    @classmethod
    def build(cls, rng: np.random.Generator, width: int, height: int,
              seat_names: Sequence[str], zoom: float = 1.0) -> GameTable:
        """`zoom`: cards `zoom` times `CARD_SHARE_OF_HEIGHT` of the frame height, the bout's
        columns spread as much; the stock, discard pile and seats stay where they are."""
        homography, _ = camera_homography(rng, width, height,
                                          elevation_degrees=float(rng.uniform(50, 68)),
                                          yaw_degrees=float(rng.uniform(-5, 5)))
        table = cls(width, height, homography, 1.0,
                    SeatMap.around_frame(seat_names, width, height), 0.0)
        centre = table.to_table((width / 2, height / 2))
        scale = table.image_scale(centre)
        yaw = math.degrees(math.atan2(homography[1, 0], homography[0, 0]))
        return cls(width, height, homography, zoom * CARD_SHARE_OF_HEIGHT * height / scale,
                   table.seats, -yaw, zoom)

    # -- coordinates -------------------------------------------------------------------------

    def to_table(self, point: Sequence[float]) -> tuple[float, float]:
        inverse = np.linalg.inv(self.homography)
        x, y = cv2.perspectiveTransform(np.array([[point]], np.float32), inverse)[0, 0]
        return float(x), float(y)

    def to_image(self, point: Sequence[float]) -> tuple[float, float]:
        x, y = cv2.perspectiveTransform(np.array([[point]], np.float32), self.homography)[0, 0]
        return float(x), float(y)

    def image_scale(self, point: Sequence[float]) -> float:
        """Frame pixels per table unit around a table point (square root of the area scale)."""
        x, y = point
        quad = np.array([[x, y], [x + 1, y], [x, y + 1]], np.float32)
        a, b, c = cv2.perspectiveTransform(quad[None], self.homography)[0]
        (ux, uy), (vx, vy) = b - a, c - a
        return math.sqrt(abs(float(ux * vy - uy * vx)))

    def at(self, fx: float, fy: float, turn: float = 0.0) -> Pose:
        """The pose at a fraction of the frame, square to the table."""
        x, y = self.to_table((fx * self.width, fy * self.height))
        return Pose(x, y, self.yaw + turn)

    @property
    def card_width(self) -> float:
        return self.card_height * 0.7

    # -- places ------------------------------------------------------------------------------

    def home(self, seat: str) -> Pose:
        """Beyond the frame edge on a seat's side: where its hands and taken cards go."""
        sx, sy = self.seats.point(seat)
        fx = 0.5 + 1.35 * (sx / self.width - 0.5)
        fy = 0.5 + 1.35 * (sy / self.height - 0.5)
        return self.at(fx, fy)

    def bout_slot(self, index: int) -> Pose:
        row, place = divmod(index, len(BOUT_COLUMNS))
        return self.at(0.5 + 0.09 * self.zoom * (BOUT_COLUMNS[place] - 2.5),
                       0.40 + 0.25 * (row % 2) + 0.04 * (row // 2))

    def defence_on(self, attack: Pose, rng: np.random.Generator) -> Pose:
        """A beating card laid over its attack card at an offset, a little turned."""
        return attack.shifted(self.card_width * rng.uniform(0.22, 0.34),
                              self.card_height * rng.uniform(0.16, 0.26),
                              float(rng.normal(0, 7)))

    @property
    def stock(self) -> Pose:
        return self.at(0.13, 0.60)

    @property
    def trump(self) -> Pose:
        """Sideways under the stock, its index end sticking out towards the middle."""
        return self.stock.shifted(self.card_height * 0.32, 0.0, 90.0)

    @property
    def discard(self) -> Pose:
        return self.at(0.85, 0.80)

    @property
    def centre(self) -> Pose:
        return self.at(0.5, 0.52)

    def ring_slot(self, index: int) -> Pose:
        """Round's layout: the table cards in a ring round the centre trump."""
        angle = 2 * math.pi * (index + 0.5) / 12
        return self.at(0.5 + 0.25 * math.cos(angle), 0.52 + 0.33 * math.sin(angle))

    def pile(self, seat: str) -> Pose:
        """Cross: a player's face-up pile, between him and the middle."""
        sx, sy = self.seats.point(seat)
        return self.at(0.5 + 0.55 * (sx / self.width - 0.5), 0.5 + 0.55 * (sy / self.height - 0.5))
