"""One rendered game fed to detector -> tracker -> referee as a live camera would, and scored.

The frames a live pipeline would get are chosen by `live_schedule.run_live` from the measured
time of each frame's detection and pipeline step (decoding the video is the camera's job and is
not counted). Each event the referee judged comes out when the step that read it finished, so
its latency includes the processing delay. The scoring is `inference_eval.score_events`, the
same as for scripted games. `--oracle` feeds the truth's per-frame cards (those whose index
shows) instead of the detector, to tell detector errors from pipeline errors.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from vision.detections import Detections
from vision.game_video import LogError, read_log
from vision.inference_eval import GameScore, canonical, score_events, summarize
from vision.live_schedule import LiveStep, run_live
from vision.pipeline import Detector, TablePipeline
from vision.rendered_games import GameFiles, GameSpec, expected_events, read_truth
from vision.scripted_game import TruthEvent
from vision.seats import SeatMap
from vision.table_events import Question, TableEvent, Verdicted, as_told, played_cards

MIN_LIVE_FPS = 10.0  # below it a card is seldom seen on its way in: who played it is a guess
# the targets ("From video to verdicts"); latency: 95% of verdicts within 0.5 s of rest
TARGETS = {"precision": 0.98, "recall": 0.98, "fouls_caught": 0.95,
           "false_fouls_per_game": 0.05, "latency_p95_s": 0.5}


class FrameFeed(Protocol):
    """Where a live run gets frame N (not timed) and its detections (timed)."""

    def frame(self, number: int) -> Any: ...

    def detect(self, frame: Any) -> Detections: ...

    # optional: `image(frame) -> np.ndarray | None`, the frame's pixels (for `TableBackdrop`);
    # a feed without it has none

    def close(self) -> None: ...


class VideoFeed:
    """A video read in order through a detector; skipped frames are grabbed, not converted."""

    def __init__(self, path: Path, detector: Detector) -> None:
        import cv2

        self.path, self.detector = path, detector
        self.capture = cv2.VideoCapture(str(path))
        self.position = -1  # the last frame taken from the capture
        if not self.capture.isOpened():
            raise LogError(f"cannot open the video {path}")

    def frame(self, number: int) -> np.ndarray:
        while self.position < number - 1:
            self.capture.grab()
            self.position += 1
        ok, image = self.capture.read()
        self.position += 1
        if not ok:
            raise LogError(f"{self.path}: frame {number} cannot be read")
        return image

    def detect(self, frame: np.ndarray) -> Detections:
        return self.detector.detect(frame)

    def image(self, frame: np.ndarray) -> np.ndarray:
        return frame

    def close(self) -> None:
        self.capture.release()


class OracleFeed:
    """The truth's face-up cards of each frame as a perfect detector would name them: a card
    whose index shows, with its rendered box."""

    def __init__(self, path: Path) -> None:
        self.lines = read_log(path)

    def frame(self, number: int) -> dict:
        return self.lines[number] if number < len(self.lines) else {"cards": []}

    def detect(self, frame: dict) -> Detections:
        return Detections.from_cards((card["card"], card["box"], 0.9)
                                     for card in frame.get("cards", []) if card.get("indices"))

    def close(self) -> None:
        pass


@dataclass
class LiveRun:
    """What a live run measured: the steps, each frame's detector and whole-step time
    (seconds), and every judged event with the second of video it came out at."""

    fps: float
    frames: int
    steps: list[LiveStep] = field(default_factory=list)
    detector_seconds: list[float] = field(default_factory=list)
    step_seconds: list[float] = field(default_factory=list)
    judged: list[tuple[Verdicted, float]] = field(default_factory=list)
    # the events the players' answers told, judged, with the second of video they came out at
    answer_verdicts: list[tuple[Verdicted, float]] = field(default_factory=list)
    questions: int = 0   # asked
    answered: int = 0    # ... that the players answered with one of its candidates

    @property
    def processed_fps(self) -> float:
        return len(self.steps) / (self.frames / self.fps) if self.frames else 0.0


def run_live_game(feed: FrameFeed, setup: dict, header: dict, *,
                  clock: Callable[[], float] = time.perf_counter,
                  step_cost: float | None = None,
                  answer: Callable[[Question], int | None] | None = None) -> LiveRun:
    """Feeds a rendered game (its truth header: fps, frames, size, seat calibration) through a
    pipeline with a referee as a live camera would. `step_cost`: seconds every step is taken to
    last instead of the measured time (a reproducible schedule). `answer`: the players, who
    answer each question at once (the index of a candidate, or None); the event they pick goes
    to the referee but is not the camera's own, so it is left out of `judged`."""
    fps, frames = float(header["fps"]), int(header["frames"])
    pipeline = TablePipeline.with_referee(setup,
                                          seats=SeatMap.from_clicks(header["calibration"]["seats"]),
                                          frame_size=tuple(header["size"]))
    run = LiveRun(fps, frames)
    # each judged event by identity, with the step that judged it: an event told again in
    # another's place (`TablePipeline.revise`) comes out when it replaced the other
    step_of: dict[int, tuple[TableEvent, int]] = {}

    pixels = getattr(feed, "image", None)   # a feed without pixels: no picture checks

    def step(number: int) -> float:
        image = feed.frame(number)
        started = clock()
        detections = feed.detect(image)
        detected = clock()
        emitted = pipeline.update(number, number / fps, detections,
                                  None if pixels is None else lambda: pixels(image))
        done = clock()
        run.detector_seconds.append(detected - started)
        run.step_seconds.append(done - started)
        for verdicted in pipeline.verdicts:
            told = verdicted.event
            while told.was is not None:   # a misread found later: told when first told
                told = told.was
            step = step_of.get(id(told), (told, len(run.step_seconds) - 1))
            step_of.setdefault(id(told), step)
            step_of.setdefault(id(verdicted.event), step)
        for question in (item for item in emitted if isinstance(item, Question)):
            run.questions += 1
            if answer is not None:
                choice = answer(question)
                run.answered += choice is not None
                verdict = pipeline.answer(question, choice)
                if verdict is not None:  # the answer's own verdict, new or in place of the
                    # camera's reading it replaces; any after it are the camera's
                    answers.add(id(verdict.event))
        return done - started if step_cost is None else step_cost

    answers: set[int] = set()  # the events the players' answers told
    run.steps = run_live(frames, fps, step)
    last = len(run.steps) - 1  # an answer given at the last step is judged after it
    said = [(verdicted, run.steps[step_of.get(id(verdicted.event), (None, last))[1]].finished)
            for verdicted in pipeline.verdicts[1:]]   # the setup's verdict: given, not seen
    run.judged = [(v, at) for v, at in said if id(v.event) not in answers]
    run.answer_verdicts = [(v, at) for v, at in said if id(v.event) in answers]
    return run


