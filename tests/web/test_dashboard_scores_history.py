from __future__ import annotations

import re

from dashboard_helpers import play_foul_bout, post, start_match
from flask.testing import FlaskClient


def finish_game(client: FlaskClient, fool: str) -> None:
    post(client, "/control/raw", {"event": f'{{"type": "declare_fool", "player": "{fool}"}}'})


def cell(page: str, table: str, player: str, column: str) -> str:
    section = page.split(f'id="{table}"', 1)[1].split("</table>", 1)[0]
    row = section.split(f'data-player="{player}"', 1)[1].split("</tr>", 1)[0]
    return re.search(rf'class="{column}">(\d+)<', row).group(1)


def test_scores_count_fools_and_wins_per_match_and_all_time(client: FlaskClient) -> None:
    start_match(client)
    page = client.get("/scores").get_data(as_text=True)
    assert cell(page, "match-scores", "Oleg", "fools") == "0"
    finish_game(client, "Oleg")
    post(client, "/control/next-game")
    finish_game(client, "Oleg")
    page = client.get("/scores").get_data(as_text=True)
    assert cell(page, "match-scores", "Oleg", "fools") == "2"
    assert cell(page, "match-scores", "Vera", "wins") == "2"
    assert '<svg class="chart" id="match-chart"' in page
    start_match(client)
    finish_game(client, "Vera")
    page = client.get("/scores").get_data(as_text=True)
    assert cell(page, "match-scores", "Oleg", "fools") == "0"
    assert cell(page, "all-scores", "Oleg", "fools") == "2"
    assert cell(page, "all-scores", "Vera", "fools") == "1"
    older = client.get("/scores?match=1").get_data(as_text=True)
    assert cell(older, "match-scores", "Oleg", "fools") == "2"


def test_undoing_the_last_event_of_a_game_takes_the_score_back(client: FlaskClient) -> None:
    start_match(client)
    finish_game(client, "Ivan")
    post(client, "/control/undo")
    page = client.get("/scores").get_data(as_text=True)
    assert cell(page, "match-scores", "Ivan", "fools") == "0"


def test_bad_score_queries(client: FlaskClient) -> None:
    assert client.get("/scores?match=abc").status_code == 400
    assert client.get("/scores?match=42").status_code == 404


def test_history_lists_matches_games_and_replays_step_by_step(client: FlaskClient) -> None:
    start_match(client)
    play_foul_bout(client)
    finish_game(client, "Oleg")
    listing = client.get("/history").get_data(as_text=True)
    assert "Vera, Oleg, Ivan" in listing and 'href="/history/match/1"' in listing
    log = client.get("/history/match/1").get_data(as_text=True)
    assert "Vera attacks 9♠" in log and "Foul G4" in log and "fool: Oleg" in log
    step3 = client.get("/history/match/1/replay?step=3").get_data(as_text=True)
    assert 'data-card="7D"' in step3 and 'data-card="9S"' not in step3
    step4 = client.get("/history/match/1/replay?step=4").get_data(as_text=True)
    assert 'data-card="9S"' in step4
    assert ">5</span> / 6" in client.get("/history/match/1/replay?step=5").get_data(as_text=True)
    assert ">6</span> / 6" in client.get("/history/match/1/replay?step=600").get_data(as_text=True)
    assert client.get("/history/match/1/replay?step=-1").status_code == 400
    picture = client.get("/history/match/1/replay.jpg?step=5")
    assert picture.mimetype == "image/jpeg" and picture.data[:2] == b"\xff\xd8"
    assert client.get("/history/match/1/replay.jpg?step=x").status_code == 400
    assert client.get("/history/match/9").status_code == 404
    assert client.get("/history/match/9/replay").status_code == 404
    assert client.get("/history/foul/1.jpg").status_code == 404
