from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from dashboard_helpers import make_app, play, play_foul_bout, post, start_match
from flask.testing import FlaskClient

from web.live_source import ReplaySource, read_log_file


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


def wait_until(condition: Callable[[], bool], timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_restarted_demo_goes_on_with_its_match(database: Path) -> None:
    log = [{"type": "setup", "variant": "classic", "deck": 36, "seats": ["A", "B"],
            "dealer": "A"}, {"type": "deal"}, {"type": "trump", "card": "7D"}] + [
           {"type": "pass", "player": "B"}] * 30
    app = make_app(database, LIVE_SOURCE=ReplaySource([log], pace=0.01, loop=False))
    table = app.extensions["durak_live"].table
    wait_until(lambda: table.match is not None and table.match.received >= 10)
    app.extensions["durak_live"].stop()
    stopped_at = table.match.received
    assert stopped_at < len(log)

    app = make_app(database, LIVE_SOURCE=ReplaySource([log], pace=0.01, loop=False))
    table = app.extensions["durak_live"].table
    try:
        wait_until(lambda: table.match is not None and table.match.received == len(log))
        assert table.match.id == 1                    # the same match, not a new one
        rows = sqlite3.connect(database).execute(
            "SELECT COUNT(*) FROM events WHERE kind = 'event'").fetchone()
        assert rows == (len(log),)                    # nothing replayed twice, nothing lost
    finally:
        app.extensions["durak_live"].stop()


def test_a_log_of_several_matches_is_replayed_match_after_match(database: Path,
                                                               tmp_path: Path) -> None:
    first = [{"type": "setup", "variant": "classic", "deck": 36, "seats": ["A", "B"],
              "dealer": "A"}, {"type": "deal"}]
    second = [dict(first[0], seats=["C", "D"], dealer="D"), {"type": "deal"},
              {"type": "trump", "card": "6H"}]
    log = tmp_path / "two.jsonl"
    log.write_text("".join(json.dumps(event) + "\n" for event in first + second) + "junk\n")
    matches = read_log_file(log)
    assert matches == [first, second]
    app = make_app(database, LIVE_SOURCE=ReplaySource(matches, pace=0.01, loop=False))
    table = app.extensions["durak_live"].table
    try:
        wait_until(lambda: table.match is not None and table.match.id == 2
                   and table.match.received == len(second))
        assert table.snapshot()["seats"] == ["C", "D"]
    finally:
        app.extensions["durak_live"].stop()
