import numpy as np
import pytest

import vision.reader_face_crops as face_crops_module
from vision.cardclasses import CARD_CODES
from vision.cardfaces import CardFace
from vision.index_reader import CROP_SIZE, NOT_AN_INDEX
from vision.reader_face_crops import (
    cached_face_crops,
    crop_of,
    crops_of_face,
    place_away_from_indices,
)
from vision.synth_decks import DeckPool


def marked_face() -> CardFace:
    """A white face whose two index boxes are pure green: a crop holds its index if it is green."""
    image = np.full((360, 250, 4), 255, np.uint8)
    boxes = ((12, 10, 52, 80), (250 - 52, 360 - 80, 250 - 12, 360 - 10))
    for x1, y1, x2, y2 in boxes:
        image[y1:y2, x1:x2, :3] = (0, 255, 0)
    return CardFace("test/green", "QS", image, boxes)


def green_share(crop: np.ndarray) -> float:
    b, g, r = (crop[:, :, i].astype(int) for i in range(3))
    return float(np.mean((g > r + 50) & (g > b + 50)))


@pytest.mark.parametrize("seed", range(12))
def test_an_index_crop_holds_its_index_and_a_none_crop_does_not(seed: int) -> None:
    face = marked_face()
    rng = np.random.default_rng(seed)
    index_crop = crop_of(face, face.index_boxes[seed % 2], rng, cover=False)
    assert index_crop.shape == (CROP_SIZE, CROP_SIZE, 3)
    assert green_share(index_crop) > 0.08
    x, y = CROP_SIZE // 2, CROP_SIZE // 2
    assert green_share(index_crop[y - 6:y + 6, x - 6:x + 6]) > 0.5   # centred on it
    away = place_away_from_indices(face, rng)
    assert green_share(crop_of(face, away, rng, cover=False)) < 0.01


def test_a_cover_hides_part_of_the_index_never_all_of_it() -> None:
    face = marked_face()
    shares = [green_share(crop_of(face, face.index_boxes[0], np.random.default_rng(s), cover=True))
              for s in range(20)]
    plain = [green_share(crop_of(face, face.index_boxes[0], np.random.default_rng(s), cover=False))
             for s in range(20)]
    assert min(shares) > 0.03
    assert np.mean(shares) < np.mean(plain)


def test_crops_of_a_face_are_named_by_its_card_or_none(monkeypatch) -> None:
    monkeypatch.setattr(face_crops_module, "_pool", DeckPool([]))   # procedural faces only
    crops, classes = crops_of_face(5, 17)
    again, same_classes = crops_of_face(5, 17)
    assert np.array_equal(np.stack(crops), np.stack(again)) and classes == same_classes
    named = {c for c in classes if c != NOT_AN_INDEX}
    assert len(named) == 1 and 0 <= named.pop() < len(CARD_CODES)
    assert classes.count(NOT_AN_INDEX) <= 1


def test_face_crops_are_cached_and_a_damaged_cache_is_made_again(tmp_path, monkeypatch) -> None:
    calls = []

    def fake_face_crops(count, seed, split, size, kind):
        calls.append(count)
        return np.full((count, size, size, 3), seed, np.uint8), np.arange(count)

    monkeypatch.setattr(face_crops_module, "face_crops", fake_face_crops)
    crops, classes = cached_face_crops(3, 7, cache_dir=tmp_path)
    again, _ = cached_face_crops(3, 7, cache_dir=tmp_path)
    assert calls == [3] and np.array_equal(crops, again) and list(classes) == [0, 1, 2]
    next(tmp_path.glob("*.npz")).write_bytes(b"damaged")
    cached_face_crops(3, 7, cache_dir=tmp_path)
    assert calls == [3, 3]
    bigger, _ = cached_face_crops(3, 7, cache_dir=tmp_path, size=64)   # a size of its own
    assert calls == [3, 3, 3] and bigger.shape[1:3] == (64, 64)
    cached_face_crops(3, 7, cache_dir=tmp_path, size=64, kind="card")   # a kind of its own
    assert calls == [3, 3, 3, 3] and len(list(tmp_path.glob("card-*.npz"))) == 1
