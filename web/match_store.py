"""SQL for matches, events, verdicts, games and fouls: every write the match table makes."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

DUMMY = "dummy"


def running_match(db: sqlite3.Connection) -> sqlite3.Row | None:
    return db.execute(
        "SELECT * FROM matches WHERE status = 'running' ORDER BY id DESC LIMIT 1").fetchone()


def player_id(db: sqlite3.Connection, name: str) -> int:
    db.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
    return db.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()["id"]


def create_match(db: sqlite3.Connection, setup: dict[str, Any], camera: str, source: str) -> int:
    """Closes the running match and opens a new one (not committed)."""
    db.execute("UPDATE matches SET status = 'closed' WHERE status = 'running'")
    cursor = db.execute(
        "INSERT INTO matches (variant, deck, dealer, options, camera, source)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (setup["variant"], setup["deck"], setup["dealer"],
         json.dumps(setup.get("options") or {}, sort_keys=True), camera, source))
    match_id = int(cursor.lastrowid or 0)
    for seat, name in enumerate(setup["seats"]):
        pid = None if name == DUMMY else player_id(db, name)
        db.execute("INSERT INTO match_seats (match_id, seat, name, player_id) VALUES (?, ?, ?, ?)",
                   (match_id, seat, name, pid))
    return match_id


def seat_player_ids(db: sqlite3.Connection, match_id: int) -> dict[str, int]:
    rows = db.execute("SELECT name, player_id FROM match_seats WHERE match_id = ?"
                      " AND player_id IS NOT NULL", (match_id,))
    return {row["name"]: row["player_id"] for row in rows}


def insert_event(db: sqlite3.Connection, match_id: int, game: int, kind: str,
                 body: dict[str, Any], origin: str) -> int:
    cursor = db.execute(
        "INSERT INTO events (match_id, game, kind, body, origin) VALUES (?, ?, ?, ?, ?)",
        (match_id, game, kind, json.dumps(body, ensure_ascii=False), origin))
    return int(cursor.lastrowid or 0)


def insert_verdict(db: sqlite3.Connection, event_id: int, verdict: dict[str, Any]) -> None:
    db.execute(
        "INSERT OR REPLACE INTO verdicts (event_id, ok, applied, rule, message, message_ru, judged)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (event_id, bool(verdict["ok"]), bool(verdict["applied"]), verdict.get("rule"),
         verdict.get("message") or "", verdict.get("message_ru") or verdict.get("message") or "",
         bool(verdict.get("judged", True))))


def insert_foul_snapshot(db: sqlite3.Connection, event_id: int, image: bytes,
                         thumbnail: bytes) -> None:
    db.execute("INSERT OR REPLACE INTO foul_snapshots (event_id, image, thumbnail)"
               " VALUES (?, ?, ?)", (event_id, image, thumbnail))


def event_rows(db: sqlite3.Connection, match_id: int) -> list[sqlite3.Row]:
    return db.execute(
        "SELECT e.*, v.ok, v.applied, v.rule, v.message, v.message_ru, v.judged,"
        " f.event_id IS NOT NULL AS has_snapshot"
        " FROM events e LEFT JOIN verdicts v ON v.event_id = e.id"
        " LEFT JOIN foul_snapshots f ON f.event_id = e.id"
        " WHERE e.match_id = ? ORDER BY e.id", (match_id,)).fetchall()


def save_outcomes(db: sqlite3.Connection, match_id: int, outcomes: list[dict[str, Any]],
                  players: dict[str, int]) -> None:
    """Rewrites the match's games and per-player results from the referee's outcomes()."""
    db.execute("DELETE FROM games WHERE match_id = ? AND number > ?", (match_id, len(outcomes)))
    db.execute("DELETE FROM game_results WHERE match_id = ?", (match_id,))
    for number, outcome in enumerate(outcomes, start=1):
        finished = bool(outcome.get("finished", True))
        winners = list(outcome.get("winners") or [])
        db.execute(
            "INSERT OR REPLACE INTO games (match_id, number, finished, fool, draw, winners)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, number, finished, outcome.get("fool"), bool(outcome.get("draw")),
             json.dumps(winners, ensure_ascii=False)))
        if not finished:
            continue
        for name, pid in players.items():
            result = game_result(name, outcome, winners)
            if result:
                db.execute("INSERT INTO game_results (match_id, number, player_id, result)"
                           " VALUES (?, ?, ?, ?)", (match_id, number, pid, result))


def game_result(name: str, outcome: dict[str, Any], winners: list[str]) -> str | None:
    if outcome.get("draw"):
        return "draw"
    if outcome.get("fool") == name:
        return "fool"
    if "winners" in outcome:          # play_for_winner: only the winners score
        return "win" if name in winners else None
    return "win"
