"""What a webcam on a stand does to a clean rendered table, frame by frame.

The room's light drifts slowly (a new light field every few seconds, blended in small steps), the
stand is still but shakes when the table is knocked, and the sensor adds its softness, noise
(a fixed pattern and a little that changes every frame) and JPEG. The settings are chosen once per
video, so the picture does not flicker between sharp and blurred from one frame to the next.
What stays still stays exactly still, so the video compresses well.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.synth_camera import focus_blur, jpeg, lighting_field, low_resolution

LIGHT_DETAIL = 8      # light fields are kept at 1/8 size: they are smooth
NOISE_FIELDS = 3
NOISE_MARGIN = 16
LIGHT_STEPS_PER_SECOND = 0.5   # the light changes in steps too small to see
KNOCK_SECONDS = (5.0, 15.0)    # between knocks on the table
KNOCK_DECAY = 0.35             # seconds for a knock's shake to die away


@dataclass
class WebcamLook:
    rng: np.random.Generator
    width: int
    height: int
    fps: float
    light_seconds: float = 20.0
    light_strength: float = 0.7   # of the training scenes' light contrast
    temporal_noise: bool = True   # off: a still table gives identical frames (small files)
    _lights: dict[int, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    _light_now: tuple[float, np.ndarray, np.ndarray] | None = None  # the step shown, full size

    def __post_init__(self) -> None:
        rng = self.rng
        self.blur = float(rng.uniform(0.4, 0.9)) if rng.random() < 0.5 else 0.0
        self.softness = float(rng.uniform(0.65, 0.85)) if rng.random() < 0.4 else 1.0
        self.quality = int(rng.integers(60, 90))
        shape = (self.height + NOISE_MARGIN, self.width + NOISE_MARGIN, 3)
        self.fixed_noise = np.round(rng.normal(0, rng.uniform(0.8, 1.8), (self.height, self.width,
                                                                          1))).astype(np.int16)
        temporal = rng.uniform(0.25, 0.45) if self.temporal_noise else 0.0
        self.noise = [np.round(rng.normal(0, temporal, shape)).astype(np.int16)
                      for _ in range(NOISE_FIELDS)]
        self.knocks: list[tuple[float, float, float]] = []  # (time, dx, dy)
        self._next_knock = float(rng.uniform(*KNOCK_SECONDS))

    def light(self, key: int) -> tuple[np.ndarray, np.ndarray]:
        """The light field number `key` (gain and glare), small."""
        if key not in self._lights:
            h, w = max(2, self.height // LIGHT_DETAIL), max(2, self.width // LIGHT_DETAIL)
            gain, tint, glare = lighting_field(self.rng, h, w)
            gain3 = (1 + self.light_strength * (gain[:, :, None] * tint[None, None, :] - 1))
            add = np.zeros((h, w, 3)) if glare is None else np.repeat(glare[:, :, None], 3, 2)
            self._lights[key] = (gain3.astype(np.float32), add.astype(np.float32) * 0.5)
            self._lights.pop(key - 2, None)
        return self._lights[key]

    def lighting(self, image: np.ndarray, frame: int) -> np.ndarray:
        step = self.fps / LIGHT_STEPS_PER_SECOND
        where = (frame // step * step) / (self.light_seconds * self.fps)
        key = int(where)
        t = where - key
        if self._light_now is None or self._light_now[0] != where:
            t = t * t * (3 - 2 * t)
            (gain_a, add_a), (gain_b, add_b) = self.light(key), self.light(key + 1)
            size = (self.width, self.height)
            self._light_now = (where, cv2.resize((1 - t) * gain_a + t * gain_b, size),
                               cv2.resize((1 - t) * add_a + t * add_b, size))
        _, gain, add = self._light_now
        lit = image.astype(np.float32) * gain + add
        return np.clip(lit, 0, 255).astype(np.uint8)

    def shake_at(self, frame: int) -> np.ndarray:
        """The stand's shake as an affine map of the frame (2 x 3): still, but a knock on the
        table makes it ring for a moment."""
        seconds = frame / self.fps
        while seconds >= self._next_knock:
            self.knocks = [*self.knocks[-2:], (self._next_knock, *self.rng.normal(0, 1.5, 2))]
            self._next_knock += float(self.rng.uniform(*KNOCK_SECONDS))
        dx = dy = 0.0
        for start, kx, ky in self.knocks:
            since = seconds - start
            if since < 4 * KNOCK_DECAY:
                ring = math.exp(-since / KNOCK_DECAY) * math.cos(2 * math.pi * 3.0 * since)
                dx, dy = dx + kx * ring, dy + ky * ring
        affine = np.array([[1.0, 0.0, round(dx, 1)], [0.0, 1.0, round(dy, 1)]])
        return affine

    def sensor(self, image: np.ndarray) -> np.ndarray:
        if self.blur:
            image = focus_blur(image, self.blur)
        if self.softness < 1:
            image = low_resolution(image, self.softness)
        noise = self.noise[int(self.rng.integers(NOISE_FIELDS))]
        y, x = self.rng.integers(0, NOISE_MARGIN, 2)
        noisy = (image.astype(np.int16) + self.fixed_noise
                 + noise[y:y + self.height, x:x + self.width])
        return jpeg(np.clip(noisy, 0, 255).astype(np.uint8), self.quality)

    def apply(self, image: np.ndarray, frame: int) -> tuple[np.ndarray, np.ndarray]:
        """The frame as the webcam gives it, and the shake's affine map (for the labels)."""
        affine = self.shake_at(frame)
        image = self.lighting(image, frame)
        if affine[0, 2] or affine[1, 2]:
            image = cv2.warpAffine(image, affine, (self.width, self.height),
                                   borderMode=cv2.BORDER_REFLECT)
        return self.sensor(image), affine


def shake_box(box: tuple[float, float, float, float], affine: np.ndarray, width: int,
              height: int) -> list[float]:
    """A box moved with the frame's shake, clipped to the frame."""
    x1, y1, x2, y2 = box
    corners = np.array([[x1, y1, 1], [x2, y1, 1], [x2, y2, 1], [x1, y2, 1]], np.float64)
    moved = corners @ affine.T
    (a, b), (c, d) = moved.min(axis=0), moved.max(axis=0)
    return [round(float(np.clip(a, 0, width)), 1), round(float(np.clip(b, 0, height)), 1),
            round(float(np.clip(c, 0, width)), 1), round(float(np.clip(d, 0, height)), 1)]
