"""Card tracking: turns per-frame detections into cards that lie on the table.

A deck holds each card once, so the card code *is* the track identity: no appearance matching,
no Hungarian assignment. What the tracker adds is time:
- a card counts as placed once it has been seen, resting, for `place_after` seconds (a card still
  moving in a hand is not placed);
- a placed card that is not seen is "hidden" (a hand over it) and only counts as gone after
  `gone_after` seconds, so occlusion never becomes an event;
- positions are smoothed (jitter) but a real move is followed once the card rests again;
- the same code seen in two far-apart places is a conflict: the reading near the card's known
  place wins, and the conflict is reported instead of believed;
- a placed card seen carried off (read moving away from its place, frame after frame) that then
  vanishes left the table: it counts as gone after `leave_after` instead of `gone_after` (a hand
  covering a card does not move it). A sweep is seen at once, not 3 s later;
- a placed card that went out of sight and is then read on its way in, to its place or a
  card's length away from it, was played again: a new card (`laid_again`), not the card moved;
- two codes read by turns at one place are one card read two ways (a look-alike flicker): the
  code read more surely (summed confidence) is the card, the other is not placed; how much the
  other weighed (`rival_share`) tells how doubtful the identity is;
- a table card's code read surely coming in elsewhere means the table card was misread: it is
  the look-alike read at its place (now, lately, or by turns before: `read_here_as`);
- a card brought in, lost from sight as the hand laid it, read again where it was last read,
  is that card (`lost_arrivals`), not a new one that never moved;
- what shows of a card lying under another is that card's, unless it is the index of a card
  read whole there (`_own_index_of_a_card_read_whole`) or the card left with its bout unseen
  (`swept`, told by the follower).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

import numpy as np

from vision.detections import Detections
from vision.table_reader import look_alikes, look_alikes_by_colour, overlap, rank_of


@dataclass(frozen=True)
class TrackerConfig:
    place_after: float = 0.22      # seconds resting before a card counts as placed
    min_rest_readings: int = 3     # ... and readings in that time
    slow_interval: float = 0.12    # s between frames above which the pipeline is slow (< ~8 fps)
    gone_after: float = 3.0        # seconds unseen before a placed card counts as gone
    forget_candidate_after: float = 0.5  # an unplaced card missing this long starts over
    min_confidence: float = 0.25   # readings below this are ignored as noise
    doubtful_confidence: float = 0.6  # a placed card whose mean confidence is lower is doubtful
    still_tolerance: float = 0.2   # distance (card sizes) from the smoothed place that is jitter
    relocate_after: float = 0.6    # a placed card read steadily elsewhere this long has moved
    # card sizes a second no hand moves a card: a lone first reading that far off was a stray
    teleport_speed: float = 30.0
    smoothing: float = 0.3         # weight of a new reading in the smoothed box
    home_distance: float = 0.5     # card sizes: a placed card read this near is where it was
    duplicate_distance: float = 1.0  # two readings of one code closer than this (card sizes)
    #                                  are one card read twice (e.g. both corners)
    leave_after: float = 0.4       # seconds unseen before a card seen carried off counts as gone
    same_place: float = 0.12       # card sizes: two codes read this close are one card's rivals
    carry_readings: int = 2        # ... seen moving away in at least this many readings in a row
    laid_again_after: float = 1.0  # a card unseen this long, then read on its way to its place,
    #                                was taken away and is laid there again: a new card
    index_share: float = 0.6       # a box this much smaller than a card's is its index alone
    sure_confidence: float = 0.9   # a reading this sure is the card, not a look-alike flicker
    away_readings: int = 3         # sure readings in a row of a table card's code away from it,
    #                                its place read as a look-alike: that card was misread
    home_lately: float = 1.0       # s: ... or its place read so surely this recently


RECENT_SECONDS = 3.0  # how long a track keeps its readings for weighing rival codes
LONE_WHOLE_CONFIDENCE = 0.8  # a lone whole-card reading at the frame's edge this sure: the card
FRAME_EDGE = 3.0  # px: a box this near the frame's edge is cut by it (a card coming into sight)
# Readings in a row whose mean tells how surely a card was read at best: a card read surely
# before a card laid on it covers all but its index is read less surely from then on
PEAK_READINGS = 10
# A card never seen moving, where a card placed before it was first read is still read this much
# (its confidence against the newcomer's since it came to rest), is that card read two ways: on
# the game videos 0.72-0.87 for a table card read as a look-alike, 0.10-0.48 for a card laid on
SAME_CARD_SHARE = 0.6
# Where in a card's box (share of its width, height in from the nearest edges) its own corner
# index lies, at least: on the game videos 86% of a card's own indices read inside its box lie
# there, 13% of the indices of the cards under it (those show at its edge)
OWN_CORNER = (0.09, 0.10)
# A code of a table card's rank read where that card lies, never seen coming, less surely than
# this on average, is that card's other suit (a flicker), not a card laid square on it: the
# flickers on the game videos read 0.65-0.82 (classic-3p-seed99's 10♣ as 10♠, cross-3p-seed101's
# 8♣ as 8♠)
OTHER_SUIT_FLICKER = 0.85
# s: a card brought in, unread as it was laid (a hand over it) and forgotten unplaced, read
# again where it was last read within this long is that card, not a new one never moved
LOST_FOR = 1.5
HIDDEN_JUST_BEFORE = 0.5  # s: a card out of sight since this long before a code was read inside it
INSIDE_SHARE = 0.9  # ... inside it: this much of the code's box lies in that card's box
PART_OF_CARD = 0.85  # ... and its box is at most this share of that card's box: part of it
TOGETHER_SINCE = 0.5  # s: two codes first read this close, both moving in: maybe one card
# How far into a card (share of its width and height) its corner index reaches
CORNER_SHARE = 0.25
SAME_INDEX = 0.8  # two codes' index boxes this much inside one another (of the smaller): one index


class TrackState(Enum):
    CANDIDATE = "candidate"  # seen, not yet resting long enough
    PLACED = "placed"        # on the table, seen recently
    HIDDEN = "hidden"        # on the table, not seen for a moment (covered)
    GONE = "gone"            # left the table


@dataclass
class CardTrack:
    card: str
    box: np.ndarray                 # smoothed xyxy
    first_box: np.ndarray           # where it was first seen: tells where it came in from
    first_seen: float
    last_seen: float
    rest_since: float               # start of the current resting stretch
    state: TrackState = TrackState.CANDIDATE
    placed_at: float | None = None
    placed_frame: int | None = None
    confidence_sum: float = 0.0
    readings: int = 0
    rest_readings: int = 0  # readings since the current resting stretch began
    placed_box: np.ndarray | None = None  # where it was placed (or last reported moved to)
    moved_from: np.ndarray | None = None  # ... and where it lay before its last reported move
    # the box when the current resting stretch began: a slow drift away from it is a move
    anchor: np.ndarray = field(default_factory=lambda: np.zeros(4, np.float32))
    relocation: np.ndarray | None = None  # a far reading that may be the card put elsewhere
    relocation_since: float = 0.0
    relocation_readings: int = 0  # ... read there so many times since then
    drifting: int = 0  # readings in a row farther than jitter from where the resting began
    carry_box: np.ndarray | None = None  # the last reading away from its place (being carried?)
    carry_time: float = 0.0   # ... when it was read
    carry_moved: float = 0.0  # the last reading that showed it moving
    carry_steps: int = 0  # readings in a row, each moved on from the last: a card carried off
    carry_from: np.ndarray | None = None  # ... the first of them
    rest_confidence: float = 0.0  # summed confidence of the readings since it came to rest
    recent: list[tuple[float, float]] = field(default_factory=list)  # (time, confidence) of
    #                                                      the readings of the last few seconds
    rivals: dict[str, float] = field(default_factory=dict)  # other codes read at its place
    #                                                          (summed confidence) when placed
    rival_share: float = 0.0  # ... their share of all that was read there
    together: set[str] = field(default_factory=set)  # codes read at its place in one frame
    #                                                  with it: other cards (a pile), not rivals
    away_sure: int = 0  # frames in a row its code was read surely only away from its place
    away_doubted: bool = False  # ... by a card coming in read as another look-alike of it too
    sliver_only: bool = True  # read so far only unsurely, by an index alone (no whole card)
    whole_at: float = -1.0    # when it was last read as a whole card, not an index alone
    whole_box: np.ndarray | None = None  # ... and where
    peak_mean: float = 0.0  # the highest mean confidence of `PEAK_READINGS` readings in a row
    read_here_as: dict[str, int] = field(default_factory=dict)  # look-alikes of its code read
    #                 where it lay (`same_place`) in frames it was not read itself: how often
    swept_off: bool = False  # out of sight, its bout gone from the table (`CardTracker.swept`)
    laid_again: bool = False  # a new track for a card that went out of sight and was brought
    #                           back in, to its place (`CardTracker._laid_again`) or elsewhere
    #                           (`_brought_back_elsewhere`): a new try

    def rest_again(self, time: float, box: np.ndarray) -> None:
        """A new resting stretch begins, at `box`: what was read before it no longer counts."""
        self.rest_since, self.rest_readings, self.rest_confidence = time, 0, 0.0
        self.box, self.anchor = box.copy(), box.copy()

    def share_of(self, rivals: dict[str, float]) -> float:
        """The share of `rivals` (codes read at its place, by summed confidence) in all that
        was read there since it came to rest (`rival_share`)."""
        other = sum(rivals.values())
        return other / max(other + self.rest_confidence, 1e-9)

    @property
    def center(self) -> np.ndarray:
        return np.array([(self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2])

    @property
    def last_sighting(self) -> float:
        """When it was last read, where it lay or carried off."""
        return max(self.last_seen, self.carry_time)

    @property
    def first_center(self) -> np.ndarray:
        """Where it was first read: where it came in from."""
        return box_center(self.first_box)

    @property
    def size(self) -> float:
        return float(max(self.box[2] - self.box[0], self.box[3] - self.box[1], 1.0))

    @property
    def confidence(self) -> float:
        return self.confidence_sum / max(self.readings, 1)

    @property
    def best_mean_confidence(self) -> float:
        """`confidence`, or the mean confidence since it came to rest where that is higher (a
        card on its way in is read blurred and at a slant, less surely) and it has been read
        resting twice at least."""
        if self.rest_readings < 2:
            return self.confidence
        return max(self.confidence, self.rest_confidence / self.rest_readings)

    @property
    def on_table(self) -> bool:
        return self.state in (TrackState.PLACED, TrackState.HIDDEN)


@dataclass(frozen=True)
class CardConflict:
    """One card code read in two places at once: at most one of them is real."""

    card: str
    boxes: tuple[tuple[float, ...], ...]


@dataclass
class TrackerUpdate:
    """What changed in one frame."""

    frame: int
    time: float
    placed: list[CardTrack] = field(default_factory=list)   # newly placed, in order of placing
    moved: list[CardTrack] = field(default_factory=list)    # placed cards now resting elsewhere
    gone: list[CardTrack] = field(default_factory=list)     # left the table
    conflicts: list[CardConflict] = field(default_factory=list)
    misread: list[tuple[str, str]] = field(default_factory=list)  # (old, new): a table card
    #                                  tracked as `old` is `new`; `old` is a new card elsewhere
    arriving: list[CardTrack] = field(default_factory=list)  # read, not yet placed (moving in)
    unplaced: list[CardTrack] = field(default_factory=list)  # ... and those unread this frame

    def __bool__(self) -> bool:
        return bool(self.placed or self.moved or self.gone or self.conflicts or self.misread)


def box_center(box: np.ndarray) -> np.ndarray:
    return np.array([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2])


def _box_size(box: np.ndarray) -> float:
    return float(max(box[2] - box[0], box[3] - box[1], 1.0))


def box_area(box: np.ndarray) -> float:
    return float(max(box[2] - box[0], 0.0) * max(box[3] - box[1], 0.0))


def box_holds(box: np.ndarray, point: np.ndarray) -> bool:
    """`point` lies within `box` (its edges included)."""
    return bool(box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3])


def _across(box: np.ndarray, card: np.ndarray) -> tuple[float, float]:
    """Where `box`'s centre lies in `card`: shares of its width and height from its top left."""
    x1, y1, x2, y2 = card
    centre = box_center(box)
    return (float((centre[0] - x1) / max(x2 - x1, 1.0)),
            float((centre[1] - y1) / max(y2 - y1, 1.0)))


