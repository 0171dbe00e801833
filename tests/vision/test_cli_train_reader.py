from pathlib import Path

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
