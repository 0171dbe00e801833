"""Real-browser tests in headless Chromium against a real `durak-table serve`: set up a match,
play a bout by clicking cards, see a foul appear live in a second browser, finish a game and
see the score change; the demo's video and verdict feed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium import available, start_chromium
from serve_process import ServeProcess

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not available(), reason="needs selenium and Debian chromium")]
pytest.importorskip("referee")

WAIT = 10


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServeProcess]:
    process = ServeProcess(tmp_path / "durak.sqlite", "--no-demo")
    yield process
    process.stop()


@pytest.fixture
def browsers() -> Iterator[list[Any]]:
    opened: list[Any] = []
    yield opened
    for driver in opened:
        driver.quit()


def open_browser(browsers: list[Any], **size: int) -> Any:
    driver = start_chromium(**size)
    browsers.append(driver)
    return driver


def wait_for(driver: Any, condition: Any) -> Any:
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    # the live page swaps its state panel in whenever the feed says it changed
    ignored = (StaleElementReferenceException, NoSuchElementException)
    return WebDriverWait(driver, WAIT, ignored_exceptions=ignored).until(condition)


def by_css(driver: Any, selector: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def click_cards(driver: Any, *codes: str) -> None:
    for code in codes:
        by_css(driver, f'label:has(#pick-{code}) span').click()


def act(driver: Any, action: str, player: str | None = None, *cards: str,
        on: str | None = None) -> None:
    from selenium.webdriver.support.ui import Select

    if player is not None:
        Select(by_css(driver, "#player")).select_by_value(player)
    click_cards(driver, *cards)
    if on is not None:
        by_css(driver, f'label:has(#on-{on}) span').click()
    submit_and_wait(driver, f"#act-{action}")


def submit_and_wait(driver: Any, button: str) -> None:
    """Clicks a form's button and waits for the page the server answers with."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    driver.execute_script("window.beforeSubmit = true")
    by_css(driver, button).click()
    WebDriverWait(driver, WAIT, ignored_exceptions=(WebDriverException,)).until(
        lambda d: d.execute_script(
            "return !window.beforeSubmit && document.readyState === 'complete'"))


def type_event(driver: Any, event: dict[str, Any]) -> None:
    field = by_css(driver, "#raw-form input[name=event]")
    field.send_keys(json.dumps(event))
    submit_and_wait(driver, "#raw-send")


def test_setup_play_a_bout_see_the_foul_live_finish_and_score(
        server: ServeProcess, browsers: list[Any]) -> None:
    from selenium.webdriver.support.ui import Select

    table = open_browser(browsers, width=412, height=915)      # a phone at the table
    table.get(server.url + "/setup")
    by_css(table, "input[name=seat1]").send_keys("Vera")
    by_css(table, "input[name=seat2]").send_keys("Oleg")
    by_css(table, "input[name=variant][value=round]").click()
    Select(by_css(table, "select[name=dealer]")).select_by_value("1")
    submit_and_wait(table, "#start-match")
    assert table.current_url.endswith("/control")

    viewer = open_browser(browsers)                             # the screen everyone watches
    viewer.get(server.url + "/live")
    wait_for(viewer, lambda d: d.find_element("tag name", "body").get_attribute("data-feed")
             == "open")

    type_event(table, {"type": "deal", "hands": {"Vera": ["7S", "KH"], "Oleg": ["6S", "8S"]}})
    act(table, "trump", None, "10D")
    act(table, "attack", "Vera", "7S")
    wait_for(viewer, lambda d: "7♠" in by_css(d, "#table-cards").text)
    act(table, "defend", "Oleg", "6S", on="7S")                # 6S cannot beat 7S: G4

    alarm = wait_for(viewer, lambda d: by_css(d, "#alarm").is_displayed() and by_css(d, "#alarm"))
    assert "G4" in alarm.text
    assert by_css(viewer, "#feed li.foul").get_attribute("data-rule") == "G4"
    assert "G4" in by_css(table, ".flash.foul").text

    act(table, "defend", "Oleg", "8S", on="7S")
    submit_and_wait(table, "#act-discard")
    wait_for(viewer, lambda d: "8♠" not in by_css(d, "#table-cards").text)
    act(table, "attack", "Oleg", "6S")
    act(table, "take", "Vera")                                  # Oleg is out: Vera is the fool

    table.get(server.url + "/scores")
    assert by_css(table, '#match-scores tr[data-player="Vera"] .fools').text == "1"
    assert by_css(table, '#match-scores tr[data-player="Oleg"] .wins').text == "1"
    bar = by_css(table, '#match-chart rect.fools[data-player="Vera"]')
    assert float(bar.get_attribute("width")) > 0
    table.get(server.url + "/history/match/1")
    wait_for(table, lambda d: int(by_css(d, "img.thumb").get_attribute("naturalWidth")) > 0)


