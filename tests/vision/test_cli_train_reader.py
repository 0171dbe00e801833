from pathlib import Path

import numpy as np
import onnxruntime

from vision import cli_synth, cli_train_reader
from vision.index_reader import IndexReader


def test_a_reader_trained_at_another_crop_size_is_exported_and_read_at_that_size(
        tmp_path: Path) -> None:
    data = tmp_path / "set"
    assert cli_synth.main(["--out", str(data), "--images", "3", "--seed", "4", "--workers", "1",
                           "--designs", "aisleriot/anglo", "--val", "0.34"]) == 0
    out = tmp_path / "reader.onnx"
    assert cli_train_reader.main(["--data", str(data), "--epochs", "1", "--face-crops", "0",
                                  "--crop-size", "32", "--widths", "4,4,4,4,4,4",
                                  "--out", str(out)]) == 0
    session = onnxruntime.InferenceSession(str(out), providers=["CPUExecutionProvider"])
    assert session.get_inputs()[0].shape[1:] == [3, 32, 32]
    assert IndexReader.load(out, threads=1).crop_size == 32
    assert out.with_suffix(".pt").exists()   # weights to go on training from
    int8 = tmp_path / "reader-int8.onnx"     # and the copy the detector reads with
    assert IndexReader.load(int8, threads=1).crop_size == 32


def test_train_reader_refuses_a_crop_size_out_of_range(tmp_path: Path, capsys) -> None:
    assert cli_train_reader.main(["--data", str(tmp_path), "--crop-size", "300"]) == 2
    assert "outside 24-128 px" in capsys.readouterr().err


def test_train_reader_refuses_fewer_than_one_thread(tmp_path: Path, capsys) -> None:
    assert cli_train_reader.main(["--data", str(tmp_path), "--threads", "0"]) == 2
    assert "--threads 0 must be 1 or more" in capsys.readouterr().err


def test_the_card_reader_trains_on_the_sets_whole_cards_at_64_px(tmp_path: Path) -> None:
    data = tmp_path / "set"
    assert cli_synth.main(["--out", str(data), "--images", "6", "--seed", "5", "--workers", "1",
                           "--designs", "aisleriot/anglo", "--val", "0.34"]) == 0
    out = tmp_path / "card-reader.onnx"
    assert cli_train_reader.main(["--whole-cards", "--data", str(data), "--epochs", "1",
                                  "--face-crops", "0", "--widths", "4,4,4,4,4,4",
                                  "--out", str(out)]) == 0
    assert IndexReader.load(out, threads=1).crop_size == 64


def card_box(x: float, y: float) -> np.ndarray:
    return np.array([x, y, x + 60, y + 90], np.float64)


def index_box(x: float, y: float) -> np.ndarray:
    return np.array([x, y, x + 10, y + 16], np.float64)


def test_a_set_card_is_named_by_the_indices_labelled_before_it_only_when_seen_whole() -> None:
    from vision.cardclasses import CLASS_OF, WHOLE_CARD_CLASS

    image = np.full((300, 400, 3), 90, np.uint8)
    labels = [(CLASS_OF["9S"], index_box(12, 12)), (CLASS_OF["9S"], index_box(58, 84)),
              (WHOLE_CARD_CLASS, card_box(10, 10)),          # the 9S, whole
              (CLASS_OF["QH"], index_box(112, 12)),
              (WHOLE_CARD_CLASS, card_box(110, 10)),         # the QH, covered
              (CLASS_OF["7D"], index_box(212, 12)),          # a 7D without a box of its own,
              (WHOLE_CARD_CLASS, card_box(300, 150)),        # so this card's name is unknown
              (WHOLE_CARD_CLASS, card_box(300, 10))]         # no index: unknown
    covered = [False, False, False, False, True, False, False, False]
    crops, classes = cli_train_reader.card_crops_of_image(
        image, labels, np.random.default_rng(0), 2, 64, covered)
    assert classes == [CLASS_OF["9S"]] * 2
    assert len(crops) == 2 and crops[0].shape == (64, 64, 3)
