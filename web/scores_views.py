"""Scores: each player's fools, wins and draws in a match and across all matches."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from . import current
from .db import get_db
from .i18n import t
from .score_chart import bars, match_players, player_scores, with_zero_rows

bp = Blueprint("scores", __name__, url_prefix="/scores")


@bp.get("")
def page() -> str:
    db = get_db()
    match_text = request.args.get("match", "")
    if match_text:
        if not match_text.isdigit() or len(match_text) > 12:
            abort(400, description=t("A match is chosen by its number."))
        match_id: int | None = int(match_text)
        if db.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone() is None:
            abort(404, description=t("There is no such match."))
    else:
        match = current.table().match
        match_id = match.id if match else None
    match_scores = []
    if match_id is not None:
        match_scores = with_zero_rows(player_scores(db, match_id), match_players(db, match_id))
    all_time = player_scores(db)
    games = db.execute("SELECT * FROM games WHERE match_id = ? ORDER BY number",
                       (match_id,)).fetchall() if match_id is not None else []
    return render_template("scores.html", match_id=match_id, match_scores=match_scores,
                           match_bars=bars(match_scores), all_time=all_time,
                           all_bars=bars(all_time), games=games)
