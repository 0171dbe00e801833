"""The seat calibration the players click on a camera frame: read from the form (or refused with
a message), kept as one of the running match's settings in SQLite, scaled to the camera's frame.

Points are frame pixels of the picture they were clicked on (`frame`: its width and height), so
a camera that later sends another size still gets the same places.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

KEY = "seat_calibration"
MAX_SIDE = 8192           # the largest frame side a camera may send
CLOSEST = 0.02            # two seats nearer than this share of the frame diagonal: one place


class SeatClicksError(ValueError):
    """Bad calibration input; the message (an English key of `web.i18n`) says what is wrong;
    `name` is the seat it is about, if any."""

    def __init__(self, message: str, **names: str) -> None:
        super().__init__(message)
        self.names = names


@dataclass(frozen=True)
class SeatClicks:
    seats: dict[str, tuple[float, float]]      # seat name -> (x, y), in setup order
    frame: tuple[int, int]                      # (width, height) they were clicked on

    def scaled(self, width: int, height: int) -> dict[str, list[float]]:
        """The points in a frame of `width` x `height` (`SeatMap.from_clicks`'s input)."""
        sx, sy = width / self.frame[0], height / self.frame[1]
        return {name: [x * sx, y * sy] for name, (x, y) in self.seats.items()}

    def to_json(self) -> str:
        return json.dumps({"seats": {n: list(p) for n, p in self.seats.items()},
                           "frame": list(self.frame)}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> SeatClicks | None:
        """The stored calibration; None when it cannot be read (it is then ignored)."""
        try:
            data = json.loads(text)
            seats = {str(n): (float(p[0]), float(p[1])) for n, p in data["seats"].items()}
            width, height = (int(v) for v in data["frame"])
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            return None
        return cls(seats, (width, height)) if seats and width > 0 and height > 0 else None


def read_clicks(form: Mapping[str, str], seat_names: Sequence[str]) -> SeatClicks:
    """The form's `width`, `height` and `x1`, `y1`, ... (one pair per seat, setup order);
    raises SeatClicksError."""
    width, height = _number(form, "width"), _number(form, "height")
    if width is None or height is None or not (16 <= width <= MAX_SIDE
                                                and 16 <= height <= MAX_SIDE):
        raise SeatClicksError("The picture's size is missing or wrong: click on the picture.")
    seats: dict[str, tuple[float, float]] = {}
    for number, name in enumerate(seat_names, start=1):
        x, y = _number(form, f"x{number}"), _number(form, f"y{number}")
        if x is None or y is None:
            raise SeatClicksError("Click where {name} sits.", name=name)
        if not (0 <= x <= width and 0 <= y <= height):
            raise SeatClicksError("{name}'s place is outside the picture.", name=name)
        seats[name] = (round(x, 1), round(y, 1))
    closest = CLOSEST * math.hypot(width, height)
    names = list(seats)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            if math.dist(seats[first], seats[second]) < closest:
                raise SeatClicksError("{name} and {other} are at the same place.",
                                      name=first, other=second)
    return SeatClicks(seats, (int(width), int(height)))


def _number(form: Mapping[str, str], field: str) -> float | None:
    try:
        value = float(str(form.get(field, "")).strip())
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def load(db: sqlite3.Connection, match_id: int) -> SeatClicks | None:
    row = db.execute("SELECT value FROM match_settings WHERE match_id = ? AND key = ?",
                     (match_id, KEY)).fetchone()
    return None if row is None else SeatClicks.from_json(row[0])


def save(db: sqlite3.Connection, match_id: int, clicks: SeatClicks | None) -> None:
    """Stores the match's calibration (not committed); None: back to the default."""
    if clicks is None:
        db.execute("DELETE FROM match_settings WHERE match_id = ? AND key = ?", (match_id, KEY))
    else:
        db.execute("INSERT OR REPLACE INTO match_settings (match_id, key, value)"
                   " VALUES (?, ?, ?)", (match_id, KEY, clicks.to_json()))


def as_form(clicks: SeatClicks | None, seat_names: Sequence[str]) -> dict[str, Any]:
    """The page's form filled with a stored calibration."""
    if clicks is None:
        return {}
    form: dict[str, Any] = {"width": clicks.frame[0], "height": clicks.frame[1]}
    for number, name in enumerate(seat_names, start=1):
        if name in clicks.seats:
            form[f"x{number}"], form[f"y{number}"] = clicks.seats[name]
    return form
