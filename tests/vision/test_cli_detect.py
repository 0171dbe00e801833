from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import cli_detect
from vision.detector import DEFAULT_MODEL
from vision.synth_decks import DeckPool
from vision.synth_layout import render_table


@pytest.fixture(scope="module")
def table_photo(tmp_path_factory) -> Path:
    pool = DeckPool(["aisleriot/anglo"], procedural_share=0.0).load()
    image, _, _ = render_table(np.random.default_rng(4), pool, 960, 540)
    path = tmp_path_factory.mktemp("photos") / "table.jpg"
    cv2.imwrite(str(path), image)
    return path


def test_the_committed_model_exists() -> None:
    assert DEFAULT_MODEL.exists(), "models/card-detector.onnx is part of the product"


def test_detect_prints_one_json_object_per_image_and_goes_on_after_a_bad_one(
        table_photo: Path, tmp_path: Path, capsys) -> None:
    not_an_image = tmp_path / "notes.txt"
    not_an_image.write_text("not a picture")
    code = cli_detect.main([str(table_photo), str(not_an_image), str(tmp_path / "missing.jpg"),
                            str(table_photo), "--json", "--draw", str(tmp_path / "drawn")])
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert code == 1
    assert [line["image"] for line in lines] == [str(table_photo), str(not_an_image),
                                                 str(tmp_path / "missing.jpg"), str(table_photo)]
    assert "error" in lines[1] and "not an image" in lines[1]["error"]
    assert "no such file" in lines[2]["error"]
    assert "notes.txt" in captured.err and "missing.jpg" in captured.err
    for card in lines[0]["cards"]:
        assert set(card) == {"card", "confidence", "box"}
        x1, y1, x2, y2 = card["box"]
        assert 0 <= x1 < x2 <= 960 and 0 <= y1 < y2 <= 540
        assert 0 < card["confidence"] <= 1
    codes = [card["card"] for card in lines[0]["cards"]]
    assert len(codes) == len(set(codes))  # each card once
    assert lines[0] == lines[3]            # the same image reads the same
    assert (tmp_path / "drawn" / "table.jpg").exists()


def test_detect_without_json_prints_a_readable_table(table_photo: Path, capsys) -> None:
    assert cli_detect.main([str(table_photo)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"{table_photo}: ") and "card" in first


def test_detect_refuses_a_missing_model_and_bad_options(table_photo: Path, capsys) -> None:
    assert cli_detect.main([str(table_photo), "--model", "/nowhere/model.onnx"]) == 2
    assert "no detector model" in capsys.readouterr().err
    assert cli_detect.main([str(table_photo), "--conf", "1.5"]) == 2
    assert "--conf" in capsys.readouterr().err


def test_each_image_is_read_on_its_own(table_photo: Path, tmp_path: Path, capsys) -> None:
    """The network's size suits each image's own cards: an image read after another whose
    smaller cards want a bigger network reads as it does alone (the table photo in a frame
    1.3 times its size is read at 640 px alone, at 864 px after the one in a 1.6 times frame
    when the size was kept from image to image)."""
    image = cv2.imread(str(table_photo))

    def farther(scale: float, name: str) -> str:
        frame = np.full((int(image.shape[0] * scale), int(image.shape[1] * scale), 3), 90,
                        np.uint8)
        frame[:image.shape[0], :image.shape[1]] = image
        cv2.imwrite(str(tmp_path / name), frame)
        return str(tmp_path / name)

    far, nearer = farther(1.6, "far.jpg"), farther(1.3, "nearer.jpg")
    assert cli_detect.main([nearer, "--json"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert cli_detect.main([far, nearer, "--json"]) == 0
    after_far = json.loads(capsys.readouterr().out.splitlines()[1])
    assert after_far == alone and alone["cards"]


def test_a_still_with_no_card_found_at_the_smallest_size_is_looked_at_at_the_largest() -> None:
    """Small cards on a busy cloth, found only at 1024 px and more: a still is looked at
    again at the largest size at once (dummy-3p-seed70's frames: none found at 640)."""
    from test_detector import CornerReader, SmallCardsSession

    from vision.detector import CardDetector

    card = [500.0, 300.0, 580.0, 400.0]
    session = SmallCardsSession(card)
    detector = CardDetector(session, imgsz=None, reader=CornerReader(card, "QS"))
    frame = np.zeros((720, 1280, 3), np.uint8)
    assert cli_detect.detect_still(detector, frame).cards == ("QS",)
    assert session.widths == [640, 1280]
    assert cli_detect.detect_still(detector, frame).cards == ("QS",)   # the next image afresh
    assert session.widths[2:] == [640, 1280]
