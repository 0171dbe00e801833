from __future__ import annotations

import json
import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import cli_render_game
from vision.game_script import GameScript, Pace, laid_cards
from vision.game_table import GameTable

SETUP = {"type": "setup", "variant": "classic", "deck": 36, "seats": ["Anna", "Boris", "Vera"],
         "dealer": "Anna"}
TINY = [SETUP,
        {"type": "deal"},
        {"type": "trump", "card": "JH"}]


def write_log(path: Path, events: list[dict]) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def render(tmp_path: Path, events: list[dict], *extra: str) -> tuple[int, Path]:
    log = write_log(tmp_path / "game.jsonl", events)
    video = tmp_path / "game.mp4"
    code = cli_render_game.main([str(log), "--out", str(video), "--size", "192", "108",
                                 "--fps", "8", "--quiet", *extra])
    return code, video


def read_truth(video: Path) -> tuple[dict, list[dict]]:
    lines = [json.loads(line) for line in video.with_suffix(".truth.jsonl").read_text()
             .splitlines()]
    return lines[0], lines[1:]


def test_a_tiny_log_becomes_a_readable_video_with_its_truth(tmp_path: Path) -> None:
    code, video = render(tmp_path, TINY)
    assert code == 0
    header, truth = read_truth(video)
    capture = cv2.VideoCapture(str(video))
    frames = 0
    while capture.read()[0]:
        frames += 1
    assert frames == header["frames"] > 0
    assert [entry["line"] for entry in truth] == [1, 2, 3]
    assert [entry["event"] for entry in truth] == TINY
    marks = [entry["frame"] for entry in truth]
    assert marks == sorted(marks) and len(set(marks)) == 3 and marks[-1] < frames
    assert truth[2]["visible"] and truth[2]["legal"]
    assert set(header["calibration"]["seats"]) == {"Anna", "Boris", "Vera"}
    cards = [json.loads(line) for line in video.with_suffix(".cards.jsonl").read_text()
             .splitlines()]
    assert len(cards) == frames
    assert any(card["card"] == "JH" for card in cards[-1]["cards"])  # the trump lies still


def test_a_foul_is_laid_and_taken_back(tmp_path: Path) -> None:
    events = [SETUP,
              {"type": "deal", "hands": {"Anna": ["7H", "8H", "10S", "6C", "8C", "10D"],
                                         "Boris": ["AS", "9D", "9H", "6H", "KH", "AH"],
                                         "Vera": ["KS", "6D", "8D", "QS", "KC", "9S"]}},
              {"type": "trump", "card": "JH"},
              {"type": "attack", "player": "Boris", "cards": ["6H"]},
              {"type": "defend", "player": "Vera", "card": "6D", "on": "6H", "foul": "G4"}]
    code, video = render(tmp_path, events, "--no-cards")
    assert code == 0
    _, truth = read_truth(video)
    foul = truth[-1]
    assert foul["legal"] is False and foul["rule"] == "G4" and foul["visible"]
    assert truth[3]["legal"] and truth[3]["frame"] < foul["frame"]
    assert not video.with_suffix(".cards.jsonl").exists()


