"""`CardDetector`: the trained model behind one small interface, loaded once.

The network finds two kinds of things: corner indices and whole face-up cards (class `card`).
A locating model (two classes, `index` and `card`, what `durak-table train` makes by default)
leaves the naming of each index to the `IndexReader`; an identity model (52 identity classes and
`card`) names them itself, and the reader, when present, reads them again. `detect` turns them
into each visible card once: the
indices inside a card box vote for its identity, an index outside every card box is a card on
its own (a fanned hand, an attack card mostly covered), and since a deck holds each card once,
only the strongest reading of an identity keeps it: another card box apart from it read so was
misread, and takes its indices' next reading when that is likely enough (NEXT_READING).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.card_opinion import (
    card_evidence,
    named_by_the_whole_card,
    near_a_corner,
    seen_whole,
    weigh_indices,
)
from vision.card_reader import DEFAULT_CARD_READER, load_card_reader
from vision.cardclasses import CARD_CODES, WHOLE_CARD_CLASS, deck_codes
from vision.detections import Detections
from vision.index_reader import (
    DEFAULT_READER,
    MODELS,
    NOT_AN_INDEX,
    READER_CLASSES,
    IndexReader,
    best_reading,
    next_reading,
)
from vision.locate_dataset import CARD_CLASS, INDEX_CLASS, LOCATE_NAMES
from vision.onnx_session import cpu_session

DEFAULT_MODEL = MODELS / "card-detector.onnx"
# The bars, chosen on the development photos and the held-out synthetic set (model card):
CONFIDENCE = 0.65             # a card box, and the reader's probability for a reading
INDEX_CONFIDENCE = 0.1        # the detector's index score before the reader looks
LOOSE_INDEX_CONFIDENCE = 0.2  # the same for an index outside every card box
SECOND_READING = 0.8          # a second identity inside one card box (a card under it)
NEXT_READING = 0.9            # a card misread as one held elsewhere: its next reading's bar
# With imgsz "auto" the frame is scaled so that the cards' median longer side is about this many
# pixels in the network's input (720p webcam game videos: indices found 58% at 58 px cards,
# 97.5% at 88 px), between these sizes; a frame with big cards stays at the smallest
AUTO_CARD_SIDE = 90
AUTO_SIZES = (640, 1280)
# ... and every this many frames in a row with no card found at a smaller size, the frame is
# looked at at the largest too: small cards on a busy cloth may be found only there
# (dummy-3p-seed70: 80 px cards on a dotted cloth, none found at 640 in the whole game)
AUTO_PROBE_EVERY = 8


@dataclass(frozen=True)
class CardOpinion:
    """The card reader's view of a frame's card boxes: which are seen whole, its
    log-probabilities for each (uniform where not whole), and what they add to an index's."""

    whole: np.ndarray
    log_probabilities: np.ndarray
    evidence: np.ndarray


@dataclass(frozen=True)
class RawDetections:
    """What the network saw, in frame pixels: boxes (N, 4), confidence (N,), class ids (N,),
    and for an index the reader named, its next reading (N,: class id, -1 for none) with that
    reading's probability should the deck rule out the first (`next_reading`)."""

    xyxy: np.ndarray
    confidence: np.ndarray
    class_id: np.ndarray
    next_id: np.ndarray | None = None
    next_confidence: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.next_id is None:
            object.__setattr__(self, "next_id", np.full(len(self.class_id), -1, int))
            object.__setattr__(self, "next_confidence", np.zeros(len(self.class_id), np.float32))

    def select(self, keep: np.ndarray) -> RawDetections:
        return RawDetections(self.xyxy[keep], self.confidence[keep], self.class_id[keep],
                             self.next_id[keep], self.next_confidence[keep])

    def plus(self, other: RawDetections) -> RawDetections:
        """These detections followed by `other`'s."""
        return RawDetections(np.concatenate([self.xyxy, other.xyxy]),
                             np.concatenate([self.confidence, other.confidence]),
                             np.concatenate([self.class_id, other.class_id]).astype(int),
                             np.concatenate([self.next_id, other.next_id]).astype(int),
                             np.concatenate([self.next_confidence, other.next_confidence]))


