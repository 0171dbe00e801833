"""Scoring the detector: identity precision/recall on synthetic sets, recall/precision/rank
accuracy on real photos with rank-only whole-card labels. Pure functions over plain data."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from vision.cardclasses import CARD_CODES


@dataclass
class Tally:
    true_positive: int = 0
    false_positive: int = 0
    false_negative: int = 0

    @property
    def precision(self) -> float:
        found = self.true_positive + self.false_positive
        return self.true_positive / found if found else 1.0

    @property
    def recall(self) -> float:
        present = self.true_positive + self.false_negative
        return self.true_positive / present if present else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, other: Tally) -> None:
        self.true_positive += other.true_positive
        self.false_positive += other.false_positive
        self.false_negative += other.false_negative

    def as_dict(self) -> dict:
        return {"precision": round(self.precision, 4), "recall": round(self.recall, 4),
                "f1": round(self.f1, 4), "tp": self.true_positive, "fp": self.false_positive,
                "fn": self.false_negative}


@dataclass
class SyntheticTruth:
    """One synthetic image's truth: card code -> its visible index boxes, which are covered,
    and cards only partly readable (predicting them is neither right nor wrong)."""

    index_boxes: dict[str, list[np.ndarray]]
    covered: set[str] = field(default_factory=set)
    partly_visible: set[str] = field(default_factory=set)


def boxes_touch(a: np.ndarray, b: np.ndarray) -> bool:
    return bool(a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])


def names_a_visible_index(code: str, box: np.ndarray, truth: SyntheticTruth) -> bool:
    """A prediction is right when the card is there and its box touches one of its indices."""
    return code in truth.index_boxes and any(boxes_touch(box, b) for b in truth.index_boxes[code])


# Index sizes (the longer side of a card's largest visible index, in pixels) for recall by size.
INDEX_SIZE_BUCKETS = ((0, 12, "under 12 px"), (12, 16, "12-16 px"), (16, 24, "16-24 px"),
                      (24, float("inf"), "24 px and more"))


def index_size_bucket(boxes: list[np.ndarray]) -> str:
    """The INDEX_SIZE_BUCKETS name of a card's largest visible index (its longer side)."""
    side = max(max(b[2] - b[0], b[3] - b[1]) for b in boxes)
    return next(name for low, high, name in INDEX_SIZE_BUCKETS if low <= side < high)


def found_codes(predicted: list[tuple[str, np.ndarray]], truth: SyntheticTruth) -> set[str]:
    """The cards of the truth that a prediction names at one of their visible indices."""
    return {code for code, box in predicted if names_a_visible_index(code, box, truth)}


def recall_by_index_size(predicted: list[tuple[str, np.ndarray]], truth: SyntheticTruth,
                         tallies: dict[str, Tally]) -> None:
    """Adds one image's found (true positive) and missed (false negative) cards to the tally
    of their index size (INDEX_SIZE_BUCKETS)."""
    found = found_codes(predicted, truth)
    for code, boxes in truth.index_boxes.items():
        tally = tallies.setdefault(index_size_bucket(boxes), Tally())
        if code in found:
            tally.true_positive += 1
        else:
            tally.false_negative += 1


# Why a held-out card was missed, in the order they are told apart: the network found none of
# its visible indices; the reader, given their true boxes, names another card (or none); it names
# the card but less surely than the bar; it names it surely from a true box, and the card was
# lost after that (the network's looser box read otherwise, or the card's assembly).
MISS_CAUSES = ("not located", "misread", "read unsurely", "lost after reading")
LOCATED_IOU = 0.3   # an index box of the network this close to a true one found that index


def miss_cause(code: str, true_boxes: list[np.ndarray], located_boxes: np.ndarray,
               true_readings: list[tuple[str, float]], bar: float) -> str:
    """The cause (one of MISS_CAUSES) of a missed card, from its visible index boxes, the
    index boxes the network located, and the reader's (code, probability) for each true box."""
    if not any(iou(true, found) >= LOCATED_IOU for true in true_boxes for found in located_boxes):
        return MISS_CAUSES[0]
    right = [probability for read, probability in true_readings if read == code]
    if not right:
        return MISS_CAUSES[1]
    return MISS_CAUSES[2] if max(right) < bar else MISS_CAUSES[3]


