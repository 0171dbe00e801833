from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from dashboard_helpers import make_app, play, play_foul_bout, post, start_match
from flask.testing import FlaskClient


def snapshot_after_restart(database: Path) -> dict:
    app = make_app(database)
    try:
        return app.test_client().get("/live/state.json").json
    finally:
        app.extensions["durak_live"].stop()


def test_a_new_app_on_the_same_database_has_the_same_match(client: FlaskClient,
                                                           database: Path) -> None:
    start_match(client)
    play_foul_bout(client)
    play(client, "defend", "Oleg", ["10S"], on="9S")
    post(client, "/control/undo")
    before = client.get("/live/state.json").json
    after = snapshot_after_restart(database)
    assert after["match"] == before["match"] and after["snapshot"] == before["snapshot"]
    assert after["snapshot"]["table"] == [{"attack": "9S", "defence": None}]


def test_the_database_is_in_wal_mode(client: FlaskClient, database: Path) -> None:
    start_match(client)
    assert sqlite3.connect(database).execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_an_event_stored_without_its_verdict_is_judged_on_restart(client: FlaskClient,
                                                                  database: Path) -> None:
    start_match(client)
    play(client, "deal")
    db = sqlite3.connect(database)
    # what a kill between "event committed" and "verdict committed" leaves behind
    db.execute("INSERT INTO events (match_id, game, kind, body, origin) VALUES (1, 1, 'event',"
               " ?, 'manual')", (json.dumps({"type": "trump", "card": "7D"}),))
    db.commit()
    after = snapshot_after_restart(database)
    assert after["snapshot"]["trump"] == "7D"
    assert db.execute("SELECT COUNT(*) FROM verdicts").fetchone() == (3,)


def test_a_closed_match_is_not_restored(client: FlaskClient, database: Path) -> None:
    start_match(client)
    sqlite3.connect(database).execute("UPDATE matches SET status = 'closed'").connection.commit()
    assert snapshot_after_restart(database)["match"] is None
