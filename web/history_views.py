"""History: every match and game, its event log with verdicts, a step-by-step replay, fouls."""

from __future__ import annotations

import json
from itertools import groupby
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request

from . import match_store
from .db import get_db
from .event_text import describe_event
from .i18n import t
from .match_table import judge_safely
from .table_image import render_table, to_jpeg

bp = Blueprint("history", __name__, url_prefix="/history")


@bp.get("")
def matches() -> str:
    rows = get_db().execute(
        "SELECT m.*, (SELECT group_concat(name, ', ') FROM"
        "   (SELECT name FROM match_seats s WHERE s.match_id = m.id ORDER BY seat)) AS seats,"
        " (SELECT COUNT(*) FROM games g WHERE g.match_id = m.id AND g.finished) AS games,"
        " (SELECT COUNT(*) FROM events e JOIN verdicts v ON v.event_id = e.id"
        "   WHERE e.match_id = m.id AND NOT v.ok) AS fouls"
        " FROM matches m ORDER BY m.id DESC LIMIT 200").fetchall()
    return render_template("history.html", matches=rows)


def match_or_404(match_id: int) -> Any:
    row = get_db().execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
    if row is None:
        abort(404, description=t("There is no such match."))
    return row


@bp.get("/match/<int(max=999999999999):match_id>")
def match(match_id: int) -> str:
    row = match_or_404(match_id)
    events = [dict(r, event=json.loads(r["body"]))
              for r in match_store.event_rows(get_db(), match_id)]
    for step, event in enumerate(events, start=1):
        event["step"] = step
    by_game = [(game, list(items)) for game, items in groupby(events, key=lambda e: e["game"])]
    games = {g["number"]: g for g in get_db().execute(
        "SELECT * FROM games WHERE match_id = ?", (match_id,))}
    return render_template("history_match.html", match=row, by_game=by_game, games=games)


def replayed(match_id: int) -> tuple[Any, list[Any], int, dict[str, Any]]:
    """(match row, its event rows, the step asked for, the referee's snapshot at that step)."""
    row = match_or_404(match_id)
    rows = match_store.event_rows(get_db(), match_id)
    step_text = request.args.get("step", "1")
    if not step_text.isdigit():
        abort(400, description=t("A step is a number."))
    step = min(max(int(step_text), 1), max(len(rows), 1))
    referee = current_app.config["REFEREE_FACTORY"]()
    for event_row in rows[:step]:
        if event_row["kind"] == "undo":
            referee.undo()
        else:
            judge_safely(referee, json.loads(event_row["body"]))
    return row, rows, step, referee.snapshot()


@bp.get("/match/<int(max=999999999999):match_id>/replay")
def replay(match_id: int) -> str:
    row, rows, step, snapshot = replayed(match_id)
    current = dict(rows[step - 1], event=json.loads(rows[step - 1]["body"])) if rows else None
    return render_template("replay.html", match=row, step=step, steps=len(rows),
                           snapshot=snapshot, current=current)


@bp.get("/match/<int(max=999999999999):match_id>/replay.jpg")
def replay_image(match_id: int) -> Response:
    _, rows, step, snapshot = replayed(match_id)
    caption = describe_event(json.loads(rows[step - 1]["body"])) if rows else ""
    foul = bool(rows) and rows[step - 1]["kind"] == "event" and not rows[step - 1]["ok"]
    return Response(to_jpeg(render_table(snapshot, caption, foul)), mimetype="image/jpeg")


def foul_image(event_id: int, column: str) -> Response:
    row = get_db().execute(f"SELECT {column} AS image FROM foul_snapshots WHERE event_id = ?",
                           (event_id,)).fetchone()
    if row is None:
        abort(404, description=t("No picture was kept for that event."))
    return Response(row["image"], mimetype="image/jpeg",
                    headers={"Cache-Control": "max-age=86400"})


@bp.get("/foul/<int(max=999999999999):event_id>.jpg")
def foul(event_id: int) -> Response:
    return foul_image(event_id, "image")


@bp.get("/foul/<int(max=999999999999):event_id>/thumb.jpg")
def foul_thumb(event_id: int) -> Response:
    return foul_image(event_id, "thumbnail")
