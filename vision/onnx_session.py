"""The one way the vision layer opens an ONNX model: ONNX Runtime on the CPU."""

from __future__ import annotations

import os
from pathlib import Path


def cpu_session(path: Path | str, threads: int | None = None):
    """An ONNX Runtime CPU session on `threads` threads (default: one a core) whose idle
    threads sleep instead of spinning. The detector and the index reader run by turns on the
    same cores; a pool left spinning after its run takes them from the other. Measured on a
    1280x720 frame on 2 cores (18 indices, half read again): 189 ms a frame spinning, 117 ms
    not; the detector's network alone costs 35 -> 41 ms for it.

    A file that is not a model ONNX Runtime can load raises ValueError saying which file."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads or os.cpu_count() or 1
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    try:
        return onnxruntime.InferenceSession(str(path), options,
                                            providers=["CPUExecutionProvider"])
    except Exception as error:   # ONNX Runtime's own exception classes (InvalidProtobuf, ...)
        if isinstance(error, FileNotFoundError):
            raise
        raise ValueError(f"{path} is not an ONNX model ONNX Runtime can load ({error}); "
                         "train it again or pass another file") from error