class CardDetector:
    """Loads an ONNX model once; `detect(frame_bgr)` returns `Detections`.

    With an `IndexReader`, the network only says where indices are (any identity, a lower bar)
    and the reader names each one from a full-resolution crop, or rejects it.
    """

    def __init__(self, session, imgsz: int | None = 640, confidence: float = CONFIDENCE,
                 iou: float = 0.5,
                 reader: IndexReader | None = None,
                 index_confidence: float = INDEX_CONFIDENCE,
                 loose_index_confidence: float = LOOSE_INDEX_CONFIDENCE,
                 card_reader: IndexReader | None = None) -> None:
        self.session = session
        self.input_name = session.get_inputs()[0].name
        self.auto_size = imgsz is None   # follow the cards' size (`sized_for`)
        self.cardless = 0   # frames in a row with no card found (auto size, below the largest)
        self.imgsz = AUTO_SIZES[0] if imgsz is None else imgsz
        self.confidence, self.iou = confidence, iou
        self.reader, self.index_confidence = reader, index_confidence
        self.card_reader = card_reader if reader is not None else None
        self.loose_index_confidence = loose_index_confidence
        self.second_reading = SECOND_READING
        self.deck: frozenset[str] | None = None   # the cards it may name; None: all 52

    def new_video(self) -> CardDetector:
        """Another video or camera follows: with the auto size, its first frame is sized
        afresh from the smallest size, as a new detector's is, so that a video's detections
        do not depend on the video read before it (evaluate-games reads many)."""
        if self.auto_size:
            self.imgsz, self.cardless = AUTO_SIZES[0], 0
        return self

    def limit_to_deck(self, size: int | None) -> CardDetector:
        """Name only the cards of a `size`-card deck (None: any card): the reader picks the
        likeliest card of the deck, and a card the deck lacks is never reported."""
        self.deck = None if size is None else deck_codes(size)
        for reader in (self.reader, self.card_reader):
            if reader is not None:
                reader.limit_to(self.deck)
        return self

    @classmethod
    def load(cls, path: Path | str = DEFAULT_MODEL, imgsz: int | None = None,
             confidence: float = CONFIDENCE,
             threads: int | None = None, reader: Path | str | None = DEFAULT_READER,
             index_confidence: float = INDEX_CONFIDENCE,
             loose_index_confidence: float = LOOSE_INDEX_CONFIDENCE,
             card_reader: Path | str | None = DEFAULT_CARD_READER) -> CardDetector:
        """The detector, with the index reader and the card reader when their model files
        exist (None: never)."""
        path = Path(path)
        if not path.exists():
            raise FileNotFoundError(f"no detector model at {path}; train one with "
                                    "`durak-table train` or pass --model")
        session = cpu_session(path, threads)
        index_reader = (IndexReader.load(reader, threads)
                        if reader is not None and Path(reader).exists() else None)
        if locates_only(session) and index_reader is None:
            raise FileNotFoundError(f"{path} only locates indices and needs the index reader "
                                    f"({reader or DEFAULT_READER}) to name them")
        whole_card_reader = (load_card_reader(card_reader, threads)
                             if card_reader is not None and Path(card_reader).exists()
                             else None)
        return cls(session, imgsz=imgsz, confidence=confidence, reader=index_reader,
                   index_confidence=index_confidence,
                   loose_index_confidence=loose_index_confidence,
                   card_reader=whole_card_reader)

    def preprocess(self, frame: np.ndarray) -> tuple[np.ndarray, float]:
        """Scale the longest side to imgsz and pad to a multiple of 32 (no square padding)."""
        height, width = frame.shape[:2]
        scale = self.imgsz / max(height, width)
        new_w, new_h = max(32, round(width * scale)), max(32, round(height * scale))
        resized = cv2.resize(frame, (new_w, new_h), interpolation=cv2.INTER_AREA
                             if scale < 1 else cv2.INTER_LINEAR)
        pad_w, pad_h = -new_w % 32, -new_h % 32
        padded = cv2.copyMakeBorder(resized, 0, pad_h, 0, pad_w, cv2.BORDER_CONSTANT,
                                    value=(114, 114, 114))
        blob = padded[:, :, ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255.0
        return np.ascontiguousarray(blob), scale

    def locate(self, frame: np.ndarray) -> tuple[RawDetections, RawDetections, np.ndarray]:
        """What the network found, in frame pixels: card boxes, index boxes (with the reader:
        any identity, class 0, those worth reading), and each index's card box (-1: none)."""
        blob, scale = self.preprocess(frame)
        output = self.session.run(None, {self.input_name: blob})[0][0].T  # (anchors, 4 + classes)
        height, width = frame.shape[:2]
        centre_wh = output[:, :4]
        xyxy = np.concatenate([centre_wh[:, :2] - centre_wh[:, 2:] / 2,
                               centre_wh[:, :2] + centre_wh[:, 2:] / 2], axis=1) / scale
        xyxy = np.clip(xyxy, 0, [width, height, width, height])
        if output.shape[1] == 4 + len(LOCATE_NAMES):
            identity = np.zeros(len(output), int)  # the reader names them
            identity_confidence = output[:, 4 + INDEX_CLASS]
            card_confidence = output[:, 4 + CARD_CLASS]
        else:
            identity_scores = output[:, 4:4 + WHOLE_CARD_CLASS]
            identity = identity_scores.argmax(axis=1)
            identity_confidence = identity_scores[np.arange(len(identity)), identity]
            card_confidence = output[:, 4 + WHOLE_CARD_CLASS]

        is_card = card_confidence >= self.confidence
        cards = RawDetections(xyxy[is_card], card_confidence[is_card],
                              np.full(int(is_card.sum()), WHOLE_CARD_CLASS))
        cards = cards.select(nms_per_class(cards.xyxy, cards.confidence, cards.class_id, self.iou))
        bar = self.index_confidence if self.reader else self.confidence
        is_index = identity_confidence >= bar
        indices = RawDetections(xyxy[is_index], identity_confidence[is_index], identity[is_index])
        if self.reader is None:
            indices = indices.select(nms_per_class(indices.xyxy, indices.confidence,
                                                   indices.class_id, self.iou))
            return cards, indices, owning_cards(indices.xyxy, cards.xyxy)
        # Where an index is matters here, not what the network thought it said.
        indices = indices.select(nms_per_class(indices.xyxy, indices.confidence,
                                               np.zeros(len(indices.xyxy), int), self.iou))
        # An index inside a card box is looked at on a faint hint; one outside every card
        # box would be a card seen by its index alone, so it must be plainly there.
        owners = owning_cards(indices.xyxy, cards.xyxy)
        keep = np.flatnonzero((owners >= 0) | (indices.confidence >= self.loose_index_confidence))
        return cards, indices.select(keep), owners[keep]

    def infer(self, frame: np.ndarray) -> RawDetections:
        cards, indices, owners = self.locate(frame)
        if self.reader is not None:
            indices = self.read_indices(frame, cards, indices, owners)
        return cards.plus(indices)

    def read_indices(self, frame: np.ndarray, cards: RawDetections, indices: RawDetections,
                     owners: np.ndarray) -> RawDetections:
        """The reader names each index box (the card reader's opinion of a card seen whole
        weighed in); the readings surer than the bar are kept, and a card box none names has
        its corners read, then, seen whole, the card reader's word alone if sure enough."""
        opinion = self.card_opinion(frame, cards)
        readings = self.reader.log_probabilities(frame, indices.xyxy)
        if opinion is not None:
            near = near_a_corner(indices.xyxy, cards.xyxy, owners)
            readings = weigh_indices(readings, owners, near, opinion.evidence)
        classes, probabilities = best_reading(readings)
        keep = np.flatnonzero((classes != NOT_AN_INDEX) & (probabilities >= self.confidence))
        named = RawDetections(indices.xyxy[keep], probabilities[keep], classes[keep],
                              *(part[keep] for part in next_reading(readings, classes)))
        named, owners = self.read_unnamed_corners(frame, cards, named, owners[keep], opinion)
        if opinion is None:
            return named
        unnamed = np.setdiff1d(np.arange(len(cards.xyxy)), owners)
        read_whole = named_by_the_whole_card(opinion.log_probabilities, opinion.whole, unnamed)
        if not read_whole:
            return named
        boxes, classes, probabilities = zip(*read_whole, strict=True)
        return named.plus(RawDetections(cards.xyxy[list(boxes)],
                                        np.array(probabilities, np.float32),
                                        np.array(classes, int)))

    def card_opinion(self, frame: np.ndarray, cards: RawDetections) -> CardOpinion | None:
        """The card reader's reading of every card box seen whole (None without one)."""
        if self.card_reader is None or len(cards.xyxy) == 0:
            return None
        whole = seen_whole(cards.xyxy)
        log_probabilities = np.full((len(whole), len(READER_CLASSES)), -np.log(len(CARD_CODES)),
                                    np.float32)
        if whole.any():
            log_probabilities[whole] = self.card_reader.log_probabilities(frame,
                                                                          cards.xyxy[whole])
        return CardOpinion(whole, log_probabilities,
                           card_evidence(log_probabilities, whole))

    def read_unnamed_corners(self, frame: np.ndarray, cards: RawDetections,
                             indices: RawDetections, owners: np.ndarray,
                             opinion: CardOpinion | None = None
                             ) -> tuple[RawDetections, np.ndarray]:
        """A card box that no index names (`owners`: each index's card box, -1 for none) gets
        its corners read where indices are printed; the surest reading, if the reader is sure
        enough, is added as that card's index. Returns the indices and their owners."""
        unnamed = np.setdiff1d(np.arange(len(cards.xyxy)), owners)
        if len(unnamed) == 0:
            return indices, owners
        candidates = np.concatenate([corner_candidates(cards.xyxy[n]) for n in unnamed])
        candidate_owners = np.repeat(unnamed, len(candidates) // len(unnamed))
        readings = self.reader.log_probabilities(frame, candidates)
        if opinion is not None:
            readings = weigh_indices(readings, candidate_owners,
                                     np.ones(len(candidates), bool), opinion.evidence)
        classes, probabilities = best_reading(readings)
        following, following_probabilities = next_reading(readings, classes)
        readable = np.where(classes != NOT_AN_INDEX, probabilities, 0.0).reshape(len(unnamed), -1)
        best = readable.argmax(axis=1) + np.arange(len(unnamed)) * readable.shape[1]
        found = best[readable.max(axis=1) >= self.confidence]
        if len(found) == 0:
            return indices, owners
        corner_readings = RawDetections(candidates[found], probabilities[found], classes[found],
                                        following[found], following_probabilities[found])
        return indices.plus(corner_readings), np.concatenate([owners, candidate_owners[found]])

    def sized_for(self, raw: RawDetections, frame: np.ndarray) -> int | None:
        """The network input size at which the cards found in `raw` would have the median
        longer side AUTO_CARD_SIDE (a multiple of 32 within AUTO_SIZES); None: no card found."""
        cards = raw.xyxy[raw.class_id == WHOLE_CARD_CLASS]
        if len(cards) == 0:
            return None
        side = float(np.median(np.maximum(cards[:, 2] - cards[:, 0], cards[:, 3] - cards[:, 1])))
        wanted = max(frame.shape[:2]) * AUTO_CARD_SIDE / max(side, 1.0)
        return int(np.clip(round(wanted / 32) * 32, *AUTO_SIZES))

    def _probe_due(self) -> bool:
        """Another frame with no card found at a size below the largest: the `AUTO_PROBE_EVERY`th
        in a row is looked at at the largest size too."""
        if self.imgsz >= AUTO_SIZES[1]:
            return False
        self.cardless += 1
        return self.cardless % AUTO_PROBE_EVERY == 0

    def detect(self, frame: np.ndarray) -> Detections:
        raw = self.infer(frame)
        if self.auto_size:
            # The size suits the cards seen last (a camera's frames: once, then kept); a
            # frame whose cards want another size by more than a fifth is looked at again
            wanted = self.sized_for(raw, frame)
            if wanted is None and self._probe_due():
                size, self.imgsz = self.imgsz, AUTO_SIZES[1]
                raw = self.infer(frame)
                wanted = self.sized_for(raw, frame)
                if wanted is None:
                    self.imgsz = size
            if wanted is not None:
                self.cardless = 0
            if wanted is not None and abs(wanted - self.imgsz) > 0.2 * self.imgsz:
                self.imgsz = wanted
                raw = self.infer(frame)
        detections = cards_from_raw(raw, self.second_reading)
        return detections if self.deck is None else detections.only(self.deck)


def locates_only(session) -> bool:
    """Whether the model finds indices without naming them (two classes, `index` and `card`)."""
    blob = np.zeros((1, 3, 32, 32), np.float32)
    return session.run(None, {session.get_inputs()[0].name: blob})[0].shape[1] == \
        4 + len(LOCATE_NAMES)


# Where a corner index is printed, relative to its card's box (measured on the synth labels: the
# index's centre lies about a tenth of the card's width and an eighth of its height in from
# a corner, its side about a quarter of the card's shorter side), at two scales.
CORNER_PLACES = ((0.10, 0.12, 0.24), (0.14, 0.17, 0.32))


def corner_candidates(card: np.ndarray) -> np.ndarray:
    """Boxes (8, 4) where a card box's indices would be: each corner at each CORNER_PLACES."""
    x1, y1, x2, y2 = (float(v) for v in card)
    width, height = x2 - x1, y2 - y1
    boxes = []
    for in_x, in_y, side in CORNER_PLACES:
        half = side * min(width, height) / 2
        for cx, cy in ((x1 + in_x * width, y1 + in_y * height),
                       (x2 - in_x * width, y1 + in_y * height),
                       (x2 - in_x * width, y2 - in_y * height),
                       (x1 + in_x * width, y2 - in_y * height)):
            boxes.append([cx - half, cy - half, cx + half, cy + half])
    return np.array(boxes, np.float32)


def nms_per_class(xyxy: np.ndarray, confidence: np.ndarray, class_id: np.ndarray,
                  iou: float) -> np.ndarray:
    if len(xyxy) == 0:
        return np.zeros(0, int)
    boxes = np.concatenate([xyxy[:, :2], xyxy[:, 2:] - xyxy[:, :2]], axis=1)
    kept = cv2.dnn.NMSBoxesBatched(boxes.tolist(), confidence.tolist(), class_id.tolist(),
                                   0.0, iou)
    return np.array(kept, int).reshape(-1)


def owning_cards(index_boxes: np.ndarray, card_boxes: np.ndarray) -> np.ndarray:
    """Per index box, the card box it lies in, or -1: the box holds the index's centre, and of
    those the one with a corner nearest the index (an index sits in its card's corner; a card
    lying over another holds the covered card's index nearer its middle)."""
    index_boxes = np.asarray(index_boxes, np.float64).reshape(-1, 4)
    card_boxes = np.asarray(card_boxes, np.float64).reshape(-1, 4)
    if len(index_boxes) == 0 or len(card_boxes) == 0:
        return np.full(len(index_boxes), -1, int)
    centres = (index_boxes[:, None, :2] + index_boxes[:, None, 2:]) / 2      # (N, 1, 2)
    margin = 0.05 * (card_boxes[:, 2:] - card_boxes[:, :2])                  # (M, 2)
    inside = (np.all(centres >= card_boxes[:, :2] - margin, axis=2)
              & np.all(centres <= card_boxes[:, 2:] + margin, axis=2))       # (N, M)
    corners = card_boxes[:, [[0, 1], [2, 1], [2, 3], [0, 3]]]                # (M, 4, 2)
    sizes = np.maximum(np.linalg.norm(card_boxes[:, 2:] - card_boxes[:, :2], axis=1), 1.0)
    distances = np.linalg.norm(centres[:, :, None, :] - corners[None], axis=3).min(axis=2)
    distances = np.where(inside, distances / sizes, np.inf)
    return np.where(inside.any(axis=1), distances.argmin(axis=1), -1)


PAIR_REACH = 0.35   # an index of a pair lies this far from its corner at most (shorter side)


def paired_owners(index_boxes: np.ndarray, classes: np.ndarray, card_boxes: np.ndarray,
                  owners: np.ndarray, reach: float = PAIR_REACH) -> np.ndarray:
    """`owners`, but two indices naming one card near opposite corners of a card box go to
    that box: a card's own pair, whatever box each lies nearest a corner of. A card laid
    across the edge of another puts its own index by that card's corner (round-3p-seed61: the
    8S on the 7C, its index at the 6D's corner; the 6D's own index at the 8S's corner)."""
    index_boxes = np.asarray(index_boxes, np.float64).reshape(-1, 4)
    owners = np.array(owners, int)
    centres = (index_boxes[:, :2] + index_boxes[:, 2:]) / 2
    for number, box in enumerate(np.asarray(card_boxes, np.float64).reshape(-1, 4)):
        corners = box[[[0, 1], [2, 1], [2, 3], [0, 3]]]                   # clockwise
        shorter = max(float(min(box[2] - box[0], box[3] - box[1])), 1.0)
        distances = np.linalg.norm(centres[:, None] - corners[None], axis=2)   # (N, 4)
        corner = np.where(distances.min(axis=1) <= reach * shorter, distances.argmin(axis=1), -1)
        for cls in set(classes[corner >= 0].tolist()):
            mine = np.flatnonzero((classes == cls) & (corner >= 0))
            paired = [n for n in mine if ((corner[mine] - corner[n]) % 4 == 2).any()]
            owners[paired] = number
    return owners


def owning_card(index_box: np.ndarray, card_boxes: np.ndarray) -> int | None:
    """`owning_cards` for one index box: its card box's number, or None."""
    owner = int(owning_cards(index_box, card_boxes)[0])
    return None if owner < 0 else owner


def cards_from_raw(raw: RawDetections, second_reading: float = SECOND_READING,
                   next_bar: float = NEXT_READING) -> Detections:
    """Each visible card once: identity from its indices, box from its whole-card detection."""
    is_card = raw.class_id == WHOLE_CARD_CLASS
    card_boxes = raw.xyxy[is_card]
    index = raw.select(~is_card)

    votes: dict[int, dict[int, list[int]]] = {}
    loose: list[int] = []
    owners = paired_owners(index.xyxy, index.class_id, card_boxes,
                           owning_cards(index.xyxy, card_boxes))
    for number, owner in enumerate(owners):
        if owner < 0:
            loose.append(number)
        else:
            votes.setdefault(int(owner), {}).setdefault(int(index.class_id[number]), []).append(
                number)

    readings: list[Reading] = []
    for owner, by_class in votes.items():
        # Two indices agreeing make a reading surer than either alone.
        scored = {cls: _together(index.confidence[numbers]) for cls, numbers in by_class.items()}
        ranked = sorted(scored, key=scored.get, reverse=True)
        # What it may be if the deck rules its reading out: its indices' next readings, and
        # what a lone index of it read otherwise
        instead = _next_readings(index, by_class[ranked[0]])
        for cls in ranked[1:]:
            if scored[cls] < second_reading:
                instead[CARD_CODES[cls]] = max(instead.get(CARD_CODES[cls], 0.0), scored[cls])
        readings.append(Reading(CARD_CODES[ranked[0]], card_boxes[owner], scored[ranked[0]],
                                instead))
        # Another identity read plainly in the same box is a card lying under this one (its
        # index shows inside the box of the card over it): a card of its own, not a misreading.
        loose += [max(by_class[cls], key=lambda n: index.confidence[n]) for cls in ranked[1:]
                  if scored[cls] >= second_reading]
    for number in loose:
        # a lone index read as a card held elsewhere is most often that card's own index seen
        # apart from its box, or no index at all: it is not named otherwise
        readings.append(Reading(CARD_CODES[int(index.class_id[number])], index.xyxy[number],
                                float(index.confidence[number]), {}))

    best: dict[str, Reading] = {}
    for reading in readings:
        if reading.code not in best or reading.confidence > best[reading.code].confidence:
            best[reading.code] = reading
    # A deck holds each card once: a card read as one a surer reading holds elsewhere (apart
    # from it: two boxes of one card touch) is misread, and named by its likeliest next reading
    # that no card holds, if that is likely enough (a spade read as its club while the club lies
    # in the middle of the table)
    beaten = [r for r in readings if best[r.code] is not r]
    for reading in sorted(beaten, key=lambda r: -max(r.instead.values(), default=0.0)):
        if _touch(reading.box, best[reading.code].box):
            continue
        free = [(p, code) for code, p in reading.instead.items()
                if code not in best and p >= next_bar]
        if free:
            probability, code = max(free)
            # as sure as the card that holds its first reading is that card
            best[code] = Reading(code, reading.box,
                                 probability * best[reading.code].confidence, {})
    if not best:
        return Detections.empty()
    codes = sorted(best, key=lambda c: -best[c].confidence)
    return Detections(np.array([best[c].box for c in codes]),
                      np.array([best[c].confidence for c in codes]), tuple(codes))


@dataclass(frozen=True)
class Reading:
    """A card as read from its box's indices (or a lone index): its name, box, how sure, and
    the names it may have instead with their probabilities should the deck rule it out."""

    code: str
    box: np.ndarray
    confidence: float
    instead: dict[str, float]


def _together(confidences: np.ndarray) -> float:
    """Indices reading the same name: how sure they are together."""
    return 1 - float(np.prod([1 - c for c in confidences]))


def _next_readings(index: RawDetections, numbers: list[int]) -> dict[str, float]:
    """These indices' next readings, each name with its indices' confidence together."""
    by_code: dict[str, list[float]] = {}
    for n in numbers:
        if index.next_id[n] >= 0:
            by_code.setdefault(CARD_CODES[int(index.next_id[n])], []).append(
                float(index.next_confidence[n]))
    return {code: _together(np.array(ps)) for code, ps in by_code.items()}


def _touch(box: np.ndarray, other: np.ndarray) -> bool:
    """Whether two boxes overlap or touch."""
    return bool(min(box[2], other[2]) >= max(box[0], other[0])
                and min(box[3], other[3]) >= max(box[1], other[1]))
