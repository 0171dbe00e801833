"""`TablePipeline`: detections in, events, questions and verdicts out, frame by frame.

detect (outside) -> `CardTracker` (placing, occlusion, smoothing) -> `GameFollower` (table reading,
event inference) -> optionally a `referee.Referee`, whose verdicts keep the frame they happened at
and whose snapshot tells the follower what the camera cannot see.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any, Protocol

import numpy as np

from vision.cardclasses import deck_codes
from vision.detections import Detections
from vision.events_inference import Emitted, GameFollower, InferenceConfig
from vision.game_view import UNFOLLOWED
from vision.learned_misreadings import LearnedMisreadings
from vision.misread_history import MisreadHistory
from vision.seats import SeatMap
from vision.sources import FramePacket, FrameSource
from vision.table_backdrop import Image, TableBackdrop
from vision.table_events import (
    Judgement,
    Question,
    TableEvent,
    Verdicted,
    as_told,
    played_cards,
    verdict_dict,
    verdict_ok,
)
from vision.tracking import CardTracker, TrackerConfig


class Detector(Protocol):
    """What the pipeline needs of `vision.detector.CardDetector`."""

    def detect(self, frame: np.ndarray) -> Detections: ...


def frame_pixels(detector: Any, frame: np.ndarray) -> np.ndarray | None:
    """The frame for the pipeline's picture checks (`TableBackdrop`), None for a stand-in
    detector whose cards are not in the frame (`reads_frames = False`)."""
    return frame if getattr(detector, "reads_frames", True) else None


def limit_to_setup_deck(detector: Any, setup: dict) -> None:
    """Tell a detector that can be told (`CardDetector.limit_to_deck`) which deck is played."""
    limit = getattr(detector, "limit_to_deck", None)
    if limit is not None:
        limit(setup_deck_size(setup))


def setup_deck_size(setup: dict) -> int:
    """The setup's deck size, 52 when it names none (the referee refuses any but 36 and 52)."""
    size = setup.get("deck")
    return size if isinstance(size, int) else 52


