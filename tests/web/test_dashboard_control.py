from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from dashboard_helpers import play, post, start_match
from flask.testing import FlaskClient


@pytest.fixture
def dealt(client: FlaskClient) -> FlaskClient:
    start_match(client)
    play(client, "deal")
    play(client, "trump", cards=["7D"])
    return client


def state(client: FlaskClient) -> dict:
    return client.get("/live/state.json").json["snapshot"]


def test_a_bout_played_by_clicking_cards(dealt: FlaskClient, database: Path) -> None:
    assert play(dealt, "attack", "Vera", ["7S"]).status_code == 302
    assert state(dealt)["table"] == [{"attack": "7S", "defence": None}]
    play(dealt, "defend", "Oleg", ["9S"], on="7S")
    assert state(dealt)["table"] == [{"attack": "7S", "defence": "9S"}]
    play(dealt, "discard")
    assert state(dealt)["table"] == [] and state(dealt)["discard"] == 2
    rows = sqlite3.connect(database).execute(
        "SELECT e.body, v.ok FROM events e JOIN verdicts v ON v.event_id = e.id"
        " ORDER BY e.id").fetchall()
    assert [ok for _, ok in rows] == [1] * 6
    assert '"on": "7S"' in rows[4][0]


def test_a_foul_is_reported_stored_and_pictured(dealt: FlaskClient, database: Path) -> None:
    play(dealt, "attack", "Vera", ["9S"])
    response = play(dealt, "defend", "Oleg", ["7S"], on="9S", follow_redirects=True)
    assert "Foul G4" in response.get_data(as_text=True)
    assert state(dealt)["table"] == [{"attack": "9S", "defence": None}]   # not applied
    db = sqlite3.connect(database)
    (event_id, rule), = db.execute("SELECT event_id, rule FROM verdicts WHERE NOT ok").fetchall()
    assert rule == "G4"
    thumb = dealt.get(f"/history/foul/{event_id}/thumb.jpg")
    assert thumb.mimetype == "image/jpeg" and thumb.data[:2] == b"\xff\xd8"
    assert dealt.get(f"/history/foul/{event_id}.jpg").status_code == 200
    assert "thumb.jpg" in dealt.get("/history/match/1").get_data(as_text=True)


@pytest.mark.parametrize(("action", "player", "cards", "fields", "message"), [
    ("fly", "Vera", [], {}, "Unknown action"),
    ("attack", "Vera", [], {}, "Click the cards"),
    ("attack", "Nobody", ["7S"], {}, "not at this table"),
    ("attack", "Vera", ["1S"], {}, "is not a card"),
    ("attack", "Vera", ["2S"], {}, "36-card deck"),
    ("attack", "Vera", ["7S", "7S"], {}, "twice"),
    ("defend", "Oleg", ["9S"], {}, "table card"),
    ("defend", "Oleg", ["9S", "10S"], {"on": "7S"}, "exactly one"),
    ("draw", "Vera", [], {"count": "lots"}, "number of cards"),
    ("draw", "Vera", [], {"count": "99"}, "number of cards"),
    ("deal_card", "Vera", ["9S"], {"to": "Ghost"}, "pile"),
])
def test_bad_manual_input_is_a_400_with_a_message(dealt: FlaskClient, action: str, player: str,
                                                  cards: list[str], fields: dict[str, str],
                                                  message: str) -> None:
    before = state(dealt)
    response = play(dealt, action, player, cards, **fields)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert state(dealt) == before


def test_declare_draw_and_the_other_actions_build_events(dealt: FlaskClient,
                                                         database: Path) -> None:
    play(dealt, "declare", "Vera", ["6D"])
    play(dealt, "declare", "Oleg", [], no_trump="1")
    play(dealt, "draw", "Ivan", [], count="2")
    play(dealt, "draw", "Ivan", ["AS"])
    play(dealt, "take", "Oleg")
    play(dealt, "pass", "Ivan")
    bodies = [body for (body,) in sqlite3.connect(database).execute(
        "SELECT body FROM events ORDER BY id").fetchall()[3:]]
    assert bodies == [
        '{"type": "declare", "player": "Vera", "lowest_trump": "6D"}',
        '{"type": "declare", "player": "Oleg", "no_trump": true}',
        '{"type": "draw", "player": "Ivan", "count": 2}',
        '{"type": "draw", "player": "Ivan", "cards": ["AS"]}',
        '{"type": "take", "player": "Oleg"}',
        '{"type": "pass", "player": "Ivan"}']


