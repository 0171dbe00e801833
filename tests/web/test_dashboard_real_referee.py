"""The dashboard with the real engine: every example log through manual entry, judged as
`Referee` judges it directly."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from dashboard_helpers import make_app, play, post, start_match
from serve_process import REPO

referee = pytest.importorskip("referee")

LOGS = sorted(log for log in (REPO / "examples").glob("*.jsonl")
              if not log.name.endswith(".truth.jsonl"))       # a rendered video's truth


@pytest.mark.parametrize("log", LOGS, ids=[log.stem for log in LOGS])
def test_example_logs_are_judged_as_the_engine_judges_them(tmp_path: Path, log: Path) -> None:
    events = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    app = make_app(tmp_path / "durak.sqlite", REFEREE_FACTORY=referee.Referee)
    client = app.test_client()
    try:
        for event in events:
            assert post(client, "/control/raw", {"event": json.dumps(event)}).status_code == 302
        judge = referee.Referee()
        expected = [judge.apply(event).ok for event in events]
        stored = sqlite3.connect(tmp_path / "durak.sqlite").execute(
            "SELECT v.ok FROM verdicts v ORDER BY v.event_id").fetchall()
        assert [bool(ok) for (ok,) in stored] == expected
        assert client.get("/live/state.json").json["snapshot"] == judge.snapshot()
        for page in ("/live", "/control", "/scores", "/history/match/1",
                     f"/history/match/1/replay?step={len(events)}"):
            assert client.get(page).status_code == 200, page
    finally:
        app.extensions["durak_live"].stop()


@pytest.mark.parametrize("form, outcome, language", [
    ({"fool": "Oleg"}, {"fool": "Oleg", "draw": False}, "en"),
    ({"fool": ""}, {"fool": None, "draw": True}, "ru"),
])
def test_the_players_end_a_game_by_their_word(tmp_path: Path, form: dict, outcome: dict,
                                              language: str) -> None:
    app = make_app(tmp_path / "durak.sqlite", REFEREE_FACTORY=referee.Referee)
    client = app.test_client()
    try:
        client.set_cookie("lang", language)
        start_match(client)
        before = client.get("/control").get_data(as_text=True)
        assert 'id="end-game-form"' not in before          # nothing dealt: nothing to end
        play(client, "deal")
        page = client.get("/control").get_data(as_text=True)
        assert ("End the game" if language == "en" else "Закончить игру") in page
        assert post(client, "/control/end-game", form).status_code == 302
        snapshot = client.get("/live/state.json").json["snapshot"]
        assert snapshot["game"] == 2 and snapshot["games"][0] == {
            **outcome, "finished": True, "told": True}
        stored = sqlite3.connect(tmp_path / "durak.sqlite").execute(
            "SELECT finished, fool, draw FROM games WHERE number = 1").fetchone()
        assert stored == (1, outcome["fool"], int(outcome["draw"]))
    finally:
        app.extensions["durak_live"].stop()