def _at_a_corner(box: np.ndarray, card: np.ndarray) -> bool:
    """`box`'s centre lies in a corner of `card` where an index is printed (top left or bottom
    right, within `CORNER_SHARE` of its width and height)."""
    across = _across(box, card)
    return max(across) <= CORNER_SHARE or min(across) >= 1 - CORNER_SHARE


def _distance(box: np.ndarray, other: np.ndarray, size: float | None = None) -> float:
    """Between the centres, in sizes of the first box (or in `size` pixels)."""
    return float(np.linalg.norm(box_center(box) - box_center(other))
                 / (_box_size(box) if size is None else size))


class CardTracker:
    """`update(frame, time, detections) -> TrackerUpdate`; `tracks` holds every card seen."""

    def __init__(self, config: TrackerConfig | None = None,
                 frame_size: tuple[int, int] | None = None) -> None:
        self.config = config or TrackerConfig()
        self.frame_size = frame_size   # (width, height): where cards come into sight
        self.tracks: dict[str, CardTrack] = {}
        self.aliases: dict[str, str] = {}  # a code read for another card at that card's place
        # code -> (card, where): a code read there is that card's index misread
        self.misread_spots: dict[str, tuple[str, np.ndarray]] = {}
        self.misread_at_rest: dict[str, str] = {}  # ... read so as it came to rest (unsure)
        self.lost_arrivals: dict[str, CardTrack] = {}  # cards brought in, forgotten unplaced
        self._last_time: float | None = None
        self._frame_interval = 1 / 30  # seconds between updates, smoothed: how fast we are fed
        self._intervals_seen = 0
        self._card_size = 0.0  # the size of a whole card on the table, from those placed

    @property
    def _forget_after(self) -> float:
        """How long an unplaced card may go unseen: longer when frames come slowly, so two
        missed frames do not make it start over."""
        return max(self.config.forget_candidate_after, 4 * self._frame_interval)

    def on_table(self) -> list[CardTrack]:
        """Placed and hidden cards, in the order they were placed."""
        cards = [t for t in self.tracks.values() if t.on_table]
        return sorted(cards, key=lambda t: (t.placed_at or 0.0, t.placed_frame or 0))

    def forget(self, card: str) -> None:
        """The card is no longer where it was seen (taken back out of sight): read again, it is
        a new card on its way in."""
        self.tracks.pop(card, None)

    def swept(self, card: str) -> None:
        """The card, out of sight, left the table with its bout (the follower saw the rest go):
        nothing read where it lay is its corner showing under a card laid there next
        (`_covered_under`). Read there again, it never left."""
        track = self.tracks.get(card)
        if track is not None and track.state is TrackState.HIDDEN:
            track.swept_off = True

    def rename(self, old: str, new: str) -> None:
        """The card tracked as `old` is really `new` (the players said so): later readings of
        `old` at its place are rivals it outweighs, not a second card."""
        track = self.tracks.get(old)
        if track is None or (new in self.tracks and self.tracks[new].on_table):
            return  # (a `new` read now and then, not placed, was this card's flicker)
        del self.tracks[old]
        track.card = new
        self.tracks[new] = track
        self.aliases[old] = new

    def misread_where(self, code: str, card: str | None) -> None:
        """`code` read where `card` lies (or lay, unseen since) is `card` misread (the turned
        trump's index, small and sideways by the stock): read there from now on, it is a
        reading of `card`, and a track of `code` lying there goes (read elsewhere, `code` is a
        card of its own)."""
        lying = self.tracks.get(card or "")
        if lying is None:
            return
        self.misread_spots[code] = (lying.card, lying.box.copy())
        track = self.tracks.get(code)
        if track is not None \
                and self._distance_from(track.box, lying.box) <= self.config.home_distance:
            del self.tracks[code]

    def forget_misread_spots(self) -> None:
        """A new game: the codes read where its trump lay (`misread_where`) are cards again."""
        self.misread_spots.clear()

    def swap(self, one: str, other: str) -> None:
        """The cards tracked as `one` and `other` are each the other (the players said so):
        each code read at the other's place is a reading of that card."""
        first, second = self.tracks.get(one), self.tracks.get(other)
        if first is None or second is None:
            return
        first.card, second.card = other, one
        self.tracks[one], self.tracks[other] = second, first
        self.aliases[one], self.aliases[other] = other, one

    def _read_by_turns_as(self, track: CardTrack, box: np.ndarray,
                          time: float) -> CardTrack | None:
        """A look-alike of a card coming in, read on its way in since the card's last reading
        and before `box`, its new one: not placed, read just now (within 2.5 frames), as far
        from `box` as a hand moves a card meanwhile (a 7C brought in read 7S, 7C, 7S, 7S, 7C)."""
        interval = 2.5 * self._frame_interval
        return next((other for other in (self.tracks.get(c) for c in look_alikes(track.card))
                     if other is not None and other.state is TrackState.CANDIDATE
                     and track.last_seen < other.last_seen and time - other.last_seen <= interval
                     and _distance(box, other.box)
                     <= self.config.teleport_speed * max(time - other.last_seen, 1e-3)), None)

    def _alias(self, card: str, box: np.ndarray) -> str:
        """A renamed card's old code read at its place is a reading of it, unless a card of
        that code is coming in there itself (`_coming_in_itself`); so is a code read where a
        card's index was read as it (`misread_where`)."""
        spot = self.misread_spots.get(card)
        if spot is not None and self._distance_from(box, spot[1]) <= self.config.home_distance:
            return spot[0]
        track = self._lying_at(self.aliases.get(card), box)
        return card if track is None or self._coming_in_itself(card, box, track) \
            else track.card

    def _coming_in_itself(self, card: str, box: np.ndarray, lying: CardTrack) -> bool:
        """A track of `card`, first read away from where `lying` (renamed from `card`) lies,
        still on its way and last read within a card of `box`, or come to rest and lying
        nearer `box` than `lying` does: the real card of that code, carried in (cross-
        2p-seed47: a 7♣ lead read 8♣ was renamed 7♣ on the players' word; the real 8♣ beating
        it was then read as the 7♣ once it came near, never told, and the 7♣'s corner under it,
        read A♣, was told as the defence)."""
        own = self.tracks.get(card)
        if own is None or own.state is TrackState.GONE \
                or self._distance_from(own.first_box, lying.box) <= self.config.home_distance:
            return False
        if own.state is TrackState.CANDIDATE:   # on its way: where it goes on from
            return self._distance_from(box, own.box) <= self.config.duplicate_distance
        # lying beside it: the reading is the one it lies nearer
        return self._distance_from(box, own.box) < self._distance_from(box, lying.box)

    def _lying_at(self, card: str | None, box: np.ndarray) -> CardTrack | None:
        """Table card `card`, if a reading at `box` is where it lies (`home_distance`)."""
        track = self.tracks.get(card or "")
        if track is not None and track.on_table \
                and self._distance_from(box, track.box) <= self.config.home_distance:
            return track
        return None

    def update(self, frame: int, time: float, detections: Detections) -> TrackerUpdate:
        if self._last_time is not None and time > self._last_time:
            step = time - self._last_time
            self._frame_interval = step if self._intervals_seen == 0 else \
                0.8 * self._frame_interval + 0.2 * step
            self._intervals_seen += 1
        self._last_time = time
        update = TrackerUpdate(frame, time)
        readings = self._pick_readings(detections, update)
        for card, (box, confidence) in readings.items():
            self._observe(card, box, confidence, frame, time, update)
        self._note_read_together(readings)
        self._note_read_here_as(readings)
        for card, track in list(self.tracks.items()):
            if card not in readings:
                self._miss(track, time, update)
        update.placed.sort(key=lambda t: t.rest_since)
        update.arriving = [self.tracks[card] for card in readings if card in self.tracks
                           and self.tracks[card].state is TrackState.CANDIDATE]
        update.unplaced = [t for t in self.tracks.values() if t.state is TrackState.CANDIDATE]
        return update

    # -- one reading per card code ------------------------------------------------------------

    def _pick_readings(self, detections: Detections,
                       update: TrackerUpdate) -> dict[str, tuple[np.ndarray, float]]:
        """The one reading of each code this frame; far-apart doubles become conflicts."""
        config = self.config
        by_card: dict[str, list[int]] = {}
        for i, (card, confidence) in enumerate(zip(detections.cards, detections.confidence,
                                                   strict=True)):
            if confidence >= config.min_confidence:
                by_card.setdefault(self._alias(card, detections.xyxy[i]), []).append(i)
        self._split_misreadings(by_card, detections)
        self._one_index_read_twice(by_card, detections)
        self._find_misread_in_place(by_card, detections, update)
        self._corners_of_covered(by_card, detections)
        self._arrival_read_as_known(by_card, detections)
        self._lying_card_misread(by_card, detections)
        readings: dict[str, tuple[np.ndarray, float]] = {}
        for card, indices in by_card.items():
            boxes = detections.xyxy[indices]
            confidences = detections.confidence[indices]
            track = self.tracks.get(card)
            if track is not None and track.state is not TrackState.GONE:
                anchor = track.box
            else:
                anchor = boxes[int(np.argmax(confidences))]
            distances = [self._distance_from(b, anchor) for b in boxes]
            near = [d <= config.duplicate_distance for d in distances]
            if not all(near):
                update.conflicts.append(CardConflict(card, tuple(tuple(map(float, b))
                                                                 for b in boxes)))
            if track is not None and track.on_table:
                # a card lying on the table is where it lies: a reading away from there (a
                # misread of another card, a stray) moves it only when it stays put a while
                home = [i for i, d in enumerate(distances) if d <= config.home_distance]
                if home:
                    track.relocation = None
                    chosen = home
                    if self._laid_again(track):
                        self.tracks[card] = self._coming_in(track)
                else:
                    away = min(range(len(boxes)), key=lambda i: distances[i])
                    lying = self._look_alike_lying_at(card, boxes[away])
                    if lying is not None:   # that card misread: seen where it lies
                        if lying.card not in by_card:
                            readings[lying.card] = (boxes[away].astype(np.float32),
                                                    float(confidences[away]))
                        continue
                    self._follow_carry(track, boxes[away], update.time)
                    relocated = self._relocated(track, boxes[away], update.time)
                    since = self._brought_back_elsewhere(track, boxes[away], update.time)
                    if since is not None:
                        self.tracks[card] = self._laid_elsewhere(track, boxes[away], since)
                    elif not relocated:
                        continue
                    chosen = [away]
            else:
                chosen = [i for i, ok in enumerate(near) if ok] or [int(np.argmin(distances))]
            best = max(chosen, key=lambda i: confidences[i])
            readings[card] = (boxes[best].astype(np.float32), float(confidences[best]))
        return readings

    def _split_misreadings(self, by_card: dict[str, list[int]], detections: Detections) -> None:
        """A deck holds each card once: a code read surely where its card is known to be and,
        unsurely, far from there is another card misread as a look-alike. That reading is
        given to a look-alike that is not on the table (the one already read there, if any),
        so it becomes a card of its own whose doubtful name the players are asked about,
        rather than a conflict that loses the card."""
        doubtful = self.config.doubtful_confidence
        for card in [c for c, indices in by_card.items() if len(indices) > 1]:
            track = self.tracks.get(card)
            if track is None or track.state is TrackState.GONE \
                    or track.confidence < doubtful:
                continue
            indices = by_card[card]
            far = [i for i in indices if _distance(detections.xyxy[i], track.box)
                   > self.config.duplicate_distance and detections.confidence[i] < doubtful]
            if len(far) == len(indices):
                continue  # the card itself is not read where it lies
            for i in far:
                other = self._look_alike_for(card, detections.xyxy[i], by_card)
                if other is not None:
                    by_card[card].remove(i)
                    by_card.setdefault(other, []).append(i)

    def _one_index_read_twice(self, by_card: dict[str, list[int]],
                              detections: Detections) -> None:
        """Two look-alike codes read this frame each at an index alone (`index_share` of a
        card's size), one box nearly inside the other (`SAME_INDEX` of the smaller): one index
        read two ways, not two cards (a card laid on another shows its index elsewhere). The
        code of a card on the table keeps the reading; if both or neither are, the surer one
        (classic-3p-seed76: Vera's Q♦ on the 10♥ read Q♦ and Q♥ at its one index, every frame;
        the Q♥ was placed as Boris's throw-in and the bout went astray, 21 false fouls)."""
        if not self._card_size:
            return
        small = self.config.index_share * self._card_size
        readings = [(card, i) for card, indices in by_card.items() for i in indices
                    if _box_size(detections.xyxy[i]) < small]
        for card, i in readings:
            for other, j in readings:
                if other == card or other not in look_alikes(card) \
                        or i not in by_card.get(card, ()) or j not in by_card.get(other, ()) \
                        or overlap(detections.xyxy[i], detections.xyxy[j]) < SAME_INDEX:
                    continue
                lying = [(track := self.tracks.get(code)) is not None and track.on_table
                         for code in (card, other)]
                keep = card if lying == [True, False] or lying[0] == lying[1] and \
                    detections.confidence[i] >= detections.confidence[j] else other
                drop, index = (other, j) if keep == card else (card, i)
                by_card[drop].remove(index)
                if not by_card[drop]:
                    del by_card[drop]

    def _find_misread_in_place(self, by_card: dict[str, list[int]], detections: Detections,
                               update: TrackerUpdate) -> None:
        """A deck holds each card once: a table card's code read surely, frames in a row, only
        away from where it lies (a card coming in), while its place reads a look-alike that is
        not on the table and has not moved, was misread when it was placed: it is that
        look-alike (renamed, and `update.misread` says so), and the code's readings are a new
        card. Read as a whole card, not an index alone (a covered card's corner)."""
        config = self.config
        for card, indices in list(by_card.items()):
            track = self.tracks.get(card)
            if track is None or not track.on_table:
                continue
            boxes = detections.xyxy[indices]
            # (beside a covered card, clear of it, is away: it cannot have left from under)
            covered_as = self._covered_where_it_lies(track)
            near = any(self._distance_from(b, track.box) <= config.duplicate_distance
                       and not (covered_as and overlap(b, track.box) == 0.0) for b in boxes)
            index_alone = any(_box_size(b) < config.index_share * track.size for b in boxes)
            if near or index_alone or not self._sure(max(detections.confidence[indices])) \
                    or self._going_away(track, boxes):
                track.away_sure = 0   # (an index alone: a corner of a card under another)
                track.away_doubted = False
                continue
            track.away_sure += 1
            at_home = [other for other in look_alikes(card) if other in by_card
                       and any(self._distance_from(b, track.box) <= config.home_distance
                               for b in detections.xyxy[by_card[other]])]
            track.away_doubted = track.away_doubted or self._read_as_another_coming_in(
                [other for other in look_alikes(card) if other not in at_home], boxes,
                update.time)
            if track.away_sure < config.away_readings or track.away_doubted:
                continue
            here = next((other for other in at_home if self._lying_still(other)
                         or self._rested_here_since(other, track)), None)
            if here is None:
                here = self._read_at_home_lately(track, update.time)
            if here is None:
                here = covered_as
            if here is None:
                here = self._read_here_before(track)
            if here is None:
                continue
            self.rename(card, here)
            track.away_sure, track.relocation, track.carry_box, track.carry_steps = 0, None, None, 0
            update.misread.append((card, here))

    def _read_as_another_coming_in(self, others: list[str], boxes: np.ndarray,
                                   time: float) -> bool:
        """The card coming in, read as a table card's code (at `boxes`), was read where it
        came as one of `others` too (look-alikes of that code not read at the table card's
        place), within `TOGETHER_SINCE`: maybe that card misread as the code. The deck holds
        each card once, but this arrival does not show which card lies there (`away_doubted`;
        classic-2p-seed89: the trump Q♠, read Q♠ at 1.00 since the deal, its place read Q♣ at
        0.88 while Boris's Q♦ lead came in read Q♠ and once Q♦: the trump was renamed Q♣, and
        clubs taken for trumps all game)."""
        return any(other is not None and not other.on_table
                   and time - other.last_seen <= TOGETHER_SINCE
                   and any(_distance(other.box, box) <= self.config.duplicate_distance
                           for box in boxes)
                   for other in (self.tracks.get(alike) for alike in others))

    def _rested_here_since(self, card: str, track: CardTrack) -> bool:
        """`card`, not on the table, has rested where `track` lies (`home_distance`) for every
        reading since the table card's code began to be read away from there: the two names
        swapped places in one frame (the detector gives each code once: a Q♣ read Q♠ gets its
        own name back as the real Q♠ comes in), not a card coming in, which moves from its
        first reading on. That card may have had one reading elsewhere before, no more (the Q♠
        coming in read Q♣ a frame before the swap; transfer-2p-seed64: Boris's Q♣ lead read Q♠
        for a second, Anna's Q♠ transfer taken for the Q♣ laid on it, a false G8)."""
        other = self.tracks.get(card)
        return other is not None and not other.on_table \
            and other.readings - other.rest_readings <= 1 \
            and other.rest_readings + 1 >= track.away_sure \
            and self._distance_from(other.anchor, track.box) <= self.config.home_distance

    def _going_away(self, track: CardTrack, boxes: np.ndarray) -> bool:
        """Each reading is farther from where the card lies than its last one away from there
        (`carry_box`), by a quarter of a card at least (not the jitter of a card resting
        elsewhere): the card itself carried off, not another coming in (transfer-3p-seed46:
        a K♠ taken back, read on its way out while its place showed a Q♠ index, was renamed
        Q♠, and the K♠ laid again later was ignored as the refused card)."""
        if track.carry_box is None:
            return False
        last = self._distance_from(track.carry_box, track.box)
        return all(self._distance_from(b, track.box) > last + 0.25 for b in boxes)

    def _arrival_read_as_known(self, by_card: dict[str, list[int]],
                               detections: Detections) -> None:
        """A card brought in that, come to rest, is no longer read, while just there from the
        next frame on another code is read, is that card misread at rest, when the code (a deck
        holds each card once) left the table before (gone: taken, or covered in a pile) and was
        not seen coming back (a 7C laid on a pile read as the 8C under it), or was never seen
        and is read unsurely, less surely than the card was coming in, within a card of where
        it was last read (the card went on to rest there: a QS read 0.9 coming in and 0.7 as a
        10S at rest). Those readings are the card's, and so are that code's later readings at
        its place while no card of that code is tracked (one brought in is read on its way
        there, and then is a card of its own: `misread_at_rest`)."""
        for card, indices in list(by_card.items()):
            known = self.tracks.get(card)
            gone = known is not None and known.state is TrackState.GONE
            if len(indices) != 1 or not (gone or known is None):
                continue
            box, confidence = detections.xyxy[indices[0]], float(detections.confidence[indices[0]])
            arrival = self._came_to_rest_as(card, box, confidence, gone, by_card)
            if arrival is not None:
                del by_card[card]
                by_card.setdefault(arrival.card, []).extend(indices)
                self.misread_at_rest[card] = arrival.card

    def _lying_card_misread(self, by_card: dict[str, list[int]],
                            detections: Detections) -> None:
        """A card on its way in read, in a step back against its way in, exactly where a table
        card lies (`same_place`) that is not read this frame: that card misread as the newcomer,
        not the newcomer laid on it (a card carried onto a pile goes on the way it came). The
        reading is the table card's (round-2p-seed49: an A♣ drawn onto a 9♣ was read once in
        the 10♦ beside it, where from then on only its far corner showed, and was told as
        beating the 10♦, a G4 foul, and seven false fouls after it)."""
        config = self.config
        for card, indices in list(by_card.items()):
            track = self.tracks.get(card)
            if len(indices) != 1 or track is None or track.state is not TrackState.CANDIDATE \
                    or self._never_moved(track):
                continue
            box = detections.xyxy[indices[0]]
            if not self._doubled_back(track, box):
                continue
            lying = next((t for t in self.tracks.values()
                          if t.on_table and t.card not in by_card
                          and min(_distance(box, place) for place in self._places_of(t))
                          <= config.same_place), None)
            if lying is not None:
                del by_card[card]
                by_card[lying.card] = indices

    def _doubled_back(self, track: CardTrack, box: np.ndarray) -> bool:
        """`box` lies more than half a card (`home_distance`) from the track's last reading, a
        whole card, back against the way the card came in (from its first reading to its
        last). (Not from an index alone, whose centre is the card's corner, nor a step a hand
        makes as it lays the card down.)"""
        way = box_center(track.box) - box_center(track.first_box)
        step = box_center(box) - box_center(track.box)
        return self._leap(box, track) > self.config.home_distance \
            and not self._index_alone(track.box, track) and float(np.dot(way, step)) < 0

    @staticmethod
    def _places_of(track: CardTrack) -> list[np.ndarray]:
        """Where a table card lies: its smoothed box, and where it was placed (a hand passing
        over it drags the smoothed box a little)."""
        return [track.box] + ([track.placed_box] if track.placed_box is not None else [])

    def _came_to_rest_as(self, card: str, box: np.ndarray, confidence: float, gone: bool,
                         by_card: dict[str, list[int]]) -> CardTrack | None:
        """The card whose misreading at rest a reading of `card` at `box` is: the one it was
        found to be before, lying there (however surely read); else a card just brought in,
        not read this frame, last read moving just there (`same_place`; for a code never seen,
        within a card, the reading unsure and less sure than the card's)."""
        config = self.config
        before = self._lying_at(self.misread_at_rest.get(card), box)
        if before is not None:
            return before
        near = config.same_place if gone else config.duplicate_distance
        return next((t for t in self.tracks.values()
                     if t.state is TrackState.CANDIDATE and t.card not in by_card
                     and not self._never_moved(t)
                     and self._last_time - t.last_seen <= 2.5 * self._frame_interval
                     and _distance(t.box, box) <= near
                     and (gone or not self._sure(confidence) and t.confidence > confidence)),
                    None)

    def _corners_of_covered(self, by_card: dict[str, list[int]], detections: Detections) -> None:
        """A covered card's corner showing beside the card on it is read by its index alone, cut
        short, and now and then as some other code. Such a reading, unsure, of a code not on
        the table nor coming in (a card brought in is read whole as it moves), is that card's
        (`_covered_under`); so is a sure one in the card's corner where its index is printed,
        unless it names the card's look-alike (which may show the card was misread): an index
        misread as another rank (classic-3p-seed50: a Q♠'s corner read 10♠ at 0.9, under the
        10♣ beating it, was told as a throw-in nobody made, and the game went wrong from
        there: 5 false fouls)."""
        for card, indices in list(by_card.items()):
            track = self.tracks.get(card)
            if track is not None and track.state is TrackState.GONE:
                track = None
            if track is not None and (track.on_table or not self._never_moved(track)):
                continue
            for i in list(indices):
                box = detections.xyxy[i]
                covered = self._covered_under(box, track, by_card)
                if covered is not None \
                        and not self._own_index_of_a_card_read_whole(track, box,
                                                                     detections.confidence[i]) \
                        and (not self._sure(detections.confidence[i])
                        or _at_a_corner(box, covered.box)
                        and card not in look_alikes(covered.card)):
                    indices.remove(i)
                    by_card.setdefault(covered.card, []).append(i)
            if not indices:
                del by_card[card]

    def _own_index_of_a_card_read_whole(self, track: CardTrack | None, box: np.ndarray,
                                        confidence: float) -> bool:
        """`box`, read surely, is an index in a corner of where `track`'s card was last read
        whole, surely: that card's own index with the rest of it under a hand, not the corner
        of a card under it (cross-3p-seed111: Vera's J♣ lead, laid where the last bout's 9♥
        had lain and read whole three times there, then only by its own index for half a
        second; its index was taken for the 9♥'s, which the camera still had lying hidden
        after the bout was swept off, and the lead was never told: nine false fouls after)."""
        return track is not None and track.whole_box is not None \
            and self._sure(confidence) and self._sure(track.confidence) \
            and self._index_inside(box, track.whole_box) and _at_a_corner(box, track.whole_box)

    def _covered_under(self, box: np.ndarray, track: CardTrack | None,
                       by_card: dict[str, list[int]]) -> CardTrack | None:
        """The one table card whose box holds the index box `box`, if it is not read this frame
        (covered) and holds the reading's track, if any, too (its earlier readings there). Not
        a card read this frame: the index may be the corner of any card of a pile under it."""
        holders = [t for t in self.tracks.values()
                   if t.on_table and not t.swept_off and box_holds(t.box, box_center(box))]
        if len(holders) != 1:
            return None
        covered = holders[0]
        if covered.card in by_card or not self._index_inside(box, covered.box):
            return None
        if track is not None and not box_holds(covered.box, box_center(track.box)):
            return None  # (a stray reading of the code elsewhere may be its first)
        return covered

    def _read_at_home_lately(self, track: CardTrack, time: float) -> str | None:
        """A look-alike read surely where the table card lies within `home_lately` seconds,
        not on the table, never moved: its place read so between the sure readings away
        (classic-3p-seed38: a Q♠ thrown in read Q♣ unsurely at rest, then the real Q♣ thrown in
        read surely elsewhere, its place read Q♠ once at 0.95 in between; the real Q♣ was
        never told and the thrower's hand was counted one card too many)."""
        return next((other.card for other in (self.tracks.get(c) for c in look_alikes(track.card))
                     if other is not None and other.state is not TrackState.GONE
                     and self._lying_still(other.card)
                     and time - other.last_seen <= self.config.home_lately
                     and self._sure(other.confidence)
                     and self._distance_from(other.box, track.box)
                     <= self.config.home_distance), None)

    def _read_here_before(self, track: CardTrack) -> str | None:
        """The look-alike read where the table card lies most often (twice at least) in
        frames it was not read itself (`read_here_as`), not on the table nor gone, where the
        card, never moved, was never read surely (`OTHER_SUIT_FLICKER`): it may be that card,
        read so by turns (cross-2p-seed108: Anna's face-up 7♠ read 8♠ at 0.65-0.73 and 7♠ at
        0.69-0.72 three times; Boris's real 8♠, read 1.00 coming in, was taken for it laid
        there again, his placing never told, and the face-up deal stalled)."""
        if max(track.best_mean_confidence, track.peak_mean) >= OTHER_SUIT_FLICKER \
                or not self._never_moved(track):
            return None
        seen = [(count, card) for card, count in track.read_here_as.items() if count >= 2
                and ((other := self.tracks.get(card)) is None
                     or other.state is TrackState.CANDIDATE)]
        return max(seen)[1] if seen else None

    def _note_read_here_as(self, readings: dict[str, tuple[np.ndarray, float]]) -> None:
        """A code not on the table read where a table card of its look-alike lies that is
        not read this frame: noted on that card (`read_here_as`)."""
        lying = [t for t in self.tracks.values() if t.on_table and t.card not in readings]
        for card, (box, _confidence) in readings.items():
            own = self.tracks.get(card)
            if own is not None and own.on_table:
                continue
            for track in lying:
                if card in look_alikes(track.card) \
                        and _distance(box, track.box) <= self.config.same_place:
                    track.read_here_as[card] = track.read_here_as.get(card, 0) + 1

    def _covered_where_it_lies(self, track: CardTrack) -> str | None:
        """The table card lies out of sight under a card laid on it since it came to rest
        there (while it was still seen there), that still lies there: nobody slides a card
        out from under another, so the sure readings of its code away from there are another
        card, and it was misread when it was placed: the other suit of its colour, where no
        card of that code is tracked (dummy-2p-seed73: Anna's 6♠ lead read 6♣ surely, Boris's
        J♠ laid on it; her 6♣ thrown in was taken for the lead moved from under the J♠, the J♠
        asked about as beating it, and two false fouls followed). None when not so."""
        if not self._covered_by_a_card_laid_on_it(track):
            return None
        alike = look_alikes_by_colour(track.card)[0]
        other = self.tracks.get(alike)
        return alike if other is None or other.state is TrackState.GONE else None

    def _covered_by_a_card_laid_on_it(self, track: CardTrack) -> bool:
        """The table card is out of sight, under a card laid on it since it came to rest there
        (while it was still seen there) that still lies there (over half of it)."""
        if track.state is not TrackState.HIDDEN or track.placed_at is None:
            return False
        return any(other is not track and other.state is TrackState.PLACED
                   and track.rest_since < other.first_seen <= track.last_seen
                   and overlap(other.box, track.box) > 0.5
                   for other in self.tracks.values())

    def _lying_still(self, card: str) -> bool:
        """Not a card on the table nor one coming in: never tracked, or never moved."""
        track = self.tracks.get(card)
        return track is None or (not track.on_table and self._never_moved(track))

    def _look_alike_for(self, card: str, box: np.ndarray,
                        by_card: dict[str, list[int]]) -> str | None:
        """The look-alike a misreading at `box` stands for: one tracked there already, else the
        first that is neither on the table nor read this frame."""
        free = []
        for other in look_alikes(card):
            track = self.tracks.get(other)
            if track is not None and track.state is not TrackState.GONE:
                if _distance(box, track.box) <= self.config.duplicate_distance:
                    return other
                continue
            if other not in by_card:
                free.append(other)
        return free[0] if free else None

    def _index_inside(self, box: np.ndarray, card: np.ndarray) -> bool:
        """`box` is an index alone (`index_share` of the card's size) lying inside `card`."""
        return _box_size(box) < self.config.index_share * _box_size(card) \
            and box_holds(card, box_center(box))

    def _distance_from(self, box: np.ndarray, place: np.ndarray) -> float:
        """`_distance`, except that an index box inside a card's box is the card where it lies
        (the rest of it covered by the card beating it): no distance at all."""
        return 0.0 if self._index_inside(box, place) else _distance(box, place)

    def _look_alike_lying_at(self, card: str, box: np.ndarray) -> CardTrack | None:
        """The look-alike of table card `card` that lies on the table just where `box` is
        (`same_place`: one card's rivals), if any: the reading is that card misread, not `card`
        moved there. A card moved lands somewhere else; one laid on another lies at an offset
        (transfer-2p-seed68: Anna's Q♠ passed on beside Boris's Q♣ lead was read Q♣ by turns,
        the Q♣ unseen under the 8♠ beating it; the Q♣ was moved onto the Q♠, the transfer told
        as a defence on it, and 3 false fouls followed)."""
        return next((other for other in (self.tracks.get(c) for c in look_alikes(card))
                     if other is not None and other.on_table
                     and _distance(box, other.box) <= self.config.same_place), None)

    def _relocated(self, track: CardTrack, box: np.ndarray, time: float) -> bool:
        """A placed card read steadily somewhere else for `relocate_after` seconds was moved
        (lifted and put down elsewhere); a shorter or wandering far reading is a misread. A
        card put down elsewhere lands whole: an index alone read there, the rest unseen, is a
        misreading of something else (transfer-3p-seed64: the K♥ swept off, an index of it
        read on the face-down discard pile for seconds, held its bout on the table)."""
        if self._card_size and _box_size(box) < self.config.index_share * self._card_size:
            return False
        if track.relocation is None \
                or _distance(box, track.relocation) > self.config.still_tolerance:
            track.relocation, track.relocation_since = box.copy(), time
            track.relocation_readings = 0
        track.relocation_readings += 1
        if time - track.relocation_since >= self.config.relocate_after:
            track.relocation = None
            # it has rested there since it was first read there: placed there now, not after
            # resting anew (a card moved onto another is often swept off a second later)
            track.rest_again(track.relocation_since, box)
            track.rest_readings = track.relocation_readings - 1
            return True
        return False

    def _laid_again(self, track: CardTrack) -> bool:
        """A card unseen at its place (`laid_again_after`) whose code was then read on its way
        (`carry_readings` readings, each moved on from the last) is read at its place again: it
        left unseen (a bout taken, the cards gathered under a hand) and was brought back in,
        played again where it lay before. A covered card is not read anywhere else."""
        return track.state is TrackState.HIDDEN and track.carry_box is not None \
            and track.carry_steps >= self.config.carry_readings \
            and track.carry_time - track.last_seen >= self.config.laid_again_after

    def _brought_back_elsewhere(self, track: CardTrack, box: np.ndarray,
                                time: float) -> float | None:
        """A placed card read resting elsewhere, at `box`, long enough to be placed there
        (`place_after`, `min_rest_readings`), that was unseen at its place `laid_again_after`
        before it came to rest there, and was read on its way there from farther than a
        card's length (`duplicate_distance`) from both places: not moved by a hand (that picks
        it up where it lies), it left unseen and was brought back in, played again
        (transfer-3p-seed40: an 8S swept off with its bout was played again a second later
        from the discard pile, a G8 foul, and was never told). When it came to rest, if so."""
        config = self.config
        if track.relocation is not None:
            since, readings = track.relocation_since, track.relocation_readings
        else:   # found moved there just now (`_relocated`)
            since, readings = track.rest_since, track.rest_readings + 1
        far = config.duplicate_distance
        brought = track.placed_box is not None and track.carry_from is not None \
            and time - since >= config.place_after and readings >= config.min_rest_readings \
            and since - track.last_seen >= config.laid_again_after \
            and _distance(track.carry_from, track.placed_box, _box_size(track.placed_box)) > far \
            and _distance(track.carry_from, box, _box_size(box)) > far
        return since if brought else None

    @staticmethod
    def _laid_elsewhere(track: CardTrack, box: np.ndarray, since: float) -> CardTrack:
        """A new track for a card brought back in elsewhere (`_brought_back_elsewhere`),
        resting at `box` since `since` (placed with this reading), come from where its way in
        was first read."""
        return CardTrack(track.card, box.copy(), track.carry_from.copy(), since, since, since,
                         anchor=box.copy(), laid_again=True, rest_readings=2,
                         rest_confidence=2 * track.confidence)

    @staticmethod
    def _coming_in(track: CardTrack) -> CardTrack:
        """A new track for a card laid again (`_laid_again`): on its way in, from where it was
        first read coming, now at the last reading that showed it coming."""
        box, time = track.carry_box.copy(), track.carry_time
        return CardTrack(track.card, box, track.carry_from.copy(), time, time, time,
                         anchor=box.copy(), laid_again=True)

    def _follow_carry(self, track: CardTrack, box: np.ndarray, time: float) -> None:
        """A reading of a placed card away from its place: one more step of it being carried
        off if it moved on from the last one (from the card's place, for the first) by more
        than jitter and less than a hand moves a card meanwhile; a jump (a misread elsewhere)
        starts the count over, and so does a reading after the card was unseen
        `laid_again_after` (dummy-2p-seed110: a 9♠ swept off, read moving once as the sweep
        began; a 9♣ read 9♠ on its way to where it had lain was taken for it laid again, come
        in from the sweep's step, and given to the player whose turn it was, not to Boris)."""
        previous = track.box if track.carry_box is None else track.carry_box
        since = track.last_seen if track.carry_box is None else track.carry_time
        # in the card's own size: a reading of its index alone (a box a fifth of a card) is no
        # longer a leap; for a card known only by an index, in a whole card's size, or each step
        # of a card brought in is one (transfer-3p-seed111: a 9♣'s index read 9♠ where it lay,
        # the real 9♠ thrown in from Anna's seat 100 px a step was counted from its last step
        # only, and told as come from Boris's, where the index's first reading was)
        size = self._card_size if self._card_size \
            and track.size < self.config.index_share * self._card_size else track.size
        step = _distance(box, previous, size)
        if step > self.config.teleport_speed * max(time - since, self._frame_interval) \
                or time - since > self.config.laid_again_after:
            track.carry_steps = 0
        self._carry_step(track, box, time, moving=step > self.config.still_tolerance)

    def _carry_step(self, track: CardTrack, box: np.ndarray, time: float, *,
                    moving: bool) -> None:
        """Counts the readings that show a card on its way somewhere. A still one does not
        break the count (a card slows down at the frame's edge, where its box is cut), but
        resting `place_after` does: the card was put down, not carried off."""
        if moving:
            if not track.carry_steps:
                track.carry_from = box.copy()
            track.carry_steps += 1
            track.carry_moved = time
        elif time - track.carry_moved >= self.config.place_after:
            track.carry_steps = 0
        track.carry_box, track.carry_time = box.copy(), time

    def _whole_card(self, track: CardTrack, box: np.ndarray) -> np.ndarray:
        """The detector gives a card's whole box when it found one, else the box of the corner
        index it read: one frame may give either. An index box inside the card's box is the
        card where it lay (not a move of half a card); a card box holding the index box the
        track had is where the card lies, taken over without counting as a move."""
        if self._index_inside(box, track.box):
            return track.box.copy()
        if self._index_inside(track.box, box):
            for name in ("box", "anchor", "placed_box"):
                if getattr(track, name) is not None:
                    setattr(track, name, box.copy())
        return box

    # -- per-track state machine ----------------------------------------------------------------

    def _observe(self, card: str, box: np.ndarray, confidence: float, frame: int, time: float,
                 update: TrackerUpdate) -> None:
        config = self.config
        track = self.tracks.get(card)
        read = box
        if track is not None and track.state is not TrackState.GONE:
            box = self._whole_card(track, box)
        if track is None or track.state is TrackState.GONE or (
                track.state is TrackState.CANDIDATE
                and (time - track.last_seen > self._forget_after
                     or self._jumped(track, box, time))):
            # (an unplaced card read farther off than a hand moves a card meanwhile: what was
            # read before was a misreading elsewhere, a look-alike's flicker; this one starts anew)
            track = CardTrack(card, box.copy(), box.copy(), time, time, time, anchor=box.copy())
            self.tracks[card] = track
            self._lost_under_a_hand(track)
        if track.state is TrackState.CANDIDATE and track.readings == 1:
            # one lone reading not joined to this one (frames without it in between, or farther
            # than a hand moves a card meanwhile) was a stray misread of this code, not the start
            # of this card's way in: where it came in from starts here. A card brought in is read
            # frame after frame, a missed frame apart at most, or by turns as a look-alike
            # (`_read_by_turns_as`): then its way in starts where the first of them was read.
            gap = time - track.last_seen
            jump = self._leap(box, track)
            by_turns = self._read_by_turns_as(track, box, time)
            if by_turns is not None:
                if by_turns.first_seen < track.first_seen:
                    track.first_box = by_turns.first_box.copy()
            elif gap > 2.5 * self._frame_interval and not self._coming_into_sight(track) \
                    or jump > config.teleport_speed * max(gap, 1e-3) \
                    or self._look_alikes_index_before(track, jump):
                track.first_box = box.copy()
        # a jump away from the smoothed place (whose own noise is small) or a slow drift of the
        # readings since the resting stretch began is a hand moving the card; jitter is neither.
        # (The drift is the readings', two in a row, not the smoothed box's: that one lags
        # behind a card that slowed down to rest, and its catching up would restart the
        # stretch; one jittery reading alone is no drift.)
        read_index_alone = self._index_alone(read, track)
        scale = self._jitter_scale(read, read_index_alone)
        moved = _distance(box, track.box, scale)
        if moved <= config.still_tolerance:
            track.box = (1 - config.smoothing) * track.box + config.smoothing * box
            drift = _distance(box, track.anchor, scale)
            track.drifting = track.drifting + 1 if drift > config.still_tolerance else 0
            moved = drift if track.drifting >= 2 else 0.0
        if moved > config.still_tolerance:
            # a real move, not jitter: follow it at once and start a new resting stretch
            track.rest_again(time, box)
            track.drifting = 0
        if track.carry_box is not None or moved > config.still_tolerance:
            self._carry_step(track, box, time, moving=moved > config.still_tolerance)
            if not track.carry_steps:
                track.carry_box = None  # at rest again: not carried off
        track.swept_off = False
        track.sliver_only = track.sliver_only and not self._sure(confidence) \
            and self._index_alone(box, track)
        if not read_index_alone:
            track.whole_at, track.whole_box = time, read.copy()
        track.last_seen = time
        track.confidence_sum += confidence
        track.readings += 1
        track.rest_readings += 1
        track.rest_confidence += confidence
        track.recent = [(at, c) for at, c in track.recent if time - at <= RECENT_SECONDS]
        track.recent.append((time, confidence))
        if len(track.recent) >= PEAK_READINGS:
            last = [c for _, c in track.recent[-PEAK_READINGS:]]
            track.peak_mean = max(track.peak_mean, sum(last) / PEAK_READINGS)
        # long enough, and seen often enough: two stray misreads of one code in about one place
        # do not make a card. A slow pipeline (under ~8 frames a second) must
        # make do with two readings a frame apart, or a card briefly in view is never placed
        slow = self._frame_interval > config.slow_interval
        needed = 2 if slow else config.min_rest_readings
        rest_time = min(config.place_after, 0.9 * self._frame_interval) if slow \
            else config.place_after
        resting = time - track.rest_since >= rest_time and track.rest_readings >= needed
        if track.state is TrackState.HIDDEN:
            track.state = TrackState.PLACED
        if track.state is TrackState.CANDIDATE and resting \
                and self._outweighs_rivals(track, time) and not self._corner_of_another(track) \
                and not self._a_sliver(track):
            track.state = TrackState.PLACED
            track.placed_at = time
            track.placed_frame = frame
            track.placed_box = track.box.copy()
            update.placed.append(track)
            self._note_card_size(track.box)
        elif track.state is TrackState.PLACED and resting and moved <= config.still_tolerance:
            placed_box = track.placed_box if track.placed_box is not None else track.box
            if _distance(track.box, placed_box) > 2 * config.still_tolerance:
                track.moved_from, track.placed_box = placed_box.copy(), track.box.copy()
                update.moved.append(track)

    def _lost_under_a_hand(self, track: CardTrack) -> None:
        """A new track read where a card of its code brought in was last read whole, within
        `LOST_FOR` of that (still, `still_tolerance`), is that card, lost from sight as the
        hand laid it and forgotten unplaced: it came in from where that card did
        (dummy-2p-seed120: Boris's Q♠ defence, read coming in, then not for a second, then once
        at its place and from then on 10♠ there, unsurely, a card of the discard pile; taken
        for a card never seen moving, the Q♠ never became the 10♠'s readings' card, and the
        defence was asked about as a 10♠, a G8)."""
        lost = self.lost_arrivals.pop(track.card, None)
        if lost is not None and lost.whole_box is not None \
                and track.first_seen - lost.last_seen <= LOST_FOR \
                and _distance(track.box, lost.whole_box) <= self.config.still_tolerance:
            track.first_box = lost.first_box.copy()

    def _jitter_scale(self, read: np.ndarray, index_alone: bool) -> float:
        """The size jitter is measured in: the reading's own, or, for an index read alone
        (`index_alone`), a whole card's (a few pixels' wobble of a box a fifth of the card is
        no move of it)."""
        size = _box_size(read)
        if self._card_size and index_alone:
            return max(size, self._card_size)
        return size

    def _note_read_together(self, readings: dict[str, tuple[np.ndarray, float]]) -> None:
        """Two codes read near each other in the same frame are two cards (one laid on a pile,
        the corner of the one under it still showing), never one card read two ways; except,
        for a card that never moved, or one that came in with the other (`_came_in_with`),
        one read as an index alone where the other's own index is printed (either way round):
        one card's two corners read as two codes (its rivals must outweigh it there), or both
        codes read whole by turns at one place (`_whole_by_turns`)."""
        cards = [c for c in readings if self.tracks[c].state is TrackState.CANDIDATE]
        for card in cards:
            track = self.tracks[card]
            for other, (box, _) in readings.items():
                if other == card or _distance(track.box, box) > self.config.duplicate_distance:
                    continue
                mine, other_track = readings[card][0], self.tracks[other]
                if self._never_moved(track) or self._came_in_with(track, other_track):
                    if self._at_own_index(mine, box) or self._at_own_index(box, mine):
                        continue
                    if self._whole_by_turns(track, other_track) \
                            and (self._index_inside(mine, box) or self._index_inside(box, mine)):
                        track.together.discard(other)   # read together first, by turns since
                        continue
                track.together.add(other)

    def _whole_by_turns(self, track: CardTrack, other: CardTrack) -> bool:
        """Both codes were read as a whole card at one place (`same_place`), each since the
        other came to rest there: for a code that never moved (`_note_read_together`), one
        card read two ways by turns, its corner index as the other code whenever the whole
        card read one (round-3p-seed52: Boris's A♣ read A♠ by turns, whole and by the index at
        its far corner, at the box's very edge; placed as a second card, it was asked about as
        a lead). A card laid on another hides it: that one is not read whole once the other
        lies there; a card laid right on a pile came in, it moved. So does a card brought in
        read two ways (`_came_in_with`; classic-3p-seed72: Anna's 7♠ read 7♣ as it landed,
        then 7♠ whole with its near index read 7♣ and 7♣ whole with its far index, just
        outside `OWN_CORNER`, read 7♠: two cards, both asked about, neither answerable)."""
        return track.whole_at > other.rest_since and other.whole_at > track.rest_since \
            and _distance(track.box, other.box) <= self.config.same_place

    def _came_in_with(self, track: CardTrack, other: CardTrack) -> bool:
        """Both codes were read moving in, first within `TOGETHER_SINCE` of each other: maybe
        one card on its way, its two corners read as two codes (transfer-2p-seed55: Anna's
        10♣, its index read 10♠ from her hand to the table, was placed as a second card and
        told as a throw-in of Boris's). A card laid on another comes once that one lies
        there."""
        return not self._never_moved(other) and not self._never_moved(track) \
            and abs(track.first_seen - other.first_seen) <= TOGETHER_SINCE

    def _outweighs_rivals(self, track: CardTrack, time: float) -> bool:
        """A card about to be placed, where another code was read too since it came to rest:
        the same card read two ways. It is placed only once it has rested twice `place_after`
        (a look-alike flicker lasts a few frames: by then the card is read as itself again)
        and its code was read more surely than each rival's since it came to rest; the rivals
        are kept on it (`rival_share`)."""
        rivals, lately = {}, {}
        never_moved = self._never_moved(track)
        if never_moved and self._inside_a_card_just_hidden(track):
            return False
        for other in self.tracks.values():
            if other is track or other.state is TrackState.GONE \
                    or other.card in track.together:
                continue
            if self._own_index_read_as(other, track):
                lately[other.card] = sum(confidence for at, confidence in other.recent
                                         if at >= track.rest_since)
            if _distance(track.box, other.box) > self.config.same_place:
                continue
            if not never_moved and other.placed_at is not None \
                    and other.placed_at < track.first_seen:
                # brought in and laid on a card lying there: that card's index shows, read
                # there too, and it is no rival (dummy-2p-seed73: Boris's J♠ laid on the 6♣,
                # asked about as "J♠ or 6♣?")
                continue
            # what was read there since this card came to rest, not in its long life before
            rivals[other.card] = sum(confidence for at, confidence in other.recent
                                     if at >= track.rest_since)
            if never_moved and other.placed_at is not None and other.placed_at < track.first_seen \
                    and rivals[other.card] >= SAME_CARD_SHARE * track.rest_confidence:
                # a card lay there before this one was first read, and is read there still
                # about as much, never in the same frame: no card came in (a card laid on it
                # hides it), that card was read two ways
                return False
            if other.state is TrackState.PLACED and self._came_in_with(track, other):
                return False   # it came in with this one, read two ways, and lies there
            if never_moved and other.placed_at is not None \
                    and other.placed_at < track.first_seen \
                    and track.confidence < OTHER_SUIT_FLICKER \
                    and (other.on_table and rank_of(track.card) == rank_of(other.card)
                         or self._covered_by_a_card_laid_on_it(other)):
                # read unsurely, never seen coming, just where a card has lain since before it
                # was first read: that card read two ways, nothing laid. Its other suit
                # (classic-3p-seed99: Boris's 10♣ on the 7♥ read 10♠ by turns at 0.65-0.75,
                # placed as a throw-in of Anna's nobody answering; a card laid square on a
                # pile's top of its rank, a cross placing onto the player's own pile, is read
                # surely), or any code where that card lies out of sight under a card laid on
                # it: what shows of it, misread (round-2p-seed120: the 6♦ lead under Boris's
                # 7♦, read 8♦ at 0.65-0.76 while the 7♦ lay on it, was placed as an 8♦ lead:
                # "the table went to the discard pile", a false R6 on the take asked about).
                # Read so there from now on, it is a reading of that card
                self.aliases.setdefault(track.card, other.card)
                return False
            if never_moved and other.on_table:
                # a card lying where this one, never moved, is read: also what was read of it
                # just before. Not to wait for (a card laid right on a pile's top hides it),
                # but to doubt: most likely that card read two ways
                lately[other.card] = sum(confidence for at, confidence in other.recent
                                         if at >= track.rest_since - RECENT_SECONDS)
        rivals = {card: weight for card, weight in rivals.items() if weight > 0}
        if rivals and time - track.rest_since < 2 * self.config.place_after:
            return False
        if any(weight >= track.rest_confidence for weight in rivals.values()):
            return False
        track.rivals = {**rivals, **{card: weight for card, weight in lately.items() if weight}}
        track.rival_share = track.share_of(track.rivals)
        return True

    def _own_index_read_as(self, index: CardTrack, card: CardTrack) -> bool:
        """`index`, not on the table, read by an index alone where `card`'s own index is
        printed, came in with it (`_came_in_with`): one card brought in, read whole as one code
        and by its index as another (classic-2p-seed71: Anna's Q♣ read Q♣ on its way, 10♣ whole
        at rest and Q♣ by its far index; the index was placed as a card of its own, the defence
        told as the 10♣, and Boris's Q♠ thrown in refused, P3). The card is in doubt between
        the two, and the index is no card (`_corner_of_another`)."""
        return not index.on_table and self._came_in_with(card, index) \
            and self._at_own_index(index.box, card.box)

    def _corner_of_another(self, track: CardTrack) -> bool:
        """Read only by an index that never moved, inside a card lying there and read with
        it, where that card's own index is printed (not at its edge, where the index of a card
        under it shows): that card's other corner misread, not a card of its own (a card laid
        on another comes in, and is read whole). Not a card placed before the index was first
        read whose box moved since, or just before (`TOGETHER_SINCE`): the box now spans a
        card laid on it, whose index that is (transfer-3p-seed13: a 7C on the AC, read by its
        index alone, the pair's box read AC; transfer-2p-seed89: Anna's K♠ laid on the J♥,
        read J♥ whole and K♠ by its far index only from a frame after the J♥'s box moved to
        it, was placed 3 s late, Boris's K♥ thrown in meanwhile a false P3)."""
        never_moved = self._never_moved(track)
        return any(other is not track and other.state is TrackState.PLACED
                   and other.last_seen == track.last_seen
                   and (never_moved and self._at_own_index(track.box, other.box)
                        and not ((other.placed_at or 0.0) < track.first_seen
                                 <= other.rest_since + TOGETHER_SINCE)
                        or self._own_index_read_as(track, other))
                   for other in self.tracks.values())

    def _sure(self, confidence: float) -> bool:
        """At least `sure_confidence`, compared at the detections' precision (float32: a
        reading of 0.9 is 0.9, not a hair under it)."""
        return np.float32(confidence) >= np.float32(self.config.sure_confidence)

    def _note_card_size(self, box: np.ndarray) -> None:
        """The size of a whole card, averaged over the cards placed (an index alone placed
        does not count)."""
        size = _box_size(box)
        if not self._card_size:
            self._card_size = size
        elif size >= self.config.index_share * self._card_size:
            self._card_size = 0.9 * self._card_size + 0.1 * size

    def _index_alone(self, box: np.ndarray, track: CardTrack) -> bool:
        """`box` is an index alone: inside a table card (`index_share` of its size), or that
        much smaller than the cards placed so far."""
        return any(self._index_inside(box, other.box) for other in self.tracks.values()
                   if other is not track and other.on_table) \
            or _box_size(box) < self.config.index_share * self._card_size

    def _a_sliver(self, track: CardTrack) -> bool:
        """Read only unsurely, by an index alone, and never moved: a pile's corner or the edge
        of a card swept off misread, not a card of its own (a card brought in moves there and
        lies on top, read whole)."""
        return track.sliver_only and self._never_moved(track)

    def _inside_a_card_just_hidden(self, track: CardTrack) -> bool:
        """A code read only from part of a card lying there (its box inside that card's and
        at most `PART_OF_CARD` of it: a hand covers the rest) that has been out of sight since
        just before (`HIDDEN_JUST_BEFORE`) this code was first read, read no more surely than
        that card was: that card, read another way (transfer-3p-seed59: the 7♠ read A♠ for
        0.4 s from its lower half, told as a defence on itself). It waits until that card is
        read again (then it is not placed) or is given up. A card laid on another is brought
        in, and read whole."""
        return any(other is not track and other.state is TrackState.HIDDEN
                   and other.placed_at is not None
                   and track.confidence <= other.best_mean_confidence
                   and 0 <= track.first_seen - other.last_seen <= HIDDEN_JUST_BEFORE
                   and box_area(track.box) <= PART_OF_CARD * box_area(other.box)
                   and overlap(track.box, other.box) >= INSIDE_SHARE
                   for other in self.tracks.values())

    def _never_moved(self, track: CardTrack) -> bool:
        return _distance(track.first_box, track.box) <= self.config.still_tolerance

    def _at_own_index(self, box: np.ndarray, card: np.ndarray) -> bool:
        """`box` is an index alone inside `card`, where that card's own index is printed: at
        least `OWN_CORNER` in from its edges (the index of a card under it shows at the edge)."""
        if not self._index_inside(box, card):
            return False
        across = _across(box, card)
        return min(across[0], 1 - across[0]) >= OWN_CORNER[0] \
            and min(across[1], 1 - across[1]) >= OWN_CORNER[1]

    def _look_alikes_index_before(self, track: CardTrack, jump: float) -> bool:
        """The one reading before was an index alone where a look-alike lying there has its own
        index printed, and this one lies farther off than one card's readings do: that card's
        index misread a moment before this card came in, not the start of its way in
        (cross-2p-seed89: the K♣ on Anna's pile read Q♣ by its index just before her Q♣ came
        from her hand; taken for where the Q♣ came in from, the Q♣ was never seen coming, was
        taken for the K♣ read two ways, and the placing was lost with the turn order)."""
        return jump > self.config.duplicate_distance and any(
            other is not None and other.on_table and self._at_own_index(track.first_box, other.box)
            for other in (self.tracks.get(card) for card in look_alikes(track.card)))

    def _jumped(self, track: CardTrack, box: np.ndarray, time: float) -> bool:
        """Farther from the last reading than a hand moves a card meanwhile, or, after frames
        without a reading, over a card away from readings that never moved (a look-alike's
        flicker on a card lying there; a card brought in moves from its first reading on, or
        was read as a look-alike meanwhile: `_read_by_turns_as`)."""
        gap = max(time - track.last_seen, self._frame_interval)
        distance = self._leap(box, track)
        return distance > self.config.teleport_speed * gap or (
            gap > 2.5 * self._frame_interval and distance > self.config.duplicate_distance
            and _distance(track.box, track.first_box) <= self.config.still_tolerance
            and self._read_by_turns_as(track, box, time) is None
            and not self._coming_into_sight(track))

    def _coming_into_sight(self, track: CardTrack) -> bool:
        """Read once, fairly surely (`LONE_WHOLE_CONFIDENCE`), as a whole card cut by the
        frame's edge, over no card on the table: no stray misreading, but the card itself
        coming into sight in a player's hand (cross-2p-seed110: Boris's 10♦ read 0.9 at the
        frame's top edge, then only by its index where it came to rest 0.2 s later: taken for a
        stray reading, the card was never seen coming from his seat, and his placing was told
        as Anna's, who had laid a card unseen just before)."""
        if self.frame_size is None or track.readings != 1 \
                or track.confidence_sum < LONE_WHOLE_CONFIDENCE \
                or self._index_alone(track.box, track):
            return False
        width, height = self.frame_size
        x1, y1, x2, y2 = (float(v) for v in track.box)
        return min(x1, y1, width - x2, height - y2) <= FRAME_EDGE \
            and not any(overlap(track.box, other.box) > 0.0
                        for other in self.tracks.values() if other.on_table)

    @staticmethod
    def _leap(box: np.ndarray, track: CardTrack) -> float:
        """How far a reading lies from the track's last place, in the larger of the two boxes'
        sizes: a card on its way in is read by its index alone now and then (a box a fifth of
        the card), and such a reading is no leap of five card lengths."""
        return _distance(box, track.box, max(_box_size(box), track.size))

    def _carried_off(self, track: CardTrack) -> bool:
        """Seen moving, readings in a row, away from where it was placed, and not at rest since:
        a hand was carrying it off (a covering hand leaves a card where it lies, jitter stays
        there)."""
        home = track.placed_box if track.placed_box is not None else track.anchor
        return track.carry_box is not None \
            and track.carry_steps >= self.config.carry_readings \
            and _distance(track.carry_box, home) > self.config.home_distance

    def _carried_off_as_before(self, gone: CardTrack, update: TrackerUpdate) -> None:
        """`gone`, a reading never at rest now forgotten, of the code a table card was renamed
        from, first read within a card of where that card lies and then farther off, that card
        unread since: the card itself lifted and carried off, read as before (round-2p-seed85:
        Anna's A♠ lead, read A♣ and named A♠, taken by Boris and read A♣ on its way off; the
        A♠ was kept lying there, and Boris's A♠ lead, brought back onto its place, was told as
        an A♣ laid on it, a false G8). It is gone, carried the way the reading went."""
        lying = self.tracks.get(self.aliases.get(gone.card, ""))
        if lying is None or lying.state is not TrackState.HIDDEN \
                or lying.last_seen > gone.first_seen:
            return
        start = self._distance_from(gone.first_box, lying.box)
        if start > self.config.duplicate_distance \
                or self._distance_from(gone.box, lying.box) <= start + 1.0:
            return
        lying.carry_from, lying.carry_box = gone.first_box.copy(), gone.box.copy()
        lying.carry_time = gone.last_seen
        lying.state = TrackState.GONE
        update.gone.append(lying)

    def _miss(self, track: CardTrack, time: float, update: TrackerUpdate) -> None:
        unseen = time - track.last_seen
        if track.state is TrackState.CANDIDATE:
            if unseen > self._forget_after:
                del self.tracks[track.card]
                self._carried_off_as_before(track, update)
                if not self._never_moved(track):
                    self.lost_arrivals[track.card] = track
        elif track.state is TrackState.PLACED:
            track.state = TrackState.HIDDEN
        carried_off = self._carried_off(track) \
            and time - track.last_sighting >= self.config.leave_after
        if track.state is TrackState.HIDDEN and (unseen >= self.config.gone_after or carried_off):
            track.state = TrackState.GONE
            update.gone.append(track)
