from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from dashboard_helpers import SETUP_FORM, csrf, post, start_match
from flask.testing import FlaskClient


def test_a_setup_starts_a_match_and_closes_the_previous_one(client: FlaskClient,
                                                             database: Path) -> None:
    response = start_match(client)
    assert response.status_code == 302 and response.headers["Location"].endswith("/control")
    start_match(client, seat4="Lena", dealer="lot", camera="live")
    db = sqlite3.connect(database)
    assert db.execute("SELECT id, status FROM matches ORDER BY id").fetchall() == [
        (1, "closed"), (2, "running")]
    seats = db.execute("SELECT name FROM match_seats WHERE match_id = 2 ORDER BY seat").fetchall()
    assert [name for (name,) in seats] == ["Vera", "Oleg", "Ivan", "Lena"]
    assert db.execute("SELECT COUNT(*) FROM players").fetchone() == (4,)


def test_the_setup_event_carries_variant_deck_dealer_and_options(client: FlaskClient) -> None:
    start_match(client, variant="dummy", dummy_seat="2", deck="52", dealer="3",
                first_move="from_under", active_dummy="1", lead_group="1", ninth_card_centre="1")
    snapshot = client.get("/live/state.json").json["snapshot"]
    assert snapshot["seats"] == ["Vera", "dummy", "Oleg", "Ivan"]
    assert snapshot["deck"] == 52 and snapshot["dealer"] == "Ivan"
    # options that do not belong to the variant are dropped
    assert snapshot["options"] == {"active_dummy": True, "lead_group": True,
                                   "first_move": "from_under"}


@pytest.mark.parametrize(("changes", "message"), [
    ({"variant": "poker"}, "Choose a variant"),
    ({"deck": "40"}, "36 or 52"),
    ({"seat2": "", "seat3": ""}, "at least two"),
    ({"seat2": "vera"}, "same name"),
    ({"seat2": "Dummy"}, "dummy"),
    ({"seat2": "x" * 21}, "at most 20"),
    ({"seat2": "Ol\x00eg"}, "control characters"),
    ({"variant": "dummy", "dummy_seat": "9"}, "dummy's seat"),
    ({"dealer": "5"}, "dealer"),
    ({"first_move": "sideways"}, "under"),
    ({"camera": "/dev/video0"}, "camera"),
    ({"variant": "dummy", "dummy_seat": "1", "seat4": "A", "seat5": "B", "seat6": "C"},
     "36 cards"),   # refused by the referee (D1)
])
def test_bad_setups_are_refused_with_a_message(client: FlaskClient, changes: dict[str, str],
                                               message: str) -> None:
    response = start_match(client, **changes)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert message.replace("'", "&#39;") in page
    assert 'value="Vera"' in page          # the form keeps what was typed
    assert client.get("/live/state.json").json["match"] is None


def test_refusals_are_translated(client: FlaskClient) -> None:
    client.set_cookie("lang", "ru")
    response = start_match(client, seat2="Vera")
    assert "одинаковое имя" in response.get_data(as_text=True)


def test_a_setup_without_the_csrf_token_is_refused(client: FlaskClient) -> None:
    response = client.post("/setup", data=SETUP_FORM)
    assert response.status_code == 400 and "CSRF" in response.get_data(as_text=True)
    response = post(client, "/setup", SETUP_FORM | {"csrf_token": "forged"})
    assert response.status_code == 400
    assert client.get("/live/state.json").json["match"] is None


def test_garbage_form_fields_never_crash(client: FlaskClient) -> None:
    for junk in ({"variant": ["classic", "round"]}, {"deck": "٣٦"},
                 {"dealer": "-1"}, {"dummy_seat": "0", "variant": "dummy"}):
        assert start_match(client, **junk).status_code in (302, 400)
    token = csrf(client)
    for body in (b"seat1=%ED%A0%80&seat2=%FF%FE&variant=classic&deck=36&csrf_token=" +
                 token.encode(), b"\x00\xff" * 100, b"csrf_token=" + token.encode() + b"&&&=&="):
        response = client.post("/setup", data=body,
                               content_type="application/x-www-form-urlencoded")
        assert response.status_code in (302, 400)
