"""The vision layer's ONNX sessions: CPU only, the threads asked for, idle threads asleep."""

import pytest

from vision.detector import DEFAULT_MODEL
from vision.index_reader import DEFAULT_READER
from vision.onnx_session import cpu_session


def test_a_session_runs_on_the_threads_asked_for_and_does_not_spin():
    session = cpu_session(DEFAULT_READER, threads=1)
    options = session.get_session_options()
    assert options.intra_op_num_threads == 1
    assert options.get_session_config_entry("session.intra_op.allow_spinning") == "0"
    assert session.get_providers() == ["CPUExecutionProvider"]


def test_without_a_thread_count_a_session_takes_one_thread_a_core(monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 3)
    assert cpu_session(DEFAULT_MODEL).get_session_options().intra_op_num_threads == 3


def test_a_damaged_model_file_is_named_in_a_clear_error(tmp_path) -> None:
    damaged = tmp_path / "card-reader.onnx"
    damaged.write_bytes(b"not a model")
    with pytest.raises(ValueError, match="card-reader.onnx is not an ONNX model"):
        cpu_session(damaged)