def score_identities(predicted: list[tuple[str, np.ndarray]], truth: SyntheticTruth,
                     per_card: dict[str, Tally] | None = None) -> dict[str, Tally]:
    """Tallies for one image: a prediction is right when the card is there and its box touches
    one of that card's visible indices. Returns tallies for 'all' and 'covered'."""
    tallies = {"all": Tally(), "covered": Tally()}
    found: set[str] = set()
    for code, box in predicted:
        right = names_a_visible_index(code, box, truth)
        if right:
            found.add(code)
            tallies["all"].true_positive += 1
            if code in truth.covered:
                tallies["covered"].true_positive += 1
        elif code not in truth.partly_visible:
            tallies["all"].false_positive += 1
        if per_card is not None and (right or code not in truth.partly_visible):
            tally = per_card.setdefault(code, Tally())
            if right:
                tally.true_positive += 1
            else:
                tally.false_positive += 1
    for code in set(truth.index_boxes) - found:
        tallies["all"].false_negative += 1
        if code in truth.covered:
            tallies["covered"].false_negative += 1
        if per_card is not None:
            per_card.setdefault(code, Tally()).false_negative += 1
    return tallies


def synthetic_truth(label_lines: list[str], covered_flags: list[bool], partly_visible: list[str],
                    width: int, height: int) -> SyntheticTruth:
    """Read a YOLO label file of `durak-table synth` back into card-level truth."""
    boxes: dict[str, list[np.ndarray]] = {}
    covered: set[str] = set()
    for line, is_covered in zip(label_lines, covered_flags, strict=True):
        class_id, cx, cy, w, h = line.split()
        class_id = int(class_id)
        if class_id >= len(CARD_CODES):
            continue
        cx, cy, w, h = float(cx) * width, float(cy) * height, float(w) * width, float(h) * height
        code = CARD_CODES[class_id]
        boxes.setdefault(code, []).append(np.array([cx - w / 2, cy - h / 2, cx + w / 2,
                                                    cy + h / 2]))
        if is_covered:
            covered.add(code)
    return SyntheticTruth(boxes, covered, set(partly_visible) - set(boxes))


REALDEV_RANKS = ("A", "K", "Q", "J", "10", "9")


@dataclass
class RealScore:
    labels: int = 0
    predictions: int = 0
    matched: int = 0
    rank_right: int = 0
    confusions: Counter = field(default_factory=Counter)

    def as_dict(self) -> dict:
        return {"recall": round(self.matched / self.labels, 4) if self.labels else 1.0,
                "precision": round(self.matched / self.predictions, 4) if self.predictions
                else 1.0,
                "rank_accuracy": round(self.rank_right / self.matched, 4) if self.matched else 0.0,
                "labels": self.labels, "predictions": self.predictions, "matched": self.matched,
                "rank_right": self.rank_right,
                "confusions": {f"{t}->{p}": n for (t, p), n in self.confusions.most_common(10)}}


def iou(a: np.ndarray, b: np.ndarray) -> float:
    w = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = w * h
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def match_real(predicted: list[tuple[str, float, np.ndarray]],
               labels: list[tuple[str, np.ndarray]], score: RealScore) -> list[bool]:
    """Greedy by confidence: a prediction matches a labelled whole card when its box's centre
    lies in that card's box (an index-only reading is a small box inside the card); among
    several, the one it overlaps most. Returns, per label, whether it was found."""
    score.labels += len(labels)
    score.predictions += len(predicted)
    taken = [False] * len(labels)
    for code, _, box in sorted(predicted, key=lambda p: -p[1]):
        centre = (box[:2] + box[2:]) / 2
        candidates = [i for i, (_, label_box) in enumerate(labels) if not taken[i]
                      and np.all(centre >= label_box[:2]) and np.all(centre <= label_box[2:])]
        if not candidates:
            continue
        best = max(candidates, key=lambda i: iou(box, labels[i][1]))
        taken[best] = True
        score.matched += 1
        true_rank, predicted_rank = labels[best][0], code[:-1]
        if predicted_rank == true_rank:
            score.rank_right += 1
        else:
            score.confusions[(true_rank, predicted_rank)] += 1
    return taken