def test_the_replay_demo_plays_video_and_verdicts_in_russian(tmp_path: Path,
                                                             browsers: list[Any]) -> None:
    demo = ServeProcess(tmp_path / "durak.sqlite", "--replay-demo", "--pace", "0.3")
    try:
        viewer = open_browser(browsers)
        viewer.get(demo.url + "/lang/ru?next=/live")
        assert "Решения судьи" in viewer.page_source
        wait_for(viewer, lambda d: int(by_css(d, "#video").get_attribute("naturalWidth")) > 0)
        wait_for(viewer, lambda d: len(d.find_elements("css selector", "#feed li")) >= 3)
        assert by_css(viewer, "#nav-live").text == "Игра"
    finally:
        demo.stop()


def test_the_camera_pipeline_shows_its_state_video_and_verdicts(tmp_path: Path,
                                                                browsers: list[Any]) -> None:
    # the demo video through the real pipeline; a stand-in detector reports its game's cards
    camera = ServeProcess(tmp_path / "durak.sqlite", "--video", "examples/demo.mp4",
                          "--detect-ms", "10", module="web.bench_pipeline")
    try:
        viewer = open_browser(browsers)
        viewer.get(camera.url + "/live")
        wait_for(viewer, lambda d: by_css(d, "#source-status").text == "Camera: live")
        wait_for(viewer, lambda d: int(by_css(d, "#video").get_attribute("naturalWidth")) > 0)
        wait_for(viewer, lambda d: feed_shows(d, "K♦"))                   # the camera's trump
    finally:
        camera.stop()


def feed_shows(driver: Any, text: str) -> bool:
    """The verdict feed shows `text`; if not, the page is loaded again: a verdict given while
    a loaded page was still connecting its feed (a busy machine) reaches it only that way."""
    if text in by_css(driver, "#feed").text:
        return True
    driver.refresh()
    return False


def test_the_players_click_their_seats_on_the_camera_picture(tmp_path: Path,
                                                              browsers: list[Any]) -> None:
    import sqlite3

    from selenium.webdriver.common.action_chains import ActionChains

    database = tmp_path / "durak.sqlite"
    camera = ServeProcess(database, "--video", "examples/demo.mp4", "--detect-ms", "10",
                          module="web.bench_pipeline")
    try:
        viewer = open_browser(browsers)
        viewer.get(camera.url + "/setup/seats")
        picture = by_css(viewer, "#seat-picture")
        wait_for(viewer, lambda d: int(picture.get_attribute("naturalWidth")) > 0)
        assert "Anna" in by_css(viewer, "#seat-prompt").text
        # Anna at the bottom, Boris left, Vera right: offsets from the picture's centre
        for dx, dy in [(0, 150), (-250, -100), (250, -100)]:
            ActionChains(viewer).move_to_element_with_offset(picture, dx, dy).click().perform()
        assert len(viewer.find_elements("css selector", ".seat-marker")) == 3
        by_css(viewer, "#save-seats").click()
        wait_for(viewer, lambda d: "The seats are saved" in d.page_source)
    finally:
        camera.stop()
    value = sqlite3.connect(database).execute(
        "SELECT value FROM match_settings WHERE key = 'seat_calibration'").fetchone()[0]
    stored = json.loads(value)
    header = json.loads(Path("examples/demo.truth.jsonl").read_text().splitlines()[0])
    assert stored["frame"] == header["size"]
    anna, boris, vera = (stored["seats"][name] for name in ("Anna", "Boris", "Vera"))
    assert anna[1] > boris[1] and anna[1] > vera[1] and boris[0] < anna[0] < vera[0]
