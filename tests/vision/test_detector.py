from __future__ import annotations

import numpy as np
import pytest
from fake_readings import one_sure_class

from vision.cardclasses import CLASS_OF, WHOLE_CARD_CLASS
from vision.detector import (
    AUTO_PROBE_EVERY,
    CardDetector,
    RawDetections,
    cards_from_raw,
    corner_candidates,
    locates_only,
    owning_card,
)
from vision.index_reader import NOT_AN_INDEX


def raw(*items: tuple[str, list[float], float]) -> RawDetections:
    return RawDetections(np.array([box for _, box, _ in items], np.float32),
                         np.array([conf for _, _, conf in items], np.float32),
                         np.array([WHOLE_CARD_CLASS if name == "card" else CLASS_OF[name]
                                   for name, _, _ in items]))


def test_both_indices_of_a_card_name_it_once_with_the_whole_card_box() -> None:
    detections = cards_from_raw(raw(("card", [100, 100, 200, 250], 0.9),
                                    ("QS", [102, 102, 118, 130], 0.6),
                                    ("QS", [182, 220, 198, 248], 0.7)))
    assert detections.cards == ("QS",)
    assert np.allclose(detections.xyxy[0], [100, 100, 200, 250])
    # Two agreeing corners make the reading surer than either: 1 - 0.4 * 0.3.
    assert abs(float(detections.confidence[0]) - 0.88) < 1e-5


def test_indices_disagreeing_in_one_card_give_the_stronger_identity() -> None:
    detections = cards_from_raw(raw(("card", [0, 0, 100, 150], 0.9),
                                    ("8H", [2, 2, 18, 30], 0.4),
                                    ("6H", [82, 120, 98, 148], 0.8)))
    assert detections.cards == ("6H",)


def test_attack_and_defence_cards_keep_their_own_indices() -> None:
    attack, defence = [100, 100, 200, 250], [140, 150, 240, 300]
    detections = cards_from_raw(raw(("card", attack, 0.9), ("card", defence, 0.9),
                                    ("7S", [102, 102, 118, 130], 0.8),    # attack's top left
                                    ("9S", [142, 152, 158, 180], 0.8),    # defence's top left
                                    ("9S", [222, 270, 238, 298], 0.8)))   # defence's bottom right
    by_card = dict(zip(detections.cards, detections.xyxy.tolist(), strict=True))
    assert by_card["7S"] == attack
    assert by_card["9S"] == defence


def test_a_cards_own_two_indices_name_its_box_though_a_neighbours_lie_nearer_its_corners(
) -> None:
    """round-3p-seed61 (a 720p frame): the 8S laid on the 7C lies across the 6D's edge. Its
    bottom-right index is nearest the 6D box's bottom-left corner, the 6D's top-left index
    nearest the 8S box's top-right one, and the 8S's is read more surely: each box took the
    8S, and the 6D was reported as a lone index. Each card's two indices lie at opposite
    corners of its own box."""
    eight, six = [461, 240, 546, 356], [536, 238, 623, 342]
    detections = cards_from_raw(raw(("card", eight, 0.9), ("card", six, 0.9),
                                    ("8S", [466, 246, 482, 272], 1.0),
                                    ("8S", [527, 326, 545, 355], 1.0),
                                    ("6D", [539, 241, 553, 267], 0.97),
                                    ("6D", [608, 311, 624, 337], 0.97)))
    by_card = dict(zip(detections.cards, detections.xyxy.tolist(), strict=True))
    assert by_card == {"8S": eight, "6D": six}


def test_an_index_outside_every_card_box_is_a_card_of_its_own() -> None:
    detections = cards_from_raw(raw(("KD", [10, 10, 25, 40], 0.7)))
    assert detections.cards == ("KD",)
    assert np.allclose(detections.xyxy[0], [10, 10, 25, 40])


def test_a_deck_holds_each_card_once_so_the_strongest_reading_wins() -> None:
    detections = cards_from_raw(raw(("AH", [10, 10, 25, 40], 0.5),
                                    ("AH", [300, 300, 315, 330], 0.9)))
    assert detections.cards == ("AH",)
    assert detections.xyxy[0][0] == 300


def test_card_boxes_without_indices_name_nothing() -> None:
    assert len(cards_from_raw(raw(("card", [0, 0, 100, 150], 0.9)))) == 0


