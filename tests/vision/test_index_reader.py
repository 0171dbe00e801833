from __future__ import annotations

import numpy as np
import pytest
from fake_readings import one_sure_class

from vision.cardclasses import CLASS_OF, WHOLE_CARD_CLASS
from vision.cli_train_reader import crops_of_image
from vision.detector import CardDetector
from vision.index_reader import (
    CROP_SIZE,
    NOT_AN_INDEX,
    READER_CLASSES,
    crop_index,
    crops_to_batch,
    next_reading,
)


def test_crop_index_centres_and_scales_the_box() -> None:
    frame = np.zeros((200, 300, 3), np.uint8)
    frame[50:70, 100:110] = 255                       # a 10 x 20 white index
    crop = crop_index(frame, np.array([100, 50, 110, 70]), margin=1.25)
    assert crop.shape == (CROP_SIZE, CROP_SIZE, 3)
    white = np.argwhere(crop[:, :, 0] > 128)
    # 20 px tall in a 25 px window -> 80% of the crop's height, centred.
    assert abs(white[:, 0].mean() - (CROP_SIZE - 1) / 2) < 1.5
    assert abs((white[:, 0].max() - white[:, 0].min() + 1) - 0.8 * CROP_SIZE) <= 2


def test_crops_at_the_frame_edge_are_padded_not_failing() -> None:
    crop = crop_index(np.full((50, 50, 3), 200, np.uint8), np.array([-10, -10, 5, 5]))
    assert crop.shape == (CROP_SIZE, CROP_SIZE, 3)
    assert crop[0, 0, 0] == 114 and crop[-1, -1, 0] == 200


def test_reader_input_is_rgb_channels_first_in_unit_range() -> None:
    crops = np.zeros((2, CROP_SIZE, CROP_SIZE, 3), np.uint8)
    crops[:, :, :, 2] = 255  # red in BGR
    batch = crops_to_batch(crops)
    assert batch.shape == (2, 3, CROP_SIZE, CROP_SIZE)
    assert batch[:, 0].min() == 1.0 and batch[:, 2].max() == 0.0


def test_training_crops_name_indices_and_add_non_indices() -> None:
    image = np.full((300, 300, 3), 90, np.uint8)
    labels = [(CLASS_OF["QS"], np.array([20.0, 20.0, 35.0, 50.0])),
              (WHOLE_CARD_CLASS, np.array([15.0, 15.0, 120.0, 170.0]))]
    crops, classes = crops_of_image(image, labels, np.random.default_rng(0), per_index=2)
    assert classes.count(CLASS_OF["QS"]) == 2
    assert NOT_AN_INDEX in classes
    assert all(c.shape == (CROP_SIZE, CROP_SIZE, 3) for c in crops)


class FakeSession:
    """One anchor for a whole card and two for indices; the network's own guess is 2S."""

    def get_inputs(self):
        class Input:
            name = "images"
        return [Input()]

    def run(self, _, feeds):
        scores = np.zeros((3, 53), np.float32)
        scores[0, WHOLE_CARD_CLASS] = 0.9
        scores[1, CLASS_OF["2S"]] = 0.2
        scores[2, CLASS_OF["2S"]] = 0.2
        boxes = np.array([[150, 150, 100, 150], [110, 90, 10, 20], [300, 300, 10, 20]],
                         np.float32)  # centre x, y, w, h at the network's scale
        return [np.concatenate([boxes, scores], axis=1).T[None]]


class FakeReader:
    """Reads the first crop as the queen of hearts and the second as no index at all."""

    def log_probabilities(self, frame, boxes):
        return one_sure_class([CLASS_OF["QH"], NOT_AN_INDEX][:len(boxes)], [0.95, 0.9][:len(boxes)])


def test_the_reader_names_indices_and_rejects_false_ones() -> None:
    frame = np.zeros((640, 640, 3), np.uint8)
    detector = CardDetector(FakeSession(), imgsz=640, confidence=0.3, reader=FakeReader())
    detections = detector.detect(frame)
    assert detections.cards == ("QH",)
    assert np.allclose(detections.xyxy[0], [100, 75, 200, 225])
    without_reader = CardDetector(FakeSession(), imgsz=640, confidence=0.3).detect(frame)
    assert len(without_reader) == 0  # 0.2 is below the bar without a reader


def test_a_hue_turn_makes_red_ink_green_and_keeps_grey_paper_grey() -> None:
    from vision.cli_train_reader import hue_turns

    third, none = hue_turns(np.array([2 * np.pi / 3, 0.0]))
    assert np.allclose(third @ [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], atol=1e-6)
    assert np.allclose(third @ [0.7, 0.7, 0.7], [0.7, 0.7, 0.7], atol=1e-6)
    assert np.allclose(none, np.eye(3))


class FixedLogits:
    """An ONNX-session stand-in whose every crop gets the same logits."""

    def __init__(self, logits: dict[str, float]) -> None:
        self.row = np.full(len(READER_CLASSES), -10.0, np.float32)
        for name, value in logits.items():
            self.row[READER_CLASSES.index(name)] = value

    def get_inputs(self):
        return [type("Input", (), {"name": "crops", "shape": ["n", 3, CROP_SIZE, CROP_SIZE]})()]

    def run(self, _names, feeds):
        return [np.tile(self.row, (len(feeds["crops"]), 1))]


