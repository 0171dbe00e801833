"""The dashboard: live table, verdicts, manual control, scores and history (Flask)."""

from __future__ import annotations

import os
import secrets
from typing import Any

from flask import Flask

from . import db, i18n, security
from .feed import VerdictFeed
from .frame_hub import FrameHub
from .live_runtime import LiveTable, QuestionBoard
from .match_table import MatchTable, default_referee

LIMITS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 64 * 1024,      # the largest honest request is a setup form
    "MAX_FORM_MEMORY_SIZE": 16 * 1024,
    "MAX_FORM_PARTS": 200,
}


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True, static_folder=None)
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "durak.sqlite"),
        PIN=None,                    # set by `serve --host 0.0.0.0`: needed to change anything
        LIVE_SOURCE=None,            # a live_source.LiveSource; None: nothing feeds the video
        REFEREE_FACTORY=default_referee,
        SESSION_COOKIE_SAMESITE="Lax",
        **LIMITS,
    )
    if test_config:
        app.config.update(test_config)
    if os.path.dirname(app.config["DATABASE"]) == app.instance_path:
        os.makedirs(app.instance_path, exist_ok=True)

    feed = VerdictFeed()
    table = MatchTable(app.config["DATABASE"], feed, app.config["REFEREE_FACTORY"])
    live = LiveTable(table, FrameHub(), QuestionBoard(feed), feed)
    table.foul_picture = live.foul_picture
    app.extensions["durak_feed"] = feed
    app.extensions["durak_live"] = live
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _stored_secret(app.config["DATABASE"])
    table.restore()

    db.init_app(app)
    security.init_app(app)
    i18n.init_app(app)
    from . import (
        control_views,
        history_views,
        live_views,
        scores_views,
        seat_views,
        setup_views,
        site,
    )

    for module in (site, setup_views, seat_views, live_views, control_views, scores_views,
                   history_views):
        app.register_blueprint(module.bp)
    if app.config["LIVE_SOURCE"] is not None:
        live.start(app.config["LIVE_SOURCE"])
    return app


def _stored_secret(database: str) -> str:
    """One session key per database, so signed-in phones stay signed in across restarts."""
    connection = db.connect(database)
    try:
        db.init_schema(connection)
        connection.execute("INSERT OR IGNORE INTO settings (key, value) VALUES ('secret_key', ?)",
                           (secrets.token_hex(32),))
        connection.commit()
        row = connection.execute("SELECT value FROM settings WHERE key = 'secret_key'").fetchone()
        return str(row["value"])
    finally:
        connection.close()
