"""Nothing a browser sends crashes the server or corrupts the match: random forms and events,
and an engine that fails."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from dashboard_helpers import csrf, make_app, play, start_match
from fake_referee import FakeReferee
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CARDS = ["6S", "7S", "9S", "10H", "QD", "AC", "2C", "1S", "", "10", "XX"]
FIELDS = ["action", "player", "cards", "on", "to", "count", "no_trump", "event", "wrong", "right",
          "question", "choice", "variant", "deck", "seat1", "seat2", "dealer", "dummy_seat",
          "camera", "first_move", "pin", "width", "height", "x1", "y1", "x2", "y2"]
ROUTES = ["/setup", "/setup/demo", "/setup/seats", "/setup/seats/reset", "/control/event",
          "/control/raw", "/control/undo", "/control/correct", "/control/next-game",
          "/live/answer", "/pin"]
text = st.one_of(st.sampled_from(CARDS + ["Vera", "Oleg", "attack", "defend", "dummy", "-1",
                                          "99999999999999999999", "classic", "36"]),
                 st.text(max_size=30))
forms = st.dictionaries(st.sampled_from(FIELDS), st.one_of(text, st.lists(text, max_size=4)),
                        max_size=8)
json_values = st.recursive(st.none() | st.booleans() | st.integers() | text,
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(text, inner, max_size=3), max_leaves=8)
events = st.fixed_dictionaries(
    {"type": st.sampled_from(["attack", "defend", "throw_in", "take", "pass", "discard",
                              "draw", "deal", "trump", "declare", "transfer", "new_game",
                              "setup", "pass_on", "open_draw", "deal_card", "nonsense"])},
    optional={"player": text, "cards": st.lists(st.sampled_from(CARDS), max_size=3),
              "card": st.sampled_from(CARDS), "on": st.sampled_from(CARDS), "count": json_values,
              "hands": json_values, "seats": json_values, "variant": text, "deck": json_values})


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(route=st.sampled_from(ROUTES), form=forms)
def test_random_forms_never_give_a_server_error(tmp_path: Path, route: str,
                                                form: dict[str, Any]) -> None:
    app = fuzz_app(tmp_path)
    client = app.test_client()
    response = client.post(route, data=form | {"csrf_token": csrf(client)})
    assert response.status_code < 500
    assert client.get("/live").status_code == 200


_apps: dict[Path, Any] = {}


def fuzz_app(tmp_path: Path) -> Any:
    """One app with a running match for the whole run (hypothesis reuses tmp_path)."""
    if tmp_path not in _apps:
        app = make_app(tmp_path / "durak.sqlite", REFEREE_FACTORY=real_or_fake())
        start_match(app.test_client())
        _apps[tmp_path] = app
    return _apps[tmp_path]


def real_or_fake() -> Any:
    try:
        from referee import Referee
    except ImportError:
        return FakeReferee
    return Referee


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(event=events)
def test_random_events_are_judged_never_a_server_error(tmp_path: Path,
                                                      event: dict) -> None:
    app = fuzz_app(tmp_path)
    client = app.test_client()
    response = client.post("/control/raw", data={"event": json.dumps(event),
                                                 "csrf_token": csrf(client)})
    assert response.status_code in (302, 400)
    assert client.get("/live/state").status_code == 200


class BrokenReferee(FakeReferee):
    """An engine with a bug: it raises on a trump of hearts, after changing its state."""

    def apply(self, event: Any) -> Any:
        if isinstance(event, dict) and event.get("card") == "10H":
            self.state["stock"] = -999
            raise RuntimeError("engine bug")
        return super().apply(event)


def test_an_engine_failure_is_a_verdict_not_a_crash(tmp_path: Path) -> None:
    database = tmp_path / "durak.sqlite"
    app = make_app(database, REFEREE_FACTORY=BrokenReferee)
    client = app.test_client()
    start_match(client)
    play(client, "deal")
    response = play(client, "trump", cards=["10H"], follow_redirects=True)
    assert response.status_code == 200 and "ENGINE" in response.get_data(as_text=True)
    snapshot = client.get("/live/state.json").json["snapshot"]
    assert snapshot["stock"] == 36 - 18 and snapshot["trump"] is None   # rebuilt, not -999
    assert sqlite3.connect(database).execute(
        "SELECT rule FROM verdicts ORDER BY event_id DESC").fetchone() == ("ENGINE",)
    app.extensions["durak_live"].stop()
    restarted = make_app(database, REFEREE_FACTORY=BrokenReferee)
    assert restarted.test_client().get("/live/state.json").json["snapshot"] == snapshot
    assert restarted.test_client().get("/history/match/1/replay?step=3").status_code == 200


@pytest.fixture(autouse=True, scope="module")
def _close_fuzz_apps() -> Any:
    yield
    for app in _apps.values():
        app.extensions["durak_live"].stop()
    _apps.clear()
