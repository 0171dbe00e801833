"""The index reader's int8 copy: what stays float, how close it reads, the command's refusals."""

from pathlib import Path

import numpy as np
import onnx
import pytest

from vision import cli_quantize_reader
from vision.index_reader import DEFAULT_READER, TRAINED_READER, crops_to_batch
from vision.onnx_session import cpu_session
from vision.quantize import int8_path, quantize_reader
from vision.reader_face_crops import face_crops


def weight_sources(model_path: Path) -> dict[str, str]:
    """Per Conv and Gemm: the op type of the node that makes its weights ('' for a constant)."""
    graph = onnx.load(str(model_path)).graph
    made_by = {output: node.op_type for node in graph.node for output in node.output}
    return {node.name: made_by.get(node.input[1], "") for node in graph.node
            if node.op_type in ("Conv", "Gemm")}


def test_int8_path_is_beside_the_model() -> None:
    assert int8_path(Path("models/index-reader.onnx")) == Path("models/index-reader-int8.onnx")


def test_the_int8_reader_keeps_its_first_convolution_and_its_classifier_float(
        tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from vision.cli_train_reader import export_reader
    from vision.reader_network import build_network

    torch.manual_seed(0)
    float_model = tmp_path / "reader.onnx"
    export_reader(build_network((4, 4, 8, 8, 8, 8)), float_model)
    crops = np.random.default_rng(0).integers(0, 256, (64, 48, 48, 3), dtype=np.uint8)
    quantize_reader(float_model, int8_path(float_model), crops)
    sources = list(weight_sources(int8_path(float_model)).values())
    assert len(sources) == 7                               # six convolutions and the classifier
    assert sources[0] != "DequantizeLinear" and sources[-1] != "DequantizeLinear"
    assert all(source == "DequantizeLinear" for source in sources[1:-1])
    batch = crops_to_batch(crops)
    exact = cpu_session(float_model, 1).run(None, {"crops": batch})[0]
    rounded = cpu_session(int8_path(float_model), 1).run(None, {"crops": batch})[0]
    assert np.abs(rounded - exact).max() < 0.1 * np.abs(exact).max()


def test_a_reader_with_no_crops_to_calibrate_on_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no crops"):
        quantize_reader(TRAINED_READER, tmp_path / "int8.onnx", np.zeros((0, 48, 48, 3)))


def test_the_committed_int8_reader_reads_face_crops_as_the_float_one_does() -> None:
    crops, _ = face_crops(200, seed=99, workers=1)   # a seed no calibration used
    batch = crops_to_batch(crops)
    exact = cpu_session(TRAINED_READER, 1).run(None, {"crops": batch})[0].argmax(axis=1)
    rounded = cpu_session(DEFAULT_READER, 1).run(None, {"crops": batch})[0].argmax(axis=1)
    assert np.mean(exact == rounded) >= 0.97


def test_quantize_reader_says_what_is_wrong_with_its_model(tmp_path: Path, capsys) -> None:
    assert cli_quantize_reader.main(["--model", str(tmp_path / "none.onnx")]) == 2
    assert "no reader at" in capsys.readouterr().err
    junk = tmp_path / "junk.onnx"
    junk.write_text("not a model")
    assert cli_quantize_reader.main(["--model", str(junk)]) == 2
    assert "not an ONNX model" in capsys.readouterr().err
    assert cli_quantize_reader.main(["--model", str(TRAINED_READER), "--crops", "0"]) == 2
    assert "--crops 0 must be 1 or more" in capsys.readouterr().err
