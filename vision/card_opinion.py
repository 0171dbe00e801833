"""Weighing the card reader's opinion of a whole card against what its corner indices say.

The index reader names a card from a 16-22 pixel index; the card reader sees the whole card
(`vision/card_reader.py`). Where the detector sees a card whole (no other card box lies over a
real share of it), the card reader's probabilities, as a likelihood ratio against not knowing
(1/52 a card), tempered by CARD_WEIGHT, are added to the log-probabilities of the indices in its
corners. So a sure index stays read as it is, an unsure one the whole card agrees with is read
surely, and a look-alike misreading (a 6 read 8, a 9S read QS) the pips contradict is turned.
A whole card no index names is named by the card reader alone when it is surer than
CARD_ALONE. A card partly covered is left to its indices: its crop shows the card over it.
"""

from __future__ import annotations

import numpy as np

from vision.cardclasses import CARD_CODES
from vision.index_reader import NOT_AN_INDEX, log_softmax

CARD_WEIGHT = 0.5
CARD_ALONE = 0.9
SEEN_WHOLE_OVERLAP = 0.1   # a card box sharing more of its area with another is not seen whole
NEAR_CORNER = 0.35         # an index this far from a corner (share of the card's shorter side)
                           # or nearer is that card's, not one lying under it


def seen_whole(card_boxes: np.ndarray, overlap: float = SEEN_WHOLE_OVERLAP) -> np.ndarray:
    """Per card box (N, 4): whether no other card box covers more than `overlap` of its area."""
    boxes = np.asarray(card_boxes, np.float64).reshape(-1, 4)
    if len(boxes) < 2:
        return np.ones(len(boxes), bool)
    low = np.maximum(boxes[:, None, :2], boxes[None, :, :2])
    high = np.minimum(boxes[:, None, 2:], boxes[None, :, 2:])
    shared = np.prod(np.clip(high - low, 0, None), axis=2)
    np.fill_diagonal(shared, 0)
    areas = np.maximum(np.prod(boxes[:, 2:] - boxes[:, :2], axis=1), 1.0)
    return (shared / areas[:, None]).max(axis=1) <= overlap


def near_a_corner(index_boxes: np.ndarray, card_boxes: np.ndarray, owners: np.ndarray,
                  reach: float = NEAR_CORNER) -> np.ndarray:
    """Per index: whether its centre lies within `reach` of its owner's shorter side from one
    of the owner's corners (False for an index without an owner)."""
    index_boxes = np.asarray(index_boxes, np.float64).reshape(-1, 4)
    owned = np.flatnonzero(owners >= 0)
    near = np.zeros(len(index_boxes), bool)
    if len(owned) == 0:
        return near
    boxes = np.asarray(card_boxes, np.float64).reshape(-1, 4)[owners[owned]]   # (K, 4)
    centres = (index_boxes[owned, :2] + index_boxes[owned, 2:]) / 2             # (K, 2)
    corners = boxes[:, [[0, 1], [2, 1], [2, 3], [0, 3]]]                        # (K, 4, 2)
    distances = np.linalg.norm(corners - centres[:, None], axis=2).min(axis=1)
    shorter = np.maximum((boxes[:, 2:] - boxes[:, :2]).min(axis=1), 1.0)
    near[owned] = distances <= reach * shorter
    return near


def card_evidence(card_log_probabilities: np.ndarray, whole: np.ndarray,
                  weight: float = CARD_WEIGHT) -> np.ndarray:
    """Per card box, what the card reader adds to an index's log-probabilities: `weight` times
    its log-likelihood ratio against 1/52 for each card, nothing for `none` or for a card box
    not seen whole."""
    evidence = weight * (card_log_probabilities + np.log(len(CARD_CODES)))
    evidence[:, NOT_AN_INDEX] = 0.0
    evidence[~whole] = 0.0
    return evidence


def weigh_indices(index_log_probabilities: np.ndarray, owners: np.ndarray, near: np.ndarray,
                  evidence: np.ndarray) -> np.ndarray:
    """The indices' log-probabilities with their whole card's evidence added (indices near a
    corner of a card box), made distributions again."""
    weighed = np.array(index_log_probabilities, copy=True)
    chosen = np.flatnonzero((owners >= 0) & near)
    if len(chosen):
        weighed[chosen] = log_softmax(weighed[chosen] + evidence[owners[chosen]])
    return weighed


def named_by_the_whole_card(card_log_probabilities: np.ndarray, whole: np.ndarray,
                            unnamed: np.ndarray, bar: float = CARD_ALONE
                            ) -> list[tuple[int, int, float]]:
    """(card box, class, probability) for each card box in `unnamed` seen whole that the card
    reader names at least `bar` surely."""
    named = []
    for number in unnamed:
        if not whole[number]:
            continue
        row = card_log_probabilities[number, :NOT_AN_INDEX]
        best = int(row.argmax())
        probability = float(np.exp(row[best]))
        if probability >= bar:
            named.append((int(number), best, probability))
    return named