def test_owning_card_prefers_the_box_whose_corner_holds_the_index() -> None:
    boxes = np.array([[0, 0, 100, 150], [-50, -60, 110, 160]], np.float32)
    assert owning_card(np.array([2, 2, 18, 30], np.float32), boxes) == 0
    assert owning_card(np.array([500, 500, 510, 520], np.float32), boxes) is None


class FakeSession:
    def get_inputs(self):
        class Input:
            name = "images"
        return [Input()]


def test_preprocess_keeps_the_frame_shape_and_pads_to_32() -> None:
    detector = CardDetector(FakeSession(), imgsz=640)
    blob, scale = detector.preprocess(np.zeros((720, 1280, 3), np.uint8))
    assert blob.shape == (1, 3, 384, 640)
    assert scale == 0.5
    blob, scale = detector.preprocess(np.zeros((4000, 6000, 3), np.uint8))
    assert blob.shape == (1, 3, 448, 640)


class LocatingSession(FakeSession):
    """A two-class network (index, card) that sees one card and none of its indices."""

    def __init__(self, card_box: list[float], channels: int = 6,
                 indices: tuple[tuple[list[float], float], ...] = ()) -> None:
        self.output = np.zeros((1, channels, 1 + len(indices)), np.float32)
        for anchor, (box, score, channel) in enumerate(
                [(card_box, 0.9, channels - 1)]      # the card class is the last one
                + [(box, score, 4) for box, score in indices]):
            x1, y1, x2, y2 = box
            self.output[0, :4, anchor] = [(x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1]
            self.output[0, channel, anchor] = score

    def run(self, _names, _feeds):
        return [self.output]


class CornerReader:
    """Names a crop `code` only when it lies at the card's top-left corner."""

    def __init__(self, card_box: list[float], code: str) -> None:
        self.top_left = np.array(card_box[:2], np.float32)
        self.code = code
        self.read_boxes: list[np.ndarray] = []
        self.codes = None

    def limit_to(self, codes) -> None:
        self.codes = codes   # a fake: it reads what it reads, the detector must still filter

    def log_probabilities(self, _frame, boxes):
        self.read_boxes.append(boxes)
        near = np.linalg.norm((boxes[:, :2] + boxes[:, 2:]) / 2 - self.top_left, axis=1) < 30
        classes = np.where(near, CLASS_OF[self.code], NOT_AN_INDEX)
        return one_sure_class(classes, np.where(near, 0.9, 0.99))



def test_a_card_box_without_a_found_index_is_named_from_its_corners() -> None:
    card = [100.0, 100.0, 200.0, 250.0]
    reader = CornerReader(card, "QS")
    detector = CardDetector(LocatingSession(card), imgsz=640, reader=reader)
    detections = detector.detect(np.zeros((480, 640, 3), np.uint8))
    assert detections.cards == ("QS",)
    assert np.allclose(detections.xyxy[0], card, atol=0.5)
    assert len(reader.read_boxes[-1]) == 8      # four corners, two scales


def test_corners_the_reader_rejects_name_nothing() -> None:
    card = [100.0, 100.0, 200.0, 250.0]
    reader = CornerReader([900.0, 900.0, 1000.0, 1000.0], "QS")   # never near this card
    detector = CardDetector(LocatingSession(card), imgsz=640, reader=reader)
    assert detector.detect(np.zeros((480, 640, 3), np.uint8)).cards == ()


def test_corner_candidates_sit_inside_the_card_near_each_corner() -> None:
    card = np.array([0, 0, 100, 150], np.float32)
    boxes = corner_candidates(card)
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    assert boxes.shape == (8, 4)
    assert np.allclose(centres[0], [10, 18])          # a tenth in, an eighth down
    assert np.allclose(centres[2], [90, 132])         # the opposite corner
    assert np.all(np.minimum(centres, [100, 150] - centres) <= [15, 26])   # near a corner
    assert np.all(centres > 0) and np.all(centres < [100, 150])


def test_a_two_class_model_is_told_from_an_identity_model() -> None:
    assert locates_only(LocatingSession([0, 0, 10, 10], channels=6))
    assert not locates_only(LocatingSession([0, 0, 10, 10], channels=4 + WHOLE_CARD_CLASS + 1))


def test_a_card_under_another_is_named_from_its_index_inside_the_top_cards_box() -> None:
    top = [100, 100, 200, 250]
    detections = cards_from_raw(raw(("card", top, 0.9),
                                    ("KH", [102, 102, 118, 130], 0.9),   # the top card's corner
                                    ("8C", [150, 104, 166, 132], 0.9)),  # a card under it
                                second_reading=0.8)
    by_card = dict(zip(detections.cards, detections.xyxy.tolist(), strict=True))
    assert by_card["KH"] == top
    assert by_card["8C"] == [150, 104, 166, 132]


def read_with_next(*items: tuple[str, list[float], float, str | None, float]
                   ) -> RawDetections:
    """Card boxes and indices; each index with its next reading (name, probability)."""
    return RawDetections(np.array([box for _, box, _, _, _ in items], np.float32),
                         np.array([conf for _, _, conf, _, _ in items], np.float32),
                         np.array([WHOLE_CARD_CLASS if name == "card" else CLASS_OF[name]
                                   for name, _, _, _, _ in items]),
                         np.array([CLASS_OF[following] if following else -1
                                   for _, _, _, following, _ in items]),
                         np.array([p for _, _, _, _, p in items], np.float32))


RING, CENTRE = [686, 549, 760, 656], [602, 320, 670, 430]


def misread_queen(next_probability: float, centre: list[float] = CENTRE) -> RawDetections:
    """The queen of spades in the ring read as the club (both corners), the queen of clubs
    in the centre read surely."""
    return read_with_next(("card", RING, 0.9, None, 0.0), ("card", centre, 0.9, None, 0.0),
                          ("QC", [687, 554, 701, 578], 0.67, "QS", next_probability),
                          ("QC", [745, 631, 758, 652], 0.76, "QS", next_probability),
                          ("QC", [centre[0] + 2, centre[1] + 5, centre[0] + 16,
                                  centre[1] + 27], 0.93, "QS", 1.0))


def test_a_card_misread_as_one_held_surely_elsewhere_takes_its_next_reading() -> None:
    detections = cards_from_raw(misread_queen(0.99))
    by_card = dict(zip(detections.cards, detections.xyxy.tolist(), strict=True))
    assert by_card == {"QC": CENTRE, "QS": RING}
    # as sure as its corners' next reading (1 - 0.01 * 0.01), times how sure the centre's
    # club is
    assert abs(float(detections.confidence[detections.cards.index("QS")]) - 0.9999 * 0.93) < 1e-4


def test_a_card_misread_as_one_held_elsewhere_keeps_no_unlikely_or_taken_next_reading() -> None:
    assert cards_from_raw(misread_queen(0.6)).cards == ("QC",)
    taken = misread_queen(0.99).plus(read_with_next(("QS", [10, 10, 24, 32], 0.95, None, 0.0)))
    assert sorted(cards_from_raw(taken).cards) == ["QC", "QS"]


def test_two_boxes_of_one_card_read_alike_are_one_card() -> None:
    touching = [760, 549, 834, 656]   # the ring card's box split in two by a finger
    assert cards_from_raw(misread_queen(0.99, centre=touching)).cards == ("QC",)


def test_a_weak_second_identity_in_one_box_is_taken_for_a_misreading() -> None:
    detections = cards_from_raw(raw(("card", [100, 100, 200, 250], 0.9),
                                    ("KH", [102, 102, 118, 130], 0.9),
                                    ("KD", [182, 220, 198, 248], 0.6)), second_reading=0.8)
    assert detections.cards == ("KH",)


def test_an_index_outside_every_card_box_must_be_plainly_there() -> None:
    card, index = [100.0, 100.0, 200.0, 250.0], [400.0, 300.0, 416.0, 328.0]
    for score, named in ((0.05, ()), (0.5, ("QS",))):
        reader = CornerReader(index, "QS")     # would read the index as QS if it looked
        detector = CardDetector(LocatingSession(card, indices=((index, score),)), imgsz=640,
                                reader=reader, loose_index_confidence=0.1)
        assert detector.detect(np.zeros((480, 640, 3), np.uint8)).cards == named


def test_a_36_card_game_never_reports_a_card_its_deck_lacks() -> None:
    card = [100.0, 100.0, 200.0, 250.0]
    detector = CardDetector(LocatingSession(card), imgsz=640, reader=CornerReader(card, "3S"))
    frame = np.zeros((480, 640, 3), np.uint8)
    assert detector.detect(frame).cards == ("3S",)
    assert detector.limit_to_deck(36).detect(frame).cards == ()
    assert detector.reader.codes is not None and "3S" not in detector.reader.codes
    assert detector.limit_to_deck(None).detect(frame).cards == ("3S",)


class CameraSession(LocatingSession):
    """A card lying still in a 1280-px-wide frame: its box in the network's input scales with
    the input size; remembers the input widths it was run at."""

    def __init__(self, frame_box: list[float]) -> None:
        super().__init__(frame_box)
        self.frame_output = self.output.copy()
        self.widths: list[int] = []

    def run(self, names, feeds):
        width = next(iter(feeds.values())).shape[3]
        self.widths.append(width)
        if width == 32:                     # `locates_only`'s probe
            return [self.frame_output]
        output = self.frame_output.copy()
        output[0, :4] *= width / 1280
        return [output]


def test_auto_size_scales_a_frame_of_small_cards_up_once_and_keeps_the_size() -> None:
    card = [500.0, 300.0, 580.0, 416.0]     # 116 px long in 1280 x 720: 58 px at 640
    session = CameraSession(card)
    detector = CardDetector(session, imgsz=None, reader=CornerReader(card, "QS"))
    frame = np.zeros((720, 1280, 3), np.uint8)
    assert detector.detect(frame).cards == ("QS",)
    assert session.widths == [640, 992]      # 1280 * 90 / 116, to a multiple of 32
    detector.detect(frame)
    assert session.widths[2:] == [992]       # the next frame: the size kept, one pass
    np.testing.assert_allclose(detector.detect(frame).xyxy[0], card, atol=0.5)


def test_a_new_video_is_sized_afresh_from_the_smallest_size() -> None:
    card = [500.0, 300.0, 580.0, 416.0]
    session = CameraSession(card)
    detector = CardDetector(session, imgsz=None, reader=CornerReader(card, "QS"))
    frame = np.zeros((720, 1280, 3), np.uint8)
    detector.detect(frame)                   # 640, then 992 for these small cards
    detector.new_video().detect(frame)
    assert session.widths[2:] == [640, 992]  # as a new detector's first frame, not 992 alone
    fixed = CardDetector(CameraSession(card), imgsz=800, reader=CornerReader(card, "QS"))
    assert fixed.new_video().imgsz == 800    # a size the user chose stays


def test_auto_size_leaves_big_cards_at_the_smallest_size() -> None:
    card = [100.0, 100.0, 400.0, 520.0]
    session = CameraSession(card)
    detector = CardDetector(session, imgsz=None, reader=CornerReader(card, "QS"))
    detector.detect(np.zeros((720, 1280, 3), np.uint8))
    assert session.widths == [640]


class SmallCardsSession(CameraSession):
    """`CameraSession`, except that the card is found only at 1024 px and more (small cards on a
    busy cloth)."""

    def run(self, names, feeds):
        output = super().run(names, feeds)[0]
        if 32 < self.widths[-1] < 1024:
            output = output.copy()
            output[0, 4:] = 0.0
        return [output]


def test_auto_size_looks_at_a_frame_at_the_largest_size_after_frames_with_no_card() -> None:
    """Cards found only at the largest size are not lost for the whole video: after
    `AUTO_PROBE_EVERY` frames in a row with no card, the frame is looked at at the largest
    size, and the size then fits the cards found there (dummy-3p-seed70: none found at 640)."""
    card = [500.0, 300.0, 580.0, 400.0]     # 100 px long in 1280 x 720
    session = SmallCardsSession(card)
    detector = CardDetector(session, imgsz=None, reader=CornerReader(card, "QS"))
    frame = np.zeros((720, 1280, 3), np.uint8)
    found = [detector.detect(frame).cards for _ in range(AUTO_PROBE_EVERY)]
    assert found == [()] * (AUTO_PROBE_EVERY - 1) + [("QS",)]
    # the size the cards found there want (1280 * 90 / 100 = 1152) is within a fifth: kept
    assert session.widths == [640] * AUTO_PROBE_EVERY + [1280]
    assert detector.detect(frame).cards == ("QS",) and session.widths[-1] == 1280
    detector.new_video()
    assert (detector.imgsz, detector.cardless) == (640, 0)


def test_imgsz_option_takes_pixels_or_auto() -> None:
    import argparse

    from vision.detector_options import network_size

    assert network_size("auto") is None and network_size("960") == 960
    for bad in ("16", "big"):
        with pytest.raises(argparse.ArgumentTypeError):
            network_size(bad)
