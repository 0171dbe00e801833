"""The synthetic camera: where it looks from, and what its lens, sensor and the room's light do."""

from __future__ import annotations

import math

import cv2
import numpy as np


def camera_homography(rng: np.random.Generator, width: int, height: int,
                      elevation_degrees: float | None = None,
                      yaw_degrees: float | None = None) -> tuple[np.ndarray, float]:
    """Table plane -> image, for a camera 30-90 degrees above the table, turned any way.

    The table plane uses image pixels around the image centre. Returns the homography and the
    vertical foreshortening at the centre (1 = straight down), so callers can size cards.
    """
    elevation = math.radians(elevation_degrees if elevation_degrees is not None
                             else rng.uniform(30, 90))
    squash = math.sin(elevation)                 # rows shrink as the camera tilts
    far_edge = 1 - (1 - squash) * rng.uniform(0.3, 0.7)  # and the far side narrows
    size = max(width, height) / 2
    square = np.array([[-size, -size], [size, -size], [size, size], [-size, size]], np.float32)
    trapezoid = np.array([[-size * far_edge, -size * squash], [size * far_edge, -size * squash],
                          [size, size * squash], [-size, size * squash]], np.float32)
    tilt = cv2.getPerspectiveTransform(square, trapezoid)
    yaw = math.radians(rng.uniform(0, 360) if yaw_degrees is None else yaw_degrees)
    rotate = np.array([[math.cos(yaw), -math.sin(yaw), 0], [math.sin(yaw), math.cos(yaw), 0],
                       [0, 0, 1]])
    centre = np.array([width / 2, height / 2])
    shift = centre + rng.normal(0, 0.08, 2) * [width, height]
    to_origin = np.array([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1]])
    to_image = np.array([[1, 0, shift[0]], [0, 1, shift[1]], [0, 0, 1]])
    return to_image @ tilt @ rotate @ to_origin, squash


def lighting_field(rng: np.random.Generator, height: int,
                   width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """A room's light: a smooth gain field (H x W), a lamp's tint (3) and sometimes glare to add
    (H x W, else None)."""
    small = rng.uniform(0.55, 1.25, (3, 3)).astype(np.float32)
    gain = cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC)
    tint = np.array([rng.uniform(0.75, 1.05), rng.uniform(0.85, 1.05), rng.uniform(0.9, 1.2)])
    glare = None
    if rng.random() < 0.25:
        cy, cx = rng.uniform(0, height), rng.uniform(0, width)
        ys, xs = np.ogrid[:height, :width]
        radius = rng.uniform(0.05, 0.25) * max(height, width)
        glare = np.exp(-((ys - cy) ** 2 + (xs - cx) ** 2) / (2 * radius ** 2))
        glare = glare * rng.uniform(60, 200)
    return gain, tint, glare


def apply_lighting(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """Uneven, coloured light: a smooth gain field with a lamp's tint, and sometimes glare."""
    gain, tint, glare = lighting_field(rng, *image.shape[:2])
    lit = image.astype(np.float32) * gain[:, :, None] * tint[None, None, :]
    if glare is not None:
        lit += glare[:, :, None]
    return np.clip(lit, 0, 255).astype(np.uint8)


def apply_shadow(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """A soft shadow (an arm, a lamp's edge) across part of the scene."""
    height, width = image.shape[:2]
    points = np.stack([rng.uniform(-0.2, 1.2, 4) * width, rng.uniform(-0.2, 1.2, 4) * height], 1)
    mask = np.zeros((height, width), np.float32)
    cv2.fillConvexPoly(mask, cv2.convexHull(points.astype(np.int32)), 1.0)
    mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(3, 25))
    darkness = rng.uniform(0.3, 0.65)
    return (image * (1 - darkness * mask[:, :, None])).astype(np.uint8)


def focus_blur(image: np.ndarray, sigma: float) -> np.ndarray:
    return cv2.GaussianBlur(image, (0, 0), sigma)


def motion_blur(image: np.ndarray, length: int, angle_degrees: float) -> np.ndarray:
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1 / length
    rotation = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), angle_degrees, 1)
    return cv2.filter2D(image, -1, cv2.warpAffine(kernel, rotation, (length, length)))


def low_resolution(image: np.ndarray, factor: float) -> np.ndarray:
    """Down- and upscaled again: the softness of a cheap sensor."""
    height, width = image.shape[:2]
    small = cv2.resize(image, (max(8, int(width * factor)), max(8, int(height * factor))),
                       interpolation=cv2.INTER_AREA)
    return cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)


def jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(encoded, cv2.IMREAD_COLOR) if ok else image


def apply_sensor(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """Focus and motion blur, low resolution, sensor noise and JPEG artefacts."""
    if rng.random() < 0.35:
        image = focus_blur(image, rng.uniform(0.4, 1.4))
    if rng.random() < 0.15:
        image = motion_blur(image, int(rng.integers(3, 8)), rng.uniform(0, 180))
    if rng.random() < 0.3:
        image = low_resolution(image, rng.uniform(0.45, 0.85))
    return noise_and_jpeg(rng, image, jpeg_chance=0.7, worst_quality=30)


def noise_and_jpeg(rng: np.random.Generator, image: np.ndarray, jpeg_chance: float,
                   worst_quality: int) -> np.ndarray:
    """Sensor noise (sometimes) and JPEG artefacts (with `jpeg_chance`)."""
    if rng.random() < 0.6:
        noise = rng.normal(0, rng.uniform(2, 10), image.shape)
        image = np.clip(image + noise, 0, 255).astype(np.uint8)
    if rng.random() < jpeg_chance:
        image = jpeg(image, int(rng.integers(worst_quality, 95)))
    return image


def apply_camera_effects(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    image = apply_lighting(rng, image)
    if rng.random() < 0.35:
        image = apply_shadow(rng, image)
    return apply_sensor(rng, image)