def test_any_event_can_be_typed_as_json(dealt: FlaskClient) -> None:
    response = post(dealt, "/control/raw", {"event": '{"type": "attack", "player": "Ivan",'
                                                     ' "cards": ["QH"]}'})
    assert response.status_code == 302
    assert state(dealt)["attacker"] == "Ivan"
    for bad, message in (("{nope", "Not valid JSON"), ("[1, 2]", "JSON object"),
                         ('{"type": 3}', "JSON object"), ("x" * 5000, "too long")):
        response = post(dealt, "/control/raw", {"event": bad})
        assert response.status_code == 400 and message in response.get_data(as_text=True)
    response = post(dealt, "/control/raw", {"event": '{"type": "juggle"}'},
                    follow_redirects=True)
    assert "Foul FORMAT" in response.get_data(as_text=True)


def test_undo_takes_back_the_last_applied_event(dealt: FlaskClient) -> None:
    play(dealt, "attack", "Vera", ["7S"])
    play(dealt, "defend", "Oleg", ["6S"], on="7S")        # a foul: nothing to take back there
    assert post(dealt, "/control/undo").status_code == 302
    assert state(dealt)["table"] == []
    post(dealt, "/control/undo")
    post(dealt, "/control/undo")
    assert state(dealt)["trump"] is None
    response = post(dealt, "/control/undo", follow_redirects=True)   # the setup stays
    assert "Nothing to take back" in response.get_data(as_text=True)
    assert state(dealt)["seats"] == ["Vera", "Oleg", "Ivan"]


def test_a_misread_card_is_corrected_and_later_events_replayed(dealt: FlaskClient,
                                                               database: Path) -> None:
    play(dealt, "attack", "Vera", ["7S"])
    play(dealt, "defend", "Oleg", ["8S"], on="7S")
    attack_id = sqlite3.connect(database).execute(
        "SELECT id FROM events WHERE body LIKE '%attack%'").fetchone()[0]
    response = post(dealt, "/control/correct", {"event": str(attack_id), "wrong": "7S",
                                                "right": "7C"}, follow_redirects=True)
    assert response.status_code == 200
    # the defence named 7S, which is no longer on the table: replayed, and now a foul
    assert state(dealt)["table"] == [{"attack": "7C", "defence": None}]
    attack_id = sqlite3.connect(database).execute(
        "SELECT MAX(id) FROM events WHERE body LIKE '%attack%'").fetchone()[0]
    for form, message in (({"event": str(attack_id), "wrong": "7S", "right": "7S"}, "really"),
                          ({"event": str(attack_id), "wrong": "KS", "right": "7H"}, "hold"),
                          ({"event": "1", "wrong": "7C", "right": "7H"}, "cannot be"),
                          ({"event": "999999999999999999999", "wrong": "7C", "right": "7H"},
                           "cannot be"),
                          ({"event": "x", "wrong": "7C", "right": "7H"}, "Choose the event")):
        response = post(dealt, "/control/correct", form)
        assert response.status_code == 400 and message in response.get_data(as_text=True)


def test_next_game_starts_the_next_game(dealt: FlaskClient) -> None:
    post(dealt, "/control/next-game")
    assert state(dealt)["game"] == 2


def test_control_without_a_match(client: FlaskClient) -> None:
    assert play(client, "attack", "Vera", ["7S"]).status_code == 409
    assert post(client, "/control/undo").status_code == 409
    assert post(client, "/control/raw", {"event": '{"type": "deal"}'}).status_code == 409
    setup = ('{"type": "setup", "variant": "classic", "deck": 36, "seats": ["A", "B"],'
             ' "dealer": "A"}')
    assert post(client, "/control/raw", {"event": setup}).status_code == 302
    assert client.get("/live/state.json").json["snapshot"]["seats"] == ["A", "B"]