def test_a_reader_limited_to_a_36_card_deck_picks_its_likeliest_card() -> None:
    from vision.cardclasses import deck_codes
    from vision.index_reader import IndexReader

    reader = IndexReader(FixedLogits({"3S": 2.0, "8S": 1.0, "none": 0.0}))
    frame = np.zeros((100, 100, 3), np.uint8)
    box = np.array([[10, 10, 30, 40]], np.float32)
    classes, probabilities = reader.read(frame, box)
    assert READER_CLASSES[classes[0]] == "3S"
    reader.limit_to(deck_codes(36))
    classes, probabilities = reader.read(frame, box)
    assert READER_CLASSES[classes[0]] == "8S"
    assert probabilities[0] == pytest.approx(np.e / (np.e + 1), abs=1e-3)   # 8S against none


def test_deck_codes() -> None:
    from vision.cardclasses import deck_codes

    short = deck_codes(36)
    assert len(short) == 36 and {"6S", "10H", "AC"} <= short and not {"5S", "2D"} & short
    assert len(deck_codes(52)) == 52


class UpsideDownSession:
    """An ONNX-session stand-in that reads a crop whose top half is brighter as 8S, barely
    (unsure: 8S against 6S), and one whose bottom half is brighter as 6S, surely: as a reader
    might read a 6 upright and upside down. It counts the crops it is given."""

    def __init__(self, input_shape: tuple = ("n", 3, CROP_SIZE, CROP_SIZE)) -> None:
        self.crops_seen = 0
        self.input_shape = input_shape
        self.sides_seen: set[int] = set()

    def get_inputs(self):
        return [type("Input", (), {"name": "crops", "shape": list(self.input_shape)})()]

    def run(self, _names, feeds):
        crops = feeds["crops"]
        self.crops_seen += len(crops)
        self.sides_seen.add(crops.shape[-1])
        half = crops.shape[2] // 2
        upright = crops[:, :, :half].mean(axis=(1, 2, 3)) > crops[:, :, half:].mean(axis=(1, 2, 3))
        logits = np.full((len(crops), len(READER_CLASSES)), -10.0, np.float32)
        logits[:, READER_CLASSES.index("8S")] = np.where(upright, 1.0, -4.0)
        logits[:, READER_CLASSES.index("6S")] = np.where(upright, 0.5, 4.0)
        return [logits]


def test_an_unsure_index_is_read_again_upside_down_and_the_views_mean_decides() -> None:
    from vision.index_reader import IndexReader

    frame = np.zeros((100, 100, 3), np.uint8)
    frame[20:30, 20:40] = 255                          # the top half of the index is bright
    box = np.array([[20, 20, 40, 40]], np.float32)
    session = UpsideDownSession()
    one_view = IndexReader(session, views=((1.25, 0),))
    classes, _ = one_view.read(frame, box)
    assert READER_CLASSES[classes[0]] == "8S"        # upright alone: 8S, at 0.62
    reader = IndexReader(session, views=((1.25, 0), (1.25, 2)))
    classes, probabilities = reader.read(frame, box)
    assert READER_CLASSES[classes[0]] == "6S"        # mean log-probability: 6S is likelier
    assert 0.9 < probabilities[0] < 1.0


def test_a_sure_first_reading_is_not_read_again() -> None:
    from vision.index_reader import IndexReader

    frame = np.zeros((100, 100, 3), np.uint8)
    frame[30:40, 20:40] = 255                          # bottom half bright: 6S, surely
    boxes = np.array([[20, 20, 40, 40], [20, 20, 40, 40]], np.float32)
    session = UpsideDownSession()
    classes, _ = IndexReader(session, views=((1.25, 0), (1.25, 2), (1.1, 2))).read(frame, boxes)
    assert [READER_CLASSES[c] for c in classes] == ["6S", "6S"]
    assert session.crops_seen == 2                    # one view each, nothing read again


@pytest.mark.parametrize("input_shape, side", [(("n", 3, 64, 64), 64), (("n", 3, 32, 32), 32),
                                               (("n", 3, "h", "w"), CROP_SIZE)])
def test_the_reader_cuts_crops_the_size_its_model_was_exported_for(input_shape, side) -> None:
    from vision.index_reader import IndexReader

    frame = np.zeros((100, 100, 3), np.uint8)
    frame[30:40, 20:40] = 255
    session = UpsideDownSession(input_shape)
    classes, _ = IndexReader(session).read(frame, np.array([[20, 20, 40, 40]], np.float32))
    assert session.sides_seen == {side}
    assert READER_CLASSES[classes[0]] == "6S"        # the crop still shows the index


def test_a_crop_of_another_size_frames_the_index_the_same_way() -> None:
    frame = np.zeros((200, 300, 3), np.uint8)
    frame[50:70, 100:110] = 255
    small = crop_index(frame, np.array([100, 50, 110, 70]), margin=1.25)
    big = crop_index(frame, np.array([100, 50, 110, 70]), margin=1.25, size=64)
    assert big.shape == (64, 64, 3)
    share = [np.mean(crop[:, :, 0] > 128) for crop in (small, big)]
    assert abs(share[0] - share[1]) < 0.03 and share[1] > 0.2


def test_the_next_reading_is_the_likeliest_other_card_given_the_first_is_ruled_out() -> None:
    probabilities = np.full((1, NOT_AN_INDEX + 1), 1e-6)
    probabilities[0, CLASS_OF["QC"]] = 0.8
    probabilities[0, NOT_AN_INDEX] = 0.15     # "no index" is never a card's next reading
    probabilities[0, CLASS_OF["QS"]] = 0.04
    probabilities[0, CLASS_OF["QH"]] = 0.01
    following, probability = next_reading(np.log(probabilities), np.array([CLASS_OF["QC"]]))
    assert following.tolist() == [CLASS_OF["QS"]]
    assert abs(float(probability[0]) - 0.04 / 0.2) < 1e-3
