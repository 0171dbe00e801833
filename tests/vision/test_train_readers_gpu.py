import io
import json
import tarfile
import time
from pathlib import Path

import numpy as np
import onnxruntime
import pytest
import torch

from vision import cli_train_readers_gpu as gpu
from vision import device_assets
from vision.cli_train_reader import hue_turns
from vision.reader_network import build_network

TINY = (4, 4, 4, 4, 4, 8)


def test_chunk_jobs_interleave_the_kinds_in_their_shares_numbering_each_kind_from_zero() -> None:
    jobs = gpu.chunk_jobs({"scene": 0.5, "index": 0.25, "card": 0.25}, 40)
    kinds = [kind for kind, _ in jobs]
    assert (kinds.count("scene"), kinds.count("index"), kinds.count("card")) == (20, 10, 10)
    for kind in ("scene", "index", "card"):
        assert [number for k, number in jobs if k == kind] == list(range(kinds.count(kind)))
    assert set(kinds[:4]) == {"scene", "index", "card"}   # interleaved, not one kind first


def test_the_devices_hue_turns_are_the_cpu_trainings() -> None:
    angles = np.array([0.5, 1.0, 2.5, 5.7])
    assert np.allclose(gpu.hue_turns_on(torch.tensor(angles, dtype=torch.float32)).numpy(),
                       hue_turns(angles), atol=1e-6)


def test_augmenting_keeps_the_crops_in_range_and_repeats_with_the_same_generator() -> None:
    crops = torch.rand(64, 3, 8, 8)
    first = gpu.gpu_augment(crops, torch.Generator().manual_seed(4))
    again = gpu.gpu_augment(crops, torch.Generator().manual_seed(4))
    assert first.shape == crops.shape and torch.equal(first, again)
    assert float(first.min()) >= 0 and float(first.max()) <= 1
    assert not torch.allclose(first, crops, atol=0.05)


def test_input_is_rgb_channels_first_in_unit_range() -> None:
    crops = torch.zeros(1, 2, 2, 3, dtype=torch.uint8)
    crops[..., 0] = 255                                   # blue in BGR
    batch = gpu.to_input(crops)
    assert batch.shape == (1, 3, 2, 2)
    assert torch.equal(batch[0, 2], torch.ones(2, 2)) and float(batch[0, :2].max()) == 0


def test_the_learning_rate_warms_up_then_falls_to_a_hundredth_of_its_peak() -> None:
    assert gpu.learning_rate(1.0, 0.0) == pytest.approx(0.1)
    assert gpu.learning_rate(1.0, 0.05) == pytest.approx(1.0)
    assert gpu.learning_rate(1.0, 0.5) < gpu.learning_rate(1.0, 0.2)
    assert gpu.learning_rate(1.0, 1.0) == pytest.approx(0.01)


def test_a_chunk_pool_loads_each_finished_chunk_once_and_skips_partial_and_damaged_ones(
        tmp_path: Path) -> None:
    crops = [np.full((48, 48, 3), 9, np.uint8)] * 3
    gpu.save_chunk(tmp_path / "index-51-00000.npz", crops, [1, 2, 3], 48)
    (tmp_path / "index-51-00001.npz.partial.npz").write_bytes(b"half")
    (tmp_path / "index-51-00002.npz").write_bytes(b"not a chunk")
    gpu.save_chunk(tmp_path / "card-53-00000.npz", crops, [4, 4, 4], 48)
    pool = gpu.ChunkPool(tmp_path, "index", torch.device("cpu"))
    assert pool.refresh() == 3
    assert pool.classes.tolist() == [1, 2, 3]
    gpu.save_chunk(tmp_path / "index-scene-55-00000.npz", crops[:2], [7, 8], 48)
    assert pool.refresh() == 5 and pool.classes.tolist()[-2:] == [7, 8]
    assert pool.refresh() == 5                           # nothing loaded twice


def test_shares_are_parsed_and_bad_ones_refused() -> None:
    assert gpu._shares("scene=0.5,index=0.5") == {"scene": 0.5, "index": 0.5}
    for bad in ("scene", "colour=1", "index=0", "index=x"):
        with pytest.raises(Exception, match="KIND=SHARE"):
            gpu._shares(bad)


def test_a_plan_file_names_the_candidates(tmp_path: Path) -> None:
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps([{"name": "wide", "kind": "card", "widths": [8, 8, 8, 8, 8, 8],
                                 "init": "models/card-reader.pt", "peak_lr": 2e-3}]))
    (candidate,) = gpu.candidates_of(plan)
    assert (candidate.name, candidate.kind, candidate.widths, candidate.peak_lr) == (
        "wide", "card", (8, 8, 8, 8, 8, 8), 2e-3)
    assert gpu.candidates_of(None) == gpu.CANDIDATES


