from __future__ import annotations

import random
from pathlib import Path

import numpy as np

from vision import cli_synth, cli_train
from vision.cardclasses import CLASS_OF, WHOLE_CARD_CLASS
from vision.procedural_cards import draw_procedural_face
from vision.synth_decks import DeckPool
from vision.synth_layout import render_table
from vision.synth_scene import Canvas, SceneBuilder, card_quad

IDENTITY = np.eye(3)


def scene_with(face, center=(200.0, 200.0), height=300.0) -> SceneBuilder:
    canvas = Canvas(np.full((416, 416, 3), 90, np.uint8))
    builder = SceneBuilder(canvas, IDENTITY)
    builder.face_up(face, center, height, 0.0)
    return builder


def test_an_upright_card_is_labelled_where_its_indices_are_drawn() -> None:
    face = draw_procedural_face("QS", random.Random(5), russian=False)
    builder = scene_with(face)
    labels = builder.labels()
    index_labels = [label for label in labels if label.class_id == CLASS_OF["QS"]]
    assert len(index_labels) == 2
    assert sum(label.class_id == WHOLE_CARD_CLASS for label in labels) == 1
    scale = 300.0 / face.image.shape[0]
    left = 200.0 - face.image.shape[1] * scale / 2
    top = 200.0 - 150.0
    x1, y1, x2, y2 = face.index_boxes[0]
    expected = np.array([left + x1 * scale, top + y1 * scale, left + x2 * scale, top + y2 * scale])
    got = min((np.array(label.box) for label in index_labels), key=lambda b: b[0])
    assert np.allclose(got, expected, atol=2.5)
    # The labelled box really holds the index: dark ink on the card's light paper.
    bx1, by1, bx2, by2 = (int(v) for v in got)
    patch = builder.canvas.image[by1:by2, bx1:bx2].astype(int)
    assert (patch.sum(axis=2) < 300).mean() > 0.05


def test_a_covered_index_loses_its_label_and_the_card_is_marked_covered() -> None:
    face = draw_procedural_face("7H", random.Random(2), russian=False)
    builder = scene_with(face)
    back = np.full((360, 250, 4), 255, np.uint8)
    # A face-down card over the top-left index only.
    builder.cover(back, card_quad((150.0, 60.0), 160.0, 0.7, 0.0))
    labels = builder.labels()
    index_labels = [label for label in labels if label.class_id == CLASS_OF["7H"]]
    assert len(index_labels) == 1
    assert index_labels[0].box[1] > 250  # the bottom-right one is left
    assert all(label.covered for label in labels)


def test_a_card_pushed_out_of_frame_loses_everything() -> None:
    face = draw_procedural_face("9C", random.Random(1), russian=False)
    builder = scene_with(face, center=(-400.0, -400.0))
    assert builder.labels() == []


def test_rendered_tables_have_valid_labels_and_unique_cards() -> None:
    pool = DeckPool(["aisleriot/anglo"]).load()
    for seed in range(6):
        image, labels, info = render_table(np.random.default_rng(seed), pool, 416, 320)
        assert image.shape == (320, 416, 3)
        for label in labels:
            x1, y1, x2, y2 = label.box
            assert 0 <= x1 < x2 <= 416 and 0 <= y1 < y2 <= 320
        codes = [label.class_id for label in labels if label.class_id != WHOLE_CARD_CLASS]
        # Each card at most twice (its two corners): a deck holds each card once.
        assert all(codes.count(code) <= 2 for code in codes)
        assert isinstance(info["russian"], bool)


def read_set(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(folder.rglob("*.txt"))}


def test_synth_is_reproducible_from_its_seed_and_readable_by_ultralytics(tmp_path: Path) -> None:
    common = ["--images", "4", "--seed", "9", "--workers", "1", "--designs", "aisleriot/anglo",
              "--size", "320", "256", "--val", "0.25"]
    assert cli_synth.main(["--out", str(tmp_path / "a"), *common]) == 0
    assert cli_synth.main(["--out", str(tmp_path / "b"), *common]) == 0
    assert read_set(tmp_path / "a") == read_set(tmp_path / "b")
    assert len(list((tmp_path / "a/images/val").glob("*.jpg"))) == 1
    assert len(list((tmp_path / "a/images/train").glob("*.jpg"))) == 3
    data_yaml = (tmp_path / "a/data.yaml").read_text()
    assert "train: images/train" in data_yaml and "52: 'card'" in data_yaml
    assert (tmp_path / "a/meta.jsonl").read_text().count("\n") == 4


def test_synth_refuses_unknown_designs_and_bad_counts(tmp_path: Path, capsys) -> None:
    assert cli_synth.main(["--out", str(tmp_path), "--designs", "aisleriot/paris"]) == 2
    assert "not designs of the train split" in capsys.readouterr().err
    assert cli_synth.main(["--out", str(tmp_path), "--images", "0"]) == 2


def test_training_never_mirrors_images() -> None:
    assert cli_train.AUGMENTATION["fliplr"] == 0.0
    assert cli_train.AUGMENTATION["flipud"] == 0.0
