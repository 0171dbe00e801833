"""The dashboard with the real engine: every example log through manual entry, judged as
`Referee` judges it directly."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from dashboard_helpers import make_app, post
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