def _chunks(folder: Path, seed: int, count: int) -> None:
    rng = np.random.default_rng(seed)
    for number in range(count):
        crops = list(rng.integers(0, 256, (16, 48, 48, 3), dtype=np.uint8))
        gpu.save_chunk(folder / f"index-{seed}-{number:05d}.npz", crops,
                       list(rng.integers(0, 53, 16)), 48)


def test_a_trainer_trains_until_its_deadline_and_keeps_its_weights_and_figures(
        tmp_path: Path) -> None:
    crops, out = tmp_path / "crops", tmp_path / "out"
    (crops / "val").mkdir(parents=True)
    out.mkdir()
    _chunks(crops, 1, 2)
    _chunks(crops / "val", 2, 1)
    init = tmp_path / "tiny.pt"
    torch.save(build_network(TINY).state_dict(), init)
    candidate = gpu.Candidate("index-tiny", "index", None, init, 1e-3, batch=8)
    start = time.time()
    gpu.train_candidate(candidate, crops, start, start + 6, out, "cpu", validation_files=1)
    (figures,) = [json.loads(line) for line in (out / "figures.jsonl").read_text().splitlines()]
    assert figures["name"] == "index-tiny" and figures["widths"] == list(TINY)
    assert figures["steps"] > 0 and figures["distinct_crops"] == 32
    assert figures["validation_crops"] == 16
    assert figures["validation_best"] >= figures["validation_at_start"]
    state = torch.load(out / "index-tiny.pt")
    assert build_network(TINY).load_state_dict(state)   # weights of the same network


def test_export_writes_each_weights_file_as_onnx_at_its_readers_crop_size(
        tmp_path: Path) -> None:
    torch.save(build_network(TINY).state_dict(), tmp_path / "card-reader-x.pt")
    torch.save(build_network(TINY).state_dict(), tmp_path / "index-reader-x.pt")
    assert gpu.main(["--export", "--out", str(tmp_path)]) == 0
    for name, size in (("card-reader-x", 64), ("index-reader-x", 48)):
        session = onnxruntime.InferenceSession(str(tmp_path / f"{name}.onnx"),
                                               providers=["CPUExecutionProvider"])
        assert session.get_inputs()[0].shape[1:] == [3, size, size]
        (logits,) = session.run(None, {"crops": np.zeros((2, 3, size, size), np.float32)})
        assert logits.shape == (2, 53)


@pytest.mark.skipif(torch.cuda.is_available(), reason="this machine has a CUDA device")
def test_training_on_cuda_without_a_cuda_device_is_refused_with_a_message(
        tmp_path: Path, capsys) -> None:
    assert gpu.main(["--out", str(tmp_path)]) == 2
    assert "no CUDA device here" in capsys.readouterr().err


def test_a_missing_or_broken_pack_is_refused_leaving_the_machine_as_it_was(
        tmp_path: Path, capsys, monkeypatch) -> None:
    root = tmp_path / "root"
    (root / "usr/share/fonts").mkdir(parents=True)
    real_unpack = device_assets.unpack
    monkeypatch.setattr(device_assets, "unpack",
                        lambda source: real_unpack(source, system_root=root, repo=tmp_path))
    broken = tmp_path / "broken.tar.xz"
    broken.write_bytes(b"not a tar file")
    for pack in (tmp_path / "missing.tar.xz", broken):
        assert gpu.main(["--assets", str(pack), "--out", str(tmp_path / "out")]) == 2
        assert "a pack is made with --pack" in capsys.readouterr().err
    assert (root / "usr/share/fonts").is_dir() and not (root / "usr/share/fonts.aside").exists()


def test_unpacking_puts_system_files_in_place_and_the_machines_own_fonts_aside(
        tmp_path: Path) -> None:
    pack = tmp_path / "assets.tar.xz"
    with tarfile.open(pack, "w:xz") as archive:
        for name, data in (("usr/share/fonts/new.ttf", b"font"),
                           ("usr/local/bin/resvg", b"binary"),
                           ("repo/datasets/cache/deck/a.svg", b"<svg/>")):
            entry = tarfile.TarInfo(name)
            entry.size = len(data)
            archive.addfile(entry, io.BytesIO(data))
    root, repo = tmp_path / "root", tmp_path / "repo"
    (root / "usr/share/fonts").mkdir(parents=True)
    (root / "usr/share/fonts/old.ttf").write_bytes(b"theirs")
    device_assets.unpack(pack, system_root=root, repo=repo)
    assert (root / "usr/share/fonts/new.ttf").read_bytes() == b"font"
    assert not (root / "usr/share/fonts/old.ttf").exists()
    assert (root / "usr/share/fonts.aside/old.ttf").read_bytes() == b"theirs"
    assert (root / "usr/local/bin/resvg").read_bytes() == b"binary"
    assert (repo / "datasets/cache/deck/a.svg").read_bytes() == b"<svg/>"