ASKED_LATE = 0.5  # s: a question about a stretch of play may come this soon after its end


class TruthAnswerer:
    """Players who answer a question from what really happened: the candidate that is a truth
    event of the last `window` seconds before the question, or, for a question about what
    happened since a moment (`Question.since`), between then and the question (the nearest;
    each truth event once), else None (none of them happened). Never one still to come, but
    for `ASKED_LATE` (a card the camera asks about as it comes to rest, before the moment
    the log gives it): nobody can name what has not happened yet (cross-3p-seed48: a 9♥
    defence read as a pass-on was answered with Boris's 9♠ pass-on 2.9 s later). Where no
    candidate is what happened, but that was a foul of the player's with the cards of a
    candidate that names the same foul ("as read, a foul"), they pick that one: they saw the
    card, and that it was a foul, however the camera took the act (cross-2p-seed47: a 9♠
    defence from another's hand, G8, asked as a pass-on)."""

    def __init__(self, truth: list[TruthEvent], fps: float, window: float = 3.0) -> None:
        self.truth, self.fps, self.window = truth, fps, window
        self.used: set[int] = set()

    def __call__(self, question: Question) -> int | None:
        # a whole bout the camera missed is named by its lead, and was that bout only where
        # the card named beat the lead then, or the player named took it (`_bout_after`)
        wanted = [canonical(as_told(self._with_the_layout(candidate)))
                  for candidate in question.candidates]
        near = self._near(question, lambda event: canonical(event) in wanted)
        if not near:
            return self._named_a_foul(question)
        beaten = [found for found in near if self.truth[found[-1]].event.get("type") == "defend"]
        if beaten and question.candidates[0].get("type") == "take":
            near = beaten   # "which card beat it, or did he take?": it was beaten, then taken
        *_, index = near[0]
        self.used.add(index)
        happened = self.truth[index].event
        matching = [i for i, name in enumerate(wanted) if name == canonical(happened)]
        bouts = [i for i in matching if question.candidates[i] != as_told(question.candidates[i])]
        happened_so = [i for i in bouts if self._bout_after(index, question.candidates[i])]
        matching = happened_so or [i for i in matching if i not in bouts]
        if not matching:   # that lead was no such bout: none of them happened
            self.used.discard(index)
            return None
        # "as read, and a foul" where it was one (a G8: the card taken from where the referee
        # knew it), else as read alone (the camera misread that card before): they know which
        said_so = [i for i in matching if ("foul" in question.candidates[i])
                   == bool(happened.get("foul"))]
        if not said_so and not happened.get("foul"):   # only "a foul" offered, and it was none
            self.used.discard(index)
            return None
        return (said_so or matching)[0]

    def _with_the_layout(self, candidate: dict) -> dict:
        """A candidate naming the layout's cards misread (`table_misread`, old -> new; the
        turned trump among them): the event it names where the layout and the trump really
        held each new card and none of the old ones (the players see the table), else nothing
        that happened."""
        names = candidate.get("table_misread")
        if names is None:
            return candidate
        layout = next((t.event.get("table") or [] for t in self.truth
                       if t.event.get("type") == "deal"), [])
        seen = [*layout, *(t.event["card"] for t in self.truth if t.event.get("type") == "trump")]
        if all(new in seen and old not in seen for old, new in names.items()):
            return {key: value for key, value in candidate.items() if key != "table_misread"}
        return {"type": "none"}

    def _bout_after(self, index: int, bout: dict) -> bool:
        """The lead told at truth event `index` was then beaten by the card `bout` names
        (`beaten_by`), or taken by the player it names (`taken_by`) before the next lead."""
        if "beaten_by" in bout:
            return any(t.event.get("type") == "defend" and t.event.get("card") == bout["beaten_by"]
                       and t.event.get("on") == bout["cards"][0] for t in self.truth[index + 1:])
        for later in self.truth[index + 1:]:
            if later.event.get("type") == "take":
                return later.event.get("player") == bout["taken_by"]
            if later.event.get("type") == "discard":
                return False
        return False

    def _near(self, question: Question, wanted: Callable[[dict], bool]) -> list[tuple]:
        """Truth events not named yet, `wanted`, in the question's time: (still to come,
        seconds away, index), the nearest that had happened first."""
        earliest, latest = question.time - self.window, question.time + ASKED_LATE
        if question.since is not None:  # it asks about what happened from then until now
            earliest = question.since
        return sorted((t.frame / self.fps > question.time, abs(t.frame / self.fps - question.time),
                       i) for i, t in enumerate(self.truth)
                      if i not in self.used and wanted(t.event)
                      and earliest <= t.frame / self.fps <= latest)

    def _named_a_foul(self, question: Question) -> int | None:
        """The candidate "as read, a foul" whose player, cards and rule are those of a foul
        that happened in the question's time, else None."""
        fouls = {i: candidate for i, candidate in enumerate(question.candidates)
                 if candidate.get("foul")}

        def same_foul(event: dict, candidate: dict) -> bool:
            return event.get("foul") == candidate["foul"] \
                and event.get("player") == candidate.get("player") \
                and set(played_cards(event)) == set(played_cards(candidate))

        near = self._near(question, lambda event: any(same_foul(event, candidate)
                                                      for candidate in fouls.values()))
        if not near:
            return None
        *_, index = near[0]
        self.used.add(index)
        return next(i for i, candidate in fouls.items()
                    if same_foul(self.truth[index].event, candidate))


