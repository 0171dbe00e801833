from __future__ import annotations

import numpy as np
from fake_readings import one_sure_class

from vision.card_opinion import (
    card_evidence,
    named_by_the_whole_card,
    near_a_corner,
    seen_whole,
    weigh_indices,
)
from vision.cardclasses import CLASS_OF
from vision.detector import CardDetector
from vision.index_reader import NOT_AN_INDEX, best_reading


def test_a_card_box_another_lies_over_is_not_seen_whole() -> None:
    attack, defence, apart = [100, 100, 200, 250], [140, 150, 240, 300], [400, 100, 500, 250]
    assert seen_whole(np.array([attack, defence, apart], np.float32)).tolist() == \
        [False, False, True]
    # a sliver of overlap (5% of the card) still leaves it whole
    assert seen_whole(np.array([[0, 0, 100, 150], [95, 0, 195, 150]], np.float32)).all()


def test_only_an_index_in_its_cards_corner_hears_the_whole_card() -> None:
    card = np.array([[100, 100, 200, 250]], np.float32)
    indices = np.array([[102, 102, 118, 130],     # top left corner: the card's own
                        [142, 160, 158, 188],     # the middle: a card lying under it
                        [500, 500, 516, 528]],    # no card box
                       np.float32)
    owners = np.array([0, 0, -1])
    assert near_a_corner(indices, card, owners).tolist() == [True, False, False]


def test_the_whole_card_turns_an_unsure_look_alike_and_leaves_a_sure_reading() -> None:
    pips_say_six = one_sure_class([CLASS_OF["6D"]], [0.95])
    evidence = card_evidence(pips_say_six, np.array([True]))
    unsure_eight = np.exp(one_sure_class([CLASS_OF["8D"]], [0.7]))
    unsure_eight[0, CLASS_OF["6D"]] = 0.2                   # the look-alike it might be
    unsure_eight = np.log(unsure_eight / unsure_eight.sum())
    sure_eight = one_sure_class([CLASS_OF["8D"]], [0.999])
    readings = np.concatenate([unsure_eight, sure_eight])
    weighed = weigh_indices(readings, np.array([0, 0]), np.array([True, True]), evidence)
    classes, probabilities = best_reading(weighed)
    assert classes.tolist() == [CLASS_OF["6D"], CLASS_OF["8D"]]
    assert np.allclose(np.exp(weighed).sum(axis=1), 1.0, atol=1e-5)
    # the same readings with the card not seen whole are left as they were
    unseen = card_evidence(pips_say_six, np.array([False]))
    assert np.allclose(weigh_indices(readings, np.array([0, 0]), np.array([True, True]),
                                     unseen), readings)


def test_the_whole_card_never_makes_an_index_out_of_nothing() -> None:
    evidence = card_evidence(one_sure_class([CLASS_OF["6D"]], [0.99]), np.array([True]))
    assert evidence[0, NOT_AN_INDEX] == 0.0
    not_an_index = one_sure_class([NOT_AN_INDEX], [0.9])
    weighed = weigh_indices(not_an_index, np.array([0]), np.array([True]), evidence)
    assert best_reading(weighed)[0].tolist() == [NOT_AN_INDEX]


def test_a_whole_card_no_index_names_is_named_by_the_card_reader_only_when_sure() -> None:
    readings = one_sure_class([CLASS_OF["9S"], CLASS_OF["QS"], CLASS_OF["7H"]], [0.95, 0.6, 0.97])
    named = named_by_the_whole_card(readings, np.array([True, True, False]), np.array([0, 1, 2]))
    assert [(card, cls) for card, cls, _ in named] == [(0, CLASS_OF["9S"])]
    assert abs(named[0][2] - 0.95) < 1e-5


class OneCardSession:
    """A two-class network that sees card boxes (and no index): output (1, 6, anchors)."""

    def __init__(self, card_boxes: list[list[float]]) -> None:
        self.output = np.zeros((1, 6, len(card_boxes)), np.float32)
        for anchor, (x1, y1, x2, y2) in enumerate(card_boxes):
            self.output[0, :4, anchor] = [(x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1]
            self.output[0, 5, anchor] = 0.9

    def get_inputs(self):
        class Input:
            name = "images"
        return [Input()]

    def run(self, _names, _feeds):
        return [self.output]


class FixedReader:
    """Reads every crop as `code` at `probability`; keeps the boxes it was asked about."""

    def __init__(self, code: str, probability: float) -> None:
        self.code, self.probability, self.asked = code, probability, []

    def limit_to(self, codes) -> None:
        pass

    def log_probabilities(self, _frame, boxes):
        self.asked.append(np.array(boxes))
        return one_sure_class([CLASS_OF[self.code]] * len(boxes), [self.probability] * len(boxes))


def test_the_detector_names_a_whole_card_its_corners_read_too_unsurely() -> None:
    card = [100.0, 100.0, 200.0, 250.0]
    frame = np.zeros((480, 640, 3), np.uint8)
    unsure_corners = FixedReader("9S", 0.5)          # below the 0.65 bar alone
    alone = CardDetector(OneCardSession([card]), imgsz=640, reader=unsure_corners)
    assert alone.detect(frame).cards == ()
    pips = FixedReader("9S", 0.95)
    detector = CardDetector(OneCardSession([card]), imgsz=640, reader=FixedReader("9S", 0.5),
                            card_reader=pips)
    detections = detector.detect(frame)
    assert detections.cards == ("9S",)
    assert np.allclose(pips.asked[0], [card], atol=0.5)


def test_the_detector_does_not_ask_the_card_reader_about_covered_cards() -> None:
    attack, defence = [100.0, 100.0, 200.0, 250.0], [140.0, 150.0, 240.0, 300.0]
    pips = FixedReader("9S", 0.99)
    detector = CardDetector(OneCardSession([attack, defence]), imgsz=640,
                            reader=FixedReader("9S", 0.3), card_reader=pips)
    assert detector.detect(np.zeros((480, 640, 3), np.uint8)).cards == ()
    assert pips.asked == []
