from __future__ import annotations

from pathlib import Path

from vision.cardclasses import CLASS_OF, WHOLE_CARD_CLASS
from vision.locate_dataset import locate_view


def make_set(root: Path) -> Path:
    for split, number in (("train", "000001"), ("val", "000000")):
        (root / "images" / split).mkdir(parents=True)
        (root / "labels" / split).mkdir(parents=True)
        (root / "images" / split / f"{number}.jpg").write_bytes(b"jpeg " + number.encode())
        (root / "labels" / split / f"{number}.txt").write_text(
            f"{CLASS_OF['QS']} 0.1 0.1 0.05 0.05\n{CLASS_OF['10H']} 0.3 0.3 0.05 0.05\n"
            f"{WHOLE_CARD_CLASS} 0.2 0.2 0.3 0.4\n")
    data = root / "data.yaml"
    data.write_text(f"path: {root}\ntrain: images/train\nval: images/val\nnames:\n  0: '2S'\n")
    return data


def test_the_view_has_two_classes_and_links_the_same_images(tmp_path: Path) -> None:
    data = make_set(tmp_path / "v1")
    view = locate_view(data)
    assert view == tmp_path / "v1-locate" / "data.yaml"
    assert view.read_text().splitlines()[-2:] == ["  0: index", "  1: card"]
    labels = (tmp_path / "v1-locate" / "labels" / "train" / "000001.txt").read_text()
    assert labels == "0 0.1 0.1 0.05 0.05\n0 0.3 0.3 0.05 0.05\n1 0.2 0.2 0.3 0.4\n"
    image = tmp_path / "v1-locate" / "images" / "val" / "000000.jpg"
    original = tmp_path / "v1" / "images" / "val" / "000000.jpg"
    assert not image.is_symlink() and image.stat().st_ino == original.stat().st_ino


def test_refreshing_the_view_follows_changed_labels(tmp_path: Path) -> None:
    data = make_set(tmp_path / "v1")
    locate_view(data)
    (tmp_path / "v1" / "labels" / "val" / "000000.txt").write_text(
        f"{WHOLE_CARD_CLASS} 0.5 0.5 0.2 0.2\n")
    locate_view(data)
    assert (tmp_path / "v1-locate" / "labels" / "val" / "000000.txt").read_text() == \
        "1 0.5 0.5 0.2 0.2\n"
