"""Score tables and their bar chart, drawn as plain SVG on the server (no script, no CDN)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass


@dataclass
class PlayerScore:
    name: str
    fools: int
    wins: int
    draws: int

    @property
    def games(self) -> int:
        return self.fools + self.wins + self.draws


@dataclass
class Bar:
    x: float
    y: float
    width: float
    height: float
    value: int
    kind: str          # 'wins', 'draws', 'fools': the CSS class that colours it


def player_scores(db: sqlite3.Connection, match_id: int | None = None) -> list[PlayerScore]:
    where, params = ("WHERE r.match_id = ?", (match_id,)) if match_id is not None else ("", ())
    rows = db.execute(
        "SELECT p.name, SUM(r.result = 'fool') AS fools, SUM(r.result = 'win') AS wins,"
        " SUM(r.result = 'draw') AS draws FROM game_results r JOIN players p ON p.id = r.player_id"
        f" {where} GROUP BY p.id ORDER BY fools ASC, wins DESC, p.name", params).fetchall()
    return [PlayerScore(row["name"], row["fools"], row["wins"], row["draws"]) for row in rows]


def match_players(db: sqlite3.Connection, match_id: int) -> list[str]:
    rows = db.execute("SELECT name FROM match_seats WHERE match_id = ? AND player_id IS NOT NULL"
                      " ORDER BY seat", (match_id,))
    return [row["name"] for row in rows]


def with_zero_rows(scores: list[PlayerScore], names: list[str]) -> list[PlayerScore]:
    """Every seated player appears, even before his first finished game."""
    known = {score.name for score in scores}
    return scores + [PlayerScore(name, 0, 0, 0) for name in names if name not in known]


@dataclass
class Chart:
    rows: list[tuple[PlayerScore, float, list[Bar]]]   # (score, y of the row, its three bars)
    height: float


def bars(scores: list[PlayerScore], width: float = 480, row_height: float = 48,
         label_width: float = 110) -> Chart:
    """Per player three bars (wins, draws, fools) scaled to the widest value."""
    top = max([1] + [max(s.fools, s.wins, s.draws) for s in scores])
    scale = (width - label_width - 30) / top
    rows = []
    for index, score in enumerate(scores):
        y = index * row_height * 1.2
        row = []
        for offset, kind in enumerate(("wins", "draws", "fools")):
            value = getattr(score, kind)
            row.append(Bar(label_width, y + offset * row_height / 3, value * scale,
                           row_height / 3 - 1, value, kind))
        rows.append((score, y, row))
    return Chart(rows, len(scores) * row_height * 1.2 + 24)