@pytest.mark.parametrize("content, message", [
    (None, "cannot read"),
    ("{not json\n", "not valid JSON"),
    ('{"type": "setup", "variant": "classic", "deck": 36, "seats": ["Anna"], '
     '"dealer": "Anna"}\n', "line 1"),
    ('{"type": "attack", "player": "Anna", "cards": ["6H"]}\n', "line 1"),
    ("\n", "no events"),
])
def test_bad_input_is_refused_with_a_message_and_exit_2(tmp_path: Path, capsys, content,
                                                        message) -> None:
    log = tmp_path / "log.jsonl"
    if content is not None:
        log.write_text(content)
    code = cli_render_game.main([str(log), "--out", str(tmp_path / "x.mp4"), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "x.mp4").exists()


def test_bad_options_exit_2(tmp_path: Path) -> None:
    log = write_log(tmp_path / "game.jsonl", TINY)
    assert cli_render_game.main([str(log), "--out", str(tmp_path / "x.mp4"), "--fps", "0"]) == 2
    assert cli_render_game.main([str(log)]) == 2


@pytest.mark.parametrize("variant", ["classic", "transfer", "dummy", "round", "cross"])
def test_every_variant_is_acted_out_in_log_order(variant: str) -> None:
    from referee.simulate import simulate_match

    log = simulate_match(variant, 3, 36, 1, seed=2, fouls=0.1)
    rng = np.random.default_rng(0)
    table = GameTable.build(rng, 640, 360, log[0]["seats"])
    script = GameScript(log, table, rng, Pace(fps=10)).run()
    assert [entry["line"] for entry in script.truth] == list(range(1, len(log) + 1))
    marks = [entry["frame"] for entry in script.truth]
    assert all(a < b for a, b in zip(marks, marks[1:], strict=False))
    assert marks[-1] < sum(shot.frames for shot in script.shots)
    fouls = [entry for entry in script.truth if "foul" in entry["event"]]
    assert fouls and all(not entry["legal"] or entry.get("taken_back") for entry in fouls)
    for shot in script.shots:  # a deck holds each card once
        faces = [item.code for item in shot.resting if item.face_up]
        faces += [move.start.code for move in shot.moves if move.start.face_up]
        assert len(faces) == len(set(faces))


def test_the_game_s_last_card_thrown_in_on_a_taken_bout_lands_before_the_bout_goes() -> None:
    """classic-3p-seed101: Vera took the 6H and Boris threw in the 6D, his last card, which
    ended the game. The 6H was swept to Vera before the 6D came, which then lay alone: the
    camera read it as Boris's lead. The card lands first, then the bout goes, with it."""
    from referee.simulate import simulate_match

    log = simulate_match("transfer", 3, 36, 1, seed=5)   # ends: 6D led, Vera takes, 6C in
    assert [e["type"] for e in log[-3:]] == ["attack", "take", "throw_in"]
    rng = np.random.default_rng(0)
    table = GameTable.build(rng, 640, 360, log[0]["seats"])
    script = GameScript(log, table, rng, Pace(fps=10)).run()
    take, throw_in = script.truth[-2:]
    assert throw_in["visible"] and take["swept_frame"] > throw_in["frame"]
    coming = next(shot for shot in script.shots
                  if any(move.start.code == "6C" for move in shot.moves))
    assert "6D" in {item.code for item in coming.resting}   # still on the table


def test_a_lead_out_of_turn_after_a_take_comes_once_the_taken_bout_is_gathered() -> None:
    """classic-3p-seed97: Vera's 7H led out of turn (P7) after Anna took was laid beside the
    bout still lying there: a throw-in to anyone watching, legal as one, the foul unseen. A
    lead comes onto a clear table: the taker gathers the bout first, unless the bout goes on
    after it (dummy-2p-seed100: a throw-in came next, onto the bout gathered too soon). Here
    Anna takes; her 6H led out of turn lies beside the bout, as Vera throws in the KC next;
    led again, it comes once the bout is gathered, as Boris leads next."""
    from referee import Referee
    from referee.simulate import simulate_match

    log = simulate_match("classic", 3, 36, 1, seed=5, fouls=0.1)
    assert [(e["type"], e.get("foul")) for e in log[68:73]] == [
        ("take", None), ("attack", "P7"), ("throw_in", None), ("attack", "P7"),
        ("attack", None)]
    referee = Referee()
    for event in log[:71]:
        referee.apply(event)
    bout = {card for pair in referee.snapshot()["table"]
            for card in (pair["attack"], pair["defence"]) if card}
    rng = np.random.default_rng(0)
    table = GameTable.build(rng, 640, 360, log[0]["seats"])
    script = GameScript(log, table, rng, Pace(fps=10)).run()
    beside, gathered = (resting_as_it_comes(script, "6H", script.truth[line - 1]["frame"])
                        for line in (69, 71))
    assert bout - {"KC"} <= beside and not bout & gathered
    take = script.truth[68]
    assert take["swept_frame"] < script.truth[71]["frame"]


def resting_as_it_comes(script: GameScript, card: str, after: int) -> set[str]:
    """The cards lying still while `card` is brought in, the first time after frame `after`."""
    frame = 0
    for shot in script.shots:
        if frame >= after and any(move.start.code == card for move in shot.moves):
            return {item.code for item in shot.resting}
        frame += shot.frames
    raise AssertionError(f"{card} is never brought in after frame {after}")


def test_the_pipeline_reads_a_rendered_game_as_its_truth(tmp_path: Path) -> None:
    """The per-frame cards, fed to the pipeline as perfect detections: the seats, the places
    and the overlaps of the video are the ones the pipeline expects."""
    from referee.simulate import simulate_match
    from vision.detections import Detections
    from vision.pipeline import TablePipeline

    log = simulate_match("classic", 3, 36, 1, seed=5)[:16]
    code, video = render(tmp_path, log, "--size", "480", "270", "--fps", "10")
    assert code == 0
    header, truth = read_truth(video)
    pipeline = TablePipeline.with_referee(log[0], frame_size=tuple(header["size"]))
    for line in video.with_suffix(".cards.jsonl").read_text().splitlines():
        frame = json.loads(line)
        pipeline.update(frame["frame"], frame["time"], Detections.from_cards(
            (card["card"], card["box"], 0.9) for card in frame["cards"] if card["indices"]))
    read = [(v.event.event["type"], laid_cards(v.event.event)) for v in pipeline.verdicts]
    laid = [(e["event"]["type"], laid_cards(e["event"])) for e in truth
            if e["visible"] and laid_cards(e["event"])]
    assert laid and sum(item in read for item in laid) >= 0.9 * len(laid)


def test_zoom_makes_the_cards_and_the_bout_bigger_round_the_middle() -> None:
    seats = ["Anna", "Boris", "Vera"]
    near = GameTable.build(np.random.default_rng(4), 1280, 720, seats, zoom=1.6)
    far = GameTable.build(np.random.default_rng(4), 1280, 720, seats)
    assert near.card_height == pytest.approx(1.6 * far.card_height)
    assert near.seats == far.seats and near.stock == far.stock
    middle = far.to_table((640, 720 * 0.40))
    for index in range(6):
        spread = [abs(t.bout_slot(index).x - middle[0]) for t in (far, near)]
        assert spread[1] == pytest.approx(1.6 * spread[0], rel=0.1)


def test_a_last_draw_laid_beside_is_laid_apart_from_the_table_cards_still_lying() -> None:
    """round-3p-seed61: Boris's 8C, the last stock card, beat nothing and was laid beside the
    table cards, and the opening ended (R4: every table card is taken). Laid first, it went to
    the first place free once the table was empty, right on Anna's AH still lying there, and
    the camera read it beating the AH (G4): every later card was refused (42 false fouls, 41
    with perfect detections)."""
    from vision.game_contents import TableContents
    from vision.game_places import CardPlaces
    from vision.game_shots import Item

    rng = np.random.default_rng(4)
    table = GameTable.build(rng, 1280, 720, ["Anna", "Boris", "Vera"])
    contents = TableContents(table, rng)
    places = CardPlaces(table, rng, contents)
    before = {"variant": "round", "phase": "opening", "open_table": ["AH", "9H"]}
    for card, pose in places.layout(before, {"type": "open_draw"}).items():
        contents.cards[card] = Item(card, pose)
    draw = {"type": "open_draw", "player": "Boris", "card": "8C"}
    places.layout({"variant": "round", "phase": "play", "open_table": []}, draw)
    laid = places.intended(draw, "8C")
    assert min(math.dist((laid.x, laid.y), (item.pose.x, item.pose.y))
               for item in contents.cards.values()) >= table.card_width


def test_zoom_is_written_in_the_truth_and_checked(tmp_path: Path) -> None:
    code, video = render(tmp_path, TINY, "--zoom", "1.8")
    assert code == 0 and read_truth(video)[0]["zoom"] == 1.8
    assert render(tmp_path, TINY, "--zoom", "5")[0] == 2