@dataclass(frozen=True)
class GameResult:
    spec: GameSpec
    score: GameScore
    run: LiveRun
    render_seconds: float | None   # None: the render was reused
    evaluate_seconds: float

    def to_dict(self) -> dict:
        figures = summarize([self.score])
        del figures["games"], figures["pipeline_fps"]
        return {"variant": self.spec.variant, "seed": self.spec.seed,
                "players": self.spec.players, **figures,
                "truth_events": self.score.truth, "emitted": self.score.emitted,
                "fouls_injected": self.score.fouls, "fouls_caught_count": self.score.fouls_caught,
                "fouls_caught_with_answers_count": self.score.fouls_caught_with_answers,
                "false_fouls": self.score.false_fouls, "questions": self.score.questions,
                "answered": self.run.answered,
                **live_figures([self.run]),
                "render_s": None if self.render_seconds is None else round(self.render_seconds, 1),
                "evaluate_s": round(self.evaluate_seconds, 1),
                "misses": self.score.misses, "extras": self.score.extras}


def evaluate_rendered(spec: GameSpec, files: GameFiles,
                      feed_for: Callable[[GameFiles], FrameFeed],
                      *, render_seconds: float | None = None,
                      step_cost: float | None = None, answers: bool = True) -> GameResult:
    """Scores one rendered game; `feed_for(files)` gives its `FrameFeed`. With `answers` the
    players answer each question from the truth at once (`TruthAnswerer`). LogError when the
    files are not a render-game render."""
    started = time.perf_counter()
    header, entries = read_truth(files.truth)
    truth = expected_events(entries)
    feed = feed_for(files)
    try:
        answerer = TruthAnswerer(truth, float(header["fps"])) if answers else None
        run = run_live_game(feed, entries[0]["event"], header, step_cost=step_cost,
                            answer=answerer)
    finally:
        feed.close()
    score = score_events(spec.variant, truth, run.judged, fps=run.fps, questions=run.questions,
                         answer_verdicts=run.answer_verdicts)
    score.frames, score.seconds = len(run.steps), sum(run.step_seconds)
    return GameResult(spec, score, run, render_seconds, time.perf_counter() - started)