class TablePipeline(MisreadHistory):
    """One match seen through one camera.

    `update(frame, time, detections)` returns what this frame produced (events and questions).
    The setup is judged first (`judge_setup=False` when the referee already holds the match).
    With a `referee` (anything with `apply(event) -> verdict` and `snapshot() -> dict`), every
    event is judged at once; `verdicts` keeps them all, `fouls` the refused ones, and a refused
    event is not applied to the follower's model either.
    """

    def __init__(self, setup: dict, *, referee: Any = None, seats: SeatMap | None = None,
                 frame_size: tuple[int, int] = (1280, 720),
                 tracker_config: TrackerConfig | None = None,
                 inference_config: InferenceConfig | None = None,
                 judge_setup: bool = True) -> None:
        self.setup = {"type": "setup", **{k: v for k, v in setup.items() if k != "type"}}
        self.deck = deck_codes(setup_deck_size(self.setup))
        self.referee = referee
        self.tracker = CardTracker(tracker_config, frame_size)
        self.backdrop = TableBackdrop()
        self.events: list[TableEvent] = []
        self.questions: list[Question] = []   # still waiting for an answer
        self.verdicts: list[Verdicted] = []
        self._snapshot: dict | None = None
        self.misreadings = LearnedMisreadings()   # what the players' answers named misread
        self.follower = GameFollower(
            self.setup, seats, inference_config,
            judge=self._judge if referee is not None else None,
            snapshot=self.snapshot if referee is not None else None, frame_size=frame_size,
            revise=self.revise if referee is not None else None,
            rename_past=self._rename_past if referee is not None else None,
            misread_on_table=self.misread_on_table)
        if referee is not None and judge_setup:  # False: the referee already has this match
            setup_event = TableEvent(self.setup, 0, 0.0)
            if not self._judge(setup_event):
                raise ValueError(f"the referee refuses this setup: "
                                 f"{self.verdicts[-1].to_dict()['verdict'].get('message')}")
            self.events.append(setup_event)

    @classmethod
    def with_referee(cls, setup: dict, **options: Any) -> TablePipeline:
        from referee import Referee  # imported late: vision works without the referee package

        return cls(setup, referee=Referee(), **options)

    def snapshot(self) -> dict:
        """The referee's snapshot, read once per change rather than once per question asked."""
        if self.referee is None:
            return {}
        if self._snapshot is None:
            self._snapshot = self.referee.snapshot()
        return self._snapshot

    @property
    def fouls(self) -> list[Verdicted]:
        return [v for v in self.verdicts if not verdict_ok(v.verdict)]

    def update(self, frame: int, time: float, detections: Detections,
               image: Image = None) -> list[Emitted]:
        """`image`: the frame's pixels (or a function that decodes them when asked), which
        tell a picture on the table read as a card (`TableBackdrop`); without them every
        reading is taken as a card."""
        self._snapshot = None  # others (the dashboard's manual entry) may have changed the game
        detections = detections.only(self.deck)  # any other card is a misreading
        detections = self.backdrop.seen(detections, image)
        judged_before = len(self.verdicts)
        change = self.tracker.update(frame, time, detections)
        for old, new in change.misread:
            self.misread_on_table(old, new)
        started = self.follower.view.started_at
        emitted = self.follower.update(change, self.tracker.on_table())
        if self.follower.view.started_at > started:   # a new game: the last one's questions
            self.follower.withdrawn += [q for q in self.questions   # are not to be answered
                                        if q.time < self.follower.view.started_at]
            self.tracker.forget_misread_spots()   # another trump, maybe elsewhere
        if self.follower.withdrawn:  # settled without the players: no longer theirs to answer
            self.questions = [q for q in self.questions
                              if not any(q is gone for gone in self.follower.withdrawn)]
        for renamed in self.follower.renamed:  # a look-alike the referee accepted instead
            self.tracker.rename(*renamed)
        self.follower.renamed.clear()
        self._swap_in_tracker()
        for card in self.follower.taken_back:
            self.tracker.forget(card)
        self.follower.taken_back.clear()
        for card in self.follower.swept_unseen:
            self.tracker.swept(card)
        self.follower.swept_unseen.clear()
        for code in self.follower.trump_read_as:
            self.tracker.misread_where(code, self.follower.view.trump)
        self.follower.trump_read_as.clear()
        told: list[Emitted] = []
        for item in emitted:
            settled = self._settled_at_once(item) or self._settled_as_learnt(item)
            if settled is not None:   # judged and logged already
                told += settled
            elif isinstance(item, Question):
                self.questions.append(item)
                told.append(item)
            else:
                self.events.append(item)
                told.append(item)
        self.defences_read_again(judged_before)
        return told

    def _settled_at_once(self, item: Emitted) -> list[Emitted] | None:
        """A question the camera settles itself as it asks it (`Question.told_at_once`): its
        first candidate, told as the players' answer would be (the event, or nothing). None:
        `item` is no such question."""
        if not isinstance(item, Question) or not item.told_at_once:
            return None
        verdict = self._answered(item, 0, by_players=False)
        return [] if verdict is None else [verdict.event]

    def _settled_as_learnt(self, item: Emitted) -> list[Emitted] | None:
        """For a question about a reading that a misreading the players named before
        explains (`LearnedMisreadings`), where the referee accepts the event so renamed
        (tried on a copy first): the question settled so, and what that told (the event, or
        nothing). None: `item` is not such a question."""
        if not isinstance(item, Question) or item.replaces is not None or item.since is not None:
            return None
        choice = self.misreadings.choice(item)
        trial = None if choice is None else self._trial_referee()
        if trial is None or not verdict_ok(trial.apply(as_told(item.candidates[choice]))):
            return None
        verdict = self._answered(item, choice, by_players=False)
        return [] if verdict is None else [verdict.event]

    def follow(self, source: FrameSource, detector: Detector, *, after: int = -1,
               stop: threading.Event | None = None
               ) -> Iterator[tuple[FramePacket, Detections, list[Emitted]]]:
        """Runs the newest frame of `source` through the detector and this pipeline, frame after
        frame, until the source ends or `stop` is set. Frames that come while the detector works
        are skipped (a live source) or waited for (a lossless file); an outage just waits.
        `after`: the number of the last frame already handled."""
        limit_to_setup_deck(detector, self.setup)
        source.start()
        number = after
        while stop is None or not stop.is_set():
            packet = source.next_packet(number, timeout=0.5)
            if packet is None:
                if source.running:
                    continue  # nothing new yet, or the source is reconnecting
                return
            number = packet.number
            detections = detector.detect(packet.frame)
            yield packet, detections, self.update(packet.number, packet.time, detections,
                                                  frame_pixels(detector, packet.frame))

    def answer(self, question: Question, choice: int | None) -> Verdicted | None:
        """The players picked candidate `choice` of a question (None: none of them happened).
        The chosen event goes to the referee now, tagged with the question's frame. When it is
        not the reading the follower went on with (another card, another event, none), the
        follower's model of the bout is set again from the referee's (`GameFollower.resync`)
        and a card read as a look-alike takes its true name in the tracker too; a suit read
        as another is learnt (`misreadings`)."""
        return self._answered(question, choice, by_players=True)

    def _answered(self, question: Question, choice: int | None, *,
                  by_players: bool) -> Verdicted | None:
        """`answer`; `by_players=False`: the camera settled it by a learnt misreading."""
        if any(question is gone for gone in self.follower.withdrawn):
            return None  # the game went on without the answer (the follower settled it)
        if question in self.questions:
            self.questions.remove(question)
        self.follower.players_answer |= by_players
        chosen = None if choice is None else question.candidates[choice]
        if chosen is not None and "table_misread" in chosen:
            return self.layout_misread_named(question, chosen)
        named_a_foul = chosen is not None and "foul" in chosen   # `as_a_foul`: no misreading
        if named_a_foul:
            chosen = {key: value for key, value in chosen.items() if key != "foul"}
        verdict, refused = None, False
        # a whole bout the camera missed: its lead is told here, the rest of it by the follower
        told = None if chosen is None else as_told(chosen)
        event = None if told is None else TableEvent(told, question.frame, question.time,
                                                     named=True)
        if chosen is not None and chosen == question.replaces:
            pass   # the event accepted before, confirmed: the referee's past stands as it is
        elif event is not None and question.replaces is not None:
            # it happened instead of an event accepted before: the referee's past is rewritten
            refused = self.referee is None or not self.revise(question.replaces, event)
            verdict = next((v for v in self.verdicts if v.event is event), None)
            if verdict is not None and not refused:
                verdict = self.refusal_was_misread(verdict, question)
        elif event is not None:
            self.events.append(event)
            if self.referee is not None:
                self._judge(event)
                verdict = self.verdicts[-1]
                refused = not verdict_ok(verdict.verdict)
                if not refused:
                    verdict = self.refusal_was_misread(verdict, question)
                rule = verdict_dict(verdict.verdict).get("rule") if refused else None
                if not named_a_foul and (rule == "G8" and (self.misread_card_renamed(event)
                                                           or self.confirmed_by_players(event))
                                         or rule == "P3" and self.table_rank_misread(event)):
                    verdict, refused = self.verdicts[-1], False
        renamed = self.follower.answered(question, chosen, refused=refused)
        if renamed is not None and by_players and not refused:
            self.misreadings.learn(*renamed)
        self.events += self.follower.late_events  # what the answer let the camera's reading close
        self.follower.late_events.clear()
        if renamed is not None:
            self.tracker.rename(*renamed)
        self._swap_in_tracker()
        return verdict

    @property
    def unfollowed(self) -> str | None:
        """Why the camera tells nothing of the game now (`UNFOLLOWED`: "lost", cross's deal
        lost; "astray", out of step after hands it guessed), or None while it follows it."""
        phase = self.follower.view.phase
        return phase if phase in UNFOLLOWED else None

    def confirmed_by_players(self, event: TableEvent) -> bool:
        """The players named, not as a foul, a play the referee refused as from a hand it knew
        whole (G8): told again `confirmed`, the players' word goes and the referee gives that
        hand up (it knew it from what the camera told it, a card misread or missed before:
        transfer-2p-seed120, Boris's Q♠ read 10♠ early on, and six of Anna's plays late in
        the game refused as not in her hand, three of them after the players named them).
        True when the referee accepts it so: it takes the refusal's place."""
        confirmed = TableEvent({**event.event, "confirmed": True}, event.frame, event.time,
                               named=True)
        verdict = self.referee.apply(dict(confirmed.event))
        self._snapshot = None
        if not verdict_ok(verdict):
            return False
        self.verdicts[-1] = Verdicted(confirmed, verdict)
        self.events[-1] = confirmed
        return True

    def _swap_in_tracker(self) -> None:
        """Two table cards the follower found each read as the other are swapped in the
        tracker too."""
        for one, other in self.follower.swapped:
            self.tracker.swap(one, other)
        self.follower.swapped.clear()

    def revise(self, wrong: dict, right: TableEvent | None, *,
               may_refuse: bool = False, foul_in_its_place: bool = False,
               in_its_time: bool = False) -> bool:
        """The last accepted event `wrong` did not happen, `right` did: the referee takes back
        `wrong` and every event accepted after it, then judges `right` and every event judged
        after it again, and the log has `right` where `wrong` was. An event refused after
        `wrong` is judged again too and may now be accepted (a throw-in refused because of the
        wrong event); one accepted before must be accepted again, or everything is put back as
        it was and the answer is False (also when the referee cannot take events back).
        `right` itself must be accepted too, unless `may_refuse`: then a refused `right` is a
        foul in `wrong`'s place. `right` None: nothing happened in `wrong`'s place (its cards
        were taken back), and `wrong` leaves the log. `foul_in_its_place`: `right` is
        `wrong`'s own act read anew and must be refused (as must every refusal after it): it
        keeps `wrong`'s frame and time (its picture), but is told now, not when `wrong` was
        (the foul was seen only now: a late catch for the scorer). `in_its_time`: `right`
        keeps `wrong`'s frame and time too (the same card placed then, known better now)."""
        if not self._can_take_back():
            return False
        accepted = [n for n, v in enumerate(self.verdicts) if verdict_ok(v.verdict)]
        found = [n for n in accepted if self.verdicts[n].event.event == wrong]
        if not found:
            return False
        at = found[-1]
        if right is not None and (foul_in_its_place or in_its_time):
            first = self.verdicts[at].event
            right = TableEvent(right.event, first.frame, first.time)
            may_refuse |= foul_in_its_place
        later = list(range(at + 1, len(self.verdicts)))
        absorbed = [n for n in later if n not in accepted and right is not None
                    and self._part_of(self.verdicts[n].event.event, right.event)]
        if absorbed:   # told first when the camera saw part of it, refused
            right = TableEvent(right.event, right.frame, right.time,
                               was=self.verdicts[absorbed[0]].event)
            later = [n for n in later if n not in absorbed]
        original = [self.verdicts[n].event for n in (at, *later) if n in accepted]
        instead = [] if right is None else [(right, may_refuse)]
        replayed = self._replay(original, [*instead, *(
            (self.verdicts[n].event, n not in accepted) for n in later)],
                                 refusals_kept=foul_in_its_place)
        if replayed is None:
            return False
        for n, verdicted in zip(later if right is None else [at, *later], replayed, strict=True):
            self.verdicts[n] = verdicted
        dropped = {id(self.verdicts[n].event) for n in absorbed}
        if right is None:
            absorbed.append(at)
            dropped.add(id(original[0]))
        self.verdicts = [v for n, v in enumerate(self.verdicts) if n not in absorbed]
        self.events = [right if event is original[0] else event for event in self.events
                       if id(event) not in dropped]
        return True

    @staticmethod
    def _part_of(refused: dict, right: dict) -> bool:
        """A refused event by the player of `right` that plays only cards `right` plays: the
        camera's view of part of that same act (a card is played once), no foul of its own."""
        cards = played_cards(refused)
        return bool(cards) and refused.get("player") == right.get("player") \
            and set(cards) <= set(played_cards(right))

    def _replay(self, original: list[TableEvent], instead: list[tuple[TableEvent, bool]], *,
                refusals_kept: bool = False) -> list[Verdicted] | None:
        """Takes back the referee's last events (`original`) and judges `instead` (each event
        with whether it may be refused: then it is a foul, not applied), all or none: when one
        that may not be refused is, the originals are judged again (they were accepted).
        `refusals_kept`: one that may be refused must be (a foul before stays a foul)."""
        self._snapshot = None
        taken_back = 0
        while taken_back < len(original) and self._take_back(original[-1 - taken_back]):
            taken_back += 1
        judged: list[Verdicted] = []
        failed = taken_back < len(original)
        for event, may_refuse in [] if failed else instead:
            verdict = self.referee.apply(dict(event.event))
            if verdict_ok(verdict) and may_refuse and refusals_kept:
                self._take_back(event)
                failed = True
                break
            if not verdict_ok(verdict) and not may_refuse:
                failed = True
                break
            judged.append(Verdicted(event, verdict))
        if not failed:
            return judged
        for verdicted in reversed(judged):
            if verdict_ok(verdicted.verdict):
                self._take_back(verdicted.event)
        for event in original[len(original) - taken_back:]:
            self.referee.apply(dict(event.event))
        return None

    def _can_take_back(self) -> bool:
        """Whether the referee can take its last event back (`_take_back`)."""
        return hasattr(self.referee, "undo_last") or hasattr(self.referee, "undo")

    def _take_back(self, event: TableEvent) -> bool:
        """The referee takes back its last event, which must be `event` (a referee shared with
        the players, the dashboard's, checks that: they may have entered one since)."""
        undo_last = getattr(self.referee, "undo_last", None)
        return bool(undo_last(dict(event.event)) if undo_last is not None
                    else self.referee.undo())

    def _judge(self, event: TableEvent, *, record_refusal: bool = True) -> Judgement:
        """The referee's verdict (a refused event is not applied: the referee's state stays
        as it was); `record_refusal=False` only asks, a refusal is not kept as a foul."""
        verdict = self.referee.apply(dict(event.event))
        self._snapshot = None
        ok = verdict_ok(verdict)
        if ok or record_refusal:
            self.verdicts.append(Verdicted(event, verdict))
        if ok:
            return Judgement(True)
        said = verdict_dict(verdict)
        return Judgement(False, said.get("rule"), str(said.get("message") or ""),
                         str(said.get("message_ru") or ""))

