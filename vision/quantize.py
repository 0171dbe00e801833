"""The index reader's int8 copy, for the CPU (ONNX Runtime's static quantization).

Weights are int8 per output channel and activations uint8, their ranges calibrated on crops
from the training designs (Percentile calibration). The first convolution, which sees the raw
pixels, stays float, and so does the last (linear) layer: quantized too, the first layer cost
7 points of accuracy on face crops (0.854 -> 0.786); kept float, the int8 reader names 99.2% of
them as the float one does (model card). The detector is not quantized: it lost 0.5-0.7 points
of held-out F1 that way (model card, session 13).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

import numpy as np

CALIBRATION_CROPS = 1024   # crops the reader's activation ranges are measured on


def float_nodes(graph) -> list[str]:
    """The names of the nodes of an ONNX graph to leave in float: the first Conv and the last
    Gemm."""
    names = [next(node.name for node in graph.node if node.op_type == "Conv")]
    linear = [node.name for node in graph.node if node.op_type == "Gemm"]
    return names + linear[-1:]


def quantize_model(source: Path | str, target: Path | str,
                   inputs: Iterable[dict[str, np.ndarray]], keep_float: list[str]) -> None:
    """Write an int8 copy of `source` at `target`, calibrated on the feeds in `inputs`."""
    from onnxruntime.quantization import (
        CalibrationDataReader,
        CalibrationMethod,
        QuantFormat,
        QuantType,
        quantize_static,
    )
    from onnxruntime.quantization.shape_inference import quant_pre_process

    class Feeds(CalibrationDataReader):
        def __init__(self) -> None:
            self.feeds: Iterator[dict[str, np.ndarray]] = iter(inputs)

        def get_next(self) -> dict[str, np.ndarray] | None:
            return next(self.feeds, None)

    Path(target).parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        prepared = Path(folder) / "prepared.onnx"
        quant_pre_process(str(source), str(prepared), skip_symbolic_shape=True)
        partial = Path(folder) / "int8.onnx"
        quantize_static(str(prepared), str(partial), Feeds(), quant_format=QuantFormat.QDQ,
                        per_channel=True, activation_type=QuantType.QUInt8,
                        weight_type=QuantType.QInt8,
                        calibrate_method=CalibrationMethod.Percentile,
                        nodes_to_exclude=keep_float)
        partial.replace(target)


def int8_path(model_path: Path | str) -> Path:
    """Where a model's int8 copy goes: beside it, `-int8` added to its name."""
    model_path = Path(model_path)
    return model_path.with_name(f"{model_path.stem}-int8{model_path.suffix}")


def quantize_reader(source: Path | str, target: Path | str, crops: np.ndarray,
                    batch: int = 32) -> None:
    """The index reader's int8 copy, calibrated on `crops` ((N, S, S, 3) uint8 BGR)."""
    import onnx

    from vision.index_reader import crops_to_batch

    if len(crops) == 0:
        raise ValueError("no crops to calibrate the reader's int8 copy on")
    graph = onnx.load(str(source)).graph
    name = graph.input[0].name
    feeds = ({name: crops_to_batch(crops[first:first + batch])}
             for first in range(0, len(crops), batch))
    quantize_model(source, target, feeds, float_nodes(graph))