def percentile(values: list[float], share: float) -> float | None:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else None


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(1000 * seconds, 1)


def live_figures(runs: list[LiveRun]) -> dict:
    """Frames processed and what a frame cost, over one or more live runs."""
    frames = sum(run.frames for run in runs)
    processed = sum(len(run.steps) for run in runs)
    detector = [s for run in runs for s in run.detector_seconds]
    steps = [s for run in runs for s in run.step_seconds]
    video_seconds = sum(run.frames / run.fps for run in runs)
    processed_fps = processed / video_seconds if video_seconds else 0.0
    return {"frames": frames, "frames_processed": processed,
            "processed_fraction": round(processed / frames, 4) if frames else 0.0,
            "processed_fps": round(processed_fps, 1),
            "detector_ms_p50": _ms(percentile(detector, 0.5)),
            "detector_ms_p95": _ms(percentile(detector, 0.95)),
            "step_ms_p50": _ms(percentile(steps, 0.5)),
            "step_ms_p95": _ms(percentile(steps, 0.95)),
            "keeps_up": processed_fps >= MIN_LIVE_FPS}


def summary(results: list[GameResult]) -> dict:
    """The figures over several games, and which of the issue's targets they meet."""
    figures = summarize([result.score for result in results])
    del figures["pipeline_fps"]
    figures.update(live_figures([result.run for result in results]))
    figures["false_fouls"] = sum(result.score.false_fouls for result in results)
    figures["answered"] = sum(result.run.answered for result in results)
    figures["meets"] = {
        name: figures[name] is not None and (figures[name] <= bar if name in (
            "false_fouls_per_game", "latency_p95_s") else figures[name] >= bar)
        for name, bar in TARGETS.items()}
    return figures
