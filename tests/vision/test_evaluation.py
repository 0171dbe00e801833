from __future__ import annotations

import numpy as np

from vision.evaluation import (
    MISS_CAUSES,
    RealScore,
    match_real,
    miss_cause,
    recall_by_index_size,
    score_identities,
    synthetic_truth,
)


def test_synthetic_scoring_counts_right_wrong_and_missed_cards() -> None:
    lines = ["0 0.1 0.1 0.05 0.1",    # 2S index at (0.1, 0.1)
             "51 0.5 0.5 0.05 0.1",   # AC index
             "52 0.5 0.5 0.4 0.6"]    # a whole card (not an identity)
    truth = synthetic_truth(lines, [False, True, False], ["KH"], 100, 100)
    predicted = [("2S", np.array([8, 5, 14, 16])),     # right, touches its index
                 ("3S", np.array([8, 5, 14, 16])),     # not on the table
                 ("KH", np.array([60, 60, 70, 70])),   # only partly visible: not judged
                 ("AC", np.array([80, 80, 90, 90]))]   # there, but not where it was seen
    tallies = score_identities(predicted, truth)
    assert (tallies["all"].true_positive, tallies["all"].false_positive,
            tallies["all"].false_negative) == (1, 2, 1)
    assert tallies["covered"].false_negative == 1  # AC was covered and missed
    assert tallies["all"].precision == 1 / 3
    assert tallies["all"].recall == 0.5


def test_recall_by_index_size_puts_each_card_in_the_bucket_of_its_largest_index() -> None:
    lines = ["0 0.10 0.10 0.05 0.10",   # 2S: 10 px tall
             "0 0.80 0.80 0.10 0.20",   # 2S's other index: 20 px -> 16-24 px
             "51 0.50 0.50 0.05 0.10",  # AC: 10 px -> under 12 px
             "12 0.30 0.70 0.15 0.30"]  # AS: 30 px -> 24 px and more
    truth = synthetic_truth(lines, [False] * 4, [], 100, 100)
    tallies: dict = {}
    recall_by_index_size([("2S", np.array([8, 5, 14, 16])), ("AC", np.array([0, 0, 3, 3]))],
                         truth, tallies)
    assert {name: (t.true_positive, t.false_negative) for name, t in tallies.items()} == {
        "16-24 px": (1, 0), "under 12 px": (0, 1), "24 px and more": (0, 1)}


def test_real_photo_matching_needs_the_centre_inside_and_checks_the_rank() -> None:
    score = RealScore()
    labels = [("K", np.array([0, 0, 100, 150])), ("9", np.array([200, 0, 300, 150]))]
    predicted = [("KH", 0.9, np.array([5, 5, 20, 40])),          # index-only box, inside K
                 ("8S", 0.8, np.array([200, 0, 300, 150])),      # found, wrong rank
                 ("QD", 0.7, np.array([500, 500, 600, 600]))]    # nothing there
    found = match_real(predicted, labels, score)
    assert found == [True, True]
    figures = score.as_dict()
    assert figures["recall"] == 1.0
    assert figures["precision"] == round(2 / 3, 4)
    assert figures["rank_accuracy"] == 0.5
    assert figures["confusions"] == {"9->8": 1}


def test_a_missed_card_is_put_down_to_the_first_stage_that_lost_it() -> None:
    index = [np.array([10.0, 10.0, 20.0, 30.0])]
    near = np.array([[11.0, 11.0, 21.0, 31.0]])     # IoU 0.74 with the true box
    elsewhere = np.array([[50.0, 50.0, 60.0, 70.0]])
    located, misread, unsure, lost = MISS_CAUSES
    assert miss_cause("7H", index, elsewhere, [("7H", 0.99)], 0.65) == located
    assert miss_cause("7H", index, np.zeros((0, 4)), [("7H", 0.99)], 0.65) == located
    assert miss_cause("7H", index, near, [("7D", 0.9)], 0.65) == misread
    assert miss_cause("7H", index, near, [("none", 0.9)], 0.65) == misread
    assert miss_cause("7H", index, near, [("7H", 0.5)], 0.65) == unsure
    assert miss_cause("7H", index, near, [("7H", 0.7)], 0.65) == lost
    # of a card's two indices, the surer right reading counts
    assert miss_cause("7H", index * 2, near, [("7H", 0.4), ("7H", 0.8)], 0.65) == lost
