"""The rendered game as a list of shots: what lies still, what moves, and the hands that move it.

A `Shot` lasts some frames; its resting items are painted once (a cached background) and its
moves and hands are eased from start to end over the shot. `GameScript` (vision.game_script)
writes the shots, `GameRenderer` (vision.game_renderer) paints them.
"""

from __future__ import annotations

from dataclasses import dataclass

from vision.game_table import Pose

BACK = "back"  # the key of a face-down card: every back looks the same


@dataclass(frozen=True)
class Item:
    """A card on or over the table: a face-up card by its code, or a face-down one."""

    code: str
    pose: Pose
    face_up: bool = True


@dataclass(frozen=True)
class Move:
    """A card carried from one pose to another; it is turned over at `flip_at` (0-1) if set."""

    start: Item
    end: Pose
    flip_at: float | None = None

    def at(self, t: float) -> Item:
        face_up = self.start.face_up
        if self.flip_at is not None and t >= self.flip_at:
            face_up = not face_up
        return Item(self.start.code, self.start.pose.towards(self.end, t), face_up)


@dataclass(frozen=True)
class HandMove:
    """A player's hand: its fingertips go from `start` to `end`; the arm reaches from `home`."""

    seat: str
    home: Pose
    start: Pose
    end: Pose

    def tip(self, t: float) -> Pose:
        return self.start.towards(self.end, t)


@dataclass(frozen=True)
class Shot:
    frames: int
    resting: tuple[Item, ...]
    moves: tuple[Move, ...] = ()
    hands: tuple[HandMove, ...] = ()


def ease(t: float) -> float:
    """Slow at both ends, as a hand moves."""
    return t * t * (3 - 2 * t)
