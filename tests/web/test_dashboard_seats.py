"""Seat calibration by clicks: the seats page stores the players' places with the match, the
camera pipeline gives cards to seats by them (at once, and after a restart), bad input is a 400."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from dashboard_helpers import post, start_match
from flask import Flask
from flask.testing import FlaskClient

CLICKS = {"width": "1280", "height": "720", "x1": "640", "y1": "700", "x2": "100",
          "y2": "200", "x3": "1180", "y3": "200.5"}         # Vera, Oleg, Ivan


def stored(database: Path) -> dict[str, Any] | None:
    row = sqlite3.connect(database).execute(
        "SELECT value FROM match_settings WHERE key = 'seat_calibration'").fetchone()
    return None if row is None else json.loads(row[0])


def test_the_clicked_seats_are_stored_with_the_match_and_reset(
        client: FlaskClient, database: Path) -> None:
    start_match(client)
    assert 'id="seat-form"' in client.get("/setup/seats").get_data(as_text=True)
    assert post(client, "/setup/seats", CLICKS).status_code == 302
    assert stored(database) == {"seats": {"Vera": [640.0, 700.0], "Oleg": [100.0, 200.0],
                                          "Ivan": [1180.0, 200.5]}, "frame": [1280, 720]}
    page = client.get("/setup/seats").get_data(as_text=True)
    assert 'name="x3" value="1180.0"' in page and "the players&#39; clicks" in page
    assert post(client, "/setup/seats/reset").status_code == 302
    assert stored(database) is None
    assert "the default" in client.get("/setup/seats").get_data(as_text=True)


@pytest.mark.parametrize(("changes", "message"), [
    ({"width": ""}, "size is missing"),
    ({"height": "0"}, "size is missing"),
    ({"width": "99999"}, "size is missing"),
    ({"x2": ""}, "Click where Oleg sits."),
    ({"y3": "abc"}, "Click where Ivan sits."),
    ({"x1": "nan"}, "Click where Vera sits."),
    ({"x1": "inf"}, "Click where Vera sits."),
    ({"x1": "-5"}, "Vera&#39;s place is outside the picture."),
    ({"y2": "721"}, "Oleg&#39;s place is outside the picture."),
    ({"x2": "1180", "y2": "201"}, "Oleg and Ivan are at the same place."),
])
def test_bad_clicks_are_refused_with_a_message(client: FlaskClient, database: Path,
                                               changes: dict[str, str], message: str) -> None:
    start_match(client)
    response = post(client, "/setup/seats", CLICKS | changes)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert stored(database) is None


def test_no_match_no_seats_and_csrf_is_checked(client: FlaskClient, database: Path) -> None:
    response = post(client, "/setup/seats", CLICKS)
    assert response.status_code == 400 and "No match is running" in response.get_data(
        as_text=True)
    assert post(client, "/setup/seats/reset").status_code == 400
    start_match(client)
    assert client.post("/setup/seats", data=CLICKS).status_code == 400     # no CSRF token
    assert stored(database) is None


def test_the_russian_page_names_the_seat_to_click(client: FlaskClient) -> None:
    start_match(client)
    client.get("/lang/ru")
    response = post(client, "/setup/seats", CLICKS | {"x2": ""})
    assert "Нажмите, где сидит Oleg." in response.get_data(as_text=True)


# --- the camera pipeline uses them ------------------------------------------------------------

pytest.importorskip("cv2")
pytest.importorskip("referee")

from camera_helpers import (  # noqa: E402
    FROM_ANNA,
    LEAD,
    TRUMP,
    ScriptedDetector,
    judged,
    play,
    write_video,
)

CAMERA_MATCH = {"seat1": "Anna", "seat2": "Boris", "variant": "classic", "deck": "36",
                "dealer": "2", "first_move": "under", "camera": "live"}
SWAPPED = {"width": "640", "height": "360", "x1": "320", "y1": "10",   # Anna at the top,
           "x2": "320", "y2": "350"}                                    # Boris at the bottom


def follower_seats(app: Flask) -> Any:
    pipeline = app.extensions["durak_live"].source.pipeline
    return pipeline.table.pipeline.follower.seats


def test_a_card_is_given_to_the_seat_the_players_clicked(
        camera_app: Flask, database: Path, tmp_path: Path) -> None:
    client = camera_app.test_client()
    assert post(client, "/setup", CAMERA_MATCH).status_code == 302
    assert post(client, "/setup/seats", SWAPPED).status_code == 302
    # the lead slides in from the bottom of the picture: by default Anna's side, here Boris's
    detector = ScriptedDetector([(0.2, *TRUMP, 0.95), (0.8, *LEAD, 0.95, FROM_ANNA)])
    play(camera_app, write_video(tmp_path / "game.avi"), detector,
         lambda: len(judged(database)) >= 4, plan=None)
    assert judged(database)[3][0] == {"type": "attack", "player": "Boris", "cards": ["9S"]}
    assert follower_seats(camera_app).nearest((330, 330)) == "Boris"


def test_the_running_pipeline_takes_new_clicks_and_a_reset(
        camera_app: Flask, database: Path, tmp_path: Path) -> None:
    client = camera_app.test_client()
    assert post(client, "/setup", CAMERA_MATCH).status_code == 302
    live = camera_app.extensions["durak_live"]
    frames = live.frames
    play(camera_app, write_video(tmp_path / "game.avi", seconds=6), ScriptedDetector([]),
         lambda: live.source.pipeline.table is not None, plan=None)
    assert follower_seats(camera_app).nearest((320, 350)) == "Anna"        # the default
    bigger = {"width": "1280", "height": "720", "x1": "640", "y1": "20", "x2": "640",
              "y2": "700"}                      # clicked on a bigger picture: scaled down
    assert post(client, "/setup/seats", bigger).status_code == 302
    seen = frames.latest()[0]
    wait = play_until(lambda: frames.latest()[0] > seen + 2)
    assert wait and follower_seats(camera_app).nearest((320, 350)) == "Boris"
    assert follower_seats(camera_app).points[0] == (320.0, 10.0)
    assert post(client, "/setup/seats/reset").status_code == 302
    seen = frames.latest()[0]
    assert play_until(lambda: frames.latest()[0] > seen + 2)
    assert follower_seats(camera_app).nearest((320, 350)) == "Anna"


def play_until(condition: Any, timeout: float = 5.0) -> bool:
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
